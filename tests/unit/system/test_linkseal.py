"""The customer-service link seal: the last 8 characters are the key, the rest the ciphertext."""

import base64
import hashlib

import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from tessera.system.status.linkseal import KEY_ALPHABET, KEY_LENGTH, open_sealed, seal

LINK = "https://chat.demo-bd.example/room/support?lang=bn&member=ট"


def test_a_sealed_link_opens_to_the_link():
    assert open_sealed(seal(LINK)) == LINK


def test_the_key_is_the_last_8_characters_and_the_rest_is_urlsafe():
    sealed = seal(LINK)
    body, key = sealed[:-KEY_LENGTH], sealed[-KEY_LENGTH:]
    assert len(key) == 8 and set(key) <= set(KEY_ALPHABET)
    assert set(body) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert LINK not in sealed and "chat.demo-bd" not in sealed


def test_the_format_is_what_a_client_can_open_on_its_own():
    """SHA-256 of the key is the AES-256-GCM key; the body is base64url of nonce and ciphertext."""
    sealed = seal(LINK)
    body, key = sealed[:-KEY_LENGTH], sealed[-KEY_LENGTH:]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    aes = AESGCM(hashlib.sha256(key.encode()).digest())
    assert aes.decrypt(raw[:12], raw[12:], None).decode() == LINK


def test_each_seal_differs():
    sealed = {seal(LINK) for _ in range(20)}
    assert len(sealed) == 20
    assert len({s[-KEY_LENGTH:] for s in sealed}) == 20


@pytest.mark.parametrize(
    "tamper",
    [
        lambda s: s[:-KEY_LENGTH] + ("A" if s[-1] != "A" else "B") * KEY_LENGTH,
        lambda s: ("A" if s[0] != "A" else "B") + s[1:],
        lambda s: s[:20] + s[21:],
    ],
)
def test_a_tampered_seal_does_not_open(tamper):
    with pytest.raises((InvalidTag, ValueError)):
        open_sealed(tamper(seal(LINK)))
