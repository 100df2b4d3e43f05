"""Secrets sealed with the deployment's key open only with that key, for that purpose and row."""

import pytest

from tessera.core.sealing import SealBroken, seal, unseal

KEY = "a-deployment-key-of-at-least-32-bytes"


def test_a_sealed_secret_opens_with_its_key_purpose_and_row_only():
    sealed = seal(KEY, "staff-totp", "staff:7", "JBSWY3DPEHPK3PXP")
    assert sealed.startswith("v1.") and "JBSWY3DPEHPK3PXP" not in sealed
    assert seal(KEY, "staff-totp", "staff:7", "JBSWY3DPEHPK3PXP") != sealed  # a nonce of its own each time
    assert unseal(KEY, "staff-totp", "staff:7", sealed) == "JBSWY3DPEHPK3PXP"
    for key, purpose, row in [
        ("another-deployment-key-of-32-bytes!", "staff-totp", "staff:7"),
        (KEY, "another-purpose", "staff:7"),
        (KEY, "staff-totp", "staff:8"),  # moved to another staff member's row
    ]:
        with pytest.raises(SealBroken):
            unseal(key, purpose, row, sealed)


@pytest.mark.parametrize(
    "broken", ["JBSWY3DPEHPK3PXP", "v1.", "v1.!!!", "v2.AAAA", "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]
)
def test_what_is_not_a_whole_sealed_value_does_not_open(broken):
    with pytest.raises(SealBroken):
        unseal(KEY, "staff-totp", "staff:7", broken)
