"""A game vendor's signed JSON API as its plugin calls it: the request signed in three headers,
a timeout, and every answer Tessera cannot use (none, a 5xx, anything but a JSON object) the
vendor's ``vendor_unavailable`` error. The signature stays in each vendor's ``protocol.py``."""
import json
import time
from http.client import HTTPException
from urllib.error import HTTPError
from urllib.parse import quote
from urllib.request import Request, urlopen

DEFAULT_TIMEOUT = 10


def _exchange(request: Request, timeout: float) -> tuple[int, bytes]:
    try:
        with urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except HTTPError as error:
        with error:  # a 4xx or 5xx answer; its body is an open response
            return error.code, error.read()


class SignedClient:
    """Calls under ``settings["base_url"]`` as ``settings["operator_id"]``, signed with ``settings["secret"]``.

    A vendor's client sets, from its protocol, ``sign(secret, method, path, query, operator_id,
    timestamp, body)``, ``canonical_query(params)`` and ``header_names`` (operator, timestamp,
    signature); and ``unavailable(settings, why)``, the error (logged) for a vendor that gave
    nothing usable."""

    sign = canonical_query = unavailable = None  # a vendor's client sets each as a staticmethod
    header_names: tuple[str, str, str]

    def __init__(self, settings: dict):
        self.settings = settings
        self.base_url = settings["base_url"].rstrip("/")

    def secret(self) -> str:
        if not self.settings["secret"]:
            raise self.unavailable(self.settings, "no secret configured (is its environment variable set?)")
        return self.settings["secret"]

    def call(self, method: str, path: str, query: dict | None = None, body: dict | None = None) -> tuple[int, dict]:
        """``(status, JSON object)`` of a 2xx or 4xx answer; a 5xx, garbage or no answer is ``unavailable``."""
        secret, operator_id = self.secret(), self.settings["operator_id"]
        query_text = self.canonical_query(query or {})
        data = json.dumps(body).encode() if body is not None else b""
        timestamp = int(time.time())
        operator_header, timestamp_header, signature_header = self.header_names
        request = Request(f"{self.base_url}{quote(path)}{'?' + query_text if query_text else ''}",
                          data=data if body is not None else None, method=method, headers={
                              "Accept": "application/json",
                              "Content-Type": "application/json",
                              operator_header: operator_id,
                              timestamp_header: str(timestamp),
                              signature_header: self.sign(secret, method, path, query_text, operator_id, timestamp,
                                                          data),
                          })
        try:
            status, raw = _exchange(request, self.settings.get("timeout_seconds", DEFAULT_TIMEOUT))
        except (OSError, HTTPException) as error:  # refused, timed out, not HTTP
            raise self.unavailable(self.settings, repr(error)) from None
        if status >= 500:
            raise self.unavailable(self.settings, f"HTTP {status}")
        try:
            value = json.loads(raw)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise self.unavailable(self.settings, f"HTTP {status} without a JSON object")
        return status, value
