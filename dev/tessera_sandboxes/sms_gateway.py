"""A local SMS gateway speaking the protocol of the ``sms-http`` plugin (see its docstring).

``POST /v1/messages`` with ``Authorization: Bearer <api key>``, an ``Idempotency-Key`` header and
JSON ``{"to", "from", "text"}`` answers 201 ``{"messageId"}``; ``GET /v1/messages`` with the same
``Authorization`` (the plugin's check) answers 200 ``{"account": "known"}`` for a known key, else
401. It keeps what it sends per account, answers a repeated Idempotency-Key with the first
message's id without sending again, and can be told to fail the next requests (``fail_next``).
"""

import re
import secrets
import threading
import time
from dataclasses import dataclass
from functools import lru_cache

from tessera.plugins.kit.local_http import LocalServer, QuietHandler

E164 = re.compile(r"\+[1-9][0-9]{6,14}")  # a stand-in for the gateway: its own check, not Tessera's
PATH = "/v1/messages"


@dataclass(frozen=True)
class Failure:
    """How the gateway fails one request: ``status`` (0: no answer within ``stall`` seconds),
    after sending the message when ``after_sending``."""

    status: int = 503
    stall: float = 0.0
    after_sending: bool = False


class SmsGateway:
    def __init__(self):
        self._lock = threading.Lock()
        self.accounts: dict[str, dict[str, dict]] = {}  # api key -> message id -> {"to", "from", "text"}
        self.requests: list[tuple[str, str]] = []  # (api key, Idempotency-Key) of each well-formed request
        self._sent: dict[tuple[str, str], str] = {}  # (api key, Idempotency-Key) -> message id
        self._failures: list[Failure] = []
        self.server = LocalServer(_Handler, self)

    @property
    def url(self) -> str:
        return self.server.origin + PATH

    def open_account(self) -> str:
        api_key = secrets.token_hex(12)
        with self._lock:
            self.accounts[api_key] = {}
        return api_key

    def fail_next(self, *failures: Failure) -> None:
        with self._lock:
            self._failures.extend(failures)

    def delivered(self, api_key: str, message_id: str) -> tuple[str, str] | None:
        message = self.accounts.get(api_key, {}).get(message_id)
        return (message["to"], message["text"]) if message else None

    def receive(self, api_key: str, idempotency_key: str, message: dict) -> tuple[int, dict]:
        """What the gateway answers a well-formed request from a known account."""
        with self._lock:
            self.requests.append((api_key, idempotency_key))
            failure = self._failures.pop(0) if self._failures else None
            if failure is None or failure.after_sending:
                message_id = self._sent.setdefault((api_key, idempotency_key), f"m-{secrets.token_hex(8)}")
                self.accounts[api_key].setdefault(message_id, message)
        if failure is not None:
            time.sleep(failure.stall)
            return failure.status, {"error": "gateway_failure"}
        return 201, {"messageId": message_id}

    def close(self) -> None:
        self.server.close()


class _Handler(QuietHandler):
    service: SmsGateway

    def do_GET(self):
        api_key = self.headers.get("Authorization", "").removeprefix("Bearer ")
        if self.path != PATH:
            self.answer(404, {"error": "not_found"})
        elif api_key not in self.service.accounts:
            self.answer(401, {"error": "unauthorized"})
        else:
            self.answer(200, {"account": "known"})

    def do_POST(self):
        status, value = self._outcome()
        if status:
            self.answer(status, value)
        else:
            self.close_connection = True  # a stalled gateway never answers

    def _outcome(self) -> tuple[int, dict]:
        message = self.read_json()
        if self.path != PATH:
            return 404, {"error": "not_found"}
        api_key = self.headers.get("Authorization", "").removeprefix("Bearer ")
        if api_key not in self.service.accounts:
            return 401, {"error": "unauthorized"}
        idempotency_key = self.headers.get("Idempotency-Key")
        if not idempotency_key:
            return 400, {"error": "idempotency_key_required"}
        if not (
            isinstance(message, dict)
            and all(isinstance(message.get(k), str) for k in ("to", "from", "text"))
            and E164.fullmatch(message["to"])
        ):
            return 422, {"error": "invalid_message"}
        return self.service.receive(api_key, idempotency_key, {k: message[k] for k in ("to", "from", "text")})


@lru_cache(maxsize=1)
def shared() -> SmsGateway:
    """The gateway the contract suite's settings point at, one per test process."""
    return SmsGateway()
