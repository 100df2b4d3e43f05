"""The development SMS sender: nothing leaves the machine.

    [plugins.sms-outbox]
    outbox = "var/sms-outbox.jsonl"    # the default; relative to the working directory

Each message is logged (logger ``tessera.sms``, at WARNING so the default development log level
shows it) and appended to the outbox file as one JSON line ``{"id", "brand", "to", "message",
"at"}`` (``at`` in ISO 8601, UTC). Several server processes may write to the same file: each line
is one write in append mode under an exclusive lock, so lines never interleave. Browser tests
read the codes they need from that file.

A number that is not E.164 is refused before anything is written (``AdapterError("sms_invalid_number")``).
"""

import fcntl
import json
import logging
import secrets
from datetime import UTC, datetime
from pathlib import Path

from tessera import hookimpl
from tessera.core.phone_numbers import is_e164
from tessera.plugins import AdapterError

DEFAULT_OUTBOX = "var/sms-outbox.jsonl"
log = logging.getLogger("tessera.sms")

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"outbox": {"type": "string", "minLength": 1}},
}


def _append(path: Path, entry: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(entry, ensure_ascii=False) + "\n"
    with path.open("a", encoding="utf-8") as outbox:
        fcntl.flock(outbox, fcntl.LOCK_EX)  # released when the file is closed
        outbox.write(line)


def read_outbox(path) -> list[dict]:
    """Every message written to the outbox at ``path``, oldest first ([] when there is none)."""
    try:
        lines = Path(path).read_text("utf-8").splitlines()
    except FileNotFoundError:
        return []
    return [json.loads(line) for line in lines if line.strip()]


@hookimpl
def tessera_sms_send(tenant, settings, phone_number, message):
    if not is_e164(phone_number):
        raise AdapterError("sms_invalid_number", phone=phone_number)
    entry = {
        "id": secrets.token_hex(8),
        "brand": tenant.slug,
        "to": phone_number,
        "message": message,
        "at": datetime.now(UTC).isoformat(),
    }
    log.warning("SMS to %s (%s): %s", phone_number, tenant.slug, message)
    _append(Path(settings.get("outbox", DEFAULT_OUTBOX)), entry)
    return entry["id"]


# -- Contract helpers (the kit's sms-sender suite) ------------------------------------------


def contract_settings() -> dict:
    """A fresh outbox of its own, in a temporary folder removed when the process ends."""
    import atexit
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="tessera-sms-outbox-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return {"outbox": str(Path(folder) / "nested" / "sms-outbox.jsonl")}


def contract_delivered(settings, message_id):
    found = [m for m in read_outbox(settings["outbox"]) if m["id"] == message_id]
    return (found[0]["to"], found[0]["message"]) if found else None
