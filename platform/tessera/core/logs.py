"""Structured logs: one JSON object a line, each carrying the request id of the request it belongs to."""

import contextvars
import json
import logging
import re
import sys
import time
import uuid
from urllib.parse import quote

REQUEST_ID = contextvars.ContextVar("request_id", default=None)
_VALID_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
access_log = logging.getLogger("tessera.access")


class JsonFormatter(logging.Formatter):
    RESERVED = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}

    def format(self, record):
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": REQUEST_ID.get(),
        }
        entry.update({k: v for k, v in vars(record).items() if k not in self.RESERVED})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def _with_request_id(make_record):
    def make(*args, **kwargs):
        record = make_record(*args, **kwargs)
        record.request_id = REQUEST_ID.get()
        return record

    make.adds_request_id = True
    return make


def configure_logging(level: str = "INFO", fmt: str = "json") -> None:
    """Log to stderr; every record, whoever logs it, carries the id of the request it belongs to."""
    make_record = logging.getLogRecordFactory()
    if not getattr(make_record, "adds_request_id", False):
        logging.setLogRecordFactory(_with_request_id(make_record))
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        formatter = JsonFormatter()
        formatter.converter = time.gmtime
        handler.setFormatter(formatter)
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


def _logged_path(request) -> str:
    """The path as sent, percent-encoded again: it may not be UTF-8 (such a request is refused)."""
    environ = request.environ
    return quote((environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")).encode("latin-1"))


def request_id_tween_factory(handler, registry):
    """Give every request an id (the caller's X-Request-ID when well formed), echo it, log the access."""

    def tween(request):
        incoming = request.headers.get("X-Request-ID", "")
        request.request_id = incoming if _VALID_ID.match(incoming) else uuid.uuid4().hex
        token = REQUEST_ID.set(request.request_id)
        started = time.perf_counter()
        try:
            response = handler(request)
            response.headers["X-Request-ID"] = request.request_id
            if access_log.isEnabledFor(logging.INFO):
                access_log.info(
                    "request",
                    extra={
                        "method": request.method,
                        "path": _logged_path(request),
                        "status": response.status_int,
                        "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                        "host": request.host,
                    },
                )
            return response
        finally:
            REQUEST_ID.reset(token)

    return tween
