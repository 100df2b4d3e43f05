"""The bet types of the Vietnamese lottery, as data: what a number looks like, how many a bet
takes, where it is sold, how it is paid for and which prizes it plays on.

Two ways to pay for a bet:

- **by the point** (:class:`PointPrice`, lô and bao lô): a point on one number costs the brand's
  ``price`` (one unit for every prize drawn: 27,000 dong over the northern 27 numbers) and every
  appearance of the number pays ``payout`` per point;
- **a stake times odds** (:class:`Odds`, every other type): the payout is the stake times the
  brand's multiplier, rounded down to a whole minor unit.

The prices below are the demo defaults from the domain notes, in dong (VND has no minor unit, so a
minor unit is one dong). A brand overrides them; the engine never reads them as constants.
"""

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import Region

DEMO_CURRENCY = "VND"


class CostModel(StrEnum):
    POINT = "point"  # points times the brand's price; each hit pays the brand's payout per point
    STAKE = "stake"  # an amount staked; a win pays it times the brand's odds


class Rule(StrEnum):
    """Which prizes a bet plays on and when it wins."""

    EACH_APPEARANCE = "each_appearance"  # lô, bao lô: the last digits of every prize; each appearance pays
    SPECIAL_ENDING = "special_ending"  # đề, đuôi, 3 càng: the special prize's last digits
    SPECIAL_TENS = "special_tens"  # đầu: the first of the special prize's last two digits
    ALL_OUT = "all_out"  # xiên: every number comes out (at least once); pays once
    NONE_OUT = "none_out"  # lô trượt: not one of the numbers comes out


@dataclass(frozen=True)
class PointPrice:
    """The brand's price of a point on one number and what each appearance pays a point, in minor units."""

    price: int
    payout: int

    def __post_init__(self):
        if self.price <= 0 or self.payout <= 0:
            raise ValueError(f"a point's price and payout are positive: {self}")


@dataclass(frozen=True)
class Odds:
    """The brand's multiplier: a winning stake pays ``stake × multiplier`` (the stake included)."""

    multiplier: Decimal

    def __post_init__(self):
        if not isinstance(self.multiplier, Decimal) or not self.multiplier.is_finite() or self.multiplier <= 0:
            raise ValueError(f"odds are a positive Decimal: {self.multiplier!r}")


Price = PointPrice | Odds


@dataclass(frozen=True)
class BetType:
    """One bet type: ``code`` (stable, ASCII), ``digits`` of each number, ``count`` numbers a bet
    takes (``exact``, or at least that many), the ``rule`` it is settled by, its ``cost`` model and
    the demo price of each region it is sold in."""

    code: str
    digits: int
    count: int
    exact: bool
    rule: Rule
    cost: CostModel
    demo_prices: tuple[tuple[Region, Price], ...]

    def __post_init__(self):
        kind = PointPrice if self.cost is CostModel.POINT else Odds
        if not all(isinstance(price, kind) for _, price in self.demo_prices):
            raise ValueError(f"{self.code}: demo prices of the {self.cost} model are {kind.__name__}")

    @property
    def regions(self) -> frozenset[Region]:
        return frozenset(region for region, _ in self.demo_prices)

    @property
    def staked_per_number(self) -> bool:
        """True when each number carries the stake (lô, đề...); False when the stake is the whole
        combination's (xiên, lô trượt)."""
        return self.rule not in (Rule.ALL_OUT, Rule.NONE_OUT)

    def takes(self, count: int) -> bool:
        """Whether a bet of this type can hold ``count`` numbers."""
        return count == self.count if self.exact else count >= self.count

    def demo_price(self, region: Region) -> Price:
        """The documented demo default for ``region``; a brand's own setting takes its place."""
        for sold_in, price in self.demo_prices:
            if sold_in is region:
                return price
        raise LookupError(f"{self.code} is not sold in the {region}")


ALL_REGIONS = (Region.NORTH, Region.CENTRAL, Region.SOUTH)


