"""Bets settled against a northern and a southern result worked out by hand: hits per appearance,
payouts in exact minor units (dong), won or lost, and each bet's liability per number."""

from decimal import Decimal

import pytest

from tessera.lottery.bet_types import Odds, PointPrice, bet_type
from tessera.lottery.errors import LotteryError
from tessera.lottery.outcome import Bet, Outcome, liability_by_number, settle
from tessera.lottery.prizes import CENTRAL, Region, result_of
from tessera.lottery.prizes import NORTH as NORTH_FORMAT
from tessera.lottery.prizes import SOUTH as SOUTH_FORMAT

# A northern result in published order: special, 1st, 2nd ×2, 3rd ×6, 4th ×4, 5th ×6, 6th ×3, 7th ×4.
NORTH = result_of(
    NORTH_FORMAT,
    (
        "38727",
        "14092",
        *("50561", "97327"),
        *("22118", "63040", "81455", "07796", "42869", "15303"),
        *("4721", "9180", "3362", "0558"),
        *("2492", "7034", "6128", "8819", "1245", "5506"),
        *("927", "366", "684"),
        *("72", "61", "09", "45"),
    ),
)
# Its endings, counted by hand. Two digits over all 27: 27 three times (38727, 97327, 927), 92 twice
# (14092, 2492), 61 twice (50561, 61), 45 twice (1245, 45), once each: 18 40 55 96 69 03 21 80 62 58
# 34 28 19 06 66 84 72 09. Three digits over the 23 prizes of three digits or more, all different:
# 727 092 561 327 118 040 455 796 869 303 721 180 362 558 492 034 128 819 245 506 927 366 684.

# A southern result in published order: 8th, 7th, 6th ×3, 5th, 4th ×7, 3rd ×2, 2nd, 1st, special.
SOUTH = result_of(
    SOUTH_FORMAT,
    (
        "47",
        "815",
        *("3046", "9241", "6951"),
        "0381",
        *("52947", "18320", "77415", "04612", "39908", "61283", "25470"),
        *("80132", "45851"),
        "27609",
        "66180",
        "512947",
    ),
)
# Two digits over all 18: 47 three times (47, 52947, 512947), 15 twice (815, 77415), 51 twice (6951,
# 45851), once each: 46 41 81 20 12 08 83 70 32 09 80. Three digits over 17: 947 twice, the rest
# once (815 from the 7th prize). Four digits over 16: 2947 twice (52947, 512947), the rest once.

LO_2_NORTH = PointPrice(27_000, 99_000)


def bet(code, numbers, stake, price=None, region=Region.NORTH):
    type_ = bet_type(code)
    return Bet(type_, tuple(numbers), stake, price or type_.demo_price(region))


def test_lo_2_pays_each_appearance_of_each_number():
    lo = bet("lo_2", ["27", "92", "00"], 3, LO_2_NORTH)
    assert lo.cost == 3 * 27_000 * 3 == 243_000
    # 27 out three times, 92 twice, 00 never: 5 hits of 3 points at 99,000.
    assert settle(lo, NORTH) == Outcome(hits=5, won=True, payout=1_485_000)


def test_a_number_out_twice_pays_twice():
    assert settle(bet("lo_2", ["61"], 1, LO_2_NORTH), NORTH) == Outcome(2, True, 198_000)


def test_a_seventh_prize_with_a_leading_zero_is_a_lo_hit():
    assert settle(bet("lo_2", ["09"], 2, LO_2_NORTH), NORTH) == Outcome(1, True, 198_000)


def test_a_lo_that_misses_pays_nothing():
    assert settle(bet("lo_2", ["00", "11"], 5, LO_2_NORTH), NORTH) == Outcome(0, False, 0)


def test_lo_3_reads_only_prizes_of_three_digits_or_more():
    # 727 closes the special; 072 would need a three-digit prize (the 7th prize 72 has two digits).
    lo = bet("lo_3", ["727", "072", "684"], 2)
    assert settle(lo, NORTH) == Outcome(hits=2, won=True, payout=2 * 2 * 980_000)


