"""Firebase phone auth (``firebase-phone-auth``) against a local secure-token service: every way
an ID token can fail, and the certificates' cache."""

import time
from datetime import UTC, datetime, timedelta

import pytest
from jsonschema import Draft202012Validator
from tessera_sandboxes.certificates import rsa_key
from tessera_sandboxes.securetoken import SecureToken, b64json

from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera_plugins.firebase_phone_auth import SETTINGS_SCHEMA, web_config
from tessera_plugins.firebase_phone_auth import _certificates as certificates_kept

VERIFY = "tessera_phone_auth_verify"
PROJECT = "tessera-demo-bd"
PHONE = "+8801712345678"


@pytest.fixture
def issuer():
    # Each issuer has its own keys, and may be given the port of one closed before: the certificates
    # the plugin keeps by address must not outlive the test that fetched them.
    certificates_kept.clear()
    issuer = SecureToken()
    yield issuer
    issuer.close()
    certificates_kept.clear()


@pytest.fixture
def settings(issuer):
    return {"project_id": PROJECT, "certs_url": issuer.certs_url, "timeout_seconds": 2}


def verify(settings, id_token):
    return TenantPlugins(plugin_manager(), brand({"firebase-phone-auth": settings})).first(VERIFY, id_token=id_token)


def refusal(settings, id_token) -> str:
    with pytest.raises(AdapterError) as refused:
        verify(settings, id_token)
    return refused.value.code


def claims(issuer, **changes):
    made = issuer.claims(PROJECT, PHONE)
    made.update(changes)
    return {k: v for k, v in made.items() if v is not None}


def test_a_valid_token_gives_its_phone_number(issuer, settings):
    assert verify(settings, issuer.token(PROJECT, PHONE)) == PHONE


def test_a_token_signed_with_another_key_is_refused(issuer, settings):
    assert refusal(settings, issuer.sign(claims(issuer), key=rsa_key())) == "phone_auth_invalid_code"


def test_a_token_whose_kid_is_not_published_is_refused(issuer, settings):
    assert (
        refusal(settings, issuer.sign(claims(issuer), kid="0" * 40, key=issuer.keys[issuer.kid]))
        == "phone_auth_invalid_code"
    )


def test_every_published_key_is_accepted():
    issuer = SecureToken(max_age=0)  # Google publishes the next key before signing with it
    try:
        settings = {"project_id": PROJECT, "certs_url": issuer.certs_url}
        assert verify(settings, issuer.token(PROJECT, PHONE)) == PHONE
        assert verify(settings, issuer.sign(claims(issuer), kid=issuer.add_key())) == PHONE
    finally:
        issuer.close()


@pytest.mark.parametrize(
    "changes",
    [
        {"aud": "another-project"},
        {"iss": "https://securetoken.google.com/another-project"},
        {"iss": f"https://evil.example/{PROJECT}"},
    ],
    ids=["aud", "iss", "issuer-host"],
)
def test_a_token_for_another_project_is_refused(issuer, settings, changes):
    assert refusal(settings, issuer.sign(claims(issuer, **changes))) == "phone_auth_invalid_code"


def test_an_expired_token_is_refused(issuer, settings):
    now = int(time.time())
    expired = claims(issuer, iat=now - 3700, auth_time=now - 3700, exp=now - 100)
    assert refusal(settings, issuer.sign(expired)) == "phone_auth_code_expired"


def test_clocks_a_few_seconds_apart_are_tolerated(issuer, settings):
    now = int(time.time())
    assert verify(settings, issuer.sign(claims(issuer, iat=now + 30, auth_time=now + 30, exp=now - 30))) == PHONE


@pytest.mark.parametrize("claim", ["iat", "auth_time"])
def test_a_token_issued_in_the_future_is_refused(issuer, settings, claim):
    assert (
        refusal(settings, issuer.sign(claims(issuer, **{claim: int(time.time()) + 600}))) == "phone_auth_invalid_code"
    )


