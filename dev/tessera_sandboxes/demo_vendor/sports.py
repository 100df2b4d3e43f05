"""The sportsbooks (sports and esports): fixtures with decimal odds, single and parlay bets. A bet
is staked at once and stays unsettled until its fixtures have results, which the vendor's trading
desk enters (``POST /desk/results``); a corrected result resettles the bets it decides, a fixture
called off voids its legs (a single is cancelled, a parlay's leg counts at 1.00).

A leg's factor on a result: its odds when its pick won, 1 when void, 0 when lost; a bet pays its
stake times the product of its legs' factors, once every leg has a result, or nothing as soon as
one leg lost (the market's rule for parlays)."""

import random
from decimal import ROUND_DOWN, Decimal

from tessera_sandboxes.demo_vendor import catalog

VOID = "void"
FIXTURES = 4
MAX_LEGS = 6
TEAMS = (
    "Dhaka Tigers",
    "Chattogram Kings",
    "Manila Eagles",
    "Cebu Sharks",
    "Hanoi Dragons",
    "Saigon Stars",
    "Sylhet Strikers",
    "Davao Falcons",
    "Khulna Royals",
    "Da Nang Waves",
    "Rajshahi Riders",
    "Hue Lions",
)
ESPORTS_TEAMS = (
    "Neon Wolves",
    "Crimson Ravens",
    "Jade Phantoms",
    "Storm Titans",
    "Pixel Kings",
    "Void Hunters",
    "Solar Foxes",
    "Iron Owls",
    "Nova Knights",
    "Shadow Lynx",
    "Blaze Giants",
    "Frost Vipers",
)


def _odds(rng: random.Random, picks: int) -> list[Decimal]:
    """Odds of ``picks`` outcomes (home, draw?, away) with a bookmaker's margin of about 6%; a
    draw is the least likely of three."""
    weights = [Decimal(rng.randint(100, 300)) for _ in range(picks)]
    if picks == 3:
        weights[1] = Decimal(rng.randint(60, 100))
    return [(sum(weights) / (w * Decimal("1.06"))).quantize(Decimal("0.01")) for w in weights]


def events(game: catalog.Game) -> list[dict]:
    """The book's fixtures: ``{id, name, picks: {pick: odds}}``, the same on every run."""
    esports = game.vendor in ("AV", "IMES", "TF")
    rng = random.Random(f"demo-vendor:book:{game.code}")
    teams = list(ESPORTS_TEAMS if esports else TEAMS)
    rng.shuffle(teams)
    made = []
    for n in range(FIXTURES):
        home, away = teams[2 * n], teams[2 * n + 1]
        names = ("home", "away") if esports else ("home", "draw", "away")
        odds = _odds(rng, len(names))
        made.append(
            {
                "id": f"{game.code}.{n + 1}",
                "name": f"{home} v {away}",
                "picks": {name: str(o) for name, o in zip(names, odds, strict=True)},
                "labels": {"home": home, "away": away, "draw": "Draw"},
            }
        )
    return made


def leg_factor(leg: dict, result: str | None) -> Decimal | None:
    """None while the fixture has no result."""
    if result is None:
        return None
    if result == VOID:
        return Decimal(1)
    return Decimal(leg["odds"]) if leg["pick"] == result else Decimal(0)


def outcome(stake_minor: int, legs: list[dict], results: dict[str, str], factor=leg_factor) -> tuple[str, int]:
    """``("open", 0)``, ``("void", stake)`` (every leg void: the bet is cancelled) or
    ``("decided", payout)``."""
    factors = [factor(leg, results.get(leg["event"])) for leg in legs]
    if any(f == 0 for f in factors):
        return "decided", 0
    if any(f is None for f in factors):
        return "open", 0
    if all(results.get(leg["event"]) == VOID for leg in legs):
        return VOID, stake_minor
    product = Decimal(1)
    for f in factors:
        product *= f
    return "decided", int((stake_minor * product).to_integral_value(ROUND_DOWN))
