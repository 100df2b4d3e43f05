"""The payment-channel contract (``tessera_payment_channels``, ``tessera_payment_start``,
``tessera_payment_webhook``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` and ``contract_notification(settings, channel, deposit_id, status,
amount)``: the ``(headers, body)`` its gateway would send to report that deposit.
"""
import hashlib
import hmac
import json
import re
import secrets
from decimal import Decimal, InvalidOperation

import pytest
from plugin_contract import Reference, brand, implementations, reference_manager

from tessera import hookimpl
from tessera.plugins import AdapterError, TenantPlugins

CHANNELS, START, WEBHOOK = "tessera_payment_channels", "tessera_payment_start", "tessera_payment_webhook"
DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")


class SignedGateway(Reference):
    """A conforming payment gateway: a checkout link per deposit, notifications signed with the brand's secret."""

    def _offers(self, settings) -> dict:
        return {c["channel"]: c for c in settings["channels"]}

    @staticmethod
    def _signature(settings, body: bytes) -> str:
        return hmac.new(settings["secret"].encode(), body, hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_payment_channels(self, tenant, settings):
        self.record(tenant, CHANNELS, settings)
        return [{"channel": c["channel"], "title": c["title"], "minAmount": c["min"], "maxAmount": c["max"]}
                for c in settings["channels"]]

    @hookimpl
    def tessera_payment_start(self, tenant, settings, channel, deposit):
        self.record(tenant, START, settings)
        if channel not in self._offers(settings):
            return None
        return {"redirectUrl": f"{settings['checkout_url']}/{channel}/{deposit['depositId']}"}

    @hookimpl
    def tessera_payment_webhook(self, tenant, settings, channel, headers, body):
        self.record(tenant, WEBHOOK, settings)
        if channel not in self._offers(settings):
            return None
        if not hmac.compare_digest(headers.get("X-Signature", ""), self._signature(settings, body)):
            raise AdapterError("payment_notification_forged")
        try:
            notice = json.loads(body)
            return {"depositId": notice["deposit"], "status": notice["state"], "amount": str(Decimal(notice["amount"]))}
        except (ValueError, KeyError, TypeError, InvalidOperation):
            raise AdapterError("payment_notification_malformed") from None

    def contract_settings(self) -> dict:
        return {
            "secret": secrets.token_hex(16),
            "checkout_url": "https://pay.example/checkout",
            "channels": [{"channel": "bkash", "title": "bKash", "min": "100.00", "max": "25000.00"},
                         {"channel": "nagad", "title": "Nagad", "min": "50", "max": "20000"}],
        }

    def contract_notification(self, settings, channel, deposit_id, status, amount):
        body = json.dumps({"deposit": deposit_id, "state": status, "amount": amount}).encode()
        return {"X-Signature": self._signature(settings, body)}, body


# -- The contract ---------------------------------------------------------------------------

contract = pytest.mark.parametrize("adapter", implementations(CHANNELS, reference=SignedGateway()))


def offered(adapter, settings) -> list[dict]:
    return adapter.call(CHANNELS, settings)


def deposit(amount="500.00") -> dict:
    return {"depositId": secrets.token_hex(6), "amount": amount, "currency": "BDT", "returnUrl": "https://demo.example/deposit"}


@contract
def test_channels_name_their_limits_in_decimal_strings(adapter):
    channels = offered(adapter, adapter.helper("contract_settings")())
    assert channels and len({c["channel"] for c in channels}) == len(channels)
    for channel in channels:
        assert {"channel", "title", "minAmount", "maxAmount"} <= set(channel)
        assert isinstance(channel["title"], str) and channel["title"]
        assert DECIMAL.match(channel["minAmount"]) and DECIMAL.match(channel["maxAmount"])
        assert Decimal(channel["minAmount"]) <= Decimal(channel["maxAmount"])


@contract
def test_starting_a_deposit_tells_the_member_what_to_do(adapter):
    settings = adapter.helper("contract_settings")()
    for channel in offered(adapter, settings):
        answer = adapter.call(START, settings, channel=channel["channel"], deposit=deposit(channel["minAmount"]))
        assert isinstance(answer, dict)
        assert re.match(r"^https?://", answer.get("redirectUrl", "")) or answer.get("instructions")


@contract
def test_a_channel_of_someone_else_is_none(adapter):
    settings = adapter.helper("contract_settings")()
    assert adapter.call(START, settings, channel="no-such-channel", deposit=deposit()) is None
    headers, body = adapter.helper("contract_notification")(settings, offered(adapter, settings)[0]["channel"], "d1", "paid", "500.00")
    assert adapter.call(WEBHOOK, settings, channel="no-such-channel", headers=headers, body=body) is None


@contract
@pytest.mark.parametrize("status", ["paid", "pending", "failed"])
def test_a_genuine_notification_is_read(adapter, status):
    settings = adapter.helper("contract_settings")()
    channel = offered(adapter, settings)[0]["channel"]
    headers, body = adapter.helper("contract_notification")(settings, channel, "dep-42", status, "500.50")
    for _ in range(2):  # gateways repeat notifications: the reading is the same
        reading = adapter.call(WEBHOOK, settings, channel=channel, headers=headers, body=body)
        assert set(reading) == {"depositId", "status", "amount"}
        assert (reading["depositId"], reading["status"], Decimal(reading["amount"])) == ("dep-42", status, Decimal("500.50"))
        assert DECIMAL.match(reading["amount"])


@contract
def test_a_forged_notification_is_refused(adapter):
    settings = adapter.helper("contract_settings")()
    channel = offered(adapter, settings)[0]["channel"]
    headers, body = adapter.helper("contract_notification")(settings, channel, "dep-43", "paid", "500.00")
    other_headers, _ = adapter.helper("contract_notification")(adapter.helper("contract_settings")(), channel, "dep-43", "paid", "500.00")
    for forged_headers, forged_body in [(headers, body.replace(b"500", b"900")), ({}, body), (other_headers, body)]:
        with pytest.raises(AdapterError) as refused:
            adapter.call(WEBHOOK, settings, channel=channel, headers=forged_headers, body=forged_body)
        assert isinstance(refused.value.code, str) and refused.value.code


@contract
@pytest.mark.parametrize("body", [b"", b"not json", b"{}", b"\xff\xfe"], ids=repr)
def test_a_malformed_notification_is_refused(adapter, body):
    settings = adapter.helper("contract_settings")()
    channel = offered(adapter, settings)[0]["channel"]
    with pytest.raises(AdapterError):
        adapter.call(WEBHOOK, settings, channel=channel, headers={}, body=body)


# -- Dispatch -------------------------------------------------------------------------------


def gateway_settings(secret: str, *channels: str) -> dict:
    return {"secret": secret, "checkout_url": f"https://{secret}.example",
            "channels": [{"channel": c, "title": c.title(), "min": "10", "max": "1000"} for c in channels]}


@pytest.fixture
def gateways():
    return {"pay-a": SignedGateway(), "pay-b": SignedGateway()}


def test_a_brand_collects_the_channels_of_every_gateway_it_enables(gateways):
    pm = reference_manager(**gateways)
    plugins = TenantPlugins(pm, brand({"pay-b": gateway_settings("b", "nagad"), "pay-a": gateway_settings("a", "bkash", "rocket")}))
    assert [(name, [c["channel"] for c in channels]) for name, channels in plugins.each(CHANNELS)] == [
        ("pay-b", ["nagad"]), ("pay-a", ["bkash", "rocket"])]


def test_a_gateway_the_brand_disables_is_never_called(gateways):
    pm = reference_manager(**gateways)
    plugins = TenantPlugins(pm, brand({"pay-a": {**gateway_settings("a", "bkash"), "enabled": False},
                                       "pay-b": gateway_settings("b", "nagad")}))
    assert [name for name, _ in plugins.each(CHANNELS)] == ["pay-b"]
    assert plugins.first(START, channel="bkash", deposit=deposit()) is None
    assert gateways["pay-a"].calls == []


def test_a_deposit_starts_at_the_gateway_that_owns_the_channel(gateways):
    pm = reference_manager(**gateways)
    plugins = TenantPlugins(pm, brand({"pay-a": gateway_settings("a", "bkash"), "pay-b": gateway_settings("b", "nagad")}))
    started = plugins.first(START, channel="nagad", deposit={**deposit(), "depositId": "dep-7"})
    assert started == {"redirectUrl": "https://b.example/nagad/dep-7"}
    assert [hook for _, hook, _ in gateways["pay-a"].calls] == [START]  # asked first, declined


def test_a_notification_is_checked_with_the_brand_own_secret(gateways):
    pm = reference_manager(**gateways)
    first = TenantPlugins(pm, brand({"pay-a": gateway_settings("first", "bkash")}, slug="first"))
    second = TenantPlugins(pm, brand({"pay-a": gateway_settings("second", "bkash")}, slug="second"))
    headers, body = gateways["pay-a"].contract_notification(gateway_settings("first", "bkash"), "bkash", "dep-9", "paid", "20")
    assert first.first(WEBHOOK, channel="bkash", headers=headers, body=body)["depositId"] == "dep-9"
    with pytest.raises(AdapterError, match="payment_notification_forged"):
        second.first(WEBHOOK, channel="bkash", headers=headers, body=body)
