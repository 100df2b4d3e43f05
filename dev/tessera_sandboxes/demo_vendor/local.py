"""The demo vendor's server (``tessera_sandboxes.demo_vendor.server``) on a free port of 127.0.0.1,
mounted under ``/demo-vendor`` as ``python -m tessera_sandboxes`` mounts it.

No retrier thread runs unless asked (``retry_interval``): tests deliver the credits and rollbacks
still due with ``retry_due()``, so they decide when a retry happens."""

import secrets
import time
from functools import lru_cache
from wsgiref.util import shift_path_info

from tessera.plugins.kit.local_http import LocalWsgiServer
from tessera_sandboxes.demo_vendor.server import make_app

MOUNT = "/demo-vendor"


class DemoVendorServer:
    def __init__(self, state_dir=None, retry_interval: float | None = None, wallet_timeout: float = 1.0):
        self.secrets: dict[str, str] = {}
        self.app = make_app(self.secrets, state_dir, retry_interval, wallet_timeout)
        self.server = LocalWsgiServer(self._serve)

    @property
    def base_url(self) -> str:
        return f"{self.server.origin}{MOUNT}"

    def open_operator(self, operator_id: str | None = None, secret: str | None = None) -> tuple[str, str]:
        operator_id, secret = operator_id or f"op-{secrets.token_hex(4)}", secret or secrets.token_hex(16)
        self.secrets[operator_id] = secret
        return operator_id, secret

    def settings(self, **overrides) -> dict:
        """A brand's plugin table for a new operator at this vendor."""
        operator_id, secret = self.open_operator()
        return {
            "base_url": self.base_url,
            "operator_id": operator_id,
            "secret": secret,
            "timeout_seconds": 5,
            **overrides,
        }

    def retry_due(self, later: float = 3600) -> int:
        """Deliver every credit and rollback that would be due ``later`` seconds from now."""
        return self.app.table.retry_due(time.time() + later)

    def _serve(self, environ, start_response):
        if shift_path_info(environ) != MOUNT.strip("/"):
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not the vendor"]
        return self.app(environ, start_response)

    def close(self) -> None:
        self.app.close()  # its retrier, if any; stopping it twice is harmless
        self.server.close()


@lru_cache(maxsize=1)
def shared() -> DemoVendorServer:
    """The vendor the contract suite's settings point at, one per test process."""
    return DemoVendorServer()
