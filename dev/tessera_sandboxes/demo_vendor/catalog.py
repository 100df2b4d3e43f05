"""The demo vendor's catalog: vendors and their games, generated from word lists.

The catalog is the same on every run and every machine: each vendor's games come from a
``random.Random`` seeded with the vendor's code (string seeds are hashed with SHA-512, not with
Python's per-process hash), so game codes stay stable and Tessera's synced copies, favourites and
bets keep pointing at the same games.

Vendor codes follow SPEC §9: the esports vendors (AV, IMES, TF) and the cockfight vendors (DS88,
WS168, SV3) are sports vendors (``gameType`` SPORTS) that Tessera shows in lanes of their own; TY
is the vendor with BG (bingo) games besides the slot classes SC, VP, TG, AC and JP.
"""

import random
import re
from dataclasses import dataclass
from functools import lru_cache

MIN_BETS = ("0.01", "0.05", "0.10", "0.50", "0.75", "1.00")
SLOT_LINES = (25, 30, 40, 50)
# Slot classes: slots, video poker, table games, arcade, jackpot; BG (bingo) only at TY.
SLOT_CLASSES = ("SC", "VP", "TG", "AC", "JP")
CLASS_WEIGHTS = {"SC": 60, "VP": 7, "TG": 9, "AC": 10, "JP": 14, "BG": 8}
CLASS_WORDS = {"SC": "", "VP": "Poker", "TG": "Blackjack", "AC": "Rush", "JP": "Jackpot", "BG": "Bingo"}


@dataclass(frozen=True)
class Vendor:
    code: str
    name: str
    game_type: str  # RNG, LIVE, FISH, PVP or SPORTS
    games: int
    hot: bool
    account_type_id: int
    classes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    code: str
    name: str
    vendor: str
    game_type: str
    classify: str | None
    min_bet: str
    lines: int | None
    hot: bool
    rank: int

    @property
    def is_slot(self) -> bool:
        """Every RNG game, whatever its class, plays on the slot engine."""
        return self.game_type == "RNG"


VENDORS = (
    Vendor("TY", "Tyche Gaming", "RNG", 2400, True, 1001, (*SLOT_CLASSES, "BG")),
    Vendor("LUMA", "Luma Slots", "RNG", 2200, True, 1002, SLOT_CLASSES),
    Vendor("ORBIT", "Orbit Play", "RNG", 2000, False, 1003, SLOT_CLASSES),
    Vendor("KOI", "Koi Reels", "RNG", 1800, False, 1004, SLOT_CLASSES),
    Vendor("NOVA", "Nova Spin", "RNG", 1600, False, 1005, SLOT_CLASSES),
    Vendor("VLC", "Velvet Live Casino", "LIVE", 96, True, 2001),
    Vendor("RLL", "Royal Lotus Live", "LIVE", 64, False, 2002),
    Vendor("OCN", "Ocean Hunter", "FISH", 48, True, 3001),
    Vendor("REEF", "Reef Arcade", "FISH", 36, False, 3002),
    Vendor("CARD", "Card Arena", "PVP", 60, True, 4001),
    Vendor("SBK", "Stadium Sportsbook", "SPORTS", 6, True, 5001),
    Vendor("RCB", "Racecourse Book", "SPORTS", 4, False, 5002),
    Vendor("AV", "Avalon Esports", "SPORTS", 8, True, 6001),
    Vendor("IMES", "Imperial Esports", "SPORTS", 10, False, 6002),
    Vendor("TF", "Titan Fight Esports", "SPORTS", 8, False, 6003),
    Vendor("DS88", "Dragon Spur 88", "SPORTS", 4, True, 7001),
    Vendor("WS168", "Wing Strike 168", "SPORTS", 4, False, 7002),
    Vendor("SV3", "Sabong Village 3", "SPORTS", 3, False, 7003),
)
HOT_PER_VENDOR = {"RNG": 6, "LIVE": 4, "FISH": 3, "PVP": 3, "SPORTS": 1}

