"""Encrypted ("E") calls: the body is a JWE compact serialization (``Content-Type:
application/jose``) made for the brand's published public key.

A view opts in with ``encrypted=True`` next to ``openapi=True``; it then reads the JSON object
the payload carried from ``request.decrypted_json``, checked against its description's
``x-plaintext`` schema.
"""

from tessera.core.envelope import ApiError
from tessera.core.shared import claim_once, redis_client
from tessera.core.timeutil import now
from tessera.identity.encryption.services import MAX_AGE, check_freshness, decrypt, remember
from tessera.openapi.operations import find_operation


def open_payload(request) -> dict:
    """Decrypt, check and remember the request's payload; the fields it carries, without iat and jti."""
    plaintext = decrypt(request.tenant, request.body, request.registry.settings["tessera"].secret_key)
    at = now(request.registry)
    issued, jti = check_freshness(plaintext, at)
    fields = {k: v for k, v in plaintext.items() if k not in ("iat", "jti")}
    operation = find_operation(request, request.registry["openapi_operations"])
    assert operation is not None, "an encrypted call is a described one"
    operation.validate_plaintext(request, fields)
    remember_payload(request, jti, issued, at)
    return fields


def remember_payload(request, jti: str, issued, at) -> None:
    """Keep the payload's id until the payload would be stale anyway, in Redis where the deployment
    has it, else in the database; a second use is refused."""
    if redis_client(request.registry.settings["tessera"]) is None:
        remember(request.db, jti, issued, at)
    elif not claim_once(request, "seen-payload", jti, issued + MAX_AGE - at):
        raise ApiError(400, "payload_replayed")


def encrypted_deriver(view, info):
    if not info.options.get("encrypted"):
        return view

    def decrypting_view(context, request):
        request.decrypted_json = open_payload(request)
        return view(context, request)

    return decrypting_view


encrypted_deriver.options = ("encrypted",)  # type: ignore[attr-defined]  # how Pyramid reads a deriver's options
