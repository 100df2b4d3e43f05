"""Geetest v4: the widget runs in the member's browser and geetest's server checks its result.

    [plugins.geetest]
    captcha_id = "647f5ed2ed8acb4be36784e01556bb71"   # public: the widget starts with it
    captcha_key = "env:GEETEST_CAPTCHA_KEY"          # secret: signs each validation
    api_server = "https://gcaptcha4.geetest.com"
    timeout_seconds = 5
    fail_open = false    # true lets members through while geetest cannot be reached
    ttl_seconds = 300    # how long a challenge can be answered

A challenge is an id of Tessera's own, kept in the brand's store, and the geetest id for the
widget. Verifying takes that id from the store (single use on Tessera's side too, whatever
geetest says), then asks geetest: ``POST {api_server}/validate?captcha_id=...`` with the widget's
``lot_number``, ``captcha_output``, ``pass_token``, ``gen_time`` and
``sign_token`` = HMAC-SHA256(captcha_key, lot_number) in hex. The answer passes when geetest
replies ``{"status": "success", "result": "success"}``.

A check (``tessera tenants check``) sends geetest a validation of a puzzle never solved: geetest
answering ``"status": "success"`` (with ``"result": "fail"``) knows the captcha_id; ``"status":
"error"`` does not. (The key itself is checked only with a solved puzzle.)

Geetest unreachable (connection refused, timed out) refuses the answer unless ``fail_open``; a
reply that is not a 200 with that JSON always refuses, as does a certificate that does not verify.
"""

import hashlib
import hmac
import logging
import secrets

import requests

from tessera import hookimpl
from tessera.plugins import client

log = logging.getLogger(__name__)

FIELDS = ("lot_number", "captcha_output", "pass_token", "gen_time")
KEY_PREFIX = "geetest:"
MAX_FIELD = 1024
DEFAULTS = {"api_server": "https://gcaptcha4.geetest.com", "timeout_seconds": 5, "fail_open": False, "ttl_seconds": 300}

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["captcha_id", "captcha_key"],
    "properties": {
        "captcha_id": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
        "captcha_key": {"type": "string"},
        "api_server": {"type": "string", "pattern": "^https?://[^\\s/?#]+(/[^\\s?#]*)?$"},
        "timeout_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 30},
        "fail_open": {"type": "boolean"},
        # At most the life of the cookie that carries the challenge id (10 minutes).
        "ttl_seconds": {"type": "integer", "minimum": 60, "maximum": 600},
    },
}


def _settings(settings: dict) -> dict:
    return {**DEFAULTS, **settings}


@hookimpl
def tessera_captcha_challenge(tenant, settings, store):
    s = _settings(settings)
    captcha_id = client.issue_challenge(store, KEY_PREFIX, s["ttl_seconds"], lambda _: s["captcha_id"])
    return {"captchaId": captcha_id, "geetestId": s["captcha_id"]}


def _fields(answer: dict) -> dict | None:
    """The widget's fields of a well-formed answer; None when any is not."""
    fields = {name: answer.get(name) for name in FIELDS}
    return fields if all(isinstance(v, str) and 0 < len(v) <= MAX_FIELD for v in fields.values()) else None


@hookimpl
def tessera_captcha_verify(tenant, settings, store, answer):
    captcha_id, issued_for = client.take_challenge(store, KEY_PREFIX, answer)  # taken first: any attempt uses it up
    s = _settings(settings)
    fields = _fields(answer) if captcha_id else None
    if issued_for != s["captcha_id"] or fields is None:
        return False
    return _geetest_passes(s, fields)


def sign_token(captcha_key: str, lot_number: str) -> str:
    return hmac.new(captcha_key.encode(), lot_number.encode(), hashlib.sha256).hexdigest()


def _geetest_passes(s: dict, fields: dict) -> bool:
    try:
        reply = requests.post(
            s["api_server"].rstrip("/") + "/validate",
            params={"captcha_id": s["captcha_id"]},
            data={**fields, "sign_token": sign_token(s["captcha_key"], fields["lot_number"])},
            timeout=s["timeout_seconds"],
            allow_redirects=False,
        )
    except requests.exceptions.SSLError:
        log.warning("geetest: certificate of %s does not verify", s["api_server"])
        return False  # never fail open on a server that is not geetest
    except (requests.ConnectionError, requests.Timeout) as error:
        log.warning(
            "geetest unreachable (%s); %s", type(error).__name__, "letting through" if s["fail_open"] else "refusing"
        )
        return s["fail_open"] is True
    except requests.RequestException as error:
        log.warning("geetest: %s", type(error).__name__)
        return False
    return _reply_passes(reply)


def _reply_passes(reply) -> bool:
    if reply.status_code != 200:
        log.warning("geetest answered HTTP %s", reply.status_code)
        return False
    try:
        body = reply.json()
    except ValueError:
        log.warning("geetest answered something that is not JSON")
        return False
    return isinstance(body, dict) and body.get("status") == "success" and body.get("result") == "success"


@hookimpl
def tessera_provider_check(tenant, settings):
    s = _settings(settings)
    if not s["captcha_key"]:
        return client.check_answer(client.REFUSED, "no captcha_key configured (is its environment variable set?)")
    probe = {name: f"check-{secrets.token_hex(8)}" for name in FIELDS}
    try:
        reply = requests.post(
            s["api_server"].rstrip("/") + "/validate",
            params={"captcha_id": s["captcha_id"]},
            data={**probe, "sign_token": sign_token(s["captcha_key"], probe["lot_number"])},
            timeout=s["timeout_seconds"],
            allow_redirects=False,
        )
        body = reply.json() if reply.status_code == 200 else None
    except (requests.RequestException, ValueError) as error:
        return client.check_answer(client.UNREACHABLE, repr(error))
    if not isinstance(body, dict):
        return (
            client.http_check(reply.status_code)
            if reply.status_code != 200
            else client.check_answer(client.UNREACHABLE, "an answer that is not a JSON object")
        )
    if body.get("status") == "success":
        return client.check_answer(client.OK, "geetest knows the captcha_id")
    return client.check_answer(client.REFUSED, f"geetest: {body.get('code')} {body.get('msg')}")


# -- Contract helpers (the kit's captcha suite) ---------------------------------------------
# They drive the geetest stand-in of the development sandboxes (tessera_sandboxes.geetest_server),
# imported when first called, so only the test suite, which has that folder on its path, can use them.


def contract_settings() -> dict:
    """A geetest account of its own on the stand-in server (started on first use)."""
    from tessera_sandboxes.geetest_server import shared

    server = shared()
    captcha_id, captcha_key = server.open_account()
    return {"captcha_id": captcha_id, "captcha_key": captcha_key, "api_server": server.url, "timeout_seconds": 2}


def contract_answer(settings: dict, challenge: dict) -> dict:
    """What the widget hands the member's browser once the member solves the puzzle."""
    from tessera_sandboxes.geetest_server import shared

    solved = shared().solve(challenge["geetestId"])
    return {"captchaId": challenge["captchaId"], "captcha": None, **solved}


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome`` (the kit's provider-check suite)."""
    from tessera.plugins.kit.local_http import closed_url

    settings = contract_settings()
    if outcome == "refused":
        settings["captcha_id"] = secrets.token_hex(16)  # an account geetest never opened
    elif outcome == "unreachable":
        settings["api_server"] = closed_url()
    return settings
