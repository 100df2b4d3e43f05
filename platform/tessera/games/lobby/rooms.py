"""GLS2_roomList: the open tables of a live vendor, as its plugin reports them now
(``tessera_game_rooms``), each with the nodeId of its game when the catalog has it."""

import logging

from sqlalchemy import select

from tessera.core.envelope import ApiError
from tessera.games.catalog.models import Game
from tessera.games.lobby.services import Lobby
from tessera.games.vendors import decimal_minor
from tessera.plugins import AdapterError

log = logging.getLogger(__name__)

STATUSES = ("open", "closed")


def _vendor_rooms(plugins, lobby: Lobby, vassalage: str) -> list:
    lobby.vendor(vassalage)
    try:
        return plugins.game_rooms(vassalage)
    except AdapterError as exc:
        log.warning("game rooms unavailable", extra={"vassalage": vassalage, "code": exc.code})
        raise ApiError(503, "game_unavailable", vassalage=vassalage) from None


def _amount(value, money) -> str:
    minor = decimal_minor(value, money)
    if minor is None:
        raise ValueError("no amount")
    return money.format(minor)


def _room(room, node_ids: dict[str, int], money) -> dict | None:
    """A room as the API answers it; None for one the plugin described wrongly (left out)."""
    try:
        players = room.get("players", 0)
        if isinstance(players, bool) or not isinstance(players, int) or room.get("status") not in STATUSES:
            raise ValueError("players or status")
        dealer = room.get("dealer")
        return {
            "roomId": str(room["roomId"]),
            "gameCode": str(room["gameCode"]),
            "nodeId": node_ids.get(str(room["gameCode"])),
            "name": str(room["name"]),
            "dealer": None if dealer is None else str(dealer),
            "minBet": _amount(room["minBet"], money),
            "maxBet": _amount(room["maxBet"], money),
            "players": players,
            "status": room["status"],
        }
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        log.warning("game room left out", extra={"problem": repr(exc)[:200]})
        return None


def room_list(plugins, lobby: Lobby, vassalage: str) -> dict:
    rooms = _vendor_rooms(plugins, lobby, vassalage)
    codes = {str(room.get("gameCode")) for room in rooms if isinstance(room, dict)}
    node_ids = (
        dict(
            lobby.db.execute(
                select(Game.game_code, Game.id).where(
                    *lobby.listed(Game.vassalage == vassalage, Game.game_code.in_(list(codes)))
                )
            ).all()
        )
        if codes
        else {}
    )
    shown = (_room(room, node_ids, lobby.money) for room in rooms)
    return {"rooms": [room for room in shown if room is not None]}
