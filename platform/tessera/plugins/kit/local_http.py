"""HTTP servers on 127.0.0.1 for the contract suites: the external services plugins speak to."""

import atexit
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that answers JSON and keeps the test output free of access lines."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        try:
            return json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            return None

    def answer(self, status: int, value, headers: dict | None = None) -> None:
        self.send_body(status, json.dumps(value).encode(), headers)

    def send_body(self, status: int, body: bytes, headers: dict | None = None) -> None:
        """``body`` as it is, labelled JSON (a service told to misbehave may send anything)."""
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for name, header in (headers or {}).items():
                self.send_header(name, header)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting (the timeout tests)


class LocalServer:
    """``handler`` served on a free port of 127.0.0.1 by a daemon thread; ``handler.service`` is ``service``."""

    def __init__(self, handler: type[BaseHTTPRequestHandler], service):
        handler = type(handler.__name__, (handler,), {"service": service})
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        httpd.daemon_threads = True  # a handler told to stall must not hold up the end of the tests
        self._serve(httpd)

    def _serve(self, httpd) -> None:
        self.httpd = httpd
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()
        atexit.register(self.close)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        if self._thread.is_alive():
            self.httpd.shutdown()
            self.httpd.server_close()
            self._thread.join()
        atexit.unregister(self.close)


class _WsgiServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True  # a stalled answer must not hold up the end of the tests
    block_on_close = False
    request_queue_size = 64  # the concurrency tests connect many at once


class _QuietWsgiHandler(WSGIRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class LocalWsgiServer(LocalServer):
    """A WSGI ``app`` (a vendor's sandbox) served the same way."""

    def __init__(self, app):  # not LocalServer's: no request handler class to serve
        self._serve(make_server("127.0.0.1", 0, app, server_class=_WsgiServer, handler_class=_QuietWsgiHandler))


def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens: a service that cannot be reached."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def closed_url(path: str = "") -> str:
    """An address on 127.0.0.1 where nothing listens, ending in ``path``."""
    return f"http://127.0.0.1:{closed_port()}{path}"
