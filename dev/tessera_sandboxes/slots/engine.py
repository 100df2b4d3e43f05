"""A five-reel, three-row video slot: reel strips, paylines, a wild, and its exact return to player.

A game's paytable follows from its code, the same code always getting the same one: one of the
themes below (the high symbols' names and glyphs) and one of the math models (reel strips and
pays). A spin stops each reel at a random position of its strip; the three symbols from there down
are that reel's column of the grid. Each played line pays its run from the first reel: the first
symbol on the line that is not the wild, followed by that symbol or the wild on the next reels;
three, four or five in a row pay that many times the line bet (the symbol's ``pays``).

The return to player (RTP) is exact, not simulated. Each reel stops uniformly on its strip, so every
row of a reel shows each strip position equally often, and the reels stop independently: on any
line, the chance of a run is a product of per-reel fractions. Every line has the same expected win,
so the RTP is the same whatever number of lines is played.
"""

import hashlib
import secrets
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property, lru_cache

REELS, ROWS = 5, 3
DEFAULT_LINES = 25
WILD = "wild"
LINE_BET_STEPS = (1, 2, 5, 10, 20, 50)  # the line bets offered: these multiples of a game's minimum

# The lines, by the row (0 top, 1 middle, 2 bottom) they cross on each reel. A game plays the first
# ``lines`` of them, numbered from 1 in this order.
PAYLINES = (
    (1, 1, 1, 1, 1),
    (0, 0, 0, 0, 0),
    (2, 2, 2, 2, 2),
    (0, 1, 2, 1, 0),
    (2, 1, 0, 1, 2),
    (1, 0, 0, 0, 1),
    (1, 2, 2, 2, 1),
    (0, 0, 1, 2, 2),
    (2, 2, 1, 0, 0),
    (1, 2, 1, 0, 1),
    (1, 0, 1, 2, 1),
    (0, 1, 1, 1, 0),
    (2, 1, 1, 1, 2),
    (0, 1, 0, 1, 0),
    (2, 1, 2, 1, 2),
    (1, 1, 0, 1, 1),
    (1, 1, 2, 1, 1),
    (0, 0, 2, 0, 0),
    (2, 2, 0, 2, 2),
    (0, 2, 2, 2, 0),
    (2, 0, 0, 0, 2),
    (1, 0, 2, 0, 1),
    (1, 2, 0, 2, 1),
    (0, 2, 0, 2, 0),
    (2, 0, 2, 0, 2),
    (0, 0, 1, 0, 0),
    (2, 2, 1, 2, 2),
    (1, 0, 1, 0, 1),
    (1, 2, 1, 2, 1),
    (0, 0, 0, 1, 2),
    (2, 2, 2, 1, 0),
    (0, 1, 2, 2, 2),
    (2, 1, 0, 0, 0),
    (1, 0, 0, 1, 2),
    (1, 2, 2, 1, 0),
    (0, 0, 1, 1, 1),
    (2, 2, 1, 1, 1),
    (1, 1, 1, 0, 0),
    (1, 1, 1, 2, 2),
    (0, 1, 0, 1, 2),
    (2, 1, 2, 1, 0),
    (1, 0, 1, 2, 2),
    (1, 2, 1, 0, 0),
    (0, 2, 1, 2, 0),
    (2, 0, 1, 0, 2),
    (0, 1, 2, 2, 1),
    (2, 1, 0, 0, 1),
    (1, 1, 0, 0, 0),
    (1, 1, 2, 2, 2),
    (0, 2, 2, 2, 2),
)

# The low symbols every theme shares: (id, name, glyph, colour), by value, highest first.
ROYALS = (
    ("A", "Ace", "A", "#e76f51"),
    ("K", "King", "K", "#2a9d8f"),
    ("Q", "Queen", "Q", "#e9c46a"),
    ("J", "Jack", "J", "#8ab17d"),
    ("10", "Ten", "10", "#9d8df1"),
)

