"""The live vendors' tables: one per live game, with a dealer, limits, a player count and a status
that change over time as a real studio's do, worked out from the clock (no state to keep)."""

import time
import zlib

from tessera_plugins.demo_vendor.protocol import to_minor, to_money
from tessera_sandboxes.demo_vendor import catalog, currencies

DEALERS = (
    "Anika",
    "Rafi",
    "Maria",
    "Joy",
    "Nusrat",
    "Carla",
    "Tanvir",
    "Bea",
    "Sadia",
    "Paolo",
    "Ritu",
    "Kim",
    "Farah",
    "Miguel",
    "Lina",
    "Arif",
    "Grace",
    "Sumi",
    "Nico",
    "Tania",
)
DEALER_SHIFT_SECONDS = 20 * 60
PLAYERS_SECONDS = 30
BREAK_SECONDS = 5 * 60
MAX_BET_TIMES_MIN = 2000


def room(game: catalog.Game, now: float, money: currencies.Currency = currencies.BASE) -> dict:
    seed = zlib.crc32(game.code.encode())
    slot = int(now // PLAYERS_SECONDS)
    base = 5 + seed % 90
    players = max(0, base + (seed * 31 + slot * 17) % 21 - 10)
    on_break = (seed + int(now // BREAK_SECONDS)) % 13 == 0
    min_minor = money.limit(max(to_minor(game.min_bet), 100))  # a live table takes at least 1.00 base units
    return {
        "roomId": f"{game.vendor}-{game.rank:03d}",
        "gameCode": game.code,
        "name": game.name,
        "dealer": DEALERS[(seed + int(now // DEALER_SHIFT_SECONDS)) % len(DEALERS)],
        "minBet": to_money(min_minor),
        "maxBet": to_money(min_minor * MAX_BET_TIMES_MIN),
        "players": 0 if on_break else players,
        "status": "closed" if on_break else "open",
    }


def rooms(vendor_code: str, now: float | None = None, *, currency: str | None = None) -> list[dict]:
    """The tables of a live vendor (none for the others), their limits in ``currency``."""
    vendor = catalog.vendor(vendor_code)
    if vendor is None or vendor.game_type != "LIVE":
        return []
    now = time.time() if now is None else now
    return [room(game, now, currencies.of(currency)) for game in catalog.games_by_vendor()[vendor.code]]
