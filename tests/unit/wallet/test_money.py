from decimal import Decimal

import pytest

from tessera.core.envelope import ApiError
from tessera.wallet.money import format_minor, parse_amount, to_minor


@pytest.mark.parametrize(
    "value, minor",
    [
        ("10", 1000),
        ("10.5", 1050),
        ("0.01", 1),
        (12.34, 1234),
        (7, 700),
        ("  3.10 ", 310),
        (Decimal("2.50"), 250),
        ("1e2", 10000),
        (0.1, 10),
    ],
)
def test_amounts_are_read_exactly(value, minor):
    assert parse_amount(value) == minor


@pytest.mark.parametrize(
    "value", [None, "", "abc", "0", 0, "-1", -0.01, True, False, "NaN", "inf", "-inf", [], {}, "1" * 41]
)
def test_amounts_that_are_not_positive_numbers_are_refused(value):
    with pytest.raises(ApiError) as refusal:
        parse_amount(value, field="amount")
    assert refusal.value.code == "amount_invalid"
    assert refusal.value.params["field"] == "amount"


@pytest.mark.parametrize("value", ["0.001", 10.005, "1.999"])
def test_amounts_finer_than_a_cent_are_refused(value):
    with pytest.raises(ApiError) as refusal:
        parse_amount(value)
    assert refusal.value.code == "amount_too_precise"


def test_bounds_name_the_limit():
    with pytest.raises(ApiError) as low:
        parse_amount("99.99", minimum=10000)
    assert (low.value.code, low.value.params["min"]) == ("amount_below_minimum", "100.00")
    with pytest.raises(ApiError) as high:
        parse_amount("50000.01", maximum=5000000)
    assert (high.value.code, high.value.params["max"]) == ("amount_above_maximum", "50000.00")
    assert parse_amount("100", minimum=10000, maximum=10000) == 10000


def test_minor_units_are_written_with_two_places():
    assert format_minor(0) == "0.00"
    assert format_minor(5) == "0.05"
    assert format_minor(-123456) == "-1234.56"
    assert to_minor(Decimal("1.20")) == 120
    with pytest.raises(ValueError):
        to_minor(Decimal("1.234"))


@pytest.mark.parametrize("value", ["1e400", "99999999999999999999999", 1e300])
def test_amounts_beyond_any_balance_are_refused(value):
    with pytest.raises(ApiError) as refusal:
        parse_amount(value)
    assert (refusal.value.code, refusal.value.params["max"]) == ("amount_above_maximum", "10000000000000.00")
