"""Every code the identity calls can answer, and every message they show under a field, has an
English and a Bengali message: the codes named in the identity modules' refusals, the registration
patterns' messages, and the codes of the adapters whose refusals reach the member."""

import ast
from pathlib import Path

import pytest

import tessera.identity
from tessera.core.i18n import LANGUAGES, catalog
from tessera.tenancy.patterns import PATTERNS
from tessera_plugins.firebase_phone_auth import PHONE_AUTH_ERRORS

IDENTITY = Path(tessera.identity.__file__).parent
# Where the code is among a call's arguments: ApiError(status, code), AdapterError(code), ...
CODE_ARGUMENT = {"ApiError": 1, "KeptRefusal": 1, "AdapterError": 0, "Problem": 0, "translate": 0}
# Adapter refusals shown to the member: an SMS sender's inside sms_send_failed's message, an
# email sender's, phone auth's (value.reason, SPEC §8), a federated provider's.
ADAPTER_CODES = {
    "sms_rejected",
    "sms_invalid_number",
    "sms_unavailable",
    "email_send_failed",
    "email_invalid_address",
    "federated_invalid",
    *PHONE_AUTH_ERRORS,
}


def _called(node: ast.Call) -> str | None:
    return getattr(node.func, "id", None) or getattr(node.func, "attr", None)


def codes_in(source: str) -> set[str]:
    """The literal codes given to refusals, problems and translations in ``source``."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _called(node) in CODE_ARGUMENT:
            position = CODE_ARGUMENT[_called(node)]
            argument = node.args[position] if len(node.args) > position else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.add(argument.value)
    return found


def identity_codes() -> set[str]:
    return set().union(*(codes_in(path.read_text("utf-8")) for path in IDENTITY.rglob("*.py")))


def pattern_keys() -> set[str]:
    return {key for p in PATTERNS.values() for key in (p.message_key, f"{p.message_key}_exact")}


def test_the_walk_finds_the_codes_it_should():
    assert codes_in('raise KeptRefusal(401, "login_failed")\nrequest.translate("sms_code_text", code=c)') == {
        "login_failed",
        "sms_code_text",
    }
    assert {
        "login_failed",
        "captcha_unavailable",
        "verification_failed",
        "field_required",
        "payload_replayed",
        "sms_code_text",
        "reset_email_text",
    } <= identity_codes()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_identity_code_has_a_message(language):
    missing = (identity_codes() | ADAPTER_CODES | pattern_keys()) - set(catalog(language))
    assert missing == set()
