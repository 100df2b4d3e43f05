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

from tessera.lottery.bet_types import BetType, CostModel, Odds, PointPrice, Price, Rule, wrong_count
from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import DrawResult


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
            raise LotteryError("numbers_missing")
        for number in self.numbers:
            if len(number) != self.bet_type.digits or not (number.isascii() and number.isdigit()):
                raise LotteryError("number_invalid", token=number)
        if len(set(self.numbers)) != len(self.numbers):
            raise LotteryError("number_repeated", token=next(n for n in self.numbers if self.numbers.count(n) > 1))
        if not self.bet_type.takes(len(self.numbers)):
            raise wrong_count(self.bet_type, len(self.numbers))
        if isinstance(self.stake, bool) or not isinstance(self.stake, int) or self.stake <= 0:
            raise LotteryError("stake_invalid")

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
    region = draw.format.region
    if region not in bet_type.regions:
        raise LotteryError("bet_type_not_in_region", bet_type=bet_type.code, region=str(region))
    rule = bet_type.rule
    if rule is Rule.SPECIAL_ENDING or rule is Rule.SPECIAL_TENS:
        special = draw.special
        played = special[-bet_type.digits :] if rule is Rule.SPECIAL_ENDING else special[-2]
        hits = bet.numbers.count(played)
        return Outcome(hits, hits > 0, hits * bet.payout_of_a_hit)
    out = Counter(draw.tails(bet_type.digits))  # each ending, as many times as prizes close with it
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
