"""A transfer-wallet game vendor: the member moves money from the main wallet into the vendor's
wallet to play, and back. One vendor per brand table:

    [plugins.transfer-vendor]
    base_url = "https://vendor.example/api"
    operator_id = "demo-bd"                 # the brand's account at the vendor
    secret = "env:DEMO_VENDOR_SECRET"       # signs every request
    vassalage = "TWV"                       # the vendor's code in Tessera (game menu, wallets)
    display_name = "Tessera Wallet Vendor"
    game_type = "RNG"                       # optional: the game-menu lane (default RNG)
    image_hosts = ["https://img.vendor.example"]   # optional: icons' hosts beside base_url's
    game_hosts = ["https://play.vendor.example"]   # optional: game pages' hosts beside base_url's
    timeout_seconds = 10                    # optional, per request

A check (``tessera tenants check``) is the signed ``GET /games``.
Players are ``client.player_reference``s at the vendor; the calls and answers are in ``protocol.py``.
Transfers are idempotent by ``transfer_id``: asking again with the same fields answers what the
first call did and moves nothing more, which is how a transfer whose answer was lost is settled.
"""

from datetime import datetime

from tessera import hookimpl
from tessera.plugins import AdapterError, client
from tessera_plugins.transfer_vendor.protocol import MAX_BETS_PAGE, POSITION, TRANSFER_ID

