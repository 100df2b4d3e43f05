"""Every log line carries the id of the request it was written for, in both formats."""

import json
import logging

import pytest

from tessera.core.logs import REQUEST_ID, configure_logging


@pytest.fixture
def root_logging():
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def log_for_request(request_id):
    token = REQUEST_ID.set(request_id)
    try:
        logging.getLogger("tessera.wallet").warning("balance below zero", extra={"member_id": 7})
    finally:
        REQUEST_ID.reset(token)


def test_json_lines_carry_the_request_id(root_logging, capsys):
    configure_logging("INFO", "json")
    log_for_request("req-12345678")
    entry = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert entry["request_id"] == "req-12345678"
    assert (entry["level"], entry["logger"], entry["message"]) == ("warning", "tessera.wallet", "balance below zero")
    assert entry["member_id"] == 7


def test_text_lines_carry_the_request_id(root_logging, capsys):
    configure_logging("INFO", "text")
    log_for_request("req-87654321")
    assert "WARNING tessera.wallet [req-87654321] balance below zero" in capsys.readouterr().err


def test_configuring_twice_does_not_stack(root_logging, capsys):
    configure_logging("INFO", "text")
    configure_logging("INFO", "text")
    log_for_request("req-00000001")
    assert capsys.readouterr().err.count("balance below zero") == 1
    record = logging.getLogRecordFactory()("x", logging.INFO, __file__, 1, "m", (), None)
    assert record.request_id is None
