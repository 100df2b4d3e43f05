"""Phone auth with Firebase: the shell confirms the number with Firebase's SDK and sends the ID
token it gets; this plugin verifies that token and answers the phone number in it.

    [plugins.firebase-phone-auth]
    project_id = "tessera-demo-bd"      # the Firebase project of the brand
    api_key = "AIza..."                 # its web app's API key (public: the browser's SDK sends it)
    # auth_domain = "tessera-demo-bd.firebaseapp.com"   # the default
    # certs_url = "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
    # timeout_seconds = 5
    # emulator_host = "127.0.0.1:9099"  # development only: the Firebase Auth emulator
    # project_config_url = "https://www.googleapis.com/identitytoolkit/v3/relyingparty/getProjectConfig"

``web_config(settings)`` is what the browser's Firebase SDK needs (``apiKey``, ``authDomain``,
``projectId``, and ``emulatorUrl`` with ``emulator_host``); all of it is public.

A token is accepted when it is an RS256 JWT whose ``kid`` names one of the certificates published
at ``certs_url`` (fetched then kept for the answer's ``Cache-Control: max-age``) and whose signature
that certificate's key verifies; ``aud`` is the project and ``iss`` is
``https://securetoken.google.com/<project_id>``; ``exp`` is in the future and ``iat`` and
``auth_time`` are not (60 seconds' leeway for clocks); ``sub`` is not empty; the sign-in was by
phone (``firebase.sign_in_provider``) and ``phone_number`` holds an E.164 number. The algorithm is
Tessera's choice, never the token's: ``alg: none`` or HS256 are refused.

With ``emulator_host`` (never by default) the brand's members sign in against the Firebase Auth
emulator, whose ID tokens are unsigned (``alg: none``, no signature), as the Firebase Admin SDKs
accept them under ``FIREBASE_AUTH_EMULATOR_HOST``: such a token is then the only kind accepted, no
certificate is fetched, and every claim is checked as above.

A check (``tessera tenants check``) fetches the certificates and asks ``project_config_url`` about
the API key (``?key=``): Firebase answers the key's project (``projectId``), which must be
``project_id``; a 4xx is a key it refuses. With ``emulator_host``, the emulator is asked instead.

Refusals, with SPEC §8's phone-auth codes (``PHONE_AUTH_ERRORS`` lists them all; the ones the
Firebase SDK reports in the browser, such as ``phone_auth_too_many_requests``, are shown by the
shell without reaching the server):

- ``phone_auth_missing_code``: no token.
- ``phone_auth_invalid_code``: not a token, a bad signature, an unknown ``kid``, another
  algorithm, another project or issuer, issued in the future, no subject, not a phone sign-in.
- ``phone_auth_code_expired``: ``exp`` has passed.
- ``phone_auth_missing_phone_number`` / ``phone_auth_invalid_phone_number``: the token holds no
  phone number, or one that is not E.164.
- ``phone_auth_unknown_error``: the certificates cannot be fetched or read.
"""

import json
import logging
import re
import secrets
import threading
import time

import httpx
from jwcrypto import jwk, jws
from jwcrypto.common import JWException

from tessera import hookimpl
from tessera.core.phone_numbers import is_e164
from tessera.plugins import AdapterError, client

GOOGLE_CERTS_URL = "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
GOOGLE_PROJECT_CONFIG_URL = "https://www.googleapis.com/identitytoolkit/v3/relyingparty/getProjectConfig"
LEEWAY = 60
DEFAULT_TIMEOUT = 5
PHONE_AUTH_ERRORS = (
    "phone_auth_invalid_phone_number",
    "phone_auth_missing_phone_number",
    "phone_auth_too_many_requests",
    "phone_auth_unknown_error",
    "phone_auth_invalid_code",
    "phone_auth_missing_code",
    "phone_auth_captcha_check_failed",
    "phone_auth_quota_exceeded",
    "phone_auth_operation_not_allowed",
    "phone_auth_code_expired",
    "phone_auth_popup_closed",
)
log = logging.getLogger("tessera.phone_auth")

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["project_id", "api_key"],
    "properties": {
        "project_id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]{2,62}$"},
        "certs_url": {"type": "string", "pattern": "^https?://[^\\s]+$"},
        "timeout_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 60},
        "api_key": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,128}$"},
        "auth_domain": {"type": "string", "pattern": "^[a-z0-9.-]{1,253}$"},
        "emulator_host": {"type": "string", "pattern": "^[A-Za-z0-9.-]{1,253}:[0-9]{1,5}$"},
        "project_config_url": {"type": "string", "pattern": "^https?://[^\\s?#]+$"},
    },
}

