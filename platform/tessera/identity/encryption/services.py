"""Encrypted ("E") payloads: a JWE compact serialization (RSA-OAEP-256 + A256GCM) made for the
brand's published public key. Every payload carries ``iat`` (Unix seconds) and ``jti`` (unique):
one older than five minutes, from further than a minute ahead, or seen before on the brand is refused.
"""

import json
from datetime import UTC, datetime, timedelta

from jwcrypto import jwe
from jwcrypto.common import JWException
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.identity.encryption.models import SeenPayload
from tessera.tenancy.keys import private_key

ALGORITHM, ENCRYPTION = "RSA-OAEP-256", "A256GCM"
MAX_AGE = timedelta(minutes=5)
CLOCK_SKEW = timedelta(seconds=60)
MAX_JTI_LENGTH = 128


def _invalid():
    return ApiError(400, "payload_invalid")


def _refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def decrypt(tenant, body: bytes, secret_key: str) -> dict:
    """The JSON object inside a JWE ``body``, decrypted with the brand's private key (kept
    encrypted under ``secret_key``)."""
    try:
        text = body.decode("ascii")
        if text.count(".") != 4:
            raise _invalid()  # only the compact serialization
        token = jwe.JWE(algs=[ALGORITHM, ENCRYPTION])
        token.deserialize(text)
        header = token.jose_header
        if (header.get("alg"), header.get("enc"), header.get("kid")) != (
            ALGORITHM,
            ENCRYPTION,
            tenant.key_id,
        ) or "zip" in header:
            raise _invalid()
        token.decrypt(private_key(tenant.key_id, tenant.private_key_pem, secret_key))
        plaintext = json.loads(token.payload, parse_constant=_refuse_constant)
    except (JWException, ValueError, TypeError, KeyError):  # UnicodeDecodeError and JSON errors are ValueErrors
        raise _invalid() from None
    if not isinstance(plaintext, dict):
        raise _invalid()
    return plaintext


def check_freshness(plaintext: dict, at: datetime) -> tuple[datetime, str]:
    """The payload's issue time and id; a stale or future payload is refused."""
    iat, jti = plaintext.get("iat"), plaintext.get("jti")
    if (
        not isinstance(iat, int)
        or isinstance(iat, bool)
        or not isinstance(jti, str)
        or not 0 < len(jti) <= MAX_JTI_LENGTH
    ):
        raise _invalid()
    try:
        issued = datetime.fromtimestamp(iat, UTC)
    except (OverflowError, OSError, ValueError):
        raise _invalid() from None
    if issued < at - MAX_AGE or issued > at + CLOCK_SKEW:
        raise ApiError(400, "payload_expired")
    return issued, jti


def remember(db, jti: str, issued: datetime, at: datetime) -> None:
    """Keep ``jti`` until the payload would be stale anyway; a second use is refused. The unique
    constraint decides between two requests carrying it at once: one of them fails to insert."""
    try:
        with db.begin_nested():
            db.add(SeenPayload(jti=jti, expires_at=issued + MAX_AGE))
    except IntegrityError:
        raise ApiError(400, "payload_replayed") from None
    forget_stale_payloads(db, at)


def forget_stale_payloads(db, at: datetime) -> int:
    """Forget the ids of payloads that would be refused as stale anyway (of the session's brand,
    or of every brand for an operator's session); how many."""
    return db.execute(
        delete(SeenPayload).where(SeenPayload.expires_at < at).execution_options(synchronize_session=False)
    ).rowcount
