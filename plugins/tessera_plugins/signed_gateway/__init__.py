"""Deposits through a payment gateway: the member pays on the gateway's checkout page, and the
gateway tells Tessera with a signed notification.

    [plugins.signed-gateway]
    base_url = "https://pay.example/gateway"
    merchant_id = "demo-bd"
    secret = "env:DEMO_BD_GATEWAY_SECRET"   # shared with the gateway: signs every message
    timeout_seconds = 10                    # optional, per request

    [[plugins.signed-gateway.channels]]
    channel = "bkash"                       # the payment method asked of the gateway
    title = "bKash"                         # or a table: { en = "bKash", bn = "বিকাশ" }
    min = "100.00"
    max = "25000.00"

The protocol (signatures: :mod:`tessera_plugins.signed_gateway.protocol`; a sandbox gateway
speaking it: :mod:`tessera_sandboxes.signed_gateway.server`):

- Start: ``POST {base_url}/api/orders``, a signed JSON body of ``merchant_id``, ``order_id``
  (the deposit id), ``channel``, ``amount`` ("500.00"), ``currency``, ``notify_url``,
  ``return_url``, ``timestamp`` and ``nonce``. The gateway answers 201 (200 for an order it has
  already, with the same fields) with a signed ``{merchant_id, order_id, status, checkout_url}``;
  the member is sent to ``checkout_url``. A 4xx is a refusal (``payment_refused``); no answer, a
  5xx, or an answer that is not signed JSON is ``payment_unavailable``.
- Notification: the gateway POSTs a signed ``{merchant_id, order_id, status, amount, currency,
  gateway_reference}`` to ``notify_url`` (``status``: paid, pending or failed) and sends it again
  until it is answered 2xx. A bad, missing or stale signature, or another merchant's notification,
  is ``payment_notification_forged``; anything else unreadable is ``payment_notification_malformed``.
- Query: ``GET {base_url}/api/orders/{order_id}?merchant_id=&timestamp=&nonce=`` with the
  signature in ``X-Signature``; answered like a notification, or 404 for an order it never had
  (None). Anything else that is not a signed answer is ``payment_unavailable``.
- Check (``tessera tenants check``): the query of an order no deposit has (``check-<random>``):
  404 (or 200) means the gateway took the merchant and signature, 401 or 403 is a refusal.
"""

import json
import logging
import re
import secrets
from decimal import Decimal
from urllib.parse import quote, urlencode

import httpx

from tessera import hookimpl
from tessera.plugins import AdapterError, client
from tessera_plugins.signed_gateway.protocol import SIGNATURE_HEADER, gateway_message, read_gateway_message, sign, stamp

DEFAULT_TIMEOUT = 10
STATUSES = ("paid", "pending", "failed")
MONEY = re.compile(r"(0|[1-9][0-9]{0,14})(\.[0-9]{1,2})?")
NOTICE_FIELDS = ("merchant_id", "order_id", "status", "amount", "currency", "gateway_reference")
log = logging.getLogger("tessera.payments.signed_gateway")

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["base_url", "merchant_id", "secret", "channels"],
    "properties": {
        "base_url": {**client.BASE_URL, "pattern": "^https?://[^\\s?#]+[^\\s?#/]$"},
        "merchant_id": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"},
        "secret": client.SECRET,
        "timeout_seconds": client.TIMEOUT,
        "channels": client.channels_schema(),
    },
}


def _offers(settings, channel: str) -> bool:
    return any(c["channel"] == channel for c in settings["channels"])


def _money(value: str) -> str:
    return f"{Decimal(value):.2f}"


def _reading(fields: dict[str, str]) -> dict | None:
    """What a notification or a query answer says about a deposit; None when it is not readable."""
    if not all(isinstance(fields.get(name), str) for name in NOTICE_FIELDS):
        return None
    if fields["status"] not in STATUSES or not MONEY.fullmatch(fields["amount"]) or not fields["order_id"]:
        return None
    return {
        "depositId": fields["order_id"],
        "status": fields["status"],
        "amount": _money(fields["amount"]),
        "reference": fields["gateway_reference"],
    }


def _unavailable(settings, why: str) -> AdapterError:
    log.warning("payment gateway %s unavailable: %s", settings["base_url"], why)
    return AdapterError("payment_unavailable")


def _exchange(
    settings, method: str, url: str, headers: dict, body: bytes | None = None, query: bool = False
) -> dict[str, str] | None:
    """Send the call; the fields of the gateway's signed answer. For a query, None when the
    gateway does not know the order, and a refusal is only one more way of not knowing."""
    try:
        answer = httpx.request(
            method,
            url,
            content=body,
            headers=headers,
            timeout=settings.get("timeout_seconds", DEFAULT_TIMEOUT),
            verify=client.tls(),
        )
    except httpx.HTTPError as error:  # no connection, timeout, a broken answer
        raise _unavailable(settings, repr(error)) from None
    status = answer.status_code
    if status == 404 and query:
        return None
    if 400 <= status < 500 and not query:
        log.warning("payment gateway %s refused: HTTP %d %s", settings["base_url"], status, answer.content[:200])
        raise AdapterError("payment_refused", status=status)
    if not answer.is_success:
        raise _unavailable(settings, f"HTTP {status} {answer.content[:200]!r}")
    verdict, fields = read_gateway_message(settings["secret"], dict(answer.headers.items()), answer.content)
    if verdict != "ok" or fields is None:
        raise _unavailable(settings, f"an answer that is {verdict}")
    if fields.get("merchant_id") != settings["merchant_id"]:
        raise _unavailable(settings, "an answer for another merchant")
    return fields


