"""The signed payment gateway (``signed-gateway``): signatures on what it sends and checks on what
it receives, refusals and outages of the gateway, and its queries, against the sandbox gateway
and a scripted one."""

import hashlib
import hmac
import json
import time
from urllib.parse import parse_qsl, quote, urlsplit

import pytest
from tessera_sandboxes.signed_gateway.local import Reply, Sandbox
from tessera_sandboxes.signed_gateway.server import ORDER_FIELDS

from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera.plugins.kit.local_http import closed_port
from tessera_plugins.signed_gateway.protocol import TOLERANCE_SECONDS, canonical, gateway_message

START, WEBHOOK, QUERY = "tessera_payment_start", "tessera_payment_webhook", "tessera_payment_query"
NAME = "signed-gateway"
SECRET = "s3cret-of-the-merchant"


def hmac_hex(secret: str, text: str) -> str:
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()


@pytest.fixture
def sandbox():
    sandbox = Sandbox()
    yield sandbox
    sandbox.close()


@pytest.fixture
def settings(gateway_settings):
    return gateway_settings


@pytest.fixture
def scripted_settings(scripted):
    return {
        "base_url": f"{scripted.origin}/gw",
        "merchant_id": "demo-bd",
        "secret": SECRET,
        "timeout_seconds": 5,
        "channels": [{"channel": "bkash", "title": "bKash", "min": "100", "max": "25000"}],
    }


def plugins(settings) -> TenantPlugins:
    return TenantPlugins(plugin_manager(), brand({NAME: settings}, currency="BDT"))


def deposit(deposit_id="41", amount="500") -> dict:
    return {
        "depositId": deposit_id,
        "amount": amount,
        "currency": "BDT",
        "returnUrl": f"https://demo-bd.example/?memberCentre=depositv2&deposit={deposit_id}",
        "notifyUrl": "https://demo-bd.example/wps/payments/webhook/signed-gateway/bkash",
        "member": {"id": 7, "username": "player7"},
    }


def start(settings, **fields):
    return plugins(settings).call(NAME, START, channel="bkash", deposit=deposit(**fields))


def refusal(call, *args, **kwargs) -> str:
    with pytest.raises(AdapterError) as refused:
        call(*args, **kwargs)
    return refused.value.code


def notice(settings, **changes) -> dict:
    return {
        "merchant_id": settings["merchant_id"],
        "order_id": "41",
        "status": "paid",
        "amount": "500.00",
        "currency": "BDT",
        "gateway_reference": "GW0001",
        **changes,
    }


def webhook(settings, headers, body):
    return plugins(settings).call(NAME, WEBHOOK, channel="bkash", headers=headers, body=body)


def signed_answer(fields, secret=SECRET, status=201) -> Reply:
    headers, body = gateway_message(secret, fields)
    return Reply(status, body, tuple(headers.items()))


# -- The canonical string --------------------------------------------------------------------


def test_the_canonical_string_sorts_fields_and_percent_encodes_every_value():
    fields = {"nonce": "n1", "b": "x y", "a": "1&b=2", "url": "https://m.example/n?x=1"}
    assert canonical(fields) == "a=1%26b%3D2&b=x%20y&nonce=n1&url=https%3A%2F%2Fm.example%2Fn%3Fx%3D1"
    assert canonical({"a": "1&b=2"}) != canonical({"a": "1", "b": "2"})  # no field can pass for two


# -- Starting a deposit ----------------------------------------------------------------------


