"""A transfer-wallet game vendor: the member moves money from the main wallet into the vendor's
wallet to play, and back. One vendor per brand table:

    [plugins.transfer-vendor]
    base_url = "https://vendor.example/api"
    operator_id = "demo-bd"                 # the brand's account at the vendor
    secret = "env:DEMO_VENDOR_SECRET"       # signs every request
    vassalage = "TWV"                       # the vendor's code in Tessera (game menu, wallets)
    display_name = "Tessera Wallet Vendor"
    game_type = "RNG"                       # optional: the game-menu lane (default RNG)
    timeout_seconds = 10                    # optional, per request

Each brand player is ``"<brand slug>-<member id>"`` at the vendor. The calls, their signature and
the vendor's answers are described in ``protocol.py``; ``sandbox.py`` is a vendor speaking them
for development and tests.

Transfers are idempotent by ``transfer_id`` at the vendor: calling ``tessera_game_transfer`` again
with the same fields answers what the first call did (the balance after it, or the same refusal)
and moves nothing more. That is how a transfer whose answer was lost is settled: ask again.
``transfer_status`` reads what the vendor did under an id without asking it to do anything.
"""
from tessera import hookimpl

from .client import VendorClient

GAME_TYPES = ["RNG", "LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "COCKFIGHT", "ELOTT", "LOTT"]

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["base_url", "operator_id", "secret", "vassalage", "display_name"],
    "properties": {
        "base_url": {"type": "string", "pattern": "^https?://[^\\s/?#]+(/[^\\s?#]*)?$"},
        "operator_id": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"},
        "secret": {"type": "string"},
        "vassalage": {"type": "string", "pattern": "^[A-Z][A-Z0-9_]{1,15}$"},
        "display_name": {"type": "string", "minLength": 1, "maxLength": 64},
        "game_type": {"enum": GAME_TYPES},
        "timeout_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 60},
    },
}


def _mine(settings, vassalage) -> bool:
    return vassalage == settings["vassalage"]


def player_id(tenant, player: dict) -> str:
    """The player's stable name at the vendor; the brand slug keeps two brands on one operator apart."""
    return f"{tenant.slug}-{player['id']}"


@hookimpl
def tessera_game_vendors(tenant, settings):
    return [{"vassalage": settings["vassalage"], "displayName": settings["display_name"],
             "gameType": settings.get("game_type", "RNG"), "walletMode": "transfer"}]


@hookimpl
def tessera_game_catalog(tenant, settings, vassalage):
    if not _mine(settings, vassalage):
        return None
    return [{"gameCode": game["code"], "displayName": game["name"], "gameType": game["type"], "icons": {},
             "minBet": game.get("min_bet"), "lines": game.get("lines"), "classify": game.get("classify"),
             "hot": bool(game.get("hot"))} for game in VendorClient(settings).games()]


@hookimpl
def tessera_game_launch(tenant, settings, vassalage, game_code, player, language, device, free_play):
    if not _mine(settings, vassalage):
        return None
    player_name = None if free_play else player_id(tenant, player)
    return VendorClient(settings).launch_url(game_code, player_name, language, device)


@hookimpl
def tessera_game_transfer(tenant, settings, vassalage, player, amount, direction, transfer_id):
    if not _mine(settings, vassalage):
        return None
    return VendorClient(settings).transfer(player_id(tenant, player), amount, direction, transfer_id)


@hookimpl
def tessera_game_balance(tenant, settings, vassalage, player):
    if not _mine(settings, vassalage):
        return None
    return VendorClient(settings).balance(player_id(tenant, player))


def member_id(tenant, player: str) -> int | None:
    """The member a vendor player name stands for, None when it is not one of this brand's."""
    prefix = f"{tenant.slug}-"
    number = player.removeprefix(prefix)
    if not player.startswith(prefix) or not (number.isascii() and number.isdigit()) or number.startswith("0"):
        return None
    return int(number)


@hookimpl
def tessera_game_bet_records(tenant, settings, vassalage, cursor):
    """The next page of rounds after ``cursor`` (a position in the vendor's list of the
    operator's rounds); an operator shared by brands lists all their rounds, so other brands'
    players are left out here, and the position moves past them too."""
    if not _mine(settings, vassalage):
        return None
    rounds, following = VendorClient(settings).rounds(cursor)
    records = []
    for item in rounds:
        member = member_id(tenant, item["player"])
        if member is not None:
            records.append({"roundId": item["round_id"], "memberId": member, "gameCode": item["game_code"],
                            "bet": item["bet"], "payout": item["payout"], "placedAt": item["placed_at"].isoformat(),
                            "settledAt": item["settled_at"].isoformat()})
    return {"records": records, "cursor": following}


def transfer_status(settings: dict, transfer_id: str) -> dict:
    """What the vendor did under ``transfer_id``: ``{"transfer_id", "status"}`` with status "unknown"
    (never received), "done" or "refused" (more out than the balance), and for the last two
    ``player``, ``amount``, ``direction``, ``balance`` and ``created_at``. Raises
    ``AdapterError("vendor_unavailable")`` when the vendor cannot say."""
    return VendorClient(settings).transfer_status(transfer_id)


# -- Contract helpers (the kit's game-vendor suite) -----------------------------------------
# They use the sandbox of the development sandboxes (tessera_sandboxes.transfer_vendor.local).


def contract_settings() -> dict:
    from tessera_sandboxes.transfer_vendor.local import shared

    return shared().settings()
