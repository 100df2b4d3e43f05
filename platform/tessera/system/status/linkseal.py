"""The customer-service link seal of SPEC §7: the last 8 characters of the sealed text are the
key, the rest is the ciphertext, and the client opens it. AES-256-GCM keyed by SHA-256 of the
8-character key; the ciphertext is base64url of the 12-byte nonce followed by the sealed link.

The key travels with the text, so this hides the link from casual scraping, not from a reader.
"""

import base64
import hashlib
import secrets
import string

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

KEY_ALPHABET = string.ascii_letters + string.digits
KEY_LENGTH = 8


def _aes(key: str) -> AESGCM:
    return AESGCM(hashlib.sha256(key.encode()).digest())


def seal(link: str) -> str:
    key = "".join(secrets.choice(KEY_ALPHABET) for _ in range(KEY_LENGTH))
    nonce = secrets.token_bytes(12)
    sealed = nonce + _aes(key).encrypt(nonce, link.encode(), None)
    return base64.urlsafe_b64encode(sealed).rstrip(b"=").decode() + key


def open_sealed(text: str) -> str:
    body, key = text[:-KEY_LENGTH], text[-KEY_LENGTH:]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return _aes(key).decrypt(raw[:12], raw[12:], None).decode()
