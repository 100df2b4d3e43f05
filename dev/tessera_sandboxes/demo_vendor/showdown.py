"""The card room's showdown (bull, niu niu): the player and the banker are dealt five cards, one at
a time. A hand with three cards summing to a multiple of ten scores the last two cards' sum mod 10
(0 is "bull bull", the best, 10); without one it scores nothing. The higher score wins, the banker
takes ties; a win returns the stake and 95% of it (the house keeps 5%)."""

import random
from decimal import ROUND_DOWN, Decimal
from itertools import combinations

from tessera_sandboxes.demo_vendor.cards import deck, points

WIN_RETURNS = Decimal("1.95")


def score(hand: list[str]) -> int:
    values = [points(card, 10) for card in hand]
    best = 0
    for three in combinations(range(5), 3):
        if sum(values[i] for i in three) % 10 == 0:
            rest = sum(values[i] for i in range(5) if i not in three) % 10
            best = max(best, rest or 10)
    return best


def play(rng: random.Random, stake_minor: int) -> tuple[list[dict], int]:
    """The deals (``{step, to, card}``), then the scores; and what the round pays."""
    shoe = deck(rng)
    hands: dict[str, list[str]] = {"player": [], "banker": []}
    steps = []
    for step in range(10):
        to = ("player", "banker")[step % 2]
        hands[to].append(shoe.pop())
        steps.append({"step": step + 1, "to": to, "card": hands[to][-1]})
    player, banker = score(hands["player"]), score(hands["banker"])
    won = player > banker
    steps.append({"step": 11, "playerScore": player, "bankerScore": banker, "winner": "player" if won else "banker"})
    return steps, int((stake_minor * WIN_RETURNS).to_integral_value(ROUND_DOWN)) if won else 0
