"""A development payment gateway speaking the signed gateway protocol (the plugin's docstring), as a WSGI app.

    POST /api/orders              a merchant's signed order -> 201 (200 when repeated) signed
                                  {merchant_id, order_id, status, checkout_url}
    GET  /api/orders/{order_id}   a merchant's signed query -> 200 signed {merchant_id, order_id,
                                  status, amount, currency, gateway_reference}; 404 unknown
    GET  /pay/{reference}         the checkout page: merchant, amount and currency, with a Pay and a
                                  Cancel button (form posts: no JavaScript needed)
    POST /pay/{reference}         ``action=pay|cancel``: marks the order paid or failed, sends the
                                  signed notification to its notify_url, then 303 to its return_url

Refusals are JSON ``{"error": code}``: 400 for a malformed order, 401 for an unknown merchant, a
wrong signature, a stale timestamp or a nonce used before, 409 for an order id reused with other
terms. A notification not answered 2xx is sent again from a background thread after each of
``retry_delays`` seconds, signed afresh each time. A notify_url whose host ends in ``.localhost``
is reached at 127.0.0.1 with its Host header kept: such names are loopback (RFC 6761) but the
system resolver may not know them.

Orders are kept in memory, and in ``<state_dir>/gateway-orders.json`` when a state_dir is given.
"""

import html
import json
import os
import re
import secrets as random
import threading
import time
from collections import OrderedDict
from decimal import Decimal
from http.client import HTTPConnection, HTTPException, HTTPSConnection
from pathlib import Path
from urllib.parse import urlsplit

from webob import Request, Response

from tessera_plugins.signed_gateway import MONEY
from tessera_plugins.signed_gateway.protocol import (
    SIGNATURE_HEADER,
    TOLERANCE_SECONDS,
    fresh,
    gateway_message,
    text_fields,
    verify,
)

RETRY_DELAYS = (2, 5, 15, 60, 300)
NOTIFY_TIMEOUT = 5
ORDER_FIELDS = (
    "merchant_id",
    "order_id",
    "channel",
    "amount",
    "currency",
    "notify_url",
    "return_url",
    "timestamp",
    "nonce",
)
TERMS = ("channel", "amount", "currency", "notify_url", "return_url")  # what a repeated order must repeat
URL = re.compile(r"https?://[^\s]+")
MAX_BODY = 64 * 1024


def notice(order: dict) -> dict[str, str]:
    """The fields the gateway tells the merchant about ``order`` (a notification or a query answer)."""
    return {
        "merchant_id": order["merchant_id"],
        "order_id": order["order_id"],
        "status": order["status"],
        "amount": order["amount"],
        "currency": order["currency"],
        "gateway_reference": order["reference"],
    }


def post(url: str, headers: dict, body: bytes, timeout: float) -> int | str:
    """POST ``body`` to ``url``: the answer's status, or what went wrong."""
    parts = urlsplit(url)
    loopback = parts.hostname == "localhost" or (parts.hostname or "").endswith(".localhost")
    connect = HTTPSConnection if parts.scheme == "https" else HTTPConnection
    connection = connect("127.0.0.1" if loopback else parts.hostname, parts.port, timeout=timeout)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", target, body=body, headers={**headers, "Host": parts.netloc})
        with connection.getresponse() as answer:
            answer.read()
            return answer.status
    except (OSError, HTTPException) as error:
        return repr(error)
    finally:
        connection.close()


def acceptable(order: dict[str, str]) -> bool:
    """Whether the gateway can take a well-formed, genuine order."""
    return bool(
        MONEY.fullmatch(order["amount"])
        and Decimal(order["amount"]) > 0
        and re.fullmatch(r"[A-Z]{3}", order["currency"])
        and 0 < len(order["order_id"]) <= 64
        and order["channel"]
        and URL.fullmatch(order["notify_url"])
        and URL.fullmatch(order["return_url"])
    )


def refusal(status: int, code: str) -> Response:
    return Response(json.dumps({"error": code}), status=status, content_type="application/json", charset="utf-8")


