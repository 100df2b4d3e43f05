"""Test data: members made the way the product makes them, and encrypted payloads made the way
the front end makes them (jwcrypto, for the brand's published public key)."""
import itertools
import json
import time
import uuid
from functools import lru_cache

from jwcrypto import jwe, jwk

from tessera.identity.models import REAL, Member, username_key
from tessera.identity.passwords import hash_password
from tessera.timeutil import utcnow

PASSWORD = "Secret123"
_numbers = itertools.count(1)


@lru_cache(maxsize=16)
def _hash(password: str) -> str:
    return hash_password(password)  # argon2id takes a while: one hash per password per run


class MemberFactory:
    """``members("demo-bd", member_type=1, ...)``: a member of that brand, flushed; its password is
    ``PASSWORD`` unless given (None: no password, as free play)."""

    def __init__(self, db, tenant_ids: dict[str, int]):
        self.db = db
        self.tenant_ids = tenant_ids

    def __call__(self, slug: str = "demo-bd", *, password: str | None = PASSWORD, **fields) -> Member:
        username = fields.pop("username", f"player{next(_numbers):04d}")
        at = fields.pop("created_at", utcnow())
        member = Member(
            tenant_id=self.tenant_ids[slug], username=username, username_key=username_key(username),
            password_hash=_hash(password) if password is not None else None,
            password_changed_at=at if password is not None else None, created_at=at,
            member_type=fields.pop("member_type", REAL), nickname=fields.pop("nickname", username), **fields)
        self.db.add(member)
        self.db.flush()
        return member


def seal(public_key: dict, fields: dict, *, iat: int | None = None, jti: str | None = None, kid: str | None = None) -> str:
    """``fields`` with ``iat`` and ``jti`` as a JWE compact serialization for ``public_key`` (a JWK)."""
    claims = {**fields, "iat": int(time.time()) if iat is None else iat, "jti": jti or uuid.uuid4().hex}
    token = jwe.JWE(json.dumps(claims).encode(),
                    protected={"alg": "RSA-OAEP-256", "enc": "A256GCM", "kid": kid or public_key["kid"]})
    token.add_recipient(jwk.JWK(**public_key))
    return token.serialize(compact=True)