GAME_TYPES = ["RNG", "LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "COCKFIGHT", "ELOTT", "LOTT"]
SETTINGS_SCHEMA = client.settings_schema(
    ("base_url", "operator_id", "secret", "vassalage", "display_name"),
    vassalage={"type": "string", "pattern": "^[A-Z][A-Z0-9_]{1,15}$"},
    display_name={"type": "string", "minLength": 1, "maxLength": 64},
    game_type={"enum": GAME_TYPES},
    **client.HOST_SETTINGS,
)


class VendorClient(client.SignedClient):
    """The vendor's calls; what Tessera cannot use is ``vendor_unavailable``."""

    def __init__(self, settings: dict):
        super().__init__(settings, vassalage=settings["vassalage"])

    def money(self, value) -> str:
        if not (isinstance(value, str) and client.MONEY.fullmatch(value)):
            raise self.unavailable(f"not an amount: {value!r}")
        return value

    def transfer(self, player: str, amount, direction: str, transfer_id: str) -> str:
        if direction not in ("in", "out") or not TRANSFER_ID.fullmatch(str(transfer_id)):
            raise ValueError(f"not a transfer: {direction!r} {transfer_id!r}")
        body = {
            "player": player,
            "amount": client.wire_amount(amount),
            "direction": direction,
            "transfer_id": transfer_id,
        }
        status, value = self.call("POST", "/wallet/transfer", body=body)
        if status == 409 and value.get("error") == "transfer_conflict":
            raise AdapterError("transfer_conflict", transferId=transfer_id)
        if status == 422 and value.get("error") == "insufficient_funds":
            raise AdapterError("vendor_insufficient_funds", balance=self.money(value.get("balance")), **self.params)
        if status != 200 or value.get("status") != "done" or value.get("transfer_id") != transfer_id:
            raise self.unavailable(f"HTTP {status} {value!r} for transfer {transfer_id}")
        return self.money(value.get("balance"))

    def balance(self, player: str) -> str:
        value = self.expect("GET", "/wallet/balance", {"player": player})
        if value.get("player") != player:
            raise self.unavailable(f"a balance of someone else: {value!r}")
        return self.money(value.get("balance"))

    def transfer_status(self, transfer_id: str) -> dict:
        value = self.expect("GET", f"/wallet/transfer/{transfer_id}")
        if value.get("status") not in ("unknown", "done", "refused") or value.get("transfer_id") != transfer_id:
            raise self.unavailable(f"not a transfer status: {value!r}")
        return value

    def rounds(self, after: str | None, limit: int = MAX_BETS_PAGE) -> tuple[list[dict], str]:
        """The rounds after position ``after`` (None: from the first), each checked, times read into
        aware datetimes; and the position the next page starts from."""
        value = self.expect("GET", "/bets", {"limit": limit} if after is None else {"after": after, "limit": limit})
        rounds, following = value.get("bets"), value.get("next")
        if not (
            isinstance(rounds, list)
            and all(isinstance(item, dict) for item in rounds)
            and isinstance(following, str)
            and POSITION.fullmatch(following)
        ):
            raise self.unavailable(f"/bets without its bets and next position: {value!r}")
        return [self._round(item) for item in rounds], following

    def _round(self, item: dict) -> dict:
        if not (
            all(isinstance(item.get(k), str) and item[k] for k in ("round_id", "player", "game_code"))
            and len(item["round_id"]) <= 64
        ):
            raise self.unavailable(f"a round without its id, player or game: {item!r}")
        try:
            moments = {key: datetime.fromisoformat(item.get(key) or "") for key in ("placed_at", "settled_at")}
        except (TypeError, ValueError):
            moments = {}
        if len(moments) != 2 or any(moment.tzinfo is None for moment in moments.values()):
            raise self.unavailable(f"a round's times are not times with an offset: {item!r}")
        return {**item, "bet": self.money(item.get("bet")), "payout": self.money(item.get("payout")), **moments}

    def launch_url(self, game_code: str, player: str | None, language: str, device: str) -> str:
        query = {"lang": language, "device": device, "demo": "1" if player is None else "0"}
        return self.signed_url(f"/play/{game_code}", query if player is None else {**query, "player": player})


@hookimpl
def tessera_provider_check(tenant, settings):
    return VendorClient(settings).check("GET", "/games")


@hookimpl
def tessera_vendor_hosts(tenant, settings):
    return client.vendor_hosts(settings)


@hookimpl
def tessera_game_vendors(tenant, settings):
    return [
        {
            "vassalage": settings["vassalage"],
            "displayName": settings["display_name"],
            "gameType": settings.get("game_type", "RNG"),
            "walletMode": "transfer",
        }
    ]


@hookimpl
def tessera_game_catalog(tenant, settings, vassalage):
    return [
        {
            "gameCode": game["code"],
            "displayName": game["name"],
            "gameType": game["type"],
            "icons": {},
            "minBet": game.get("min_bet"),
            "lines": game.get("lines"),
            "classify": game.get("classify"),
            "hot": bool(game.get("hot")),
        }
        for game in VendorClient(settings).listing("/games", "games", ("code", "name", "type"))
    ]


@hookimpl
def tessera_game_launch(tenant, settings, vassalage, game_code, player, language, device, free_play):
    reference = None if free_play else client.player_reference(tenant, player["id"])
    return VendorClient(settings).launch_url(game_code, reference, language, device)


@hookimpl
def tessera_game_transfer(tenant, settings, vassalage, player, amount, direction, transfer_id):
    return VendorClient(settings).transfer(
        client.player_reference(tenant, player["id"]), amount, direction, transfer_id
    )


@hookimpl
def tessera_game_balance(tenant, settings, vassalage, player):
    return VendorClient(settings).balance(client.player_reference(tenant, player["id"]))


@hookimpl
def tessera_game_bet_records(tenant, settings, vassalage, cursor):
    """The rounds after ``cursor``; another brand's players on a shared operator are left out."""
    rounds, following = VendorClient(settings).rounds(cursor)
    records = []
    for item in rounds:
        try:
            member = client.member_of(tenant, item["player"])
        except AdapterError:
            continue
        records.append(
            {
                "roundId": item["round_id"],
                "memberId": member,
                "gameCode": item["game_code"],
                "bet": item["bet"],
                "payout": item["payout"],
                "placedAt": item["placed_at"].isoformat(),
                "settledAt": item["settled_at"].isoformat(),
            }
        )
    return {"records": records, "cursor": following}


def transfer_status(settings: dict, transfer_id: str) -> dict:
    """What the vendor did under ``transfer_id``: status "unknown", "done" or "refused" (with player,
    amount, direction, balance, created_at); ``vendor_unavailable`` when it cannot say."""
    return VendorClient(settings).transfer_status(transfer_id)


# -- Contract helpers (the kit's game-vendor and provider-check suites), on the development sandbox


def contract_settings() -> dict:
    from tessera_sandboxes.transfer_vendor.local import shared

    return shared().settings()


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome``."""
    from tessera.plugins.kit.suites.provider_check import signed_check_settings

    return signed_check_settings({**contract_settings(), "timeout_seconds": 5}, outcome, "/vendor")