class Gateway:
    """The sandbox gateway; ``secrets`` (merchant id -> secret) is read at each request, so
    merchants may be added while it runs."""

    def __init__(
        self,
        secrets: dict[str, str],
        state_dir: Path | None = None,
        retry_delays=RETRY_DELAYS,
        notify_timeout: float = NOTIFY_TIMEOUT,
    ):
        self.secrets = secrets
        self.retry_delays, self.notify_timeout = tuple(retry_delays), notify_timeout
        self._file = Path(state_dir) / "gateway-orders.json" if state_dir else None
        self._lock = threading.RLock()
        self._closed = threading.Event()
        self._nonces: OrderedDict[tuple[str, str], float] = OrderedDict()  # in the order they came
        self.orders: dict[str, dict] = json.loads(self._file.read_text()) if self._file and self._file.exists() else {}
        self._references = {(o["merchant_id"], o["order_id"]): reference for reference, o in self.orders.items()}

    def __call__(self, environ, start_response):
        request = Request(environ)
        if (request.content_length or 0) > MAX_BODY:
            return refusal(413, "too_large")(environ, start_response)
        path, method = request.path_info, request.method
        if path == "/api/orders" and method == "POST":
            response = self.create(request)
        elif (match := re.fullmatch(r"/api/orders/([^/]+)", path)) and method == "GET":
            response = self.query(request, match[1])
        elif (match := re.fullmatch(r"/pay/([A-Z0-9]+)", path)) and match[1] in self.orders and method == "GET":
            response = self.checkout(match[1])
        elif match and match[1] in self.orders and method == "POST":
            response = self.finish(request, match[1])
        else:
            response = refusal(404, "not_found")
        return response(environ, start_response)

    def close(self) -> None:
        """Stops the notifications still waiting to be sent again."""
        self._closed.set()

    # -- The merchant's API ------------------------------------------------------------------

    def _refuse_request(self, fields: dict[str, str], signature: str) -> Response | None:
        """Why a merchant's signed request is refused, or None when it is genuine and fresh."""
        secret = self.secrets.get(fields.get("merchant_id", ""))
        if not secret:
            return refusal(401, "merchant_unknown")
        if not verify(secret, fields, signature):
            return refusal(401, "signature_invalid")
        if not fresh(fields.get("timestamp", "")):
            return refusal(401, "timestamp_stale")
        seen = (fields["merchant_id"], fields.get("nonce", ""))
        with self._lock:
            # A nonce older than the tolerance is refused as stale anyway: no need to remember it.
            now = time.time()
            while self._nonces and now - next(iter(self._nonces.values())) > 2 * TOLERANCE_SECONDS:
                self._nonces.popitem(last=False)
            if not seen[1] or seen in self._nonces:
                return refusal(401, "nonce_reused")
            self._nonces[seen] = now
        return None

    def _answer(self, status: int, merchant_id: str, fields: dict[str, str]) -> Response:
        headers, body = gateway_message(self.secrets[merchant_id], fields)
        return Response(body, status=status, headerlist=list(headers.items()))

    def _find(self, merchant_id: str, order_id: str) -> dict | None:
        reference = self._references.get((merchant_id, order_id))
        return None if reference is None else self.orders[reference]

    def create(self, request) -> Response:
        fields = text_fields(request.body)
        if fields is None or set(fields) != set(ORDER_FIELDS):
            return refusal(400, "order_malformed")
        if refused := self._refuse_request(fields, request.headers.get(SIGNATURE_HEADER, "")):
            return refused
        if not acceptable(fields):
            return refusal(400, "order_invalid")
        with self._lock:
            order = self._find(fields["merchant_id"], fields["order_id"])
            if order and any(order[term] != fields[term] for term in TERMS):
                return refusal(409, "order_conflict")
            status = 200 if order else 201
            if order is None:
                reference = f"GW{random.token_hex(8).upper()}"
                order = {
                    **{k: fields[k] for k in ("merchant_id", "order_id", *TERMS)},
                    "reference": reference,
                    "status": "pending",
                    "created_at": time.time(),
                    "notifications": [],
                }
                self.orders[reference] = order
                self._references[order["merchant_id"], order["order_id"]] = reference
                self._save()
        checkout_url = f"{request.application_url}/pay/{order['reference']}"
        answer = {
            "merchant_id": order["merchant_id"],
            "order_id": order["order_id"],
            "status": order["status"],
            "checkout_url": checkout_url,
        }
        return self._answer(status, order["merchant_id"], answer)

    def query(self, request, order_id: str) -> Response:
        fields = {name: request.GET.get(name, "") for name in ("merchant_id", "timestamp", "nonce")}
        signature = request.headers.get(SIGNATURE_HEADER, "")
        if refused := self._refuse_request({**fields, "order_id": order_id}, signature):
            return refused
        order = self._find(fields["merchant_id"], order_id)
        if order is None:
            return refusal(404, "order_not_found")
        return self._answer(200, order["merchant_id"], notice(order))

    # -- The member's checkout ---------------------------------------------------------------

    def checkout(self, reference: str) -> Response:
        return Response(checkout_page(self.orders[reference]), content_type="text/html", charset="utf-8")

    def finish(self, request, reference: str) -> Response:
        action = request.POST.get("action")
        if action not in ("pay", "cancel"):
            return Response(
                checkout_page(self.orders[reference], "Choose Pay or Cancel."),
                status=400,
                content_type="text/html",
                charset="utf-8",
            )
        with self._lock:
            order = self.orders[reference]
            finishing = order["status"] == "pending"
            if finishing:
                order.update(status="paid" if action == "pay" else "failed", finished_at=time.time())
                self._save()
        if finishing:
            self.notify(reference)
        return Response(status=303, location=order["return_url"])

    # -- Notifications -----------------------------------------------------------------------

    def notify(self, reference: str) -> None:
        """Sends the order's notification now, and again in the background until it is taken."""
        if not self._deliver(reference):
            threading.Thread(target=self._retry, args=(reference,), daemon=True).start()

    def _retry(self, reference: str) -> None:
        for delay in self.retry_delays:
            if self._closed.wait(delay) or self._deliver(reference):
                return

    def _deliver(self, reference: str) -> bool:
        order = self.orders[reference]
        headers, body = gateway_message(self.secrets.get(order["merchant_id"], ""), notice(order))
        outcome = post(order["notify_url"], headers, body, self.notify_timeout)
        with self._lock:
            order["notifications"].append({"at": time.time(), "outcome": outcome})
            self._save()
        return isinstance(outcome, int) and 200 <= outcome < 300

    def _save(self) -> None:
        if self._file:
            self._file.parent.mkdir(parents=True, exist_ok=True)
            draft = self._file.with_suffix(".tmp")
            draft.write_text(json.dumps(self.orders, indent=1))
            os.replace(draft, self._file)


