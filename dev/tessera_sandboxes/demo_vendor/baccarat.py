"""Live baccarat: a table deals a coup every cycle after a betting window, by the standard
drawing rules (Punto Banco), and pays the market's odds: player 1:1, banker 1:1 less 5%
commission, tie 8:1; player and banker bets push on a tie. A no-commission table pays banker 1:1
but half on a banker win with 6.

A table's rounds follow the clock: round ``n`` takes bets for ``window`` seconds from ``n * cycle``,
then deals; bets settle once the round has dealt."""

import os
import random
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from tessera_sandboxes.demo_vendor.cards import deck, points

SPOTS = ("player", "banker", "tie")
PAYS = {"player": Decimal(2), "banker": Decimal("1.95"), "tie": Decimal(9)}  # returned per 1 staked
NO_COMMISSION_BANKER, NO_COMMISSION_SIX = Decimal(2), Decimal("1.5")


def window_seconds() -> int:
    """How long a table takes bets (short in tests: ``DEMO_VENDOR_LIVE_WINDOW``)."""
    return int(os.environ.get("DEMO_VENDOR_LIVE_WINDOW", "12"))


def cycle_seconds() -> int:
    return window_seconds() + 4  # the deal and the result on screen


@dataclass(frozen=True)
class TableRound:
    number: int
    opens_at: float
    closes_at: float
    ends_at: float

    @classmethod
    def at(cls, now: float) -> "TableRound":
        number = int(now // cycle_seconds())
        opens = number * cycle_seconds()
        return cls(number, opens, opens + window_seconds(), opens + cycle_seconds())

    def open_at(self, now: float) -> bool:
        return self.opens_at <= now < self.closes_at


def _total(hand: list[str]) -> int:
    return sum(points(card, 0) for card in hand) % 10


def deal(rng: random.Random) -> dict:
    """One coup: the hands, their totals and the winner."""
    shoe = deck(rng)
    player, banker = [shoe.pop(), shoe.pop()], [shoe.pop(), shoe.pop()]
    if _total(player) < 8 and _total(banker) < 8:  # no natural
        third = None
        if _total(player) <= 5:
            third = shoe.pop()
            player.append(third)
        if third is None:
            if _total(banker) <= 5:
                banker.append(shoe.pop())
        elif _banker_draws(_total(banker), points(third, 0)):
            banker.append(shoe.pop())
    p, b = _total(player), _total(banker)
    winner = "player" if p > b else "banker" if b > p else "tie"
    return {"player": player, "banker": banker, "playerTotal": p, "bankerTotal": b, "winner": winner}


def _banker_draws(banker: int, third: int) -> bool:
    """The tableau: whether the banker draws on ``banker`` after the player's third card ``third``."""
    if banker <= 2:
        return True
    return {3: third != 8, 4: 2 <= third <= 7, 5: 4 <= third <= 7, 6: third in (6, 7)}.get(banker, False)


def payout_minor(bets: dict[str, int], coup: dict, no_commission: bool) -> int:
    """What ``bets`` (spot -> minor units) return on ``coup``."""
    paid = Decimal(0)
    for spot, stake in bets.items():
        if coup["winner"] == "tie" and spot != "tie":
            paid += stake  # player and banker push on a tie
        elif spot == coup["winner"]:
            pays = PAYS[spot]
            if spot == "banker" and no_commission:
                pays = NO_COMMISSION_SIX if coup["bankerTotal"] == 6 else NO_COMMISSION_BANKER
            paid += stake * pays
    return int(paid.to_integral_value(ROUND_DOWN))
