"""The transfer-wallet vendor sandbox (``tessera_sandboxes.transfer_vendor.server``) on a free port
of 127.0.0.1, optionally mounted under a path as ``python -m tessera_sandboxes`` mounts it,
and told to fail the next requests when a test needs an outage (``fail_next``)."""

import secrets
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from wsgiref.util import shift_path_info

from tessera.plugins.kit.local_http import LocalWsgiServer
from tessera_sandboxes.transfer_vendor.server import make_app


@dataclass(frozen=True)
class Failure:
    """How the vendor fails one request: answers ``status`` with ``body`` after ``stall`` seconds,
    having done what was asked first when ``after_applying`` (an answer lost on the way back)."""

    status: int = 503
    body: bytes = b'{"error": "maintenance"}'
    stall: float = 0.0
    after_applying: bool = False


class VendorServer:
    def __init__(self, state_dir=None, mount: str = ""):
        self.secrets: dict[str, str] = {}
        self.app = make_app(self.secrets, state_dir)
        self.mount = mount
        self.requests = 0
        self._lock = threading.Lock()
        self._failures: list[Failure] = []
        self.server = LocalWsgiServer(self._serve)

    @property
    def base_url(self) -> str:
        return f"{self.server.origin}{self.mount}"

    def open_operator(self, secret: str | None = None) -> tuple[str, str]:
        operator_id, secret = f"op-{secrets.token_hex(4)}", secret or secrets.token_hex(16)
        self.secrets[operator_id] = secret
        return operator_id, secret

    def settings(self, **overrides) -> dict:
        """A brand's plugin table for a new operator at this vendor."""
        operator_id, secret = self.open_operator()
        return {
            "base_url": self.base_url,
            "operator_id": operator_id,
            "secret": secret,
            "vassalage": "TWV",
            "display_name": "Tessera Wallet Vendor",
            "game_type": "RNG",
            "timeout_seconds": 5,
            **overrides,
        }

    def fail_next(self, *failures: Failure) -> None:
        with self._lock:
            self._failures.extend(failures)

    def _serve(self, environ, start_response):
        with self._lock:
            self.requests += 1
            failure = self._failures.pop(0) if self._failures else None
        if self.mount:
            if shift_path_info(environ) != self.mount.strip("/"):
                start_response("404 Not Found", [("Content-Type", "text/plain")])
                return [b"not the vendor"]
        if failure is None:
            return self.app(environ, start_response)
        if failure.after_applying:
            b"".join(self.app(environ, lambda status, headers, exc_info=None: None))
        time.sleep(failure.stall)
        start_response(
            f"{failure.status} Failure",
            [("Content-Type", "application/json"), ("Content-Length", str(len(failure.body)))],
        )
        return [failure.body]

    def close(self) -> None:
        self.server.close()


@lru_cache(maxsize=1)
def shared() -> VendorServer:
    """The vendor the contract suite's settings point at, one per test process."""
    return VendorServer(mount="/vendor")
