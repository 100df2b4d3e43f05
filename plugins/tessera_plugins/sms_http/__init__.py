"""SMS through an HTTP gateway, one account per brand.

    [plugins.sms-http]
    url = "https://sms.example/v1/messages"
    api_key = "env:DEMO_BD_SMS_KEY"     # a secret: read from the environment
    sender = "TESSERA"                  # the "from" shown on the phone
    countries = ["880"]                 # optional: dialing codes served; other numbers go to the next SMS plugin
    timeout_seconds = 10                # optional, per attempt

The gateway protocol Tessera speaks (a gateway's own API is put behind a small adapter that
speaks it, or gets a plugin of its own):

- ``POST <url>`` with ``Content-Type: application/json``, ``Authorization: Bearer <api_key>``,
  ``Idempotency-Key: <random, one per message>`` and the body
  ``{"to": "+8801712345678", "from": "<sender>", "text": "<message, any script>"}``.
- A 2xx answer is JSON ``{"messageId": "<the gateway's id>"}``: the message is accepted.
- A 4xx answer is a refusal (bad key, bad number, no credit): ``AdapterError("sms_rejected")``.
- A 5xx answer, no answer within ``timeout_seconds`` or no connection: the request is sent once
  more with the same Idempotency-Key, so a gateway that did send the first time answers with the
  first message's id instead of sending it again; a second failure is
  ``AdapterError("sms_unavailable")``.

A number that is not E.164 is refused before any request (``AdapterError("sms_invalid_number")``).

A check (``tessera tenants check``): ``GET <url>`` with the same ``Authorization`` sends nothing;
a 2xx answer means the gateway knows the key, 401 or 403 that it does not.
"""

import json
import logging
import secrets

import httpx

from tessera import hookimpl
from tessera.core.phone_numbers import is_e164
from tessera.plugins import AdapterError, client

DEFAULT_TIMEOUT = 10
ATTEMPTS = 2
log = logging.getLogger("tessera.sms")

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["url", "api_key", "sender"],
    "properties": {
        "url": {"type": "string", "pattern": "^https?://[^\\s]+$"},
        "api_key": {"type": "string"},
        "sender": {"type": "string", "minLength": 1, "maxLength": 16},
        "countries": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "^\\+?[1-9][0-9]{0,3}$"}},
        "timeout_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 60},
    },
}


class _Unavailable(Exception):
    """One attempt that failed in a way worth one more try."""


def _serves(settings, phone_number: str) -> bool:
    countries = settings.get("countries")
    return not countries or phone_number[1:].startswith(tuple(c.lstrip("+") for c in countries))


def _attempt(settings, body: bytes, idempotency_key: str) -> str:
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "Authorization": f"Bearer {settings['api_key']}".rstrip(),  # an empty key is the gateway's to refuse
        "Idempotency-Key": idempotency_key,
    }
    try:
        answer = httpx.post(
            settings["url"],
            content=body,
            headers=headers,
            timeout=settings.get("timeout_seconds", DEFAULT_TIMEOUT),
            verify=client.tls(),
        )
    except httpx.HTTPError as error:  # no connection, timeout, not HTTP
        raise _Unavailable(repr(error)) from None
    if 400 <= answer.status_code < 500:
        raise AdapterError("sms_rejected", status=answer.status_code)
    if not answer.is_success:
        raise _Unavailable(f"HTTP {answer.status_code}")
    try:
        message_id = answer.json().get("messageId")
    except (ValueError, AttributeError) as error:  # not a JSON object
        raise _Unavailable(repr(error)) from None
    if not isinstance(message_id, (str, int)) or message_id == "":
        raise _Unavailable("answer without a messageId")
    return str(message_id)


@hookimpl
def tessera_sms_send(tenant, settings, phone_number, message):
    if not is_e164(phone_number):
        raise AdapterError("sms_invalid_number", phone=phone_number)
    if not _serves(settings, phone_number):
        return None
    body = json.dumps({"to": phone_number, "from": settings["sender"], "text": message}).encode()
    idempotency_key = secrets.token_hex(16)
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return _attempt(settings, body, idempotency_key)
        except _Unavailable as failure:
            log.warning(
                "SMS gateway %s failed (brand %s, attempt %d): %s", settings["url"], tenant.slug, attempt, failure
            )
    raise AdapterError("sms_unavailable")


@hookimpl
def tessera_provider_check(tenant, settings):
    if not settings["api_key"]:
        return client.check_answer(client.REFUSED, "no API key configured (is its environment variable set?)")
    headers = {"Accept": "application/json", "Authorization": f"Bearer {settings['api_key']}"}
    try:
        answer = httpx.get(
            settings["url"],
            headers=headers,
            timeout=settings.get("timeout_seconds", DEFAULT_TIMEOUT),
            verify=client.tls(),
        )
    except httpx.HTTPError as error:
        return client.check_answer(client.UNREACHABLE, repr(error))
    return client.http_check(answer.status_code, answer.content[:200].decode("utf-8", "replace"))


# -- Contract helpers (the kit's sms-sender suite) ------------------------------------------
# They use the local gateway of the development sandboxes (tessera_sandboxes.sms_gateway).


def contract_settings() -> dict:
    from tessera_sandboxes.sms_gateway import shared

    return {"url": shared().url, "api_key": shared().open_account(), "sender": "TESSERA", "timeout_seconds": 5}


def contract_delivered(settings, message_id):
    from tessera_sandboxes.sms_gateway import shared

    return shared().delivered(settings["api_key"], message_id)


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome`` (the kit's provider-check suite)."""
    from tessera.plugins.kit.local_http import closed_url

    settings = contract_settings()
    if outcome == "refused":
        settings["api_key"] = "not-" + settings["api_key"]
    elif outcome == "unreachable":
        settings["url"] = closed_url("/v1/messages")
    return settings