def test_the_order_is_signed_with_the_merchant_secret(scripted, scripted_settings):
    scripted.reply(
        signed_answer(
            {
                "merchant_id": "demo-bd",
                "order_id": "41",
                "status": "pending",
                "checkout_url": "https://pay.example/pay/GW1",
            }
        )
    )
    assert start(scripted_settings) == {"redirectUrl": "https://pay.example/pay/GW1"}
    [sent] = scripted.requests
    order = json.loads(sent.body)
    assert (sent.method, sent.path) == ("POST", "/gw/api/orders")
    assert set(order) == set(ORDER_FIELDS)
    assert (order["merchant_id"], order["order_id"], order["channel"], order["amount"], order["currency"]) == (
        "demo-bd",
        "41",
        "bkash",
        "500.00",
        "BDT",
    )
    assert (order["notify_url"], order["return_url"]) == (deposit()["notifyUrl"], deposit()["returnUrl"])
    assert abs(int(order["timestamp"]) - time.time()) < 5 and len(order["nonce"]) >= 16
    by_name = "&".join(f"{name}={quote(order[name], safe='')}" for name in sorted(order))
    assert sent.headers["X-Signature"] == hmac_hex(SECRET, by_name)


def test_the_member_is_sent_to_the_sandbox_checkout_page(sandbox, settings):
    started = start(settings, deposit_id="77", amount="1234.5")
    [order] = sandbox.gateway.orders.values()
    assert started == {"redirectUrl": f"{sandbox.gateway_url}/pay/{order['reference']}"}
    assert (order["order_id"], order["amount"], order["currency"], order["status"]) == (
        "77",
        "1234.50",
        "BDT",
        "pending",
    )


def test_starting_the_same_deposit_again_gives_the_same_checkout(sandbox, settings):
    assert start(settings, deposit_id="42") == start(settings, deposit_id="42")
    assert len(sandbox.gateway.orders) == 1


def test_the_same_deposit_with_another_amount_is_refused(sandbox, settings):
    start(settings, deposit_id="43", amount="500")
    assert refusal(start, settings, deposit_id="43", amount="600") == "payment_refused"
    assert [o["amount"] for o in sandbox.gateway.orders.values()] == ["500.00"]


@pytest.mark.parametrize("change", [{"secret": "not-the-secret"}, {"secret": ""}, {"merchant_id": "nobody"}])
def test_an_order_the_gateway_cannot_authenticate_is_refused(sandbox, settings, change):
    assert refusal(start, {**settings, **change}) == "payment_refused"
    assert sandbox.gateway.orders == {}


def test_a_channel_of_someone_else_never_reaches_the_gateway(scripted, scripted_settings):
    assert plugins(scripted_settings).call(NAME, START, channel="gcash", deposit=deposit()) is None
    assert scripted.requests == []


def test_a_gateway_that_cannot_be_reached_is_unavailable(settings):
    assert (
        refusal(start, {**settings, "base_url": f"http://127.0.0.1:{closed_port()}/gateway"}) == "payment_unavailable"
    )


@pytest.mark.parametrize("status", [500, 502, 503])
def test_a_gateway_error_is_unavailable(scripted, scripted_settings, status):
    scripted.reply(Reply(status, b'{"error": "down"}'))
    assert refusal(start, scripted_settings) == "payment_unavailable"


@pytest.mark.parametrize("status", [400, 401, 403, 409, 422])
def test_a_refusal_by_the_gateway_is_refused(scripted, scripted_settings, status):
    scripted.reply(Reply(status, b'{"error": "no"}'))
    assert refusal(start, scripted_settings) == "payment_refused"


def test_a_gateway_that_does_not_answer_in_time_is_unavailable(scripted, scripted_settings):
    scripted.reply(Reply(stall=1.5))
    began = time.monotonic()
    assert refusal(start, {**scripted_settings, "timeout_seconds": 0.5}) == "payment_unavailable"
    assert time.monotonic() - began < 1.4


CHECKOUT = {
    "merchant_id": "demo-bd",
    "order_id": "41",
    "status": "pending",
    "checkout_url": "https://pay.example/pay/GW1",
}