# Each theme's four high symbols, highest first, then its wild. The glyphs are in common text fonts
# (DejaVu Sans has them all), so the game draws without images or emoji fonts.
THEMES = {
    "royal": (
        ("crown", "Crown", "♛", "#f5c542"),
        ("castle", "Castle", "♜", "#c0c8d8"),
        ("knight", "Knight", "♞", "#e07a5f"),
        ("lily", "Lily", "⚜", "#81b29a"),
        ("Wild Star", "★", "#ffd166"),
    ),
    "garden": (
        ("blossom", "Blossom", "❀", "#ff7eb6"),
        ("flower", "Flower", "✿", "#f7d154"),
        ("clover", "Clover", "☘", "#5cc489"),
        ("rose", "Rose", "⚘", "#e5566d"),
        ("Wild Sun", "☀", "#ffb703"),
    ),
    "night": (
        ("moon", "Moon", "☾", "#f1e3a0"),
        ("comet", "Comet", "☄", "#8ecae6"),
        ("sparkle", "Sparkle", "✧", "#cdb4db"),
        ("star", "Star", "✦", "#bde0fe"),
        ("Wild Orb", "✪", "#ffd166"),
    ),
    "harbour": (
        ("anchor", "Anchor", "⚓", "#90e0ef"),
        ("helm", "Helm", "☸", "#e9c46a"),
        ("trident", "Trident", "♆", "#2ec4b6"),
        ("flag", "Flag", "⚑", "#ef476f"),
        ("Wild Compass", "❂", "#ffd166"),
    ),
    "storm": (
        ("bolt", "Bolt", "⚡", "#ffd60a"),
        ("snow", "Snowflake", "❄", "#a2d2ff"),
        ("umbrella", "Umbrella", "☂", "#f28482"),
        ("cloud", "Cloud", "☁", "#cfd8dc"),
        ("Wild Sun", "☼", "#ffb703"),
    ),
    "cards": (
        ("spade", "Spade", "♠", "#e0e0e0"),
        ("heart", "Heart", "♥", "#ef476f"),
        ("diamond", "Diamond", "♦", "#f4a261"),
        ("club", "Club", "♣", "#06d6a0"),
        ("Wild King", "♚", "#ffd166"),
    ),
    "melody": (
        ("notes", "Notes", "♫", "#ffafcc"),
        ("chord", "Chord", "♬", "#a0c4ff"),
        ("note", "Note", "♪", "#caffbf"),
        ("crotchet", "Crotchet", "♩", "#fdffb6"),
        ("Wild Record", "✪", "#ffd166"),
    ),
}


@dataclass(frozen=True)
class Model:
    """Reel strips and pays, in one-letter codes: a b c d the high symbols (highest first),
    A K Q J T the royals, W the wild. The wild is never on the first reel (the RTP formula and
    the rules on the page rely on it), and only on the middle three."""

    pays: dict
    strips: tuple


MODELS = {
    # Frequent small wins.
    "steady": Model(
        pays={
            "a": (20, 60, 300),
            "b": (15, 40, 200),
            "c": (10, 30, 150),
            "d": (8, 25, 100),
            "A": (5, 15, 75),
            "K": (5, 12, 60),
            "Q": (4, 10, 50),
            "J": (3, 8, 40),
            "T": (2, 6, 30),
        },
        strips=(
            "AdcKQbJKAQdbTbJdaTacaKQTcAJT",
            "dJdWAKcTWJWKcbQJTAQTJKbaTdAQT",
            "cWKWKAbTaWQdAJWQAWdTJWJTWTKQ",
            "WTQKWAWKWJAaWbJTQTWJWTWdcWQd",
            "TdTcTbabKcJQdbAQTcKaJdJAaQKJA",
        ),
    ),
    "classic": Model(
        pays={
            "a": (25, 100, 500),
            "b": (20, 75, 250),
            "c": (15, 50, 200),
            "d": (10, 40, 150),
            "A": (6, 20, 100),
            "K": (5, 15, 80),
            "Q": (5, 15, 60),
            "J": (4, 10, 50),
            "T": (3, 8, 40),
        },
        strips=(
            "cdTdQaJaQAbTQTKJcabJKTQcdJAbKA",
            "WTadcJAdJQTAJbTQAWJKTQWcdKTK",
            "KWAabTAdTWKJTQWcWdJdWJAQTJKQ",
            "TWaTQWQWbdTcKJTKdWJWJAQWJAKW",
            "aJTKJcJAdQAJKQdQJQTAdTdbATKTK",
        ),
    ),
    # Rarer, bigger wins.
    "volatile": Model(
        pays={
            "a": (50, 250, 2000),
            "b": (30, 150, 1000),
            "c": (20, 100, 500),
            "d": (15, 60, 300),
            "A": (8, 30, 150),
            "K": (6, 25, 120),
            "Q": (5, 20, 100),
            "J": (4, 15, 80),
            "T": (3, 10, 60),
        },
        strips=(
            "TKJATQbcQbTKdJadJacATJKQTQdAcK",
            "cJQATKJaKATbJTWTdKbQdAQcJWTJda",
            "TQTdKWJTbKWAQAJWbdcdJaAcTKWJKaQWQ",
            "AQcbWaAWQcWdQTJAKWJKTdaTQbJKTdJ",
            "KQcadQJbAdcTAJAcATbKJKQTdJQdaTbKc",
        ),
    ),
}