@pytest.mark.parametrize(
    "changes",
    [{"exp": None}, {"exp": "soon"}, {"iat": None}, {"auth_time": None}],
    ids=["no-exp", "text-exp", "no-iat", "no-auth_time"],
)
def test_a_token_without_its_times_is_refused(issuer, settings, changes):
    assert refusal(settings, issuer.sign(claims(issuer, **changes))) == "phone_auth_invalid_code"


@pytest.mark.parametrize("sub", ["", 42])
def test_a_token_without_a_subject_is_refused(issuer, settings, sub):
    assert refusal(settings, issuer.sign(claims(issuer, sub=sub))) == "phone_auth_invalid_code"


def test_a_token_without_a_phone_number_is_refused(issuer, settings):
    assert refusal(settings, issuer.sign(issuer.claims(PROJECT, None))) == "phone_auth_missing_phone_number"


@pytest.mark.parametrize("phone", ["01712345678", "", 8801712345678, PHONE + "\n"], ids=repr)
def test_a_phone_number_that_is_not_e164_is_refused(issuer, settings, phone):
    assert refusal(settings, issuer.sign(claims(issuer, phone_number=phone))) == "phone_auth_invalid_phone_number"


def test_a_sign_in_that_was_not_by_phone_is_refused(issuer, settings):
    google = claims(issuer, firebase={"identities": {}, "sign_in_provider": "google.com"})
    assert refusal(settings, issuer.sign(google)) == "phone_auth_invalid_code"


def test_an_unsigned_token_is_refused(issuer, settings):
    assert refusal(settings, issuer.unsigned_token(claims(issuer))) == "phone_auth_invalid_code"


def test_a_token_keyed_with_the_public_certificate_is_refused(issuer, settings):
    assert refusal(settings, issuer.hs256_token(claims(issuer))) == "phone_auth_invalid_code"


@pytest.mark.parametrize("id_token", [None, ""], ids=repr)
def test_no_token_is_a_missing_code(settings, id_token):
    assert refusal(settings, id_token) == "phone_auth_missing_code"


@pytest.mark.parametrize("id_token", ["not-a-token", "a.b.c", "a.b.c.d", "é.é.é", "W10.W10.AA"], ids=repr)
def test_garbage_is_an_invalid_code(settings, id_token):
    assert refusal(settings, id_token) == "phone_auth_invalid_code"


def test_certificates_that_cannot_be_fetched_are_an_unknown_error(issuer, settings):
    issuer.failing = True
    assert refusal(settings, issuer.token(PROJECT, PHONE)) == "phone_auth_unknown_error"
    issuer.failing = False
    assert verify(settings, issuer.token(PROJECT, PHONE)) == PHONE


def test_a_certificates_service_that_is_down_is_an_unknown_error(issuer, settings):
    token = issuer.token(PROJECT, PHONE)
    issuer.close()
    assert refusal(settings, token) == "phone_auth_unknown_error"


def test_the_certificates_are_kept_for_their_max_age(issuer, settings):
    for _ in range(3):
        verify(settings, issuer.token(PROJECT, PHONE))
    assert issuer.fetches == 1


def test_certificates_without_a_max_age_are_fetched_each_time():
    issuer = SecureToken(max_age=0)
    try:
        settings = {"project_id": PROJECT, "certs_url": issuer.certs_url}
        for _ in range(2):
            verify(settings, issuer.token(PROJECT, PHONE))
        assert issuer.fetches == 2
    finally:
        issuer.close()


def test_a_token_of_another_brand_project_is_refused_with_the_same_certificates(issuer, settings):
    other = issuer.token("tessera-demo-ph", PHONE, datetime.now(UTC) - timedelta(minutes=1))
    assert refusal(settings, other) == "phone_auth_invalid_code"
    assert verify({**settings, "project_id": "tessera-demo-ph"}, other) == PHONE


# -- The Firebase Auth emulator (development) -------------------------------------------------

EMULATOR_HEADER = {"alg": "none", "typ": "JWT"}  # what the emulator's ID tokens carry, with no signature


