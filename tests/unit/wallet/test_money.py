from decimal import Decimal

import pytest

from tessera.core.envelope import ApiError
from tessera.core.money import Money

BDT = Money.of("BDT")
parse_amount, format_minor, to_minor = BDT.parse, BDT.format, BDT.to_minor


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
    assert (refusal.value.params["places"], refusal.value.params["step"]) == (2, "0.01")


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


# -- Each currency's own minor unit, and the brand's step ---------------------------------------


@pytest.mark.parametrize("code, places", [("VND", 0), ("KRW", 0), ("BDT", 2), ("PHP", 2), ("KWD", 3), ("IDR", 2)])
def test_each_currency_has_its_minor_unit(code, places):
    assert Money.of(code).places == places


def test_dong_are_whole():
    vnd = Money.of("VND")
    assert vnd.parse("250000") == 250000
    assert vnd.format(250000) == "250000"
    assert vnd.format(-5) == "-5"
    with pytest.raises(ApiError) as refusal:
        vnd.parse("250000.50")
    assert refusal.value.code == "amount_too_precise"
    assert (refusal.value.params["places"], refusal.value.params["step"]) == (0, "1")
    assert vnd.minor_of("250000.00") == 250000  # a gateway writing two decimals still means whole dong
    assert vnd.minor_of("1.5") is None
    assert vnd.largest == 10**13


def test_a_three_place_currency():
    kwd = Money.of("KWD")
    assert kwd.parse("1.005") == 1005
    assert kwd.format(1005) == "1.005"


def test_a_brand_step_is_coarser_than_the_minor_unit():
    rupiah = Money.of("IDR", "1")
    assert (rupiah.places, rupiah.step) == (2, 100)
    assert rupiah.parse("15000") == 1500000
    assert rupiah.format(1500000) == "15000.00"
    with pytest.raises(ApiError) as refusal:
        rupiah.parse("15000.50")
    assert (refusal.value.code, refusal.value.params["step"]) == ("amount_too_precise", "1.00")
    thousands = Money.of("VND", "1000")
    assert thousands.parse("250000") == 250000
    with pytest.raises(ApiError) as refusal:
        thousands.parse("250500")
    assert (refusal.value.code, refusal.value.params["step"]) == ("amount_too_precise", "1000")


def test_bounds_are_written_in_the_currency():
    vnd = Money.of("VND")
    with pytest.raises(ApiError) as low:
        vnd.parse("999", minimum=1000)
    assert low.value.params["min"] == "1000"
