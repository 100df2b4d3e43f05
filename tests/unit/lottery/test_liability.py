"""The liability arithmetic: the families a number's liability is summed in, the largest stake a
payout fits, and the room a bet has on each number."""

from decimal import Decimal

from tessera.core.money import Money
from tessera.lottery.bet_types import Odds, PointPrice, bet_type
from tessera.lottery.book.liability import NO_LIMIT, family, room, stake_within
from tessera.lottery.book.services import book_of
from tessera.lottery.outcome import Bet, liability_by_number
from tessera.lottery.prizes import Region

SECTION = {
    "member_draw_limit": "1000000",
    "number_cap": "50000000",
    "point_stakes": {"min": "1", "max": "100", "per_number": "500"},
    "amount_stakes": {"min": "1000", "max": "500000", "per_number": "1000000"},
}
BOOK = book_of(Money.of("VND"), SECTION)


def test_one_ending_is_one_family():
    assert {family(bet_type(code)) for code in ("lo_2", "bao_lo_2", "de", "xien_2", "lo_truot_4")} == {"2"}
    assert {family(bet_type(code)) for code in ("lo_3", "bao_lo_3", "ba_cang")} == {"3"}
    assert (family(bet_type("duoi")), family(bet_type("dau")), family(bet_type("bao_lo_4"))) == ("1", "tens", "4")


def test_the_largest_stake_a_payout_fits():
    assert stake_within(PointPrice(27_000, 99_000), 990_000) == 10
    assert stake_within(PointPrice(27_000, 99_000), 989_999) == 9
    assert stake_within(Odds(Decimal("99")), 990_000) == 10_000
    assert stake_within(Odds(Decimal("9.9")), 99) == 10  # 10 × 9.9 = 99 exactly
    assert stake_within(Odds(Decimal("9.9")), 98) == 9  # 9 × 9.9 = 89.1, paid 89
    for room_left in range(0, 500):  # never more than fits, never less
        stake = stake_within(Odds(Decimal("5.5")), room_left)
        assert (
            Bet(
                bet_type("lo_truot_10"), tuple(f"{n:02d}" for n in range(10)), stake + 1, Odds(Decimal("5.5"))
            ).payout_of_a_hit
            > room_left
        )
        if stake:
            assert (
                Bet(
                    bet_type("lo_truot_10"), tuple(f"{n:02d}" for n in range(10)), stake, Odds(Decimal("5.5"))
                ).payout_of_a_hit
                <= room_left
            )
    assert stake_within(Odds(Decimal("99")), -5) == 0


def test_the_room_is_the_least_of_the_limits():
    de = BOOK.line(Region.NORTH, "de")
    common = dict(cap=50_000_000, member_draw_limit=1_000_000, member_draw_cost=0)
    assert room(de, ("12",), liability={}, member_staked={}, **common) == {"12": 500_000}  # the largest stake
    assert room(de, ("12",), liability={"12": 49_505_000}, member_staked={}, **common) == {"12": 5_000}  # the cap
    assert room(de, ("12",), liability={}, member_staked={"12": 900_000}, **common) == {"12": 100_000}  # per number
    two = room(
        de,
        ("12", "34"),
        liability={},
        member_staked={},
        cap=50_000_000,
        member_draw_limit=1_000_000,
        member_draw_cost=400_000,
    )
    assert two == {"12": 300_000, "34": 300_000}  # 600,000 left on the draw, for two numbers
    assert room(de, ("12",), liability={"12": 60_000_000}, member_staked={}, **common) == {"12": 0}


def test_a_point_bets_room_is_in_points_and_a_lo_truot_risks_no_number():
    lo = BOOK.line(Region.NORTH, "lo_2")
    assert room(
        lo,
        ("12",),
        liability={"12": 49_010_000},
        member_staked={},
        cap=50_000_000,
        member_draw_limit=10**9,
        member_draw_cost=0,
    ) == {"12": 10}
    assert room(
        lo, ("12",), liability={}, member_staked={}, cap=50_000_000, member_draw_limit=270_000, member_draw_cost=0
    ) == {"12": 10}
    truot = BOOK.line(Region.NORTH, "lo_truot_4")
    numbers = ("01", "02", "03", "04")
    rooms = room(
        truot,
        numbers,
        liability=dict.fromkeys(numbers, 10**12),
        member_staked={},
        cap=1,
        member_draw_limit=10**9,
        member_draw_cost=0,
    )
    assert rooms == dict.fromkeys(numbers, 500_000) and NO_LIMIT > 500_000
    assert liability_by_number(Bet(truot.bet_type, numbers, 1000, truot.price)) == {}
