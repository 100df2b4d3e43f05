"""A member's recent games: each launch records the game (once per game, at its last launch), and
only the newest ``KEEP`` are kept."""
from datetime import datetime

from sqlalchemy import delete, select

from tessera.wallet.payment_common import page_of
from tessera.games.lobby import Lobby, given, page_size
from tessera.games.models import Game, GameRecent
from tessera.games.upserts import insert_or_update

KEEP = 100


def remember(db, tenant_id: int, member_id: int, game_id: int, at: datetime) -> None:
    """Record that the member launched the game at ``at``; the oldest beyond ``KEEP`` are forgotten
    (two launches committing at the same moment may leave one more, until the next launch)."""
    insert_or_update(db, GameRecent, {"tenant_id": tenant_id, "member_id": member_id, "game_id": game_id,
                                      "launched_at": at},
                     conflict=("tenant_id", "member_id", "game_id"), changes={"launched_at": at})
    kept = (select(GameRecent.id).where(GameRecent.tenant_id == tenant_id, GameRecent.member_id == member_id)
            .order_by(GameRecent.launched_at.desc(), GameRecent.id.desc()).limit(KEEP))
    db.execute(delete(GameRecent).where(GameRecent.tenant_id == tenant_id, GameRecent.member_id == member_id,
                                        GameRecent.id.not_in(kept.scalar_subquery()))
               .execution_options(synchronize_session=False))


def recent_list(lobby: Lobby, form: dict) -> dict:
    """GCS_recentGame: the member's recent games the brand lists now, the last launched first."""
    criteria = [GameRecent.tenant_id == lobby.tenant_id, GameRecent.member_id == lobby.member_id]
    if (lane := given(form, "gameType")) is not None:
        criteria.append(Game.category == lane)
    query = select(Game).join(GameRecent, GameRecent.game_id == Game.id).where(*lobby.listed(*criteria))
    found = page_of(lobby.db, query, (GameRecent.launched_at.desc(), GameRecent.id.desc()),
                    form.get("pageNo", 1), page_size(form, lane))
    return {"list": lobby.cards(found.rows), "totalPages": found.total_pages, "total": found.total}
