"""What a request knows of its brand: the synced tenant.toml, read through small helpers."""

import os
from dataclasses import dataclass
from functools import cached_property

from tessera.core.money import Money, currency_symbol
from tessera.tenancy.keys import public_jwk

ENV_PREFIX = "env:"


def resolve_secrets(value):
    """Plugin settings name secrets as ``"env:NAME"``; they are read from the environment when used."""
    if isinstance(value, str) and value.startswith(ENV_PREFIX):
        return os.environ.get(value[len(ENV_PREFIX) :], "")
    if isinstance(value, dict):
        return {k: resolve_secrets(v) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_secrets(v) for v in value]
    return value


def enabled_plugins(config: dict) -> tuple[str, ...]:
    """The plugins a brand's config enables, in tenant.toml order; ``enabled = false`` switches one off."""
    return tuple(name for name, settings in config.get("plugins", {}).items() if settings.get("enabled", True))


@dataclass(frozen=True)
class TenantContext:
    id: int
    slug: str
    name: str
    config: dict
    key_id: str
    private_key_pem: str

    @property
    def default_language(self) -> str:
        return self.config["default_language"]

    @property
    def languages(self) -> list[str]:
        return self.config["languages"]

    def content_languages(self, language: str) -> tuple[str, ...]:
        """Where to look for content asked for in ``language``: that language, then the brand's
        default, then its other languages."""
        return tuple(dict.fromkeys((language, self.default_language, *self.languages)))

    @property
    def theme(self) -> str:
        return self.config["theme"]

    @property
    def currency(self) -> str:
        return self.config["currency"]

    @property
    def currency_symbol(self) -> str:
        """The brand's own symbol, else the currency's in the brand's default language (VND: "₫")."""
        return self.config.get("currency_symbol") or currency_symbol(self.currency, self.default_language)

    @property
    def own_currency_symbol(self) -> bool:
        """Whether tenant.toml sets the symbol (the front end then shows it instead of its own)."""
        return bool(self.config.get("currency_symbol"))

    @cached_property
    def money(self) -> Money:
        """Amounts in the brand's currency, in its [wallet] step."""
        return Money.of(self.currency, self.config.get("wallet", {}).get("step"))

    @property
    def whitelabel(self) -> dict[str, bool]:
        return dict(self.config.get("whitelabel", {}))

    def flag(self, name: str) -> bool:
        return bool(self.config.get("whitelabel", {}).get(name, False))

    def section(self, name: str) -> dict:
        return self.config.get(name, {})

    @cached_property
    def enabled_plugins(self) -> tuple[str, ...]:
        return enabled_plugins(self.config)

    def plugin_settings(self, name: str) -> dict:
        settings = self.config.get("plugins", {}).get(name, {})
        return resolve_secrets({k: v for k, v in settings.items() if k != "enabled"})

    def public_jwk(self, secret: str) -> dict:
        return public_jwk(self.key_id, self.private_key_pem, secret)

    @classmethod
    def from_row(cls, tenant, overrides: dict | None = None) -> "TenantContext":
        """The brand of a ``tenants`` row, with the sections staff set over its folder's (``overrides``)."""
        config = with_overrides(tenant.config, overrides)
        return cls(tenant.id, tenant.slug, tenant.name, config, tenant.key_id, tenant.private_key_pem)


def with_overrides(config: dict, overrides: dict | None) -> dict:
    """The brand's config with what staff set over its folder's: the register fields staff changed,
    each over the folder's settings of that field, and the region policy's keys staff set."""
    if not overrides:
        return config
    merged = dict(config)
    if "register" in overrides:
        register = dict(config.get("register", {}))
        fields = {name: dict(settings) for name, settings in register.get("fields", {}).items()}
        for name, settings in overrides["register"].get("fields", {}).items():
            fields[name] = {**fields.get(name, {}), **settings}
        merged["register"] = {**register, "fields": fields}
    if "access" in overrides:
        merged["access"] = {**config.get("access", {}), **overrides["access"]}
    return merged
