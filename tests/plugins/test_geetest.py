"""The geetest plugin against a stand-in of geetest's server (geetest_server.py) when things go
wrong: a forged signature, geetest down or slow, a reply that is not geetest's. The captcha
contract (test_captcha.py) covers the rest through ``tessera_captcha_verify``."""

import jsonschema
import pytest
from tessera_sandboxes.geetest_server import shared

from tessera.core.onetime import OneTimeStore
from tessera.core.timeutil import utcnow
from tessera.plugins import plugin_manager
from tessera.plugins.kit.contract import Implementation
from tessera.plugins.kit.local_http import closed_port
from tessera_plugins import geetest

CHALLENGE, VERIFY = "tessera_captcha_challenge", "tessera_captcha_verify"
plugin = Implementation(plugin_manager(), "geetest")


@pytest.fixture
def store(db_session, tenant_ids):
    return OneTimeStore(db_session, tenant_ids["demo-bd"], utcnow)


@pytest.fixture
def account():
    """The plugin's settings for a new account on the stand-in."""
    return geetest.contract_settings()


def attempt(account, store, solved=None, **changes):
    """A new challenge answered with ``solved`` (else a fresh solve), verified with the account's
    settings altered by ``changes``."""
    challenge = plugin.call(CHALLENGE, account, store=store)
    solved = solved or shared().solve(account["captcha_id"])
    return plugin.call(
        VERIFY, {**account, **changes}, store=store, answer={"captchaId": challenge["captchaId"], **solved}
    )


def refused_url() -> str:
    """An address on this machine where nothing listens."""
    return f"http://127.0.0.1:{closed_port()}"


def test_the_challenge_gives_the_widget_the_public_id_only(account, store):
    challenge = plugin.call(CHALLENGE, account, store=store)
    assert challenge["geetestId"] == account["captcha_id"]
    assert account["captcha_key"] not in str(challenge)


def test_a_forged_signature_fails(account, store):
    solved = shared().solve(account["captcha_id"])
    assert attempt(account, store, solved, captcha_key="not-the-key") is False
    assert attempt(account, store, solved) is True  # the same set signed with the key passes


def test_geetest_answers_each_pass_token_once(account, store):
    solved = shared().solve(account["captcha_id"])
    assert attempt(account, store, solved) is True
    assert attempt(account, store, solved) is False  # a new challenge of ours, the pass_token replayed


@pytest.mark.parametrize("fail_open", [False, True])
def test_geetest_refusing_connections_refuses_unless_fail_open(account, store, fail_open):
    assert attempt(account, store, api_server=refused_url(), fail_open=fail_open) is fail_open


@pytest.mark.parametrize("fail_open", [False, True])
def test_geetest_too_slow_refuses_unless_fail_open(account, store, fail_open):
    shared().misbehave(account["captcha_id"], delay=1.0)
    assert attempt(account, store, timeout_seconds=0.2, fail_open=fail_open) is fail_open


def test_fail_open_still_uses_the_challenge_once(account, store):
    challenge = plugin.call(CHALLENGE, account, store=store)
    answer = {"captchaId": challenge["captchaId"], **shared().solve(account["captcha_id"])}
    down = {**account, "api_server": refused_url(), "fail_open": True}
    assert plugin.call(VERIFY, down, store=store, answer=answer) is True
    assert plugin.call(VERIFY, down, store=store, answer=answer) is False
    assert plugin.call(VERIFY, down, store=store, answer={**answer, "captchaId": "never-issued"}) is False


@pytest.mark.parametrize("fail_open", [False, True])
@pytest.mark.parametrize("status", [500, 503, 302])
def test_an_answer_other_than_200_fails_even_when_fail_open(account, store, status, fail_open):
    shared().misbehave(account["captcha_id"], status=status, body=b'{"status":"success","result":"success"}')
    assert attempt(account, store, fail_open=fail_open) is False


@pytest.mark.parametrize(
    "body",
    [
        b"<html>busy</html>",
        b"",
        b'["success"]',
        b'{"status":"success"}',
        b'{"status":"error","code":"-50005","msg":"captcha_id not found"}',
        b'{"status":"success","result":"fail","reason":"pass_token expire"}',
    ],
    ids=repr,
)
def test_a_malformed_or_refusing_answer_fails(account, store, body):
    shared().misbehave(account["captcha_id"], body=body)
    assert attempt(account, store, fail_open=True) is False


def test_the_stand_in_passes_only_what_the_protocol_allows(account, store):
    """The stand-in refuses what geetest refuses, so the passes above mean something."""
    other_id, other_key = shared().open_account()
    other_account = {**account, "captcha_id": other_id, "captcha_key": other_key}
    solved = shared().solve(account["captcha_id"])
    assert attempt(other_account, store, solved) is False  # a set another account's widget gave
    assert attempt(account, store, {**solved, "captcha_output": "tampered"}) is False
    assert attempt(account, store, solved) is True


@pytest.mark.parametrize(
    "valid, table",
    [
        (True, {"captcha_id": "0" * 32, "captcha_key": "env:GEETEST_CAPTCHA_KEY"}),
        (
            True,
            {
                "captcha_id": "0" * 32,
                "captcha_key": "k",
                "api_server": "http://127.0.0.1:8080",
                "timeout_seconds": 0.5,
                "fail_open": True,
                "ttl_seconds": 600,
            },
        ),
        (False, {"captcha_id": "0" * 32}),
        (False, {"captcha_id": "not-an-id", "captcha_key": "k"}),
        (False, {"captcha_id": "0" * 32, "captcha_key": "k", "api_server": "ftp://geetest.example"}),
        (False, {"captcha_id": "0" * 32, "captcha_key": "k", "timeout_seconds": 0}),
        (False, {"captcha_id": "0" * 32, "captcha_key": "k", "fail_open": "yes"}),
    ],
    ids=repr,
)
def test_settings_are_checked_when_brands_are_validated(valid, table):
    assert jsonschema.Draft202012Validator(geetest.SETTINGS_SCHEMA).is_valid(table) is valid
