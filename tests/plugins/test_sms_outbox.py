"""The development SMS sender (``sms-outbox``): what it logs and writes, beyond the SMS contract."""

import json
import logging
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from tessera.plugins import TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera_plugins.sms_outbox import read_outbox

SEND = "tessera_sms_send"
PHONE = "+639171234567"


def outbox_brand(settings: dict, slug: str = "demo-ph") -> TenantPlugins:
    return TenantPlugins(plugin_manager(), brand({"sms-outbox": settings}, slug))


def test_a_message_is_written_as_one_json_line_and_logged(tmp_path, caplog):
    outbox = tmp_path / "outbox.jsonl"
    with caplog.at_level(logging.WARNING, logger="tessera.sms"):
        message_id = outbox_brand({"outbox": str(outbox)}).first(SEND, phone_number=PHONE, message="আপনার কোড 1234567")
    [line] = outbox.read_text("utf-8").splitlines()
    entry = json.loads(line)
    assert datetime.fromisoformat(entry.pop("at")).utcoffset() == timedelta(0)
    assert entry == {"id": message_id, "brand": "demo-ph", "to": PHONE, "message": "আপনার কোড 1234567"}
    assert [(r.name, r.levelno) for r in caplog.records] == [("tessera.sms", logging.WARNING)]
    assert PHONE in caplog.text and "আপনার কোড 1234567" in caplog.text


def test_the_default_outbox_is_var_sms_outbox_jsonl_under_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    outbox_brand({}).first(SEND, phone_number=PHONE, message="one")
    outbox_brand({}, slug="demo-bd").first(SEND, phone_number="+8801712345678", message="two")
    assert [(m["brand"], m["to"], m["message"]) for m in read_outbox(tmp_path / "var" / "sms-outbox.jsonl")] == [
        ("demo-ph", PHONE, "one"),
        ("demo-bd", "+8801712345678", "two"),
    ]


WRITER = """
import sys
from tessera.plugins.kit.contract import brand
from tessera.plugins import TenantPlugins, plugin_manager
plugins = TenantPlugins(plugin_manager(), brand({"sms-outbox": {"outbox": sys.argv[1]}}))
for n in range(int(sys.argv[3])):
    plugins.first("tessera_sms_send", phone_number="+639171234567", message=sys.argv[2] * 20000 + str(n))
"""


def test_several_processes_writing_at_once_leave_whole_lines(tmp_path):
    outbox, writers, each = tmp_path / "outbox.jsonl", "ab", 25
    processes = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(outbox), letter, str(each)], cwd=Path(__file__).parent)
        for letter in writers
    ]
    assert [p.wait(timeout=120) for p in processes] == [0] * len(writers)
    messages = [m["message"] for m in read_outbox(outbox)]  # a torn line would not parse
    assert sorted(messages) == sorted(letter * 20000 + str(n) for letter in writers for n in range(each))