_certificates: dict[str, tuple[float, dict]] = {}  # certs URL -> (monotonic expiry, kid -> RSA public JWK)
_lock = threading.Lock()


def _refusal(code: str, reason: str) -> AdapterError:
    log.info("Firebase ID token refused (%s): %s", code, reason)
    return AdapterError(code)


def _max_age(cache_control: str | None) -> int:
    found = re.search(r"(?:^|[,\s])max-age=(\d+)", cache_control or "")
    return int(found.group(1)) if found else 0


def _fetch(url: str, timeout: float) -> tuple[dict, int]:
    """Google's published keys: x509 certificates by kid (securetoken's URL), or a JWK set."""
    answer = httpx.get(url, headers={"Accept": "application/json"}, timeout=timeout, verify=client.tls())
    if answer.status_code != 200:
        raise ValueError(f"HTTP {answer.status_code}")
    published, max_age = answer.json(), _max_age(answer.headers.get("Cache-Control"))
    if isinstance(published, dict) and "keys" in published:
        keys = {key.get("kid"): key for key in jwk.JWKSet.from_json(answer.text)}
    else:
        keys = {kid: jwk.JWK.from_pem(pem.encode()) for kid, pem in published.items()}
    return {kid: key for kid, key in keys.items() if key.get("kty") == "RSA"}, max_age


def _public_keys(settings) -> dict:
    url = settings.get("certs_url", GOOGLE_CERTS_URL)
    with _lock:
        expiry, keys = _certificates.get(url, (0.0, {}))
    if expiry > time.monotonic():
        return keys
    try:
        keys, max_age = _fetch(url, settings.get("timeout_seconds", DEFAULT_TIMEOUT))
    except (httpx.HTTPError, JWException, ValueError, AttributeError, TypeError) as error:  # unreachable, unreadable
        log.warning("Firebase certificates at %s could not be read: %r", url, error)
        raise AdapterError("phone_auth_unknown_error") from None
    with _lock:
        _certificates[url] = (time.monotonic() + max_age, keys)
    return keys


@hookimpl
def tessera_phone_auth_client(tenant, settings):
    return web_config(settings)


def web_config(settings) -> dict:
    """The brand's Firebase web app as the browser's SDK is configured with (public values)."""
    project = settings["project_id"]
    config = {
        "provider": "firebase",
        "apiKey": settings["api_key"],
        "projectId": project,
        "authDomain": settings.get("auth_domain", f"{project}.firebaseapp.com"),
    }
    if settings.get("emulator_host"):
        config["emulatorUrl"] = f"http://{settings['emulator_host']}"
    return config


def _verified_claims(settings, id_token) -> dict:
    if not isinstance(id_token, str) or not id_token:
        raise _refusal("phone_auth_missing_code", "no token")
    token = jws.JWS()
    try:
        token.deserialize(id_token)
        header = token.jose_header
    except (JWException, ValueError, TypeError):
        raise _refusal("phone_auth_invalid_code", "not a JWT") from None
    if settings.get("emulator_host"):
        if header.get("alg") != "none" or token.objects.get("signature"):
            raise _refusal("phone_auth_invalid_code", "not an emulator token")
        return _claims(token.objects.get("payload"))
    if header.get("alg") != "RS256":
        raise _refusal("phone_auth_invalid_code", "not an RS256 JWT")
    kid = header.get("kid")
    key = _public_keys(settings).get(kid) if isinstance(kid, str) else None
    if key is None:
        raise _refusal("phone_auth_invalid_code", "unknown kid")
    token.allowed_algs = ["RS256"]  # Tessera's choice, never the token's
    try:
        token.verify(key, alg="RS256")
    except JWException:
        raise _refusal("phone_auth_invalid_code", "bad signature") from None
    return _claims(token.payload)