ADJECTIVES = (
    "Golden",
    "Lucky",
    "Mighty",
    "Wild",
    "Royal",
    "Mystic",
    "Crimson",
    "Jade",
    "Silver",
    "Blazing",
    "Frozen",
    "Hidden",
    "Ancient",
    "Electric",
    "Sacred",
    "Midnight",
    "Radiant",
    "Thunder",
    "Emerald",
    "Sapphire",
    "Ruby",
    "Velvet",
    "Cosmic",
    "Neon",
    "Savage",
    "Sunny",
    "Stormy",
    "Secret",
    "Magic",
    "Fiery",
    "Happy",
    "Grand",
    "Super",
    "Eternal",
    "Dancing",
    "Roaring",
    "Shining",
    "Brave",
    "Little",
    "Great",
    "Rising",
    "Twin",
    "Double",
    "Triple",
    "Monsoon",
    "Tropical",
    "Desert",
    "Arctic",
    "Spicy",
    "Sweet",
)
NOUNS = (
    "Dragon",
    "Tiger",
    "Phoenix",
    "Lotus",
    "Panda",
    "Koi",
    "Elephant",
    "Peacock",
    "Lantern",
    "Temple",
    "Pearl",
    "Treasure",
    "Fortune",
    "Empire",
    "Pharaoh",
    "Sphinx",
    "Viking",
    "Samurai",
    "Ninja",
    "Pirate",
    "Mermaid",
    "Unicorn",
    "Wolf",
    "Lion",
    "Eagle",
    "Falcon",
    "Cobra",
    "Monkey",
    "Buffalo",
    "Rhino",
    "Gorilla",
    "Owl",
    "Fox",
    "Bee",
    "Cherry",
    "Mango",
    "Melon",
    "Lemon",
    "Candy",
    "Diamond",
    "Crown",
    "Coin",
    "Gem",
    "Star",
    "Moon",
    "Sun",
    "Comet",
    "Rocket",
    "Galaxy",
    "Volcano",
    "Jungle",
    "River",
    "Island",
    "Carnival",
    "Festival",
    "Bazaar",
    "Rickshaw",
    "Jeepney",
    "Tuk Tuk",
    "Kingdom",
)
LIVE_TABLES = (
    "Baccarat",
    "Speed Baccarat",
    "No Commission Baccarat",
    "Dragon Tiger",
    "Roulette",
    "Auto Roulette",
    "Sic Bo",
    "Blackjack",
    "Teen Patti",
    "Andar Bahar",
    "Fan Tan",
    "Casino Hold'em",
    "Bac Bo",
    "Three Card Poker",
)
SEA_CREATURES = (
    "Shark",
    "Whale",
    "Octopus",
    "Turtle",
    "Squid",
    "Crab",
    "Lobster",
    "Marlin",
    "Stingray",
    "Jellyfish",
    "Kraken",
    "Seahorse",
    "Dolphin",
    "Barracuda",
    "Puffer",
    "Swordfish",
)
FISH_STYLES = ("Hunter", "Fishing", "Catch", "Blast", "Frenzy", "Kingdom")
CARD_GAMES = (
    "Teen Patti",
    "Rummy",
    "Poker",
    "Ludo",
    "Mahjong",
    "Tongits",
    "Pusoy",
    "Call Break",
    "Carrom",
    "Domino",
    "Pai Gow",
    "Big Two",
)
CARD_STYLES = ("Classic", "Turbo", "Joker", "Pro", "Royale")
SPORTS_BOOKS = {
    "SBK": ("Sportsbook", "Live Betting", "Cricket Exchange", "Virtual Football", "Virtual Cricket", "Kabaddi League"),
    "RCB": ("Horse Racing", "Greyhound Racing", "Harness Racing", "Virtual Derby"),
    "AV": (
        "Esports Hub",
        "MOBA League",
        "Tactical Shooter Cup",
        "Battle Royale Series",
        "Card Battler Open",
        "Racing Sim Grand Prix",
        "Fighting Game Finals",
        "Virtual Esports",
    ),
    "IMES": (
        "Esports Markets",
        "MOBA Masters",
        "Shooter Pro League",
        "Arena Clash",
        "Mobile Legends Cup",
        "Strategy Showdown",
        "Football Sim League",
        "Basketball Sim League",
        "Live Esports",
        "Esports Parlay",
    ),
    "TF": (
        "Titan Esports",
        "Titan MOBA",
        "Titan Shooter",
        "Titan Arena",
        "Titan Racing",
        "Titan Brawl",
        "Titan Cards",
        "Titan Virtual",
    ),
    "DS88": ("Sabong Arena", "Derby Live", "Pit A", "Pit B"),
    "WS168": ("Wing Strike Live", "Main Pit", "Derby Night", "Classic Sabong"),
    "SV3": ("Village Pit", "Sabong Live", "Weekend Derby"),
}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _slot_names(vendor: Vendor, rng: random.Random) -> list[tuple[str, str]]:
    """``vendor.games`` distinct (name, class) pairs: each (adjective, noun) pair is used once."""
    pairs = [(adjective, noun) for adjective in ADJECTIVES for noun in NOUNS]
    rng.shuffle(pairs)
    weights = [CLASS_WEIGHTS[c] for c in vendor.classes]
    named = []
    for adjective, noun in pairs[: vendor.games]:
        classify = rng.choices(vendor.classes, weights)[0]
        named.append((" ".join(filter(None, (adjective, noun, CLASS_WORDS[classify]))), classify))
    return named