def test_de_plays_the_special_prizes_last_two_digits_once():
    de = bet("de", ["27", "72"], 10_000)
    assert de.cost == 20_000
    # 27 is out three times as a lô, but đề reads only the special 38727.
    assert settle(de, NORTH) == Outcome(1, True, 990_000)
    assert settle(bet("de", ["92"], 10_000), NORTH) == Outcome(0, False, 0)


def test_dau_and_duoi_play_the_tens_and_the_units_of_the_special():
    assert settle(bet("dau", ["2", "7"], 1_000), NORTH) == Outcome(1, True, 9_900)
    assert settle(bet("duoi", ["7"], 1_000), NORTH) == Outcome(1, True, 9_900)
    assert settle(bet("duoi", ["2"], 1_000), NORTH) == Outcome(0, False, 0)


def test_odds_round_down_to_a_whole_minor_unit():
    # 1,001 × 9.9 = 9,909.9 dong: the member is paid 9,909.
    assert settle(bet("dau", ["2"], 1_001), NORTH).payout == 9_909
    assert settle(bet("de", ["27"], 3, Odds(Decimal("99.5"))), NORTH).payout == 298
    assert settle(bet("de", ["27"], 7, Odds(Decimal("0.3333"))), NORTH).payout == 2


def test_ba_cang_plays_the_special_prizes_last_three_digits():
    assert settle(bet("ba_cang", ["727"], 1_000), NORTH) == Outcome(1, True, 980_000)
    # 327 closes a 2nd prize, not the special.
    assert settle(bet("ba_cang", ["327"], 1_000), NORTH) == Outcome(0, False, 0)


def test_xien_pays_once_when_all_its_numbers_came_out():
    # 27 out three times and 61 twice: the xiên still pays once.
    xien = bet("xien_2", ["27", "61"], 10_000)
    assert xien.cost == 10_000
    assert settle(xien, NORTH) == Outcome(hits=2, won=True, payout=150_000)
    assert settle(bet("xien_4", ["27", "92", "61", "45"], 1_000), NORTH) == Outcome(4, True, 300_000)


def test_xien_loses_when_one_number_is_missing():
    assert settle(bet("xien_3", ["27", "61", "00"], 10_000), NORTH) == Outcome(hits=2, won=False, payout=0)


def test_lo_truot_wins_when_none_of_its_numbers_came_out():
    assert settle(bet("lo_truot_4", ["00", "11", "22", "33"], 1_000), NORTH) == Outcome(0, True, 2_000)
    ten = ["00", "01", "02", "04", "05", "07", "08", "10", "11", "12"]
    assert settle(bet("lo_truot_10", ten, 1_001), NORTH) == Outcome(0, True, 5_505)


def test_lo_truot_loses_when_one_of_its_numbers_came_out():
    assert settle(bet("lo_truot_4", ["00", "11", "22", "09"], 1_000), NORTH) == Outcome(1, False, 0)
    eight = ["00", "11", "22", "33", "44", "55", "66", "77"]
    assert settle(bet("lo_truot_8", eight, 1_000), NORTH) == Outcome(2, False, 0)


def test_bao_lo_2_in_the_south_pays_each_appearance():
    bao = bet("bao_lo_2", ["47", "15", "99"], 2, region=Region.SOUTH)
    assert bao.cost == 2 * 18_000 * 3 == 108_000
    assert settle(bao, SOUTH) == Outcome(hits=5, won=True, payout=5 * 2 * 99_600)


def test_bao_lo_3_counts_the_seventh_prize_but_not_the_eighth():
    bao = bet("bao_lo_3", ["947", "815", "047"], 1, region=Region.SOUTH)
    # 947 twice (52947, 512947), 815 once (the 7th prize), 047 never (the 8th prize 47 has two digits).
    assert settle(bao, SOUTH) == Outcome(hits=3, won=True, payout=2_940_000)


def test_bao_lo_4_counts_the_sixteen_prizes_of_four_digits_or_more():
    bao = bet("bao_lo_4", ["2947", "0815", "3046"], 1, region=Region.SOUTH)
    assert settle(bao, SOUTH) == Outcome(hits=3, won=True, payout=28_500_000)


