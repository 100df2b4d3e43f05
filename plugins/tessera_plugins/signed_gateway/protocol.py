"""The signed gateway protocol's signatures: the plugin and the sandbox gateway both use these.

Every message is a flat set of text fields. Its signature (header ``X-Signature``) is the
lowercase hex HMAC-SHA256, keyed with the merchant's secret, of the canonical string: every field,
sorted by name, as ``name=value`` with the value percent-encoded (RFC 3986, nothing kept), joined
by ``&``::

    amount=500.00&channel=bkash&currency=BDT&merchant_id=demo-bd&nonce=...&notify_url=http%3A%2F%2F...

The fields always include ``timestamp`` (Unix seconds) and ``nonce`` (random, one per message).
A merchant's request carries them with its other fields (in the JSON body, or the query string of
a GET); a gateway's message (an answer or a notification) carries them in the ``X-Timestamp`` and
``X-Nonce`` headers, beside a JSON body of the other fields. A message signed more than
``TOLERANCE_SECONDS`` away from the reader's clock is refused: the tolerance is about when the
message was signed, not when the payment was made, so a gateway re-sending an old notification
signs it afresh.
"""

import hashlib
import hmac
import json
import secrets
import time
from urllib.parse import quote

SIGNATURE_HEADER, TIMESTAMP_HEADER, NONCE_HEADER = "X-Signature", "X-Timestamp", "X-Nonce"
TOLERANCE_SECONDS = 600


def canonical(fields: dict[str, str]) -> str:
    return "&".join(f"{name}={quote(fields[name], safe='')}" for name in sorted(fields))


def sign(secret: str, fields: dict[str, str]) -> str:
    return hmac.new(secret.encode(), canonical(fields).encode(), hashlib.sha256).hexdigest()


def stamp(now: float | None = None) -> dict[str, str]:
    """A fresh ``timestamp`` and ``nonce`` for a message signed ``now`` (default: the clock)."""
    return {"timestamp": str(int(time.time() if now is None else now)), "nonce": secrets.token_hex(16)}


def fresh(timestamp: str, now: float | None = None) -> bool:
    """Whether ``timestamp`` is whole Unix seconds within the tolerance of ``now``."""
    now = time.time() if now is None else now
    return timestamp.isascii() and timestamp.isdigit() and abs(int(timestamp) - now) <= TOLERANCE_SECONDS


def verify(secret: str, fields: dict[str, str], signature: str) -> bool:
    """Whether ``signature`` signs ``fields`` (timestamp and nonce included) with ``secret``.

    An empty secret never verifies: a brand whose secret is unset accepts nothing.
    """
    if not secret or not signature.isascii():
        return False
    return hmac.compare_digest(sign(secret, fields), signature)


def text_fields(body: bytes) -> dict[str, str] | None:
    """The fields of a JSON body that is an object of text values, else None."""
    try:
        fields = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(fields, dict) or not all(isinstance(v, str) for v in fields.values()):
        return None
    return fields


def gateway_message(secret: str, fields: dict[str, str], now: float | None = None) -> tuple[dict[str, str], bytes]:
    """``(headers, body)`` of a message from the gateway: ``fields`` as JSON, signed in the headers."""
    stamped = stamp(now)
    headers = {
        "Content-Type": "application/json",
        TIMESTAMP_HEADER: stamped["timestamp"],
        NONCE_HEADER: stamped["nonce"],
        SIGNATURE_HEADER: sign(secret, {**fields, **stamped}),
    }
    return headers, json.dumps(fields).encode()


def read_gateway_message(secret: str, headers, body: bytes) -> tuple[str, dict[str, str] | None]:
    """Check a message from the gateway: ``("ok", fields)``, ``("malformed", None)`` for a body
    that is not a JSON object of text, or ``("forged", None)`` for a missing, wrong or stale
    signature. ``headers`` is any mapping; names are matched whatever their case."""
    fields = text_fields(body)
    if fields is None or {"timestamp", "nonce"} & set(fields):
        return "malformed", None
    named = {str(name).lower(): str(value) for name, value in headers.items()}
    timestamp, nonce, signature = (named.get(h.lower()) for h in (TIMESTAMP_HEADER, NONCE_HEADER, SIGNATURE_HEADER))
    if not (timestamp and nonce and signature):
        return "forged", None
    if not verify(secret, {**fields, "timestamp": timestamp, "nonce": nonce}, signature) or not fresh(timestamp):
        return "forged", None
    return "ok", fields