def _claims(payload) -> dict:
    try:
        claims = json.loads(payload)
    except (ValueError, TypeError):
        claims = None
    if not isinstance(claims, dict):
        raise _refusal("phone_auth_invalid_code", "not a JWT")
    return claims


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check(settings, claims: dict) -> str:
    project, now = settings["project_id"], time.time()
    if claims.get("aud") != project or claims.get("iss") != f"https://securetoken.google.com/{project}":
        raise _refusal("phone_auth_invalid_code", "another project")
    if not all(_number(claims.get(name)) for name in ("exp", "iat", "auth_time")):
        raise _refusal("phone_auth_invalid_code", "no exp, iat or auth_time")
    if claims["exp"] + LEEWAY <= now:
        raise _refusal("phone_auth_code_expired", "expired")
    if claims["iat"] - LEEWAY > now or claims["auth_time"] - LEEWAY > now:
        raise _refusal("phone_auth_invalid_code", "issued in the future")
    if not isinstance(claims.get("sub"), str) or not claims["sub"]:
        raise _refusal("phone_auth_invalid_code", "no subject")
    firebase = claims.get("firebase")
    if not isinstance(firebase, dict) or firebase.get("sign_in_provider") != "phone":
        raise _refusal("phone_auth_invalid_code", "not a phone sign-in")
    if "phone_number" not in claims:
        raise _refusal("phone_auth_missing_phone_number", "no phone_number")
    if not is_e164(claims["phone_number"]):
        raise _refusal("phone_auth_invalid_phone_number", "phone_number is not E.164")
    return claims["phone_number"]


@hookimpl
def tessera_phone_auth_verify(tenant, settings, id_token):
    return _check(settings, _verified_claims(settings, id_token))


def _project_check(settings) -> dict:
    url = settings.get("project_config_url", GOOGLE_PROJECT_CONFIG_URL)
    try:
        answer = httpx.get(
            url,
            params={"key": settings["api_key"]},
            timeout=settings.get("timeout_seconds", DEFAULT_TIMEOUT),
            verify=client.tls(),
        )
        config = answer.json() if answer.status_code == 200 else None
    except (httpx.HTTPError, ValueError) as error:
        return client.check_answer(client.UNREACHABLE, repr(error))
    if 400 <= answer.status_code < 500:
        return client.check_answer(client.REFUSED, f"the API key is refused: HTTP {answer.status_code}")
    if not isinstance(config, dict):
        return (
            client.http_check(answer.status_code)
            if answer.status_code != 200
            else client.check_answer(client.UNREACHABLE, "an answer that is not a JSON object")
        )
    if config.get("projectId") != settings["project_id"]:
        return client.check_answer(client.REFUSED, f"the API key is of project {config.get('projectId')!r}")
    return client.check_answer(client.OK, "the API key is the project's and its certificates are published")


@hookimpl
def tessera_provider_check(tenant, settings):
    if settings.get("emulator_host"):
        try:
            answer = httpx.get(
                f"http://{settings['emulator_host']}/", timeout=settings.get("timeout_seconds", 5), verify=client.tls()
            )
        except httpx.HTTPError as error:
            return client.check_answer(client.UNREACHABLE, f"the emulator: {error!r}")
        return client.check_answer(client.OK, f"the emulator answers (HTTP {answer.status_code})")
    try:
        _fetch(settings.get("certs_url", GOOGLE_CERTS_URL), settings.get("timeout_seconds", DEFAULT_TIMEOUT))
    except (httpx.HTTPError, JWException, ValueError, AttributeError, TypeError) as error:
        return client.check_answer(client.UNREACHABLE, f"the certificates: {error!r}")
    return _project_check(settings)


# -- Contract helpers (the kit's phone-auth suite) ------------------------------------------
# They use the local secure-token service of the development sandboxes (tessera_sandboxes.securetoken).


def contract_settings() -> dict:
    from tessera_sandboxes.securetoken import shared

    project_id = f"tessera-{secrets.token_hex(4)}"
    return {
        "project_id": project_id,
        "api_key": shared().open_project(project_id),
        "certs_url": shared().certs_url,
        "project_config_url": shared().project_config_url,
    }


def contract_token(settings, phone_number, issued_at):
    from tessera_sandboxes.securetoken import shared

    return shared().token(settings["project_id"], phone_number, issued_at)


def contract_forged_token(settings, phone_number, issued_at):
    from tessera_sandboxes.securetoken import shared

    return shared().forged_token(settings["project_id"], phone_number, issued_at)


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome`` (the kit's provider-check suite)."""
    from tessera_sandboxes.securetoken import shared

    from tessera.plugins.kit.local_http import closed_url

    settings = contract_settings()
    if outcome == "refused":
        settings["api_key"] = shared().open_project("another-project")
    elif outcome == "unreachable":
        settings["certs_url"] = closed_url("/certs")
    return settings