@dataclass(frozen=True)
class Symbol:
    id: str
    name: str
    glyph: str
    colour: str
    pays: tuple  # times the line bet for 3, 4 and 5 in a row; (0, 0, 0) for the wild


@dataclass(frozen=True)
class Paytable:
    game_code: str
    theme: str
    model: str
    symbols: tuple  # Symbol, highest value first, the wild last
    reels: tuple  # five strips of symbol ids, each read downwards from a stop, wrapping round
    lines: tuple  # the played lines, from PAYLINES

    @property
    def wild(self) -> str:
        return WILD

    @cached_property
    def pays(self) -> dict:
        return {symbol.id: symbol.pays for symbol in self.symbols}


@dataclass(frozen=True)
class Spin:
    grid: tuple  # ROWS rows of REELS symbol ids, top row first
    wins: list  # {line (from 1), symbol, count, payMinor}, by line
    line_bet_minor: int
    bet_minor: int  # line bet x lines
    payout_minor: int  # the sum of the wins
    stops: tuple  # each reel's strip position shown on the top row


@lru_cache(maxsize=4096)
def paytable_for(game_code: str, lines: int | None) -> Paytable:
    """The paytable of ``game_code`` played on ``lines`` lines (None: 25; clamped to 1..50)."""
    digest = hashlib.sha256(game_code.encode()).digest()
    theme = sorted(THEMES)[digest[0] % len(THEMES)]
    model = sorted(MODELS)[digest[1] % len(MODELS)]
    *highs, (wild_name, wild_glyph, wild_colour) = THEMES[theme]
    pays = MODELS[model].pays
    codes = dict(zip("abcdAKQJT", (*highs, *ROYALS), strict=False))
    symbols = tuple(Symbol(id_, name, glyph, colour, pays[code]) for code, (id_, name, glyph, colour) in codes.items())
    symbols += (Symbol(WILD, wild_name, wild_glyph, wild_colour, (0, 0, 0)),)
    ids = {code: entry[0] for code, entry in codes.items()} | {"W": WILD}
    reels = tuple(tuple(ids[code] for code in strip) for strip in MODELS[model].strips)
    played = DEFAULT_LINES if lines is None else max(1, min(int(lines), len(PAYLINES)))
    return Paytable(game_code, theme, model, symbols, reels, PAYLINES[:played])


def line_run(paytable: Paytable, symbols) -> tuple[str, int, int] | None:
    """What one line pays, ``(symbol, count, times the line bet)``, or None.

    The line's symbol is its first that is not the wild (a line of wilds counts as the highest
    symbol); the run is that symbol or the wild from the first reel on."""
    target = next((symbol for symbol in symbols if symbol != WILD), paytable.symbols[0].id)
    count = 0
    for symbol in symbols:
        if symbol not in (target, WILD):
            break
        count += 1
    multiple = paytable.pays[target][count - 3] if count >= 3 else 0
    return (target, count, multiple) if multiple else None


