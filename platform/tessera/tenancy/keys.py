"""Each brand's RSA key pair for encrypted ("E") calls. The private half is stored encrypted
with ``TESSERA_SECRET_KEY``; the public half is published as a JWK in the permission info."""

import uuid
from functools import lru_cache

from jwcrypto import jwk


def generate_key(secret: str) -> tuple[str, str]:
    kid = uuid.uuid4().hex
    key = jwk.JWK.generate(kty="RSA", size=2048, kid=kid, use="enc", alg="RSA-OAEP-256")
    return kid, key.export_to_pem(private_key=True, password=secret.encode()).decode()


@lru_cache(maxsize=256)
def private_key(kid: str, pem: str, secret: str) -> jwk.JWK:
    key = jwk.JWK.from_pem(pem.encode(), password=secret.encode())
    key.update(kid=kid, use="enc", alg="RSA-OAEP-256")
    return key


@lru_cache(maxsize=256)
def _public_jwk(kid: str, pem: str, secret: str) -> tuple:
    return tuple(private_key(kid, pem, secret).export_public(as_dict=True).items())


def public_jwk(kid: str, pem: str, secret: str) -> dict:
    return dict(_public_jwk(kid, pem, secret))
