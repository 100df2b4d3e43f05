"""A bet against a draw's result: how many times it hit, what it pays, won or lost; and the most
it can pay on each of its numbers, for a per-number liability cap.

Settlement rules (:class:`~tessera.lottery.bet_types.Rule`):

- lô and bao lô pay per appearance: a number whose last digits close two prizes hits twice and pays
  twice. Only prizes with at least the number's digits count (a 2-digit 7th prize never closes a
  lô 3 số).
- đề, đuôi and 3 càng play on the special prize's last 2, 1 or 3 digits; đầu on the first of its
  last two. They hit at most once.
- xiên pays once when every one of its numbers came out, however many times each came out.
- lô trượt pays once when not one of its numbers came out.

A payout is what is credited to the wallet (the stake is not returned on top of it), in minor
units: by the point, points × the payout of a point for each hit, exact; a stake times odds is
rounded down to a whole minor unit, so the house never pays a fraction it cannot credit.
"""

from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_FLOOR

from tessera.lottery.bet_types import (
    BetRefused,
    BetType,
    CostModel,
    Odds,
    PointPrice,
    Price,
    Region,
    Rule,
    wrong_count,
)

DRAW_SIZES = {Region.NORTH: 27, Region.CENTRAL: 18, Region.SOUTH: 18}
LOWEST_PRIZE_SIZES = {Region.NORTH: 4, Region.CENTRAL: 1, Region.SOUTH: 1}


@dataclass(frozen=True)
class DrawResult:
    """A draw's result as settlement reads it: every prize's number in published order, the index
    of the special prize among them and the indices of the lowest prize (the four 7th-prize numbers
    in the north, the one 8th-prize number in the south and centre).

    Built from a draw format's result by listing its prize slots' numbers in order and pointing at
    the special's slot and the lowest prize's slots.
    """

    region: Region
    numbers: tuple[str, ...]
    special: int
    lowest_prize: tuple[int, ...]

    def __post_init__(self):
        if len(self.numbers) != DRAW_SIZES[self.region]:
            raise ValueError(f"a {self.region} draw has {DRAW_SIZES[self.region]} numbers, not {len(self.numbers)}")
        if not all(number.isascii() and number.isdigit() for number in self.numbers):
            raise ValueError(f"a prize's number is digits only: {self.numbers}")
        indices = range(len(self.numbers))
        if self.special not in indices or not all(index in indices for index in self.lowest_prize):
            raise ValueError("the special and the lowest prize are numbers of the draw")
        if len(self.lowest_prize) != LOWEST_PRIZE_SIZES[self.region]:
            raise ValueError(f"the lowest prize of a {self.region} draw has {LOWEST_PRIZE_SIZES[self.region]} numbers")

    @property
    def special_number(self) -> str:
        return self.numbers[self.special]

    def appearances(self, digits: int) -> Counter[str]:
        """How many prizes close with each ``digits``-digit ending (prizes shorter than that are left out)."""
        return Counter(number[-digits:] for number in self.numbers if len(number) >= digits)


@dataclass(frozen=True)
class Bet:
    """A bet as placed: its type, its numbers (padded to the type's digits), the ``stake`` and the
    brand's ``price`` for it. The stake is points on each number (lô, bao lô), an amount in minor
    units on each number (đề, đầu, đuôi, 3 càng), or an amount on the whole combination (xiên, lô
    trượt)."""

    bet_type: BetType
    numbers: tuple[str, ...]
    stake: int
    price: Price

    def __post_init__(self):
        kind = PointPrice if self.bet_type.cost is CostModel.POINT else Odds
        if not isinstance(self.price, kind):
            raise ValueError(f"{self.bet_type.code} is priced by {kind.__name__}, not {self.price!r}")
        if not self.numbers:
            raise BetRefused("numbers_missing")
        for number in self.numbers:
            if len(number) != self.bet_type.digits or not (number.isascii() and number.isdigit()):
                raise BetRefused("number_invalid", token=number)
        if len(set(self.numbers)) != len(self.numbers):
            raise BetRefused("number_repeated", token=next(n for n in self.numbers if self.numbers.count(n) > 1))
        if not self.bet_type.takes(len(self.numbers)):
            raise wrong_count(self.bet_type, len(self.numbers))
        if isinstance(self.stake, bool) or not isinstance(self.stake, int) or self.stake <= 0:
            raise BetRefused("stake_invalid")

    @property
    def cost(self) -> int:
        """What the bet costs the member, in minor units."""
        if isinstance(self.price, PointPrice):
            return self.stake * self.price.price * len(self.numbers)
        return self.stake * len(self.numbers) if self.bet_type.staked_per_number else self.stake

    @property
    def payout_of_a_hit(self) -> int:
        """What one hit pays: one appearance of one number, or the whole combination's win."""
        if isinstance(self.price, PointPrice):
            return self.stake * self.price.payout
        return int((self.stake * self.price.multiplier).to_integral_value(rounding=ROUND_FLOOR))


@dataclass(frozen=True)
class Outcome:
    """``hits``: appearances of the bet's numbers (lô, bao lô), numbers matching the special (đề,
    đầu, đuôi, 3 càng), or numbers that came out at least once (xiên, lô trượt); ``won`` and the
    ``payout`` in minor units (0 when lost)."""

    hits: int
    won: bool
    payout: int


def settle(bet: Bet, draw: DrawResult) -> Outcome:
    """The outcome of ``bet`` on ``draw``; a bet type not sold in the draw's region is refused
    (``bet_type_not_in_region``)."""
    bet_type = bet.bet_type
    if draw.region not in bet_type.regions:
        raise BetRefused("bet_type_not_in_region", bet_type=bet_type.code, region=str(draw.region))
    rule = bet_type.rule
    if rule is Rule.SPECIAL_ENDING or rule is Rule.SPECIAL_TENS:
        special = draw.special_number
        played = special[-bet_type.digits :] if rule is Rule.SPECIAL_ENDING else special[-2]
        hits = bet.numbers.count(played)
        return Outcome(hits, hits > 0, hits * bet.payout_of_a_hit)
    out = draw.appearances(bet_type.digits)
    if rule is Rule.EACH_APPEARANCE:
        hits = sum(out[number] for number in bet.numbers)
        return Outcome(hits, hits > 0, hits * bet.payout_of_a_hit)
    hits = sum(1 for number in bet.numbers if out[number])
    won = hits == len(bet.numbers) if rule is Rule.ALL_OUT else hits == 0
    return Outcome(hits, won, bet.payout_of_a_hit if won else 0)


def liability_by_number(bet: Bet, most_appearances: int = 1) -> dict[str, int]:
    """The most ``bet`` can pay on each number it covers, if that number comes out up to
    ``most_appearances`` times, in minor units: a per-number cap adds these up over a draw's bets
    of one bet type (keys are that type's numbers).

    Only lô and bao lô pay again for another appearance; the 1 by default is the per-hit figure a
    book caps, a caller wanting the worst case passes the prizes that can close with the number.
    A xiên's whole payout rests on each of its numbers. A lô trượt pays when its numbers miss, so
    it adds nothing to any number's liability.
    """
    rule = bet.bet_type.rule
    if rule is Rule.NONE_OUT:
        return {}
    times = most_appearances if rule is Rule.EACH_APPEARANCE else 1
    return dict.fromkeys(bet.numbers, times * bet.payout_of_a_hit)
