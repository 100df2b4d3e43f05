"""Fish shooting: a round is a volley of shots at one stake a shot, paid at the round's end. Each
shot aims at a creature worth a multiple of the stake and catches it with a chance that keeps the
game's return near 96%."""

import random
from decimal import Decimal

SHOTS = 5
CREATURES = (("Clownfish", 2), ("Pufferfish", 3), ("Lobster", 5), ("Turtle", 10), ("Shark", 20), ("Golden Whale", 50))
RETURN = Decimal("0.96")


def volley(rng: random.Random, stake_minor: int, shots: int = SHOTS) -> tuple[list[dict], int]:
    """The shots of a round (``{shot, target, multiplier, caught, pay}``) and what it pays in all."""
    steps, paid = [], 0
    for shot in range(1, shots + 1):
        target, multiplier = rng.choice(CREATURES)
        caught = rng.random() < float(RETURN / multiplier)
        pay = stake_minor * multiplier if caught else 0
        paid += pay
        steps.append({"shot": shot, "target": target, "multiplier": multiplier, "caught": caught, "payMinor": pay})
    return steps, paid
