"""The payment-channel contract (``tessera_payment_channels``, ``tessera_payment_start``,
``tessera_payment_webhook``, ``tessera_payment_query``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()``; one offering redirect channels (the member pays on a gateway's page) also
provides ``contract_notification(settings, channel, deposit_id, status, amount)``: the
``(headers, body)`` its gateway would send to report that deposit. Manual channels (the member
transfers to an account shown in ``instructions`` and an operator approves) take no notifications
and answer no queries.
"""

import hashlib
import hmac
import json
import re
import secrets
from decimal import Decimal, InvalidOperation

import pytest

from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.plugins.kit.contract import Reference

CHANNELS, START, WEBHOOK, QUERY = (
    "tessera_payment_channels",
    "tessera_payment_start",
    "tessera_payment_webhook",
    "tessera_payment_query",
)
DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")
READING = {"depositId", "status", "amount", "reference"}
FORGED, MALFORMED = "payment_notification_forged", "payment_notification_malformed"


class SignedGateway(Reference):
    """A conforming payment gateway: a checkout link per deposit, notifications signed with the brand's secret."""

    def __init__(self):
        super().__init__()
        self.orders: dict[tuple[str, str], dict] = {}  # (secret, deposit id) -> the order the gateway took

    def _offers(self, settings) -> dict:
        return {c["channel"]: c for c in settings["channels"]}

    @staticmethod
    def _signature(settings, body: bytes) -> str:
        return hmac.new(settings["secret"].encode(), body, hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_payment_channels(self, tenant, settings):
        self.record(tenant, CHANNELS, settings)
        return [
            {
                "channel": c["channel"],
                "title": c["title"],
                "kind": "redirect",
                "minAmount": c["min"],
                "maxAmount": c["max"],
            }
            for c in settings["channels"]
        ]

    @hookimpl
    def tessera_payment_start(self, tenant, settings, channel, deposit):
        self.record(tenant, START, settings)
        if channel not in self._offers(settings):
            return None
        self.orders[(settings["secret"], deposit["depositId"])] = {
            "channel": channel,
            "amount": deposit["amount"],
            "notify": deposit["notifyUrl"],
        }
        return {"redirectUrl": f"{settings['checkout_url']}/{channel}/{deposit['depositId']}"}

    @hookimpl
    def tessera_payment_webhook(self, tenant, settings, channel, headers, body):
        self.record(tenant, WEBHOOK, settings)
        if channel not in self._offers(settings):
            return None
        if not hmac.compare_digest(headers.get("X-Signature", ""), self._signature(settings, body)):
            raise AdapterError(FORGED)
        try:
            notice = json.loads(body)
            return {
                "depositId": notice["deposit"],
                "status": notice["state"],
                "amount": str(Decimal(notice["amount"])),
                "reference": notice["payment"],
            }
        except (ValueError, KeyError, TypeError, InvalidOperation):
            raise AdapterError(MALFORMED) from None

    @hookimpl
    def tessera_payment_query(self, tenant, settings, channel, deposit_id):
        self.record(tenant, QUERY, settings)
        order = self.orders.get((settings["secret"], deposit_id))
        if channel not in self._offers(settings) or order is None or order["channel"] != channel:
            return None
        return {"depositId": deposit_id, "status": "pending", "amount": order["amount"], "reference": ""}

    def contract_settings(self) -> dict:
        return {
            "secret": secrets.token_hex(16),
            "checkout_url": "https://pay.example/checkout",
            "channels": [
                {"channel": "bkash", "title": "bKash", "min": "100.00", "max": "25000.00"},
                {"channel": "nagad", "title": "Nagad", "min": "50", "max": "20000"},
            ],
        }

    def contract_notification(self, settings, channel, deposit_id, status, amount):
        body = json.dumps(
            {"deposit": deposit_id, "state": status, "amount": amount, "payment": f"pay-{deposit_id}"}
        ).encode()
        return {"X-Signature": self._signature(settings, body)}, body


def offered(adapter, settings, kind: str | None = None) -> list[dict]:
    return [c for c in adapter.call(CHANNELS, settings) if kind in (None, c["kind"])]


def redirect_channel(adapter, settings) -> str:
    channels = offered(adapter, settings, "redirect")
    if not channels:
        pytest.skip("offers manual channels only: no gateway notifications")
    return channels[0]["channel"]


def deposit(amount="500.00", deposit_id=None) -> dict:
    deposit_id = deposit_id or secrets.token_hex(6)
    return {
        "depositId": deposit_id,
        "amount": amount,
        "currency": "BDT",
        "returnUrl": f"https://demo.example/?memberCentre=depositv2&deposit={deposit_id}",
        "notifyUrl": "https://demo.example/wps/payments/webhook/contract/channel",
        "member": {"id": 7, "username": "player7"},
    }


class PaymentChannelContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = CHANNELS

    @staticmethod
    def references() -> dict:
        return {"reference": SignedGateway()}

    def test_channels_name_their_kind_and_limits_in_decimal_strings(self, adapter):
        channels = offered(adapter, adapter.helper("contract_settings")())
        assert channels and len({c["channel"] for c in channels}) == len(channels)
        for channel in channels:
            assert {"channel", "title", "kind", "minAmount", "maxAmount"} <= set(channel)
            assert isinstance(channel["title"], str) and channel["title"]
            assert DECIMAL.match(channel["minAmount"]) and DECIMAL.match(channel["maxAmount"])
            assert Decimal(channel["minAmount"]) <= Decimal(channel["maxAmount"])
            assert channel["kind"] in ("manual", "redirect")
            if channel["kind"] == "redirect":
                assert "instructions" not in channel
                continue
            instructions = channel["instructions"]
            assert (
                {"bankName", "accountName", "accountNumber"}
                <= set(instructions)
                <= {"bankName", "accountName", "accountNumber", "note"}
            )
            assert all(isinstance(text, str) and text for text in instructions.values())

    def test_starting_a_deposit_tells_the_member_what_to_do(self, adapter):
        settings = adapter.helper("contract_settings")()
        for channel in offered(adapter, settings):
            answer = adapter.call(START, settings, channel=channel["channel"], deposit=deposit(channel["minAmount"]))
            if channel["kind"] == "redirect":
                assert set(answer) == {"redirectUrl"} and re.match(r"^https?://\S+$", answer["redirectUrl"])
            else:
                assert answer == {"instructions": channel["instructions"]}

    def test_a_channel_of_someone_else_is_none(self, adapter):
        settings = adapter.helper("contract_settings")()
        assert adapter.call(START, settings, channel="no-such-channel", deposit=deposit()) is None
        started = deposit()
        adapter.call(START, settings, channel=offered(adapter, settings)[0]["channel"], deposit=started)
        assert adapter.call(QUERY, settings, channel="no-such-channel", deposit_id=started["depositId"]) is None
        if offered(adapter, settings, "redirect"):
            headers, body = adapter.helper("contract_notification")(
                settings, redirect_channel(adapter, settings), "d1", "paid", "500.00"
            )
            assert adapter.call(WEBHOOK, settings, channel="no-such-channel", headers=headers, body=body) is None

    def test_a_manual_channel_takes_no_notification_and_answers_no_query(self, adapter):
        settings = adapter.helper("contract_settings")()
        manual = offered(adapter, settings, "manual")
        if not manual:
            pytest.skip("offers redirect channels only")
        for channel in manual:
            started = deposit(channel["minAmount"])
            adapter.call(START, settings, channel=channel["channel"], deposit=started)
            body = json.dumps(
                {"depositId": started["depositId"], "status": "paid", "amount": started["amount"]}
            ).encode()
            assert adapter.call(WEBHOOK, settings, channel=channel["channel"], headers={}, body=body) is None
            assert adapter.call(QUERY, settings, channel=channel["channel"], deposit_id=started["depositId"]) is None

    @pytest.mark.parametrize("status", ["paid", "pending", "failed"])
    def test_a_genuine_notification_is_read(self, adapter, status):
        settings = adapter.helper("contract_settings")()
        channel = redirect_channel(adapter, settings)
        headers, body = adapter.helper("contract_notification")(settings, channel, "dep-42", status, "500.50")
        for _ in range(2):  # gateways repeat notifications: the reading is the same
            reading = adapter.call(WEBHOOK, settings, channel=channel, headers=headers, body=body)
            assert set(reading) == READING
            assert (reading["depositId"], reading["status"], Decimal(reading["amount"])) == (
                "dep-42",
                status,
                Decimal("500.50"),
            )
            assert DECIMAL.match(reading["amount"]) and isinstance(reading["reference"], str)

    def test_a_forged_notification_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        channel = redirect_channel(adapter, settings)
        headers, body = adapter.helper("contract_notification")(settings, channel, "dep-43", "paid", "500.00")
        other_headers, _ = adapter.helper("contract_notification")(
            adapter.helper("contract_settings")(), channel, "dep-43", "paid", "500.00"
        )
        for forged_headers, forged_body in [(headers, body.replace(b"500", b"900")), ({}, body), (other_headers, body)]:
            with pytest.raises(AdapterError) as refused:
                adapter.call(WEBHOOK, settings, channel=channel, headers=forged_headers, body=forged_body)
            assert refused.value.code == FORGED

    @pytest.mark.parametrize("body", [b"", b"not json", b"{}", b"[]", b"\xff\xfe"], ids=repr)
    def test_a_malformed_notification_is_refused(self, adapter, body):
        settings = adapter.helper("contract_settings")()
        channel = redirect_channel(adapter, settings)
        with pytest.raises(AdapterError) as refused:
            adapter.call(WEBHOOK, settings, channel=channel, headers={}, body=body)
        assert refused.value.code in (FORGED, MALFORMED)  # unsigned as well as unreadable

    def test_a_started_deposit_can_be_asked_about(self, adapter):
        settings = adapter.helper("contract_settings")()
        channel = redirect_channel(adapter, settings)
        started = deposit("123.40")
        adapter.call(START, settings, channel=channel, deposit=started)
        reading = adapter.call(QUERY, settings, channel=channel, deposit_id=started["depositId"])
        assert set(reading) == READING
        assert (reading["depositId"], reading["status"], Decimal(reading["amount"])) == (
            started["depositId"],
            "pending",
            Decimal("123.40"),
        )
        assert adapter.call(QUERY, settings, channel=channel, deposit_id="never-started") is None
