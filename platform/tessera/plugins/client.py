"""What a plugin needs to speak to its service: signed JSON calls over HTTP (httpx) with the TLS
context every call shares, money in the platform's forms, the players' references at a vendor, the
standard settings and refusal statuses.

A plugin imports it as ``from tessera.plugins import client``. The signature it offers is the one
Tessera's own vendors use (``sign_request``): three headers, the operator, Unix seconds and an
HMAC-SHA256 of the call; a plugin whose service signs otherwise passes its own ``sign``.
"""

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import ssl
import time
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from urllib.parse import quote, urlencode, urlsplit

import httpx

from tessera.plugins.manager import AdapterError

log = logging.getLogger("tessera.plugins.client")

DEFAULT_TIMEOUT = 10
IDEMPOTENT = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})  # retried when no connection was made
OPERATOR_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER = "X-Operator-Id", "X-Timestamp", "X-Signature"
MAX_SKEW_SECONDS = 300


def tls() -> ssl.SSLContext:
    """The TLS context of a plugin's HTTP calls (``httpx.request(..., verify=client.tls())``):
    httpx's default (certifi's authorities, or those of SSL_CERT_FILE or SSL_CERT_DIR), made once
    per process and set of authorities. Making one reads every authority's certificate, some
    18 ms of CPU here, more than the rest of a money call: httpx makes one for each call it is
    not given one for, plain HTTP included."""
    return _tls(os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))


@lru_cache(maxsize=4)
def _tls(cafile: str | None, capath: str | None) -> ssl.SSLContext:
    return httpx.create_ssl_context()  # reads the same variables


# -- Settings -------------------------------------------------------------------------------------

# The shapes settings of every kind share. ``x-expected`` is what the brand checks say to write
# where a value does not fit (instead of a pattern).
BASE_URL = {
    "type": "string",
    "pattern": "^https?://[^\\s/?#]+(/[^\\s?#]*)?$",
    "x-expected": "an http(s) URL without query or fragment, such as 'https://api.example.com/v1'",
}
SECRET = {"type": "string", "x-expected": 'a secret, written as "env:NAME" to read it from the environment'}
TIMEOUT = {"type": "number", "exclusiveMinimum": 0, "maximum": 60}
CHANNEL = {
    "type": "string",
    "pattern": "^[a-z0-9][a-z0-9_-]{0,31}$",
    "x-expected": "a payment method's code in lower case, such as 'bkash' (letters, digits, '_', '-')",
}
AMOUNT = {
    "type": "string",
    "pattern": "^(0|[1-9][0-9]{0,14})(\\.[0-9]{1,2})?$",
    "x-expected": 'an amount as text with at most two decimals, such as "100.00"',
}
TEXT = {"type": "string", "minLength": 1, "maxLength": 200}
# A text members read: one string, or a table of languages that has English.
TITLE = {
    "oneOf": [TEXT, {"type": "object", "required": ["en"], "additionalProperties": TEXT}],
    "x-expected": "a text, or a table of languages with at least English, such as "
    '{ en = "Bank transfer", bn = "ব্যাংক ট্রান্সফার" }',
}


def channels_schema(required: tuple[str, ...] = (), **properties) -> dict:
    """A payment plugin's ``channels`` setting: at least one channel, each with its code, a title
    members read, its min and max, and the plugin's own ``properties`` (``required`` among them)."""
    return {
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["channel", "title", "min", "max", *required],
            "properties": {"channel": CHANNEL, "title": TITLE, "min": AMOUNT, "max": AMOUNT, **properties},
        },
    }


# The settings every signed service takes; a plugin's SETTINGS_SCHEMA adds its own (``settings_schema``).
STANDARD_SETTINGS = {
    "base_url": BASE_URL,
    "operator_id": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"},
    "secret": SECRET,  # "env:NAME" in tenant.toml
    "timeout_seconds": TIMEOUT,
}