def _other_names(vendor: Vendor, rng: random.Random) -> list[str]:
    if vendor.game_type == "LIVE":
        names = [f"{table} {letter}" for letter in "ABCDEFGH" for table in LIVE_TABLES]
    elif vendor.game_type == "FISH":
        names = [
            f"{adjective} {creature} {style}"
            for creature in SEA_CREATURES
            for style in FISH_STYLES
            for adjective in ("Golden", "Mega", "Deep Sea")
        ]
    elif vendor.game_type == "PVP":
        names = [f"{game} {style}" for game in CARD_GAMES for style in CARD_STYLES]
    else:
        return list(SPORTS_BOOKS[vendor.code][: vendor.games])
    rng.shuffle(names)
    return names[: vendor.games]


def _games(vendor: Vendor) -> tuple[Game, ...]:
    rng = random.Random(f"demo-vendor:{vendor.code}")
    if vendor.game_type == "RNG":
        named = _slot_names(vendor, rng)
    else:
        named = [(name, None) for name in _other_names(vendor, rng)]
    hot = set(rng.sample(range(len(named)), min(HOT_PER_VENDOR[vendor.game_type], len(named))))
    games = []
    for rank, (name, classify) in enumerate(named, start=1):
        slot = vendor.game_type == "RNG"
        games.append(
            Game(
                code=f"{vendor.code.lower()}-{slug(name)}",
                name=name,
                vendor=vendor.code,
                game_type=vendor.game_type,
                classify=classify,
                min_bet=rng.choice(MIN_BETS),
                lines=rng.choice(SLOT_LINES) if slot else None,
                hot=rank - 1 in hot,
                rank=rank,
            )
        )
    return tuple(games)


@lru_cache(maxsize=1)
def games_by_vendor() -> dict[str, tuple[Game, ...]]:
    return {vendor.code: _games(vendor) for vendor in VENDORS}


@lru_cache(maxsize=1)
def games_by_code() -> dict[str, Game]:
    return {game.code: game for games in games_by_vendor().values() for game in games}


def vendor(code: str) -> Vendor | None:
    return next((v for v in VENDORS if v.code == code), None)


def game(code: str) -> Game | None:
    return games_by_code().get(code)
