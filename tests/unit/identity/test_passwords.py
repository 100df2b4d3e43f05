"""argon2id with the parameters of the identity issue, rehashed when they change, and the same
work for an account that does not exist."""

from argon2 import PasswordHasher, Type

from tessera.identity import passwords
from tessera.identity.passwords import hash_password, verify_password


def parameters(hashed: str) -> str:
    return hashed.split("$")[3]


def test_hashes_are_argon2id_with_19_mib_2_passes_and_1_lane():
    hashed = hash_password("Secret123")
    assert hashed.startswith("$argon2id$v=19$")
    assert parameters(hashed) == "m=19456,t=2,p=1"
    assert hashed != hash_password("Secret123")  # salted


def test_the_right_password_matches_and_a_wrong_one_does_not():
    hashed = hash_password("Secret123")
    assert verify_password(hashed, "Secret123") == (True, None)
    assert verify_password(hashed, "secret123") == (False, None)


def test_a_hash_made_with_other_parameters_is_replaced():
    old = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=2, type=Type.ID).hash("Secret123")
    matches, rehashed = verify_password(old, "Secret123")
    assert matches and parameters(rehashed) == "m=19456,t=2,p=1"
    assert verify_password(rehashed, "Secret123") == (True, None)


def test_an_argon2i_hash_is_replaced_by_argon2id():
    old = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, type=Type.I).hash("Secret123")
    assert verify_password(old, "Secret123")[1].startswith("$argon2id$")


def test_no_account_is_checked_against_a_dummy_hash_of_the_same_cost():
    assert verify_password(None, "Secret123") == (False, None)
    dummy = passwords._dummy_hash()
    assert parameters(dummy) == "m=19456,t=2,p=1" and dummy.startswith("$argon2id$")


def test_a_stored_value_that_is_not_a_hash_never_matches():
    assert verify_password("not-a-hash", "not-a-hash") == (False, None)
