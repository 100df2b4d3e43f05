"""The brand's [wallet] section of tenant.toml: bounds, deadlines and what the brand allows."""

from decimal import Decimal


def wallet_settings(tenant) -> dict:
    return tenant.section("wallet")


def setting_minor(tenant, key: str) -> int | None:
    """An amount of the brand's [wallet] section ("100.00") in minor units, None when not set."""
    value = wallet_settings(tenant).get(key)
    return None if value is None else tenant.money.to_minor(Decimal(value))
