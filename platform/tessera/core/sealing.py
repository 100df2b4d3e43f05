"""Secrets kept in the database sealed with the deployment's key (``TESSERA_SECRET_KEY``):
AES-256-GCM under a key derived for one purpose (HKDF-SHA256), bound to the row that holds it, so
a copied database alone does not give them away, and a sealed value moved to another row does
not open there."""

import base64
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

VERSION = "v1"
NONCE = 12  # bytes, as AES-GCM takes them


class SealBroken(ValueError):
    """A sealed value that does not open: another key, purpose or row, or changed."""


def _key(secret_key: str, purpose: str) -> AESGCM:
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=f"tessera:{purpose}".encode())
    return AESGCM(derived.derive(secret_key.encode()))


def seal(secret_key: str, purpose: str, row: str, plain: str) -> str:
    """``plain`` sealed for ``purpose`` and the row named ``row``: ``v1.<base64url>``."""
    nonce = secrets.token_bytes(NONCE)
    sealed = _key(secret_key, purpose).encrypt(nonce, plain.encode(), row.encode())
    return f"{VERSION}.{base64.urlsafe_b64encode(nonce + sealed).decode().rstrip('=')}"


def unseal(secret_key: str, purpose: str, row: str, sealed: str) -> str:
    version, _, text = sealed.partition(".")
    if version != VERSION:
        raise SealBroken("not a sealed value")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        return _key(secret_key, purpose).decrypt(raw[:NONCE], raw[NONCE:], row.encode()).decode()
    except (InvalidTag, ValueError) as error:
        raise SealBroken("the sealed value does not open") from error
