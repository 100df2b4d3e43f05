"""A member's favourite games and recent games.

Favourites are added and removed by nodeId and listed newest first. Adding twice or removing what
is not there changes nothing (a double tap, a replayed request). A member only ever reads and
changes their own favourites, of their own brand's games.

Each launch records the game as a recent one (once per game, at its last launch), and only the
newest ``KEEP`` are kept.

Both are written with INSERT ... ON CONFLICT, which the two databases Tessera runs on both speak:
a member's favourite or recent game is written once however many requests add it at the same
moment.
"""

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite

from tessera.core.envelope import ApiError
from tessera.games.catalog.models import Game
from tessera.games.lobby.models import GameFavourite, GameRecent
from tessera.games.lobby.services import Lobby, given, page_size
from tessera.wallet.pages import page_of

ADD, REMOVE = "add", "remove"
KEEP = 100


def insert_or_update(db, model, values: dict, conflict: tuple[str, ...], changes: dict | None = None) -> None:
    """Insert ``values``; where a row with the same ``conflict`` columns exists, set ``changes``
    on it instead (nothing when ``changes`` is None)."""
    dialect = postgresql if db.get_bind().dialect.name == "postgresql" else sqlite
    statement = dialect.insert(model).values(**values)
    if changes:
        statement = statement.on_conflict_do_update(index_elements=list(conflict), set_=changes)
    else:
        statement = statement.on_conflict_do_nothing(index_elements=list(conflict))
    db.execute(statement)


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
        insert_or_update(
            lobby.db,
            GameFavourite,
            {"tenant_id": lobby.tenant_id, "member_id": lobby.member_id, "game_id": game.id, "created_at": at},
            conflict=("tenant_id", "member_id", "game_id"),
        )
    else:
        lobby.db.execute(
            delete(GameFavourite)
            .where(
                GameFavourite.tenant_id == lobby.tenant_id,
                GameFavourite.member_id == lobby.member_id,
                GameFavourite.game_id == game.id,
            )
            .execution_options(synchronize_session=False)
        )
    return {"nodeId": game.id, "isFavourite": action == ADD}


def favourite_list(lobby: Lobby, form: dict) -> dict:
    """MCSFE_getFavoriteGamesList: the member's favourites the brand lists now, newest first."""
    criteria = [GameFavourite.tenant_id == lobby.tenant_id, GameFavourite.member_id == lobby.member_id]
    if (lane := given(form, "gameType")) is not None:
        criteria.append(Game.category == lane)
    if (vassalage := given(form, "vassalage")) is not None:
        criteria.append(Game.vassalage == vassalage)
    query = select(Game).join(GameFavourite, GameFavourite.game_id == Game.id).where(*lobby.listed(*criteria))
    found = page_of(
        lobby.db,
        query,
        (GameFavourite.created_at.desc(), GameFavourite.id.desc()),
        form.get("pageNo", 1),
        page_size(form, lane),
    )
    return {"content": lobby.cards(found.rows, favourites=True), "totalPages": found.total_pages, "total": found.total}


def remember(db, tenant_id: int, member_id: int, game_id: int, at: datetime) -> None:
    """Record that the member launched the game at ``at``; the oldest beyond ``KEEP`` are forgotten
    (two launches committing at the same moment may leave one more, until the next launch)."""
    insert_or_update(
        db,
        GameRecent,
        {"tenant_id": tenant_id, "member_id": member_id, "game_id": game_id, "launched_at": at},
        conflict=("tenant_id", "member_id", "game_id"),
        changes={"launched_at": at},
    )
    kept = (
        select(GameRecent.id)
        .where(GameRecent.tenant_id == tenant_id, GameRecent.member_id == member_id)
        .order_by(GameRecent.launched_at.desc(), GameRecent.id.desc())
        .limit(KEEP)
    )
    db.execute(
        delete(GameRecent)
        .where(
            GameRecent.tenant_id == tenant_id,
            GameRecent.member_id == member_id,
            GameRecent.id.not_in(kept.scalar_subquery()),
        )
        .execution_options(synchronize_session=False)
    )


def recent_list(lobby: Lobby, form: dict) -> dict:
    """GCS_recentGame: the member's recent games the brand lists now, the last launched first."""
    criteria = [GameRecent.tenant_id == lobby.tenant_id, GameRecent.member_id == lobby.member_id]
    if (lane := given(form, "gameType")) is not None:
        criteria.append(Game.category == lane)
    query = select(Game).join(GameRecent, GameRecent.game_id == Game.id).where(*lobby.listed(*criteria))
    found = page_of(
        lobby.db,
        query,
        (GameRecent.launched_at.desc(), GameRecent.id.desc()),
        form.get("pageNo", 1),
        page_size(form, lane),
    )
    return {"list": lobby.cards(found.rows), "totalPages": found.total_pages, "total": found.total}
