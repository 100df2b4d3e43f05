"""The catalog's table: the games synced from the vendor plugins.

A catalog row is never deleted while anything points at it: a game the vendor no longer offers is
marked inactive, so favourites, recents and bets keep their game.
"""

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

ENABLED, DISABLED, MAINTENANCE = "enabled", "disabled", "maintenance"
STATES = (ENABLED, DISABLED, MAINTENANCE)


class Game(TenantOwned, Base):
    """One game of one vendor for one brand; ``id`` is the game's nodeId in every call."""

    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("tenant_id", "vassalage", "game_code"),
        Index("ix_games_lobby", "tenant_id", "category", "active", "vassalage", "rank"),
        # A lane in the lobby's order: its first pages are read off the index, not sorted.
        Index("ix_games_lobby_order", "tenant_id", "category", "active", "rank", "display_name", "id"),
        Index("ix_games_hot", "tenant_id", "hot", "active", "category"),
        # The search (a name containing the words) by trigrams, on PostgreSQL (migration 0012).
        Index(
            "ix_games_search_trigrams",
            "search_name",
            postgresql_using="gin",
            postgresql_ops={"search_name": "gin_trgm_ops"},
        ).ddl_if(dialect="postgresql"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    vassalage: Mapped[str] = mapped_column(String(32))
    game_code: Mapped[str] = mapped_column(String(64))
    display_name: Mapped[str] = mapped_column(String(128))
    search_name: Mapped[str] = mapped_column(String(128))  # display_name casefolded, for the search
    game_type: Mapped[str] = mapped_column(String(16))  # as the vendor gives it (RNG, LIVE, SPORTS, ...)
    category: Mapped[str] = mapped_column(String(16))  # the lobby's lane (SPORTS split into ESPORTS, COCKFIGHT)
    classify: Mapped[str | None] = mapped_column(String(8))  # slot class: SC, VP, TG, AC, JP, BG
    min_bet_minor: Mapped[int | None] = mapped_column(BigInteger)  # in the brand currency's minor units
    lines: Mapped[int | None] = mapped_column(Integer)
    hot: Mapped[bool] = mapped_column(Boolean, default=False)
    icon: Mapped[str | None] = mapped_column(String(255))  # the image URL; the client falls back to the default icon
    rank: Mapped[int] = mapped_column(Integer, default=0)  # the vendor's order: lower first
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    synced_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # What staff set in the back office; a sync never writes these, and applies the last three
    # over the vendor's own hot, rank and lane.
    state: Mapped[str] = mapped_column(String(16), default=ENABLED, server_default=ENABLED)
    staff_hot: Mapped[bool | None] = mapped_column(Boolean)
    staff_rank: Mapped[int | None] = mapped_column(Integer)
    staff_lane: Mapped[str | None] = mapped_column(String(16))


class VendorSetting(TenantOwned, Base):
    """A vendor of the brand as staff set it: enabled, disabled, or in maintenance (from
    ``maintenance_from`` until ``maintenance_until`` when given, with a message), and its place
    among the brand's vendors of its lane."""

    __tablename__ = "game_vendor_settings"
    __table_args__ = (UniqueConstraint("tenant_id", "vassalage"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    vassalage: Mapped[str] = mapped_column(String(32))
    state: Mapped[str] = mapped_column(String(16), default=ENABLED)
    maintenance_from: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    maintenance_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    maintenance_message: Mapped[str | None] = mapped_column(String(500))
    position: Mapped[int | None] = mapped_column(Integer)
    updated_by: Mapped[str | None] = mapped_column(String(64))
