"""The lobby's tables: members' favourite games and the games they launched lately (the catalog's
games are in catalog.models)."""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


class GameFavourite(TenantOwned, Base):
    __tablename__ = "game_favourites"
    __table_args__ = (UniqueConstraint("tenant_id", "member_id", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameRecent(TenantOwned, Base):
    """The last launch of a game by a member: one row per member and game."""

    __tablename__ = "game_recents"
    __table_args__ = (
        UniqueConstraint("tenant_id", "member_id", "game_id"),
        Index("ix_game_recents_by_member", "tenant_id", "member_id", "launched_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    launched_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