@pytest.mark.parametrize(
    "answer",
    [
        Reply(200, b"<html>maintenance</html>"),
        Reply(200, json.dumps(CHECKOUT).encode()),  # not signed
        signed_answer(CHECKOUT, secret="another-secret"),
        signed_answer({**CHECKOUT, "checkout_url": "javascript:alert(1)"}),
        signed_answer({k: v for k, v in CHECKOUT.items() if k != "checkout_url"}),
        signed_answer({**CHECKOUT, "order_id": "40"}),
        signed_answer({**CHECKOUT, "merchant_id": "demo-ph"}),
    ],
    ids=["html", "unsigned", "other-secret", "bad-url", "no-url", "other-order", "other-merchant"],
)
def test_an_answer_that_is_not_a_signed_checkout_is_unavailable(scripted, scripted_settings, answer):
    scripted.reply(answer)
    assert refusal(start, scripted_settings) == "payment_unavailable"


# -- Notifications ---------------------------------------------------------------------------


def test_a_genuine_notification_is_read(settings):
    headers, body = gateway_message(settings["secret"], notice(settings, amount="500.5"))
    assert webhook(settings, headers, body) == {
        "depositId": "41",
        "status": "paid",
        "amount": "500.50",
        "reference": "GW0001",
    }
    lowercase = {name.lower(): value for name, value in headers.items()}  # as some servers pass them on
    assert webhook(settings, lowercase, body)["status"] == "paid"


def test_a_notification_signed_with_another_secret_is_forged(settings):
    headers, body = gateway_message("another-secret", notice(settings))
    assert refusal(webhook, settings, headers, body) == "payment_notification_forged"


@pytest.mark.parametrize("change", [{"status": "failed"}, {"amount": "5000.00"}, {"order_id": "42"}, {"extra": "x"}])
def test_a_notification_changed_after_signing_is_forged(settings, change):
    headers, body = gateway_message(settings["secret"], notice(settings, status="paid"))
    changed = json.dumps({**json.loads(body), **change}).encode()
    assert refusal(webhook, settings, headers, changed) == "payment_notification_forged"


@pytest.mark.parametrize("header", ["X-Signature", "X-Timestamp", "X-Nonce"])
def test_a_notification_without_its_signature_headers_is_forged(settings, header):
    headers, body = gateway_message(settings["secret"], notice(settings))
    assert (
        refusal(webhook, settings, {k: v for k, v in headers.items() if k != header}, body)
        == "payment_notification_forged"
    )


def test_a_notification_whose_timestamp_is_changed_is_forged(settings):
    headers, body = gateway_message(settings["secret"], notice(settings))
    later = {**headers, "X-Timestamp": str(int(headers["X-Timestamp"]) + 1)}
    assert refusal(webhook, settings, later, body) == "payment_notification_forged"


@pytest.mark.parametrize("age", [TOLERANCE_SECONDS + 60, -(TOLERANCE_SECONDS + 60)], ids=["stale", "from-the-future"])
def test_a_notification_signed_too_far_from_now_is_forged(settings, age):
    headers, body = gateway_message(settings["secret"], notice(settings), now=time.time() - age)
    assert refusal(webhook, settings, headers, body) == "payment_notification_forged"


def test_a_notification_signed_within_the_tolerance_is_read(settings):
    headers, body = gateway_message(settings["secret"], notice(settings), now=time.time() - TOLERANCE_SECONDS + 60)
    assert webhook(settings, headers, body)["depositId"] == "41"


def test_a_notification_for_another_merchant_is_forged(settings):
    headers, body = gateway_message(settings["secret"], notice(settings, merchant_id="demo-ph"))
    assert refusal(webhook, settings, headers, body) == "payment_notification_forged"


@pytest.mark.parametrize(
    "change",
    [
        {"status": "refunded"},
        {"amount": "12.345"},
        {"amount": "-5.00"},
        {"amount": "1e3"},
        {"amount": ""},
        {"order_id": ""},
        {"currency": "PHP"},
        {"gateway_reference": None},
    ],
    ids=repr,
)
def test_a_genuine_but_unreadable_notification_is_malformed(settings, change):
    fields = {k: v for k, v in notice(settings, **change).items() if v is not None}
    headers, body = gateway_message(settings["secret"], fields)
    assert refusal(webhook, settings, headers, body) == "payment_notification_malformed"


