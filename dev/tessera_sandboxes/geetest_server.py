"""A stand-in for geetest v4's server on 127.0.0.1, speaking its validation protocol.

- ``POST /validate?captcha_id=ID``, form ``lot_number``, ``captcha_output``, ``pass_token``,
  ``gen_time``, ``sign_token``: ``{"status": "success", "result": "success" | "fail", "reason",
  "captcha_args"}``. It passes a set the widget issued for that captcha_id, signed with the
  account's key (HMAC-SHA256 of lot_number), once; anything else fails. A request it cannot read
  (unknown captcha_id, a missing field) gets ``{"status": "error", "code", "msg"}``.
- ``POST /solve?captcha_id=ID`` (no such call at geetest: it stands for a person solving the
  widget's puzzle): the set the widget hands the browser, ``{lot_number, captcha_output,
  pass_token, gen_time}``.

Accounts are opened in process (:meth:`GeetestServer.open_account`), as on geetest's console, and
can be told to misbehave (:meth:`GeetestServer.misbehave`: an HTTP status, a body, a delay).
"""

import hashlib
import hmac
import json
import secrets
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import parse_qs, urlsplit

from tessera.plugins.kit.local_http import LocalServer, QuietHandler

FIELDS = ("lot_number", "captcha_output", "pass_token", "gen_time")
MAX_DELAY = 3.0  # seconds: a slow answer never holds a test thread longer


@dataclass
class Account:
    key: str
    issued: dict = field(default_factory=dict)  # lot_number -> the set the widget gave out
    passed: set = field(default_factory=set)  # pass_tokens already answered success
    status: int = 200
    body: bytes | None = None
    delay: float = 0.0


class GeetestServer:
    def __init__(self):
        self.accounts: dict[str, Account] = {}
        self.lock = threading.Lock()
        self.server = LocalServer(_Handler, self)

    @property
    def url(self) -> str:
        return self.server.origin

    def open_account(self) -> tuple[str, str]:
        """A new (captcha_id, captcha_key)."""
        captcha_id, key = secrets.token_hex(16), secrets.token_hex(16)
        with self.lock:
            self.accounts[captcha_id] = Account(key)
        return captcha_id, key

    def misbehave(self, captcha_id: str, status: int = 200, body: bytes | None = None, delay: float = 0.0) -> None:
        """Answer this account's validations with ``status`` and ``body``, after ``delay`` seconds."""
        with self.lock:
            account = self.accounts[captcha_id]
            account.status, account.body, account.delay = status, body, min(delay, MAX_DELAY)

    def solve(self, captcha_id: str) -> dict:
        """The set the widget gives a browser whose person solved the puzzle (through ``/solve``)."""
        request = urllib.request.Request(f"{self.url}/solve?captcha_id={captcha_id}", data=b"", method="POST")
        with urllib.request.urlopen(request, timeout=5) as reply:
            return json.loads(reply.read())

    def close(self) -> None:
        self.server.close()

    # -- geetest's side --------------------------------------------------------------------

    def issue(self, captcha_id: str) -> dict | None:
        with self.lock:
            account = self.accounts.get(captcha_id)
            if account is None:
                return None
            issued = {
                "lot_number": secrets.token_hex(16),
                "captcha_output": secrets.token_urlsafe(48),
                "pass_token": secrets.token_hex(32),
                "gen_time": str(int(time.time())),
            }
            account.issued[issued["lot_number"]] = issued
            return issued

    def misbehaviour(self, captcha_id: str) -> tuple[float, int, bytes | None]:
        """(delay, status, body) this account was told to answer with; (0, 200, None) for none."""
        with self.lock:
            account = self.accounts.get(captcha_id)
            return (account.delay, account.status, account.body) if account else (0.0, 200, None)

    def validate(self, captcha_id: str, form: dict) -> dict:
        with self.lock:
            account = self.accounts.get(captcha_id)
            if account is None:
                return {"status": "error", "code": "-50005", "msg": "captcha_id not found"}
            if any(not form.get(name) for name in (*FIELDS, "sign_token")):
                return {"status": "error", "code": "-50002", "msg": "a parameter is missing"}
            reason = self._refusal(account, form)
            if reason is None:
                account.passed.add(form["pass_token"])
            args = {"used_type": "slide", "lot_number": form["lot_number"], "scene": "login"}
            return {
                "status": "success",
                "result": "fail" if reason else "success",
                "reason": reason or "",
                "captcha_args": args,
            }

    @staticmethod
    def _refusal(account: Account, form: dict) -> str | None:
        expected = hmac.new(account.key.encode(), form["lot_number"].encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, form["sign_token"]):
            return "sign_token does not match"
        issued = account.issued.get(form["lot_number"])
        if issued is None or any(issued[name] != form[name] for name in FIELDS):
            return "lot_number or pass_token not found"
        if form["pass_token"] in account.passed:
            return "pass_token already used"
        return None


class _Handler(QuietHandler):
    service: GeetestServer

    def do_POST(self):
        url = urlsplit(self.path)
        captcha_id = parse_qs(url.query).get("captcha_id", [""])[0]
        length = int(self.headers.get("Content-Length") or 0)
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
        if url.path == "/solve":
            issued = self.service.issue(captcha_id)
            return self.answer(200, issued) if issued else self.answer(404, {})
        if url.path != "/validate":
            return self.answer(404, {})
        delay, status, body = self.service.misbehaviour(captcha_id)
        time.sleep(delay)
        if status != 200 or body is not None:
            return self.send_body(status, body or b"")
        self.answer(200, self.service.validate(captcha_id, form))


@lru_cache(maxsize=1)
def shared() -> GeetestServer:
    """The stand-in the contract suite's settings point at, one per test process."""
    return GeetestServer()
