"""Playing cards for the vendor's table and card games: a shuffled 52-card deck from a random
source the caller gives (``secrets.SystemRandom`` in play, a seeded one in tests)."""

import random

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


def deck(rng: random.Random) -> list[str]:
    """A shuffled deck, cards written rank then suit: ``"10H"``, ``"AS"``."""
    cards = [rank + suit for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    return cards


def rank(card: str) -> str:
    return card[:-1]


def points(card: str, ten_for_faces: int) -> int:
    """A card's points: ace 1, pips their number, 10 and faces ``ten_for_faces`` (0 in baccarat, 10 in bull)."""
    value = rank(card)
    if value == "A":
        return 1
    if value in ("10", "J", "Q", "K"):
        return ten_for_faces
    return int(value)