def test_special_bets_on_a_southern_draw_read_its_six_digit_special():
    assert settle(bet("de", ["47"], 1_000, region=Region.SOUTH), SOUTH) == Outcome(1, True, 99_000)
    assert settle(bet("dau", ["4"], 1_000, region=Region.SOUTH), SOUTH) == Outcome(1, True, 9_900)
    # 947 is out twice as a bao lô 3 but the special hits once.
    assert settle(bet("ba_cang", ["947"], 1_000, region=Region.SOUTH), SOUTH) == Outcome(1, True, 980_000)


def test_xien_in_the_south_at_southern_odds():
    assert settle(bet("xien_2", ["47", "51"], 1_000, region=Region.SOUTH), SOUTH) == Outcome(2, True, 30_000)


def test_a_bet_type_not_sold_in_the_draws_region_is_refused():
    with pytest.raises(LotteryError) as refusal:
        settle(bet("lo_2", ["47"], 1, LO_2_NORTH), SOUTH)
    assert (refusal.value.code, refusal.value.params) == (
        "bet_type_not_in_region",
        {"bet_type": "lo_2", "region": "south"},
    )


def test_liability_is_the_payout_of_a_hit_on_each_number_covered():
    assert liability_by_number(bet("lo_2", ["27", "61"], 3, LO_2_NORTH)) == {"27": 297_000, "61": 297_000}
    assert liability_by_number(bet("de", ["27", "72"], 10_000)) == {"27": 990_000, "72": 990_000}
    assert liability_by_number(bet("dau", ["2"], 1_001)) == {"2": 9_909}
    assert liability_by_number(bet("xien_2", ["27", "61"], 10_000)) == {"27": 150_000, "61": 150_000}


def test_liability_grows_with_appearances_only_for_lo():
    assert liability_by_number(bet("lo_2", ["27"], 1, LO_2_NORTH), most_appearances=27) == {"27": 27 * 99_000}
    assert liability_by_number(bet("de", ["27"], 1_000), most_appearances=27) == {"27": 99_000}
    assert liability_by_number(bet("xien_2", ["27", "61"], 1_000), most_appearances=27) == {"27": 15_000, "61": 15_000}


def test_lo_truot_adds_no_liability_to_any_number():
    assert liability_by_number(bet("lo_truot_4", ["00", "11", "22", "33"], 1_000)) == {}


@pytest.mark.parametrize(
    "code, numbers, code_refused",
    [
        ("lo_2", [], "numbers_missing"),
        ("lo_2", ["7"], "number_invalid"),
        ("lo_2", ["123"], "number_invalid"),
        ("lo_2", ["1a"], "number_invalid"),
        ("lo_2", ["12", "34", "12"], "number_repeated"),
        ("xien_2", ["12", "34", "56"], "wrong_count_for_bet_type"),
        ("lo_truot_4", ["12", "34", "56"], "wrong_count_for_bet_type"),
    ],
)
def test_a_bet_with_bad_numbers_is_refused(code, numbers, code_refused):
    with pytest.raises(LotteryError) as refusal:
        bet(code, numbers, 1)
    assert refusal.value.code == code_refused


@pytest.mark.parametrize("stake", [0, -1, True, Decimal(1), 1.0])
def test_a_stake_is_a_positive_whole_number(stake):
    with pytest.raises(LotteryError) as refusal:
        bet("de", ["27"], stake)
    assert refusal.value.code == "stake_invalid"


def test_a_bet_is_priced_by_its_types_cost_model():
    with pytest.raises(ValueError):
        bet("lo_2", ["27"], 1, Odds(Decimal(99)))
    with pytest.raises(ValueError):
        bet("de", ["27"], 1, LO_2_NORTH)


def test_a_draw_is_read_in_its_formats_region():
    assert SOUTH.special == "512947" and NORTH.special == "38727"
    assert (NORTH.format.region, SOUTH.format.region, CENTRAL.region) == (Region.NORTH, Region.SOUTH, Region.CENTRAL)
    central = result_of(CENTRAL, SOUTH.numbers)  # the centre draws in the south's format, and sells no lô 2 số
    assert settle(bet("bao_lo_2", ["47"], 1, region=Region.CENTRAL), central).hits == 3
    with pytest.raises(LotteryError) as refused:
        settle(bet("lo_2", ["47"], 1), central)
    assert refused.value.code == "bet_type_not_in_region"
