"""Local servers for the payment-gateway tests: the sandbox gateway itself, and a scripted HTTP
server that plays a merchant's notification endpoint or a misbehaving gateway."""

import secrets
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from tessera.plugins.kit.local_http import LocalServer, QuietHandler
from tessera_sandboxes.server import mount
from tessera_sandboxes.signed_gateway.server import make_app


class _ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietWSGIHandler(WSGIRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class WsgiServer:
    """A WSGI app served on a free port of 127.0.0.1 by a daemon thread."""

    def __init__(self, app):
        self.httpd = make_server(
            "127.0.0.1", 0, app, server_class=_ThreadingWSGIServer, handler_class=_QuietWSGIHandler
        )
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join()


class Sandbox:
    """The sandbox gateway under /gateway, as ``python -m tessera_sandboxes`` serves it."""

    def __init__(self, state_dir=None, **options):
        self.gateway = make_app({}, state_dir, **options)
        self.server = WsgiServer(mount({"/gateway": self.gateway}))

    @property
    def gateway_url(self) -> str:
        return f"{self.server.origin}/gateway"

    def open_merchant(self) -> tuple[str, str]:
        merchant_id, secret = f"m-{secrets.token_hex(4)}", secrets.token_hex(16)
        self.gateway.secrets[merchant_id] = secret
        return merchant_id, secret

    def close(self) -> None:
        self.gateway.close()
        self.server.close()


@lru_cache(maxsize=1)
def shared_sandbox() -> Sandbox:
    """The sandbox the contract suite's settings point at, one per test process."""
    return Sandbox()


@dataclass(frozen=True)
class Reply:
    """One scripted answer: ``body`` as it is (any bytes), after ``stall`` seconds."""

    status: int = 200
    body: bytes = b'{"received": true}'
    headers: tuple = ()
    stall: float = 0.0


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    headers: dict
    body: bytes


class Scripted:
    """An HTTP server that records every request and answers the next scripted reply (200 when
    none is left): a merchant's notification endpoint, or a gateway told to misbehave."""

    def __init__(self):
        self.requests: list[Received] = []
        self._replies: list[Reply] = []
        self._lock = threading.Condition()
        self.server = LocalServer(_ScriptedHandler, self)

    @property
    def origin(self) -> str:
        return self.server.origin

    def reply(self, *replies: Reply) -> None:
        with self._lock:
            self._replies.extend(replies)

    def receive(self, request: Received) -> Reply:
        with self._lock:
            self.requests.append(request)
            self._lock.notify_all()
            return self._replies.pop(0) if self._replies else Reply()

    def wait_for(self, count: int, timeout: float = 10) -> list[Received]:
        """The requests, once there are ``count`` of them (or the timeout passed)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self.requests) < count and self._lock.wait(max(0.0, deadline - time.monotonic())):
                pass
            return list(self.requests)

    def close(self) -> None:
        self.server.close()


class _ScriptedHandler(QuietHandler):
    service: Scripted

    def _handle(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        reply = self.service.receive(Received(self.command, self.path, dict(self.headers.items()), body))
        time.sleep(reply.stall)
        self.send_body(reply.status, reply.body, dict(reply.headers))

    do_GET = do_POST = _handle