@pytest.mark.parametrize(
    "body",
    [b"", b"not json", b"[]", b'"paid"', b'{"amount": 500}', b"\xff\xfe", b'{"timestamp": "1", "order_id": "41"}'],
    ids=repr,
)
def test_a_body_that_is_not_an_object_of_text_is_malformed(settings, body):
    headers, _ = gateway_message(settings["secret"], notice(settings))
    assert refusal(webhook, settings, headers, body) == "payment_notification_malformed"


def test_a_notification_for_a_channel_of_someone_else_is_none(settings):
    headers, body = gateway_message(settings["secret"], notice(settings))
    assert plugins(settings).call(NAME, WEBHOOK, channel="gcash", headers=headers, body=body) is None


# -- Queries ---------------------------------------------------------------------------------


def query(settings, deposit_id="41"):
    return plugins(settings).call(NAME, QUERY, channel="bkash", deposit_id=deposit_id)


def test_a_query_reads_the_order_from_the_gateway(sandbox, settings):
    start(settings, deposit_id="41", amount="250")
    [order] = sandbox.gateway.orders.values()
    assert query(settings) == {
        "depositId": "41",
        "status": "pending",
        "amount": "250.00",
        "reference": order["reference"],
    }
    order["status"] = "paid"  # as the checkout page would
    assert query(settings)["status"] == "paid"
    assert query(settings, "never-started") is None


def test_another_merchant_cannot_query_the_order(sandbox, settings):
    start(settings, deposit_id="41")
    merchant_id, secret = sandbox.open_merchant()
    assert query({**settings, "merchant_id": merchant_id, "secret": secret}) is None
    assert refusal(query, {**settings, "secret": "not-the-secret"}) == "payment_unavailable"  # refused: still unknown


def test_the_query_is_signed_over_the_order_id(scripted, scripted_settings):
    scripted.reply(signed_answer(notice(scripted_settings, order_id="dep/41", status="pending"), status=200))
    assert query(scripted_settings, "dep/41")["depositId"] == "dep/41"
    [sent] = scripted.requests
    url = urlsplit(sent.path)
    fields = dict(parse_qsl(url.query))
    assert (sent.method, url.path, set(fields)) == (
        "GET",
        "/gw/api/orders/dep%2F41",
        {"merchant_id", "timestamp", "nonce"},
    )
    signed = {**fields, "order_id": "dep/41"}
    assert sent.headers["X-Signature"] == hmac_hex(
        SECRET, "&".join(f"{k}={quote(signed[k], safe='')}" for k in sorted(signed))
    )


@pytest.mark.parametrize(
    "answer",
    [
        Reply(500),
        Reply(401, b'{"error": "signature_invalid"}'),
        Reply(200, b"{}"),
        signed_answer(notice({"merchant_id": "demo-bd"}), secret="another", status=200),
        signed_answer(notice({"merchant_id": "demo-bd"}, order_id="40"), status=200),
        signed_answer(notice({"merchant_id": "demo-bd"}, status="lost"), status=200),
    ],
    ids=["5xx", "4xx", "unsigned", "other-secret", "other-order", "unknown-status"],
)
def test_a_query_without_a_usable_answer_is_unavailable(scripted, scripted_settings, answer):
    scripted.reply(answer)
    assert refusal(query, scripted_settings) == "payment_unavailable"


def test_a_query_to_a_gateway_that_cannot_be_reached_is_unavailable(settings):
    assert (
        refusal(query, {**settings, "base_url": f"http://127.0.0.1:{closed_port()}/gateway"}) == "payment_unavailable"
    )