def _everywhere(price: Price) -> tuple[tuple[Region, Price], ...]:
    return tuple((region, price) for region in ALL_REGIONS)


def _south_and_central(price: Price) -> tuple[tuple[Region, Price], ...]:
    return ((Region.CENTRAL, price), (Region.SOUTH, price))


def _xien(code: str, count: int, north: str, south: str) -> BetType:
    # The domain notes quote one northern book (27 prizes) and one southern (18 prizes, so the
    # numbers come out less often and pay more); central takes the southern figures.
    prices = ((Region.NORTH, Odds(Decimal(north))),) + _south_and_central(Odds(Decimal(south)))
    return BetType(code, 2, count, True, Rule.ALL_OUT, CostModel.STAKE, prices)


def _lo_truot(count: int, multiplier: str) -> BetType:
    return BetType(
        f"lo_truot_{count}", 2, count, True, Rule.NONE_OUT, CostModel.STAKE, _everywhere(Odds(Decimal(multiplier)))
    )


BET_TYPES: tuple[BetType, ...] = (
    # lô 2 số and lô 3 số: the northern draw, by the point. The notes give no lô 3 số figure: its
    # price counts the 23 prizes of three digits or more, its payout is the southern 3-digit one.
    BetType("lo_2", 2, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT, ((Region.NORTH, PointPrice(27_000, 99_000)),)),
    BetType("lo_3", 3, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT, ((Region.NORTH, PointPrice(23_000, 980_000)),)),
    # bao lô: the same bet on the southern and central draws (18 prizes, 17 of three digits, 16 of four).
    BetType(
        "bao_lo_2", 2, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT, _south_and_central(PointPrice(18_000, 99_600))
    ),
    BetType(
        "bao_lo_3", 3, 1, False, Rule.EACH_APPEARANCE, CostModel.POINT, _south_and_central(PointPrice(17_000, 980_000))
    ),
    BetType(
        "bao_lo_4",
        4,
        1,
        False,
        Rule.EACH_APPEARANCE,
        CostModel.POINT,
        _south_and_central(PointPrice(16_000, 9_500_000)),
    ),
    BetType("de", 2, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE, _everywhere(Odds(Decimal("99")))),
    BetType("dau", 1, 1, False, Rule.SPECIAL_TENS, CostModel.STAKE, _everywhere(Odds(Decimal("9.9")))),
    BetType("duoi", 1, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE, _everywhere(Odds(Decimal("9.9")))),
    BetType("ba_cang", 3, 1, False, Rule.SPECIAL_ENDING, CostModel.STAKE, _everywhere(Odds(Decimal("980")))),
    _xien("xien_2", 2, "15", "30"),
    _xien("xien_3", 3, "78", "165"),
    _xien("xien_4", 4, "300", "775"),
    # lô trượt: the notes quote ×2 for 4 numbers and ×5.5–6 for 10; ×4 for 8 is our own figure.
    _lo_truot(4, "2"),
    _lo_truot(8, "4"),
    _lo_truot(10, "5.5"),
)

_BY_CODE = {bet_type.code: bet_type for bet_type in BET_TYPES}


def bet_type(code: str) -> BetType:
    """The bet type of ``code``; an unknown code is refused with ``bet_type_unknown``."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise LotteryError("bet_type_unknown", bet_type=code) from None


def bet_types_of(region: Region) -> tuple[BetType, ...]:
    """The bet types sold on a draw of ``region``, in the catalogue's order."""
    return tuple(bet_type for bet_type in BET_TYPES if region in bet_type.regions)


def wrong_count(bet_type: BetType, count: int) -> LotteryError:
    """The refusal of ``count`` numbers for ``bet_type`` (``wrong_count_for_bet_type``)."""
    return LotteryError(
        "wrong_count_for_bet_type", bet_type=bet_type.code, expected=bet_type.count, exact=bet_type.exact, count=count
    )
