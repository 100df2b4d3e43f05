"""Quick entry of a bet's numbers: lists, ranges, patterns and doubles read into padded numbers,
and the refusals a member sees with the token at fault."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tessera.lottery.bet_types import bet_type
from tessera.lottery.entry import enter_numbers
from tessera.lottery.errors import LotteryError

LO_2, LO_3, DAU, XIEN_2, LO_TRUOT_4 = (bet_type(c) for c in ("lo_2", "lo_3", "dau", "xien_2", "lo_truot_4"))


def refused(text, type_=LO_2, **options) -> LotteryError:
    with pytest.raises(LotteryError) as refusal:
        enter_numbers(text, type_, **options)
    return refusal.value


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("12 34,56", ("12", "34", "56")),
        ("12;34\n56\t78, 90 ;", ("12", "34", "56", "78", "90")),
        ("7 07 7", ("07",)),
        ("5, 99, 0", ("05", "99", "00")),
    ],
)
def test_typed_lists_are_split_padded_and_deduplicated_in_order(text, numbers):
    assert enter_numbers(text, LO_2) == numbers


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("10-13", ("10", "11", "12", "13")),
        ("10 - 12", ("10", "11", "12")),
        ("10–12", ("10", "11", "12")),
        ("8-8", ("08",)),
        ("0-2, 98-99", ("00", "01", "02", "98", "99")),
    ],
)
def test_ranges_include_both_ends(text, numbers):
    assert enter_numbers(text, LO_2) == numbers


def test_a_range_of_a_three_digit_type_is_padded_to_three():
    assert enter_numbers("5-7 998-999", LO_3) == ("005", "006", "007", "998", "999")


def test_all_ending_in_and_all_starting_with():
    assert enter_numbers("*7", LO_2) == ("07", "17", "27", "37", "47", "57", "67", "77", "87", "97")
    assert enter_numbers("3*", LO_2) == ("30", "31", "32", "33", "34", "35", "36", "37", "38", "39")


def test_for_three_digits_the_star_fills_every_digit_not_written():
    ending_in_7 = enter_numbers("*7", LO_3)
    assert len(ending_in_7) == 100
    assert ending_in_7[:3] == ("007", "017", "027") and ending_in_7[-1] == "997"
    assert enter_numbers("*27", LO_3) == tuple(f"{n}27" for n in range(10))
    assert enter_numbers("1*5", LO_3) == tuple(f"1{n}5" for n in range(10))
    assert enter_numbers("42*", LO_3) == tuple(f"42{n}" for n in range(10))


@pytest.mark.parametrize("word", ["kep", "kép", "KÉP", "Kep"])
def test_doubles(word):
    assert enter_numbers(word, LO_2) == ("00", "11", "22", "33", "44", "55", "66", "77", "88", "99")


def test_doubles_of_three_digits_repeat_the_digit_three_times():
    assert enter_numbers("kep", LO_3) == tuple(str(n) * 3 for n in range(10))


def test_everything_mixed_keeps_the_first_place_of_each_number():
    assert enter_numbers("27 25-28 *7 kep", LO_2)[:8] == ("27", "25", "26", "28", "07", "17", "37", "47")
    assert len(enter_numbers("27 25-28 *7 kep", LO_2)) == 4 + 9 + 9


def test_one_digit_types_take_single_digits():
    assert enter_numbers("0 5 9", DAU) == ("0", "5", "9")
    assert enter_numbers("0-3", DAU) == ("0", "1", "2", "3")


@pytest.mark.parametrize("text", ["12 ab", "12 1.5", "12 1-2-3", "**", "١٢", "12-", "+5", "3*7*"])
def test_a_token_that_is_no_number_is_refused_by_name(text):
    refusal = refused(text)
    assert refusal.code == "number_invalid"
    assert refusal.params["token"] == text.split()[-1]


def test_doubles_mean_nothing_for_one_digit():
    assert refused("kep", DAU).code == "number_invalid"


@pytest.mark.parametrize("text, token", [("12 123", "123"), ("1-100", "1-100"), ("*07", "*07"), ("12*", "12*")])
def test_a_number_longer_than_the_type_is_refused(text, token):
    refusal = refused(text)
    assert (refusal.code, refusal.params) == ("number_too_long", {"token": token, "digits": 2})


def test_a_star_must_stand_for_at_least_one_digit():
    assert refused("*7", DAU).code == "number_too_long"


def test_a_reversed_range_is_refused():
    refusal = refused("10 19-10")
    assert (refusal.code, refusal.params) == ("range_reversed", {"token": "19-10"})


@pytest.mark.parametrize("text", ["", "   ", " ,; \n"])
def test_nothing_entered_is_refused(text):
    assert refused(text).code == "numbers_missing"


def test_at_most_the_limit_counted_after_duplicates_go():
    assert len(enter_numbers("00-99 00-99", LO_2)) == 100
    refusal = refused("000-100", LO_3)
    assert (refusal.code, refusal.params) == ("too_many_numbers", {"limit": 100, "count": 101})
    assert refused("0-9 10 11", limit=11).params == {"limit": 11, "count": 12}
    assert enter_numbers("0-9 10 10", LO_2, limit=11)[-1] == "10"


def test_an_exact_type_takes_exactly_its_count():
    assert enter_numbers("12 34 12", XIEN_2) == ("12", "34")
    refusal = refused("12 34 56", XIEN_2)
    assert (refusal.code, refusal.params) == (
        "wrong_count_for_bet_type",
        {"bet_type": "xien_2", "expected": 2, "exact": True, "count": 3},
    )
    assert refused("12", XIEN_2).params["count"] == 1
    assert refused("*7", LO_TRUOT_4).params == {"bet_type": "lo_truot_4", "expected": 4, "exact": True, "count": 10}


@given(
    st.lists(st.integers(0, 99), min_size=1, max_size=60),
    st.lists(st.sampled_from([" ", ",", ";", "\n", ", ", " ; "]), min_size=60, max_size=60),
)
def test_any_typed_list_comes_back_padded_without_duplicates(values, separators):
    text = "".join(f"{value}{separator}" for value, separator in zip(values, separators, strict=False))
    assert enter_numbers(text, LO_2) == tuple(dict.fromkeys(f"{value:02d}" for value in values))