def emulator_token(claims: dict) -> str:
    return f"{b64json(EMULATOR_HEADER)}.{b64json(claims)}."


@pytest.fixture
def emulated(settings):
    return {**settings, "emulator_host": "127.0.0.1:9099"}


def test_with_the_emulator_setting_an_emulator_token_gives_its_phone_number(issuer, emulated):
    issuer.close()  # no certificate is fetched for it
    assert verify(emulated, emulator_token(claims(issuer))) == PHONE


def test_without_the_emulator_setting_the_same_token_is_refused(issuer, settings):
    assert "emulator_host" not in settings
    assert refusal(settings, emulator_token(claims(issuer))) == "phone_auth_invalid_code"
    assert refusal(settings, issuer.unsigned_token(claims(issuer))) == "phone_auth_invalid_code"


def test_with_the_emulator_setting_a_signed_or_half_unsigned_token_is_refused(issuer, emulated):
    assert refusal(emulated, issuer.token(PROJECT, PHONE)) == "phone_auth_invalid_code"
    unsigned_with_signature = emulator_token(claims(issuer)) + "c2lnbmF0dXJl"
    assert refusal(emulated, unsigned_with_signature) == "phone_auth_invalid_code"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"aud": "another-project"}, "phone_auth_invalid_code"),
        (
            {"exp": int(time.time()) - 100, "iat": int(time.time()) - 3700, "auth_time": int(time.time()) - 3700},
            "phone_auth_code_expired",
        ),
        ({"firebase": {"identities": {}, "sign_in_provider": "anonymous"}}, "phone_auth_invalid_code"),
        ({"phone_number": "01712345678"}, "phone_auth_invalid_phone_number"),
    ],
    ids=["another-project", "expired", "not-phone", "not-e164"],
)
def test_with_the_emulator_setting_the_claims_are_checked_all_the_same(issuer, emulated, changes, code):
    assert refusal(emulated, emulator_token(claims(issuer, **changes))) == code


def test_the_web_config_is_what_the_browser_sdk_needs():
    settings = {"project_id": PROJECT, "api_key": "AIzaSy-public_key"}
    assert web_config(settings) == {
        "provider": "firebase",
        "apiKey": "AIzaSy-public_key",
        "projectId": PROJECT,
        "authDomain": f"{PROJECT}.firebaseapp.com",
    }
    emulated = {**settings, "auth_domain": "login.example.com", "emulator_host": "127.0.0.1:9099"}
    assert web_config(emulated) == {
        "provider": "firebase",
        "apiKey": "AIzaSy-public_key",
        "projectId": PROJECT,
        "authDomain": "login.example.com",
        "emulatorUrl": "http://127.0.0.1:9099",
    }


def test_settings_for_the_emulator_are_valid():
    settings = {"project_id": "demo-tessera", "api_key": "demo-key", "emulator_host": "127.0.0.1:9099"}
    assert list(Draft202012Validator(SETTINGS_SCHEMA).iter_errors(settings)) == []


@pytest.mark.parametrize(
    "settings",
    [
        {"project_id": PROJECT},
        {"project_id": PROJECT, "api_key": "k", "emulator_host": "http://127.0.0.1:9099"},
        {"project_id": PROJECT, "api_key": "k", "emulator_host": "127.0.0.1"},
    ],
    ids=["no-api-key", "emulator-url-not-host", "emulator-without-port"],
)
def test_settings_the_schema_refuses(settings):
    assert list(Draft202012Validator(SETTINGS_SCHEMA).iter_errors(settings))


def test_the_browser_gets_the_web_config_through_tessera_phone_auth_client():
    settings = {"project_id": "demo-tessera", "api_key": "demo-key", "emulator_host": "127.0.0.1:9099"}
    plugins = TenantPlugins(plugin_manager(), brand({"firebase-phone-auth": settings}))
    assert plugins.first("tessera_phone_auth_client") == web_config(settings)
    assert TenantPlugins(plugin_manager(), brand({})).first("tessera_phone_auth_client") is None