@hookimpl
def tessera_payment_channels(tenant, settings):
    return [
        {
            "channel": c["channel"],
            **client.titled(tenant, c["title"]),
            "kind": "redirect",
            "minAmount": _money(c["min"]),
            "maxAmount": _money(c["max"]),
        }
        for c in settings["channels"]
    ]


@hookimpl
def tessera_payment_start(tenant, settings, channel, deposit):
    if not _offers(settings, channel):
        return None
    order = {
        "merchant_id": settings["merchant_id"],
        "order_id": str(deposit["depositId"]),
        "channel": channel,
        "amount": _money(deposit["amount"]),
        "currency": deposit["currency"],
        "notify_url": deposit["notifyUrl"],
        "return_url": deposit["returnUrl"],
        **stamp(),
    }
    answer = _exchange(
        settings,
        "POST",
        f"{settings['base_url']}/api/orders",
        body=json.dumps(order).encode(),
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json",
            SIGNATURE_HEADER: sign(settings["secret"], order),
        },
    )
    assert answer is not None  # only a query answers None
    checkout_url = answer.get("checkout_url", "")
    if answer.get("order_id") != order["order_id"] or not re.match(r"https?://[^\s]+$", checkout_url):
        raise _unavailable(settings, f"an answer without this order's checkout URL: {answer}")
    return {"redirectUrl": checkout_url}


@hookimpl
def tessera_payment_webhook(tenant, settings, channel, headers, body):
    if not _offers(settings, channel):
        return None
    verdict, fields = read_gateway_message(settings["secret"], headers, body)
    if verdict == "malformed":
        raise AdapterError("payment_notification_malformed")
    if verdict == "forged" or fields.get("merchant_id", settings["merchant_id"]) != settings["merchant_id"]:
        log.warning("refused a forged payment notification (brand %s, channel %s)", tenant.slug, channel)
        raise AdapterError("payment_notification_forged")
    reading = _reading(fields)
    brand_currency = tenant.config.get("currency")
    if reading is None or (brand_currency and fields["currency"] != brand_currency):
        raise AdapterError("payment_notification_malformed")
    return reading


@hookimpl
def tessera_payment_query(tenant, settings, channel, deposit_id):
    if not _offers(settings, channel):
        return None
    query = {"merchant_id": settings["merchant_id"], **stamp()}
    signature = sign(settings["secret"], {**query, "order_id": str(deposit_id)})
    url = f"{settings['base_url']}/api/orders/{quote(str(deposit_id), safe='')}?{urlencode(query)}"
    fields = _exchange(settings, "GET", url, {"Accept": "application/json", SIGNATURE_HEADER: signature}, query=True)
    if fields is None:
        return None
    reading = _reading(fields)
    if reading is None or reading["depositId"] != str(deposit_id):
        raise _unavailable(settings, f"an answer that does not read as this order: {fields}")
    return reading


@hookimpl
def tessera_provider_check(tenant, settings):
    if not settings.get("secret"):
        return client.check_answer(client.REFUSED, "no secret configured (is its environment variable set?)")
    order_id = f"check-{secrets.token_hex(6)}"
    query = {"merchant_id": settings["merchant_id"], **stamp()}
    signature = sign(settings["secret"], {**query, "order_id": order_id})
    url = f"{settings['base_url']}/api/orders/{order_id}?{urlencode(query)}"
    try:
        answer = httpx.get(
            url,
            headers={"Accept": "application/json", SIGNATURE_HEADER: signature},
            timeout=settings.get("timeout_seconds", DEFAULT_TIMEOUT),
            verify=client.tls(),
        )
    except httpx.HTTPError as error:
        return client.check_answer(client.UNREACHABLE, repr(error))
    if answer.status_code == 404:
        return client.check_answer(client.OK, "the gateway read a signed query of an order it never had")
    return client.http_check(answer.status_code, answer.content[:200].decode("utf-8", "replace"))


# -- Contract helpers (the kit's payment-channel suite) -------------------------------------
# They use the sandbox gateway of the development sandboxes (tessera_sandboxes.signed_gateway.local).


def contract_settings() -> dict:
    from tessera_sandboxes.signed_gateway.local import shared_sandbox

    sandbox = shared_sandbox()
    merchant_id, secret = sandbox.open_merchant()
    return {
        "base_url": sandbox.gateway_url,
        "merchant_id": merchant_id,
        "secret": secret,
        "timeout_seconds": 5,
        "channels": [
            {"channel": "bkash", "title": "bKash", "min": "100", "max": "25000.00"},
            {"channel": "nagad", "title": "Nagad", "min": "50.5", "max": "20000"},
        ],
    }


def contract_notification(settings, channel, deposit_id, status, amount):
    return gateway_message(
        settings["secret"],
        {
            "merchant_id": settings["merchant_id"],
            "order_id": deposit_id,
            "status": status,
            "amount": amount,
            "currency": "BDT",
            "gateway_reference": f"GW-{deposit_id}",
        },
    )


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome`` (the kit's provider-check suite)."""
    from tessera.plugins.kit.suites.provider_check import signed_check_settings

    return signed_check_settings(contract_settings(), outcome, "/gateway")
