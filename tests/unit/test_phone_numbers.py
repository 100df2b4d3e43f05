"""The E.164 check the core and the SMS and phone-auth plugins share."""

import pytest

from tessera.core.phone_numbers import is_e164


@pytest.mark.parametrize("number", ["+8801712345678", "+639171234567", "+1234567", "+123456789012345"])
def test_e164_numbers_pass(number):
    assert is_e164(number) is True


@pytest.mark.parametrize(
    "value",
    [
        "8801712345678",  # no "+"
        "+08801712345678",  # a country code starting with 0
        "+123456",  # 6 digits: too short
        "+1234567890123456",  # 16 digits: too long
        "+880 1712345678",  # a separator
        "+8801712345678\n",  # a trailing line break ("$" would let it through)
        " +8801712345678",
        "+৮৮০১৭১২৩৪৫৬৭৮",  # Bengali digits are digits to Python, not to E.164
        "",
        None,
        8801712345678,
    ],
    ids=repr,
)
def test_anything_else_does_not(value):
    assert is_e164(value) is False
