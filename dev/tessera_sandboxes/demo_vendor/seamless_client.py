"""The vendor's side of the seamless wallet: signed calls to ``<walletUrl>/<operation>`` and the
reading of the brand's signed answers.

Every outcome is one of three: ``ok`` (the brand did it), ``refused`` (the brand said no, and said
why in ``code``) or ``lost`` (no answer that can be trusted: refused connection, timeout, a 5xx,
an answer that is not signed by the brand, stale, or about another transaction). After a lost
answer the caller does not know what happened and must settle it (the vendor rolls a lost debit
back and calls a lost credit again).

A wallet URL on a ``*.localhost`` host is reached at 127.0.0.1 with its Host header kept: such
names are loopback (RFC 6761), but the system resolver may not know them.
"""

import json
import logging
import socket
import time
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException, HTTPSConnection
from urllib.parse import urlsplit

from tessera_plugins.demo_vendor.protocol import (
    MONEY,
    OPERATOR_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    fresh,
    sign_wallet_call,
    verify_wallet_answer,
)

DEFAULT_TIMEOUT = 5.0
MAX_ANSWER = 64 * 1024
log = logging.getLogger("tessera.demo_vendor.wallet")


@dataclass(frozen=True)
class WalletAnswer:
    outcome: str  # "ok", "refused" or "lost"
    value: dict = field(default_factory=dict)  # the brand's verified answer (empty when lost)
    why: str = ""  # what went wrong, for the logs

    @property
    def code(self) -> str | None:
        return self.value.get("code") if self.outcome == "refused" else None


def loopback(host: str | None) -> bool:
    return host is not None and (host == "localhost" or host.endswith(".localhost"))


class _LoopbackHTTP(HTTPConnection):
    def connect(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port), self.timeout)


class _LoopbackHTTPS(HTTPSConnection):
    def connect(self):
        raw = socket.create_connection(("127.0.0.1", self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)  # the certificate names the host


def _connection(url: str, timeout: float) -> HTTPConnection:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not a wallet URL: {url!r}")
    if parts.scheme == "https":
        kind = _LoopbackHTTPS if loopback(parts.hostname) else HTTPSConnection
    else:
        kind = _LoopbackHTTP if loopback(parts.hostname) else HTTPConnection
    return kind(parts.hostname, parts.port, timeout=timeout)


def post(url: str, headers: dict, body: bytes, timeout: float) -> tuple[int, dict, bytes]:
    """POST ``body`` to ``url``: ``(status, headers, body)`` of the answer. Raises OSError or
    HTTPException when there is none."""
    connection = _connection(url, timeout)
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", target, body=body, headers=headers)
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read(MAX_ANSWER + 1)
    finally:
        connection.close()


def wallet_request(path: str, operator_id: str, secret: str, fields: dict, signed_at: int) -> tuple[dict, bytes]:
    """``(headers, body)`` of a call with ``fields`` to the wallet operation at ``path``."""
    body = json.dumps(fields, separators=(",", ":")).encode()
    return {
        "Content-Type": "application/json",
        "Accept": "application/json",
        OPERATOR_HEADER: operator_id,
        TIMESTAMP_HEADER: str(signed_at),
        SIGNATURE_HEADER: sign_wallet_call(secret, path, operator_id, signed_at, body),
    }, body


def read_answer(
    secret: str, path: str, fields: dict, status: int, headers: dict, raw: bytes, now: float
) -> WalletAnswer:
    """What the brand's answer to the call with ``fields`` at ``path`` means: ``lost`` unless the
    brand signed it, for this path and status, within the time window, about this transaction."""
    headers = {str(k).lower(): v for k, v in headers.items()}
    if status >= 500:
        return WalletAnswer("lost", {}, f"HTTP {status}")
    signed_at = headers.get(TIMESTAMP_HEADER.lower(), "")
    if len(raw) > MAX_ANSWER or not verify_wallet_answer(
        secret, headers.get(SIGNATURE_HEADER.lower(), ""), path, status, signed_at, raw
    ):
        return WalletAnswer("lost", {}, f"HTTP {status} not signed by the brand")
    if not fresh(signed_at, now):
        return WalletAnswer("lost", {}, f"HTTP {status} signed at {signed_at}: stale")
    try:
        value = json.loads(raw)
    except ValueError:
        value = None
    if not isinstance(value, dict) or not isinstance(value.get("ok"), bool):
        return WalletAnswer("lost", {}, f"HTTP {status} without an answer")
    named = value.get("transactionId")
    if named is not None and named != fields.get("transactionId"):
        return WalletAnswer("lost", {}, f"an answer about transaction {named!r}")
    balance = value.get("balance")
    if balance is not None and not (isinstance(balance, str) and MONEY.fullmatch(balance)):
        return WalletAnswer("lost", {}, f"a balance that is not an amount: {balance!r}")
    if value["ok"]:
        return WalletAnswer("ok", value) if balance is not None else WalletAnswer("lost", {}, "no balance")
    if not isinstance(value.get("code"), str):
        return WalletAnswer("lost", {}, "a refusal without a code")
    return WalletAnswer("refused", value)


class WalletClient:
    """Calls one brand's wallet (``wallet_url``) as ``operator_id``, signing with ``secret``."""

    def __init__(self, wallet_url: str, operator_id: str, secret: str, timeout: float = DEFAULT_TIMEOUT):
        self.wallet_url = wallet_url.rstrip("/")
        self.operator_id = operator_id
        self.secret = secret
        self.timeout = timeout

    def call(self, operation: str, fields: dict) -> WalletAnswer:
        url = f"{self.wallet_url}/{operation}"
        path = urlsplit(url).path
        headers, body = wallet_request(path, self.operator_id, self.secret, fields, int(time.time()))
        try:
            status, answer_headers, raw = post(url, headers, body, self.timeout)
        except (OSError, HTTPException, ValueError) as error:
            answer = WalletAnswer("lost", {}, f"no answer: {error!r}")
        else:
            answer = read_answer(self.secret, path, fields, status, answer_headers, raw, time.time())
        if answer.outcome == "lost":
            log.warning("wallet %s %s %s: %s", self.wallet_url, operation, fields.get("transactionId", ""), answer.why)
        return answer
