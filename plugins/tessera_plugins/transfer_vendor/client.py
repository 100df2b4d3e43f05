"""Signed calls to a transfer-wallet vendor, and what its answers mean for Tessera."""
import logging
import time
from datetime import datetime
from decimal import Decimal, InvalidOperation
from urllib.parse import quote

from tessera.plugins import AdapterError
from tessera_plugins.signed_http import SignedClient

from .protocol import (
    MAX_BETS_PAGE, MONEY, OPERATOR_HEADER, POSITION, SIGNATURE_HEADER, TIMESTAMP_HEADER, TRANSFER_ID, canonical_query,
    sign,
)

CENT = Decimal("0.01")
log = logging.getLogger("tessera.games.transfer_vendor")


def unavailable(settings, why: str) -> AdapterError:
    """Nothing usable came back: the transfer may or may not have happened, ask again later."""
    log.warning("transfer vendor %s unavailable: %s", settings["base_url"], why)
    return AdapterError("vendor_unavailable", vassalage=settings["vassalage"])


def money(settings, value) -> str:
    """A vendor balance, as the vendor must send it: a string with two decimals."""
    if not (isinstance(value, str) and MONEY.fullmatch(value)):
        raise unavailable(settings, f"not an amount: {value!r}")
    return value


def wire_amount(amount) -> str:
    """The hook's positive amount with two decimals ("10.5" -> "10.50"); anything else is a fault of the caller."""
    try:
        value = Decimal(str(amount))
    except InvalidOperation:
        raise ValueError(f"not an amount: {amount!r}") from None
    if not value.is_finite() or value <= 0 or value != value.quantize(CENT):
        raise ValueError(f"not a positive amount with at most two decimals: {amount!r}")
    return str(value.quantize(CENT))


class VendorClient(SignedClient):
    sign = staticmethod(sign)
    canonical_query = staticmethod(canonical_query)
    unavailable = staticmethod(unavailable)
    header_names = (OPERATOR_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER)

    def expect_ok(self, method: str, path: str, query: dict | None = None) -> dict:
        status, value = self.call(method, path, query)
        if status != 200:
            # 401: a wrong secret or clock; 400: a request the vendor cannot read. Either way nothing happened.
            raise unavailable(self.settings, f"HTTP {status} {value.get('error')!r}")
        return value

    def transfer(self, player: str, amount, direction: str, transfer_id: str) -> str:
        if direction not in ("in", "out") or not TRANSFER_ID.fullmatch(str(transfer_id)):
            raise ValueError(f"not a transfer: {direction!r} {transfer_id!r}")
        body = {"player": player, "amount": wire_amount(amount), "direction": direction, "transfer_id": transfer_id}
        status, value = self.call("POST", "/wallet/transfer", body=body)
        if status == 409 and value.get("error") == "transfer_conflict":
            raise AdapterError("transfer_conflict", transferId=transfer_id)
        if status == 422 and value.get("error") == "insufficient_funds":
            raise AdapterError("vendor_insufficient_funds", vassalage=self.settings["vassalage"],
                               balance=money(self.settings, value.get("balance")))
        if status != 200 or value.get("status") != "done" or value.get("transfer_id") != transfer_id:
            raise unavailable(self.settings, f"HTTP {status} {value!r} for transfer {transfer_id}")
        return money(self.settings, value.get("balance"))

    def balance(self, player: str) -> str:
        value = self.expect_ok("GET", "/wallet/balance", {"player": player})
        if value.get("player") != player:
            raise unavailable(self.settings, f"a balance of someone else: {value!r}")
        return money(self.settings, value.get("balance"))

    def transfer_status(self, transfer_id: str) -> dict:
        value = self.expect_ok("GET", f"/wallet/transfer/{transfer_id}")
        if value.get("status") not in ("unknown", "done", "refused") or value.get("transfer_id") != transfer_id:
            raise unavailable(self.settings, f"not a transfer status: {value!r}")
        return value

    def listing(self, path: str, key: str, query: dict | None = None) -> list[dict]:
        items = self.expect_ok("GET", path, query).get(key)
        if not (isinstance(items, list) and all(isinstance(item, dict) for item in items)):
            raise unavailable(self.settings, f"{path} without a list of {key}")
        return items

    def games(self) -> list[dict]:
        games = self.listing("/games", "games")
        for game in games:
            if not all(isinstance(game.get(key), str) and game[key] for key in ("code", "name", "type")):
                raise unavailable(self.settings, f"a game without code, name or type: {game!r}")
        return games

    def rounds(self, after: str | None, limit: int = MAX_BETS_PAGE) -> tuple[list[dict], str]:
        """The rounds recorded after position ``after`` (None: from the first) as the vendor lists
        them, each checked: ``round_id``, ``player``, ``game_code`` (text), ``bet`` and ``payout``
        (amounts), ``placed_at`` and ``settled_at`` (ISO 8601 with an offset, read into aware
        datetimes); and the position the next page starts from."""
        query = {"limit": limit} if after is None else {"after": after, "limit": limit}
        value = self.expect_ok("GET", "/bets", query)
        rounds, following = value.get("bets"), value.get("next")
        if not (isinstance(rounds, list) and all(isinstance(item, dict) for item in rounds)
                and isinstance(following, str) and POSITION.fullmatch(following)):
            raise unavailable(self.settings, f"/bets without its bets and next position: {value!r}")
        return [self._round(item) for item in rounds], following

    def _round(self, item: dict) -> dict:
        texts = all(isinstance(item.get(key), str) and item[key] for key in ("round_id", "player", "game_code"))
        if not (texts and len(item["round_id"]) <= 64):
            raise unavailable(self.settings, f"a round without its id, player or game: {item!r}")
        moments = {}
        for key in ("placed_at", "settled_at"):
            try:
                moments[key] = datetime.fromisoformat(item.get(key))
            except (TypeError, ValueError):
                moments[key] = None
            if moments[key] is None or moments[key].tzinfo is None:
                raise unavailable(self.settings, f"a round's {key} is not a time with an offset: {item!r}")
        amounts = {key: money(self.settings, item.get(key)) for key in ("bet", "payout")}
        return {**item, **amounts, **moments}

    def launch_url(self, game_code: str, player: str | None, language: str, device: str) -> str:
        """A link to the vendor's game page, signed like a request (it expires with its timestamp)."""
        path = f"/play/{game_code}"
        query = {"lang": language, "device": device, "demo": "1" if player is None else "0"}
        if player is not None:
            query["player"] = player
        secret, operator_id, timestamp = self.secret(), self.settings["operator_id"], int(time.time())
        signature = sign(secret, "GET", path, canonical_query(query), operator_id, timestamp)
        signed = {**query, "operator": operator_id, "ts": timestamp, "sig": signature}
        return f"{self.base_url}{quote(path)}?{canonical_query(signed)}"