# More hosts a vendor's icons (``image_hosts``) and game pages (``game_hosts``) come from than its
# ``base_url``'s, as origins; a vendor plugin takes them with ``settings_schema(**HOST_SETTINGS)``.
ORIGIN_PATTERN = r"^https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$"
HOST_SETTINGS = {
    name: {"type": "array", "uniqueItems": True, "items": {"type": "string", "pattern": ORIGIN_PATTERN}}
    for name in ("image_hosts", "game_hosts")
}


def origin(url: str) -> str:
    """``https://games.example:8443/api`` -> ``https://games.example:8443``."""
    parts = urlsplit(url)
    host = f"[{parts.hostname}]" if ":" in (parts.hostname or "") else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{parts.port}" if parts.port is not None else "")


def vendor_hosts(settings: dict) -> dict[str, list[str]]:
    """A vendor plugin's ``tessera_vendor_hosts``: its ``base_url``'s origin, which serves its icons
    and game pages, and the ``image_hosts`` and ``game_hosts`` its table adds."""
    base = origin(settings["base_url"])
    return {
        "images": list(dict.fromkeys([base, *settings.get("image_hosts", [])])),
        "games": list(dict.fromkeys([base, *settings.get("game_hosts", [])])),
    }


def settings_schema(required=("base_url", "operator_id", "secret"), **properties) -> dict:
    """A plugin's SETTINGS_SCHEMA: the standard settings and ``properties`` (name -> JSON Schema)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(required),
        "properties": {**STANDARD_SETTINGS, **properties},
    }


def title_in(title, language: str) -> str:
    """A ``TITLE`` in ``language``, else English."""
    return title if isinstance(title, str) else title.get(language) or title["en"]


def titled(tenant, title) -> dict:
    """How an offer (a payment channel) carries a ``TITLE``: ``title`` in the brand's default
    language, and with a table, every language as ``titles`` for callers that know the member's."""
    shown = {"title": title_in(title, tenant.config.get("default_language", "en"))}
    return {**shown, "titles": dict(title)} if isinstance(title, dict) else shown


# -- Money ----------------------------------------------------------------------------------------

# Many vendors' and gateways' protocols write amounts with two decimals whatever the brand's
# currency; these helpers speak that form. The platform's own amounts are in the brand's money
# (``tenant.money``: its currency's places, "250000" in dong, "12.50" in taka).
MONEY = re.compile(r"(0|[1-9][0-9]{0,14})\.[0-9]{2}")  # a non-negative amount as services send it
CENT = Decimal("0.01")


def to_minor(amount) -> int:
    """``"12.50"`` (or a Decimal with at most two decimals) -> ``1250`` hundredths."""
    value = Decimal(str(amount))
    if not value.is_finite() or value != value.quantize(CENT):
        raise ValueError(f"not an amount with at most two decimals: {amount!r}")
    return int(value * 100)


def to_money(minor: int) -> str:
    """``1250`` hundredths -> ``"12.50"``: the two-decimal form."""
    sign = "-" if minor < 0 else ""
    return f"{sign}{abs(minor) // 100}.{abs(minor) % 100:02d}"


def wire_amount(amount) -> str:
    """A hook's positive amount with two decimals (``"10.5"`` -> ``"10.50"``); anything else is the caller's fault."""
    try:
        value = Decimal(str(amount))
    except InvalidOperation:
        raise ValueError(f"not an amount: {amount!r}") from None
    if not value.is_finite() or value <= 0 or value != value.quantize(CENT):
        raise ValueError(f"not a positive amount with at most two decimals: {amount!r}")
    return str(value.quantize(CENT))


def wire_balance(balance) -> str:
    """A balance the platform answered in the brand's money ("250000", "12.5") in the two-decimal
    form (``"250000.00"``); a balance finer than a hundredth is the caller's fault."""
    value = Decimal(str(balance))
    if not value.is_finite() or value != value.quantize(CENT):
        raise ValueError(f"not a balance with at most two decimals: {balance!r}")
    return str(value.quantize(CENT))