def evaluate(paytable: Paytable, grid, line_bet_minor: int) -> list[dict]:
    """The wins of ``grid`` (rows of symbol ids) on the paytable's lines, at ``line_bet_minor`` a line."""
    wins = []
    for number, rows in enumerate(paytable.lines, 1):
        run = line_run(paytable, [grid[row][reel] for reel, row in enumerate(rows)])
        if run:
            symbol, count, multiple = run
            wins.append({"line": number, "symbol": symbol, "count": count, "payMinor": multiple * line_bet_minor})
    return wins


def spin(paytable: Paytable, line_bet_minor: int, rng=None) -> Spin:
    """One spin at ``line_bet_minor`` (minor units) on every played line. ``rng`` (anything with
    ``randrange``) defaults to the operating system's cryptographic source."""
    if isinstance(line_bet_minor, bool) or not isinstance(line_bet_minor, int) or line_bet_minor <= 0:
        raise ValueError(f"not a line bet in minor units: {line_bet_minor!r}")
    rng = rng or secrets.SystemRandom()
    stops = tuple(rng.randrange(len(strip)) for strip in paytable.reels)
    grid = tuple(
        tuple(strip[(stop + row) % len(strip)] for strip, stop in zip(paytable.reels, stops, strict=False))
        for row in range(ROWS)
    )
    wins = evaluate(paytable, grid, line_bet_minor)
    return Spin(
        grid, wins, line_bet_minor, line_bet_minor * len(paytable.lines), sum(win["payMinor"] for win in wins), stops
    )


def _run_chances(paytable: Paytable, symbol: str) -> tuple[Fraction, Fraction, Fraction]:
    """The chance that a line's run is exactly 3, 4 and 5 of ``symbol`` (the first reel has no wild)."""
    first, *others = paytable.reels
    matches = [Fraction(first.count(symbol), len(first))]
    matches += [Fraction(strip.count(symbol) + strip.count(WILD), len(strip)) for strip in others]
    chances, reached = [], matches[0] * matches[1]
    for reel in (2, 3, 4):
        reached *= matches[reel]
        chances.append(reached * (1 - matches[reel + 1]) if reel < 4 else reached)
    return tuple(chances)


def _paying(paytable: Paytable):
    return (symbol for symbol in paytable.symbols if symbol.id != WILD)


def rtp(paytable: Paytable) -> Fraction:
    """The exact return to player: the expected payout of a spin over its bet."""
    if WILD in paytable.reels[0]:
        raise ValueError("the RTP formula needs a first reel without the wild")
    expected = Fraction(0)
    for symbol in _paying(paytable):
        expected += sum(
            chance * pay for chance, pay in zip(_run_chances(paytable, symbol.id), symbol.pays, strict=False)
        )
    return expected


def hit_frequency(paytable: Paytable) -> Fraction:
    """The exact chance that one line wins."""
    return sum((sum(_run_chances(paytable, symbol.id)) for symbol in _paying(paytable)), Fraction(0))


def percent(value: Fraction) -> str:
    """``value`` as a percentage with two decimals, rounded half to even ("95.43")."""
    return str((Decimal(value.numerator) * 100 / Decimal(value.denominator)).quantize(Decimal("0.01")))


def paytable_json(paytable: Paytable) -> dict:
    """The published paytable: symbols and their pays, the lines, the reel strips and the exact RTP."""
    exact = rtp(paytable)
    return {
        "gameCode": paytable.game_code,
        "theme": paytable.theme,
        "reels": REELS,
        "rows": ROWS,
        "wild": WILD,
        "symbols": [
            {
                "id": s.id,
                "name": s.name,
                "glyph": s.glyph,
                "colour": s.colour,
                "wild": s.id == WILD,
                "pays": {str(count): pay for count, pay in zip((3, 4, 5), s.pays, strict=False) if pay},
            }
            for s in paytable.symbols
        ],
        "lines": [list(rows) for rows in paytable.lines],
        "reelStrips": [list(strip) for strip in paytable.reels],
        "rtp": percent(exact),
        "rtpExact": f"{exact.numerator}/{exact.denominator}",
        "hitFrequency": percent(hit_frequency(paytable)),
    }


def line_bet_choices(min_line_bet_minor: int) -> list[int]:
    """The line bets a game offers from its minimum (minor units): 1, 2, 5, 10, 20 and 50 times it."""
    return [min_line_bet_minor * step for step in LINE_BET_STEPS]
