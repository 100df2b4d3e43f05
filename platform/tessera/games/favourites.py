"""A member's favourite games: added and removed by nodeId, listed newest first.

Adding twice or removing what is not there changes nothing (a double tap, a replayed request).
A member only ever reads and changes their own favourites, of their own brand's games.
"""
from sqlalchemy import delete, select

from tessera.core.envelope import ApiError
from tessera.wallet.payment_common import page_of
from tessera.games.lobby import Lobby, given, page_size
from tessera.games.models import Game, GameFavourite
from tessera.games.upserts import insert_or_update

ADD, REMOVE = "add", "remove"


def _game(lobby: Lobby, node_id: int) -> Game:
    game = lobby.db.scalar(select(Game).where(Game.tenant_id == lobby.tenant_id, Game.id == node_id))
    if game is None:
        raise ApiError(404, "game_unknown", nodeId=node_id)
    return game


def _is_favourite(lobby: Lobby, game_id: int) -> bool:
    return bool(lobby.favourites_among([game_id]))


def set_favourite(lobby: Lobby, node_id: int, action: str | None, at) -> dict:
    """MCSFE_getFavoriteGames: ``action`` add or remove; without one, the favourite is toggled.
    A game the brand no longer lists can be removed, not added."""
    game = _game(lobby, node_id)
    if action is None:
        action = REMOVE if _is_favourite(lobby, game.id) else ADD
    if action == ADD:
        if not game.active or game.vassalage not in lobby.offers:
            raise ApiError(404, "game_unknown", nodeId=node_id)
        insert_or_update(lobby.db, GameFavourite, {"tenant_id": lobby.tenant_id, "member_id": lobby.member_id,
                                                   "game_id": game.id, "created_at": at},
                         conflict=("tenant_id", "member_id", "game_id"))
    else:
        lobby.db.execute(delete(GameFavourite).where(
            GameFavourite.tenant_id == lobby.tenant_id, GameFavourite.member_id == lobby.member_id,
            GameFavourite.game_id == game.id).execution_options(synchronize_session=False))
    return {"nodeId": game.id, "isFavourite": action == ADD}


def favourite_list(lobby: Lobby, form: dict) -> dict:
    """MCSFE_getFavoriteGamesList: the member's favourites the brand lists now, newest first."""
    criteria = [GameFavourite.tenant_id == lobby.tenant_id, GameFavourite.member_id == lobby.member_id]
    if (lane := given(form, "gameType")) is not None:
        criteria.append(Game.category == lane)
    if (vassalage := given(form, "vassalage")) is not None:
        criteria.append(Game.vassalage == vassalage)
    query = select(Game).join(GameFavourite, GameFavourite.game_id == Game.id).where(*lobby.listed(*criteria))
    found = page_of(lobby.db, query, (GameFavourite.created_at.desc(), GameFavourite.id.desc()),
                    form.get("pageNo", 1), page_size(form, lane))
    return {"content": lobby.cards(found.rows, favourites=True), "totalPages": found.total_pages,
            "total": found.total}
