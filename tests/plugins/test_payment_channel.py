"""The payment channel contract (the kit's ``PaymentChannelContract``) on every installed plugin and the suite's
references, then what the core guarantees every payment channel plugin when it calls them."""

import pytest

from tessera.plugins import AdapterError, TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.payment_channel import (
    CHANNELS,
    FORGED,
    QUERY,
    START,
    WEBHOOK,
    PaymentChannelContract,
    SignedGateway,
    deposit,
)


class TestPaymentChannel(PaymentChannelContract):
    """Every installed implementation and the references."""


# -- Dispatch -------------------------------------------------------------------------------


def gateway_settings(secret: str, *channels: str) -> dict:
    return {
        "secret": secret,
        "checkout_url": f"https://{secret}.example",
        "channels": [{"channel": c, "title": c.title(), "min": "10", "max": "1000"} for c in channels],
    }


@pytest.fixture
def gateways():
    return {"pay-a": SignedGateway(), "pay-b": SignedGateway()}


def test_a_brand_collects_the_channels_of_every_gateway_it_enables(gateways):
    pm = reference_manager(**gateways)
    plugins = TenantPlugins(
        pm, brand({"pay-b": gateway_settings("b", "nagad"), "pay-a": gateway_settings("a", "bkash", "rocket")})
    )
    assert [(name, [c["channel"] for c in channels]) for name, channels in plugins.each(CHANNELS)] == [
        ("pay-b", ["nagad"]),
        ("pay-a", ["bkash", "rocket"]),
    ]


def test_a_gateway_the_brand_disables_is_never_called(gateways):
    pm = reference_manager(**gateways)
    plugins = TenantPlugins(
        pm,
        brand({"pay-a": {**gateway_settings("a", "bkash"), "enabled": False}, "pay-b": gateway_settings("b", "nagad")}),
    )
    assert [name for name, _ in plugins.each(CHANNELS)] == ["pay-b"]
    assert plugins.first(START, channel="bkash", deposit=deposit()) is None
    assert plugins.first(QUERY, channel="bkash", deposit_id="dep-1") is None
    assert gateways["pay-a"].calls == []


def test_a_deposit_starts_at_the_gateway_that_owns_the_channel(gateways):
    pm = reference_manager(**gateways)
    plugins = TenantPlugins(
        pm, brand({"pay-a": gateway_settings("a", "bkash"), "pay-b": gateway_settings("b", "nagad")})
    )
    started = plugins.first(START, channel="nagad", deposit=deposit(deposit_id="dep-7"))
    assert started == {"redirectUrl": "https://b.example/nagad/dep-7"}
    assert [hook for _, hook, _ in gateways["pay-a"].calls] == [START]  # asked first, declined
    assert plugins.first(QUERY, channel="nagad", deposit_id="dep-7")["amount"] == "500.00"
    assert [hook for _, hook, _ in gateways["pay-a"].calls] == [START, QUERY]


def test_a_notification_is_checked_with_the_brand_own_secret(gateways):
    pm = reference_manager(**gateways)
    first = TenantPlugins(pm, brand({"pay-a": gateway_settings("first", "bkash")}, slug="first"))
    second = TenantPlugins(pm, brand({"pay-a": gateway_settings("second", "bkash")}, slug="second"))
    headers, body = gateways["pay-a"].contract_notification(
        gateway_settings("first", "bkash"), "bkash", "dep-9", "paid", "20"
    )
    assert first.first(WEBHOOK, channel="bkash", headers=headers, body=body)["depositId"] == "dep-9"
    with pytest.raises(AdapterError, match=FORGED):
        second.first(WEBHOOK, channel="bkash", headers=headers, body=body)
