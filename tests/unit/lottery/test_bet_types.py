"""The lottery's bet types as data: the catalogue, its demo prices from the domain notes, where each
type is sold and how many numbers it takes."""

from decimal import Decimal

import pytest

from tessera.core.envelope import ApiError
from tessera.lottery.bet_types import (
    BET_TYPES,
    BetType,
    CostModel,
    Odds,
    PointPrice,
    Rule,
    bet_type,
    bet_types_of,
)
from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import Region

NORTH, CENTRAL, SOUTH = Region.NORTH, Region.CENTRAL, Region.SOUTH


def test_every_bet_type_of_the_issue_is_in_the_catalogue_once():
    codes = [bet_type.code for bet_type in BET_TYPES]
    assert codes == [
        "lo_2",
        "lo_3",
        "bao_lo_2",
        "bao_lo_3",
        "bao_lo_4",
        "de",
        "dau",
        "duoi",
        "ba_cang",
        "xien_2",
        "xien_3",
        "xien_4",
        "lo_truot_4",
        "lo_truot_8",
        "lo_truot_10",
    ]


@pytest.mark.parametrize(
    "code, digits, count, exact, rule, cost",
    [
        ("lo_2", 2, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT),
        ("lo_3", 3, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT),
        ("bao_lo_2", 2, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT),
        ("bao_lo_3", 3, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT),
        ("bao_lo_4", 4, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT),
        ("de", 2, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE),
        ("dau", 1, 1, False, Rule.SPECIAL_TENS, CostModel.STAKE),
        ("duoi", 1, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE),
        ("ba_cang", 3, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE),
        ("xien_2", 2, 2, True, Rule.ALL_OUT, CostModel.STAKE),
        ("xien_3", 2, 3, True, Rule.ALL_OUT, CostModel.STAKE),
        ("xien_4", 2, 4, True, Rule.ALL_OUT, CostModel.STAKE),
        ("lo_truot_4", 2, 4, True, Rule.NONE_OUT, CostModel.STAKE),
        ("lo_truot_8", 2, 8, True, Rule.NONE_OUT, CostModel.STAKE),
        ("lo_truot_10", 2, 10, True, Rule.NONE_OUT, CostModel.STAKE),
    ],
)
def test_each_bet_type_says_its_digits_count_rule_and_cost_model(code, digits, count, exact, rule, cost):
    found = bet_type(code)
    assert (found.digits, found.count, found.exact, found.rule, found.cost) == (digits, count, exact, rule, cost)


@pytest.mark.parametrize(
    "code, regions",
    [
        ("lo_2", {NORTH}),
        ("lo_3", {NORTH}),
        ("bao_lo_2", {CENTRAL, SOUTH}),
        ("bao_lo_3", {CENTRAL, SOUTH}),
        ("bao_lo_4", {CENTRAL, SOUTH}),
        ("de", {NORTH, CENTRAL, SOUTH}),
        ("dau", {NORTH, CENTRAL, SOUTH}),
        ("ba_cang", {NORTH, CENTRAL, SOUTH}),
        ("xien_3", {NORTH, CENTRAL, SOUTH}),
        ("lo_truot_8", {NORTH, CENTRAL, SOUTH}),
    ],
)
def test_each_bet_type_is_sold_in_its_regions(code, regions):
    assert bet_type(code).regions == regions


def test_the_bet_types_of_a_region_keep_the_catalogue_order():
    north = [t.code for t in bet_types_of(NORTH)]
    south = [t.code for t in bet_types_of(SOUTH)]
    assert north[:3] == ["lo_2", "lo_3", "de"] and "bao_lo_2" not in north
    assert south[:4] == ["bao_lo_2", "bao_lo_3", "bao_lo_4", "de"] and "lo_2" not in south
    assert [t.code for t in bet_types_of(CENTRAL)] == south


@pytest.mark.parametrize(
    "code, region, price",
    [
        ("lo_2", NORTH, PointPrice(27_000, 99_000)),
        ("bao_lo_2", SOUTH, PointPrice(18_000, 99_600)),
        ("bao_lo_3", CENTRAL, PointPrice(17_000, 980_000)),
        ("bao_lo_4", SOUTH, PointPrice(16_000, 9_500_000)),
        ("de", SOUTH, Odds(Decimal("99"))),
        ("dau", NORTH, Odds(Decimal("9.9"))),
        ("duoi", CENTRAL, Odds(Decimal("9.9"))),
        ("ba_cang", NORTH, Odds(Decimal("980"))),
        ("xien_2", NORTH, Odds(Decimal("15"))),
        ("xien_3", NORTH, Odds(Decimal("78"))),
        ("xien_4", NORTH, Odds(Decimal("300"))),
        ("xien_2", SOUTH, Odds(Decimal("30"))),
        ("xien_3", CENTRAL, Odds(Decimal("165"))),
        ("xien_4", SOUTH, Odds(Decimal("775"))),
        ("lo_truot_4", NORTH, Odds(Decimal("2"))),
        ("lo_truot_10", SOUTH, Odds(Decimal("5.5"))),
    ],
)
def test_the_demo_prices_are_the_domain_notes_figures_in_dong(code, region, price):
    assert bet_type(code).demo_price(region) == price


def test_a_demo_price_is_only_known_where_the_type_is_sold():
    with pytest.raises(LookupError):
        bet_type("lo_2").demo_price(SOUTH)


def test_exact_types_take_their_count_and_the_others_at_least_it():
    assert bet_type("xien_3").takes(3)
    assert not bet_type("xien_3").takes(2) and not bet_type("xien_3").takes(4)
    assert bet_type("lo_2").takes(1) and bet_type("lo_2").takes(100)
    assert not bet_type("lo_2").takes(0)


def test_combinations_are_staked_as_a_whole_and_the_others_per_number():
    whole = {t.code for t in BET_TYPES if not t.staked_per_number}
    assert whole == {"xien_2", "xien_3", "xien_4", "lo_truot_4", "lo_truot_8", "lo_truot_10"}


def test_an_unknown_code_is_refused_with_a_stable_code():
    with pytest.raises(LotteryError) as refusal:
        bet_type("de_3")
    assert isinstance(refusal.value, ApiError)
    assert (refusal.value.status, refusal.value.code, refusal.value.params) == (
        400,
        "bet_type_unknown",
        {"bet_type": "de_3"},
    )


@pytest.mark.parametrize("price, payout", [(0, 99_000), (27_000, 0), (-1, 1)])
def test_a_point_price_and_payout_are_positive(price, payout):
    with pytest.raises(ValueError):
        PointPrice(price, payout)


@pytest.mark.parametrize("multiplier", [Decimal(0), Decimal("-2"), Decimal("NaN"), Decimal("Infinity"), 9.9, 99])
def test_odds_are_a_positive_finite_decimal(multiplier):
    with pytest.raises(ValueError):
        Odds(multiplier)


def test_a_bet_type_refuses_demo_prices_of_the_other_cost_model():
    with pytest.raises(ValueError):
        BetType("odd", 2, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE, ((NORTH, PointPrice(1, 2)),))
    with pytest.raises(ValueError):
        BetType("odd", 2, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT, ((NORTH, Odds(Decimal(2))),))
