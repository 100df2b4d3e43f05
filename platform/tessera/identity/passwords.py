"""Password hashes: argon2id with fixed parameters, rehashed when they change.

An unknown account is checked against a dummy hash, so the time an answer takes does not tell
whether the account exists.
"""

import secrets
from functools import lru_cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

# The brand's default password (SPEC §9): a member who has it must change it.
DEFAULT_PASSWORD = "{secret}"

HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=32, salt_len=16, type=Type.ID)


def hash_password(password: str) -> str:
    return HASHER.hash(password)


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return HASHER.hash(secrets.token_urlsafe(16))


def verify_password(stored: str | None, password: str) -> tuple[bool, str | None]:
    """Whether ``password`` matches ``stored`` (None: no such account or no password), and the
    new hash to keep when the parameters changed since it was made."""
    try:
        HASHER.verify(stored or _dummy_hash(), password)
    except (VerificationError, InvalidHashError):
        return False, None
    if stored is None:
        return False, None
    return True, hash_password(password) if HASHER.check_needs_rehash(stored) else None