def checkout_page(order: dict, problem: str = "") -> str:
    e = html.escape
    amount = f"{order['amount']} {order['currency']}"
    if order["status"] == "pending":
        actions = (
            f'<form method="post">'
            f'<button type="submit" name="action" value="pay" class="pay">Pay {e(amount)}</button> '
            f'<button type="submit" name="action" value="cancel">Cancel payment</button></form>'
        )
    else:
        state = "Paid" if order["status"] == "paid" else "Cancelled"
        back = f'<a href="{e(order["return_url"])}">Back to {e(order["merchant_id"])}</a>'
        actions = f'<p role="status">{state}.</p><p>{back}</p>'
    alert = f'<p role="alert">{e(problem)}</p>' if problem else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay {e(amount)} to {e(order["merchant_id"])} - sandbox gateway</title>
<style>body{{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}}
dt{{font-weight:600}}dd{{margin:0 0 .5rem}}button{{font:inherit;padding:.5rem 1rem;margin-right:.5rem}}
.pay{{background:#0a6c3b;color:#fff;border:0}}</style></head>
<body><main aria-labelledby="title"><h1 id="title">Sandbox payment</h1>
<p>A development gateway: no real money moves.</p>{alert}
<dl><dt>Merchant</dt><dd>{e(order["merchant_id"])}</dd>
<dt>Amount</dt><dd>{e(amount)}</dd>
<dt>Payment method</dt><dd>{e(order["channel"])}</dd>
<dt>Order</dt><dd>{e(order["order_id"])} ({e(order["reference"])})</dd></dl>
{actions}</main></body></html>
"""


def make_app(secrets: dict[str, str], state_dir: Path | None = None, **options) -> Gateway:
    """The sandbox gateway for the merchants in ``secrets`` (merchant id -> secret)."""
    return Gateway(secrets, state_dir, **options)
