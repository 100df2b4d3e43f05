"""The brand's book: lines from tenant.toml's [lottery] with staff's overrides over it, the demo
prices where a brand names none, and figures that do not hold refused."""

from decimal import Decimal

import pytest

from tessera.core.envelope import ApiError
from tessera.core.money import Money
from tessera.lottery.bet_types import Odds, PointPrice
from tessera.lottery.book.services import book_of, merged
from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import Region
from tessera.lottery.schedule import OFFICIAL

SECTION = {
    "member_draw_limit": "1000000",
    "number_cap": "50000000",
    "point_stakes": {"min": "1", "max": "100", "per_number": "500"},
    "amount_stakes": {"min": "1000", "max": "500000", "per_number": "1000000"},
}
VND, BDT = Money.of("VND"), Money.of("BDT")


def test_a_brand_without_a_lottery_section_sells_none():
    assert book_of(VND, None) is None and book_of(VND, {}) is None


def test_a_dong_brand_sells_every_bet_type_at_the_demo_prices():
    book = book_of(VND, SECTION)
    assert book.line(Region.NORTH, "lo_2").price == PointPrice(27_000, 99_000)
    assert book.line(Region.SOUTH, "bao_lo_4").price == PointPrice(16_000, 9_500_000)
    assert book.line(Region.SOUTH, "de").price == Odds(Decimal("99"))
    line = book.line(Region.NORTH, "lo_2")
    assert (line.min_stake, line.max_stake, line.max_per_number) == (1, 100, 500)  # points
    de = book.line(Region.NORTH, "de")
    assert (de.min_stake, de.max_stake, de.max_per_number) == (1000, 500_000, 1_000_000)  # dong
    assert (book.member_draw_limit, book.number_cap) == (1_000_000, 50_000_000)
    assert book.sells_game(OFFICIAL.game("MB")) and book.sells_game(OFFICIAL.game("ELOTT1M"))


def test_another_money_sells_a_point_bet_only_at_its_own_price():
    section = {**SECTION, "sells": ["fast"], "lines": {"north": {"lo_2": {"price": "27", "payout": "99"}}}}
    book = book_of(BDT, section)
    assert book.line(Region.NORTH, "lo_2").price == PointPrice(2700, 9900)
    with pytest.raises(LotteryError) as refused:
        book.line(Region.NORTH, "lo_3")  # no taka price named: not sold
    assert refused.value.code == "bet_type_not_in_region"
    assert book.line(Region.NORTH, "de").price == Odds(Decimal("99"))  # odds have no currency
    assert book.line(Region.NORTH, "de").min_stake == 100_000  # "1000" taka
    assert not book.sells_game(OFFICIAL.game("MB")) and book.sells_game(OFFICIAL.game("ELOTT45S"))


def test_staff_overrides_lie_over_the_folder_key_by_key():
    overrides = {"number_cap": "900", "lines": {"north": {"de": {"odds": "80", "max_stake": "2000"}}}}
    book = book_of(VND, {**SECTION, "lines": {"north": {"de": {"odds": "95", "min_stake": "2000"}}}}, overrides)
    de = book.line(Region.NORTH, "de")
    assert (de.price, de.min_stake, de.max_stake) == (Odds(Decimal("80")), 2000, 2000)
    assert book.number_cap == 900 and book.member_draw_limit == 1_000_000
    assert merged(SECTION, {"point_stakes": {"max": "7"}})["point_stakes"] == {
        "min": "1",
        "max": "7",
        "per_number": "500",
    }


@pytest.mark.parametrize(
    "change",
    [
        {"number_cap": "0"},
        {"member_draw_limit": "1.5"},  # dong has no minor unit
        {"point_stakes": {"min": "1.5", "max": "100", "per_number": "500"}},
        {"amount_stakes": {"min": "5000", "max": "1000", "per_number": "1000000"}},
        {"lines": {"north": {"de": {"odds": "-1"}}}},
        {"lines": {"north": {"lo_2": {"price": "27000"}}}},  # a payout too
    ],
)
def test_figures_that_do_not_hold_are_refused(change):
    with pytest.raises(ApiError) as refused:
        book_of(VND, {**SECTION, **change})
    assert refused.value.code == "book_invalid"


def test_an_unknown_bet_type_is_refused():
    with pytest.raises(LotteryError) as refused:
        book_of(VND, SECTION).line(Region.NORTH, "lo_9")
    assert refused.value.code == "bet_type_unknown"


def test_a_game_priced_apart_keeps_its_region_s_other_lines():
    section = {
        **SECTION,
        "lines": {"north": {"de": {"odds": "99"}}, "ELOTT1M": {"de": {"odds": "95", "max_stake": "200000"}}},
    }
    book = book_of(VND, section)
    fast, other_fast, north = (OFFICIAL.game(code) for code in ("ELOTT1M", "ELOTT5M", "MB"))
    own = book.line_for(fast, "de")
    assert (own.price, own.max_stake, own.min_stake, own.game) == (Odds(Decimal("95")), 200_000, 1000, "ELOTT1M")
    assert book.line_for(other_fast, "de").price == Odds(Decimal("99")) and book.line_for(north, "de").game is None
    assert book.line_for(fast, "lo_2") is book.line(Region.NORTH, "lo_2")  # not priced apart: the region's
    shown = {line.bet_type.code: line for line in book.lines_for(fast)}
    assert shown["de"] is own and len(shown) == len(book.lines_of(Region.NORTH))
    with pytest.raises(LotteryError) as refused:
        book.line_for(fast, "bao_lo_2")  # the region does not sell it, nor does the game
    assert refused.value.code == "bet_type_not_in_region"


@pytest.mark.parametrize(
    "lines",
    [
        {"XYZ": {"de": {"odds": "90"}}},  # no such game
        {"ELOTT1M": {"bao_lo_2": {"odds": "90"}}},  # not sold in the game's region (north)
        {"ELOTT1M": {"nope": {"odds": "90"}}},  # no such bet type
        {"ELOTT1M": {"de": {"odds": "-1"}}},  # a figure that does not hold
    ],
)
def test_a_game_s_line_that_does_not_hold_is_refused(lines):
    with pytest.raises(ApiError) as refused:
        book_of(VND, {**SECTION, "lines": lines})
    assert refused.value.code == "book_invalid"