# -- Players --------------------------------------------------------------------------------------

# A player at a vendor: "<brand slug>-<member id>"; the slug keeps two brands on one operator apart.
PLAYER = re.compile(r"(?P<slug>[a-z0-9][a-z0-9-]{0,62})-(?P<member>[1-9][0-9]{0,17})")


def player_reference(tenant, member_id: int) -> str:
    return f"{tenant.slug}-{member_id}"


def member_of(tenant, reference) -> int:
    """The member id a vendor's player reference names; ``request_invalid`` for another brand's or none."""
    found = PLAYER.fullmatch(reference) if isinstance(reference, str) else None
    if not found or found["slug"] != tenant.slug:
        raise AdapterError("request_invalid", field="player")
    return int(found["member"])


# -- Seamless answers -----------------------------------------------------------------------------

# The HTTP status of a wallet answer that is a refusal of a call Tessera could not read (the vendor
# may send it again); the wallet's own answers, refusals included, are final and 200.
UNREAD_STATUS = {"signature_invalid": 401, "request_invalid": 400}


def answer_status(answer: dict) -> int:
    return 200 if answer.get("ok") else UNREAD_STATUS.get(str(answer.get("code")), 200)


# -- Signatures -----------------------------------------------------------------------------------


def canonical_query(pairs) -> str:
    """Query parameters (a dict or ``(name, value)`` pairs) in the one order both sides sign."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    return urlencode(sorted((str(name), str(value)) for name, value in items))


def sign_request(
    secret: str, method: str, path: str, query: str, operator_id: str, timestamp, body: bytes = b""
) -> str:
    canonical = "\n".join([method.upper(), path, query, operator_id, str(timestamp), hashlib.sha256(body).hexdigest()])
    return hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()


def fresh(timestamp: str, now: float) -> bool:
    """Whether ``timestamp`` (a header's text) is whole Unix seconds close enough to ``now``."""
    return timestamp.isascii() and timestamp.isdigit() and abs(int(timestamp) - now) <= MAX_SKEW_SECONDS


def verify_request(
    secret: str, signature: str, method: str, path: str, query: str, operator_id: str, timestamp: str, body: bytes
) -> bool:
    """Whether a call is signed with ``secret`` (an empty secret never verifies); check ``fresh`` too."""
    if not secret or not signature.isascii():
        return False
    return hmac.compare_digest(sign_request(secret, method, path, query, operator_id, timestamp, body), signature)


def signed_headers(
    settings: dict,
    method: str,
    path: str,
    query: str,
    body: bytes,
    at: float | None = None,
    sign: Callable = sign_request,
) -> dict[str, str]:
    """The three headers signing a call (or an answer: method ``"ANSWER"``, the status as query) as
    ``settings["operator_id"]`` with ``settings["secret"]``, at ``at`` (Unix seconds, default now)."""
    operator_id, timestamp = settings["operator_id"], str(int(time.time() if at is None else at))
    return {
        OPERATOR_HEADER: operator_id,
        TIMESTAMP_HEADER: timestamp,
        SIGNATURE_HEADER: sign(settings["secret"], method, path, query, operator_id, timestamp, body),
    }


def signature_refusal(secrets: dict, headers, method: str, path: str, query: str, body: bytes) -> str | None:
    """Why a call signed as ``signed_headers`` does is refused by a service that knows ``secrets``
    (operator id -> secret): ``"signature_invalid"`` (an unknown operator included) or
    ``"timestamp_stale"``; None when it stands. ``headers`` in any case."""
    seen = {str(name).lower(): str(value) for name, value in dict(headers).items()}
    operator, stamp = seen.get(OPERATOR_HEADER.lower(), ""), seen.get(TIMESTAMP_HEADER.lower(), "")
    signature = seen.get(SIGNATURE_HEADER.lower(), "")
    if not verify_request(secrets.get(operator, ""), signature, method, path, query, operator, stamp, body):
        return "signature_invalid"
    if not fresh(stamp, time.time()):
        return "timestamp_stale"
    return None


def verified(settings: dict, headers: dict, method: str, path: str, query: str, body: bytes) -> bool:
    """Whether ``headers`` (any case) sign the call as ``signed_headers`` does, for these settings, now."""
    known = {settings["operator_id"]: settings["secret"]}
    return signature_refusal(known, headers, method, path, query, body) is None


# -- Provider checks (``tessera_provider_check``) -------------------------------------------------

OK, REFUSED, UNREACHABLE = "ok", "refused", "unreachable"


def check_answer(status: str, reason: str = "") -> dict:
    """A ``tessera_provider_check`` answer: ``ok``, ``refused`` or ``unreachable``, and why."""
    if status not in (OK, REFUSED, UNREACHABLE):
        raise ValueError(f"not a check status: {status!r}")
    return {"status": status, "reason": reason}


def http_check(answer_status: int, error: object = None, refused=(401, 403)) -> dict:
    """The check answer of a service's HTTP status: 2xx ok, ``refused`` statuses refused (with the
    service's ``error``), anything else unreachable."""
    if 200 <= answer_status < 300:
        return check_answer(OK, f"HTTP {answer_status}")
    why = f"HTTP {answer_status}" + (f" {error}" if error else "")
    return check_answer(REFUSED if answer_status in refused else UNREACHABLE, why)


# -- Calls ----------------------------------------------------------------------------------------


class SignedClient:
    """JSON calls under ``settings["base_url"]`` as ``settings["operator_id"]``, signed with
    ``settings["secret"]`` by ``sign`` (default ``sign_request``), waiting ``timeout_seconds``.

    An idempotent call is tried ``retries`` more times when no connection could be made (a slow
    or failing answer is the service's: it is not asked twice). What Tessera cannot use (no
    answer, a 5xx, anything but a JSON object, no secret) is the AdapterError ``unavailable_code``
    with ``params`` (logged): for a vendor, ``vendor_unavailable``.
    """

    sign: Callable = staticmethod(sign_request)
    unavailable_code = "vendor_unavailable"
    retries = 2

    def __init__(self, settings: dict, **params):
        self.settings, self.params = settings, params
        self.base_url = settings["base_url"].rstrip("/")

    def unavailable(self, why: str) -> AdapterError:
        log.warning("%s unavailable: %s", self.base_url, why)
        error = AdapterError(self.unavailable_code, **self.params)
        error.reason = why  # type: ignore[attr-defined]  # for an operator's check, never a member
        return error

    def check(self, method: str, path: str, query: dict | None = None) -> dict:
        """A ``tessera_provider_check`` answer from one signed call that changes nothing."""
        if not self.settings.get("secret"):
            return check_answer(REFUSED, "no secret configured (is its environment variable set?)")
        try:
            status, value = self.call(method, path, query)
        except AdapterError as error:
            return check_answer(UNREACHABLE, getattr(error, "reason", error.code))
        return http_check(status, value.get("error"))

    def secret(self) -> str:
        if not self.settings["secret"]:
            raise self.unavailable("no secret configured (is its environment variable set?)")
        return self.settings["secret"]

    def signed_headers(self, method: str, path: str, query: str, body: bytes) -> dict[str, str]:
        self.secret()  # none configured: unavailable
        return signed_headers(self.settings, method, path, query, body, sign=self.sign)

    def signed_url(self, path: str, query: dict) -> str:
        """A link under ``base_url`` signed like a GET (it expires with its timestamp): a game page."""
        headers = self.signed_headers("GET", path, canonical_query(query), b"")
        signed = {
            **query,
            "operator": headers[OPERATOR_HEADER],
            "ts": headers[TIMESTAMP_HEADER],
            "sig": headers[SIGNATURE_HEADER],
        }
        return f"{self.base_url}{quote(path)}?{canonical_query(signed)}"

    def call(self, method: str, path: str, query: dict | None = None, body: dict | None = None) -> tuple[int, dict]:
        """``(status, JSON object)`` of a 2xx or 4xx answer; a 5xx, garbage or no answer is ``unavailable``."""
        query_text = canonical_query(query or {})
        data = json.dumps(body).encode() if body is not None else b""
        url = f"{self.base_url}{quote(path)}{'?' + query_text if query_text else ''}"
        tries = 1 + (self.retries if method.upper() in IDEMPOTENT else 0)
        for attempt in range(tries):
            headers = {
                "Accept": "application/json",
                "Content-Type": "application/json",
                **self.signed_headers(method, path, query_text, data),
            }
            try:
                answer = httpx.request(
                    method,
                    url,
                    content=data if body is not None else None,
                    headers=headers,
                    timeout=self.settings.get("timeout_seconds", DEFAULT_TIMEOUT),
                    verify=tls(),
                )
            except (httpx.ConnectError, httpx.ConnectTimeout) as error:
                if attempt + 1 == tries:
                    raise self.unavailable(repr(error)) from None
                continue
            except httpx.HTTPError as error:  # timed out, not HTTP
                raise self.unavailable(repr(error)) from None
            if answer.status_code >= 500:
                raise self.unavailable(f"HTTP {answer.status_code}")
            return answer.status_code, self._object(answer)
        raise AssertionError("unreachable")

    def _object(self, answer: httpx.Response) -> dict:
        try:
            value = answer.json()
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise self.unavailable(f"HTTP {answer.status_code} without a JSON object")
        return value

    def expect(
        self, method: str, path: str, query: dict | None = None, body: dict | None = None, status: int = 200
    ) -> dict:
        """The JSON object of a ``status`` answer; any other (a wrong secret or clock, a call the
        service cannot read: nothing happened) is ``unavailable``."""
        got, value = self.call(method, path, query, body)
        if got != status:
            raise self.unavailable(f"{method} {path}: HTTP {got} {value.get('error')!r}")
        return value

    def listing(self, path: str, key: str, required=(), query: dict | None = None) -> list[dict]:
        """The list under ``key`` of a GET, each item a JSON object with a non-empty text for each
        of ``required``; anything else is ``unavailable``."""
        items = self.expect("GET", path, query).get(key)
        if not (
            isinstance(items, list)
            and all(
                isinstance(item, dict) and all(isinstance(item.get(k), str) and item[k] for k in required)
                for item in items
            )
        ):
            raise self.unavailable(f"{path} without a list of {key} with {', '.join(required)}")
        return items


# -- Captcha challenges: issued under a random id for a while, answered once ---------------------

MAX_CHALLENGE_ID = 64


def issue_challenge(store, prefix: str, ttl_seconds: int, keep: Callable[[str], str]) -> str:
    """A new captcha challenge: a random id, with ``keep(id)`` held in the brand's ``store`` under
    ``prefix`` + id for ``ttl_seconds``. The id goes to the member; what is kept never does."""
    challenge_id = secrets.token_urlsafe(24)
    store.put(prefix + challenge_id, keep(challenge_id), timedelta(seconds=ttl_seconds))
    return challenge_id


def take_challenge(store, prefix: str, answer) -> tuple[str | None, str | None]:
    """The answer's ``captchaId`` and what its challenge kept, taken from the store: an attempt,
    right or wrong, uses the challenge up. (None, None) for an answer without a well-formed id."""
    challenge_id = answer.get("captchaId") if isinstance(answer, dict) else None
    if not isinstance(challenge_id, str) or not 0 < len(challenge_id) <= MAX_CHALLENGE_ID:
        return None, None
    return challenge_id, store.take(prefix + challenge_id)
