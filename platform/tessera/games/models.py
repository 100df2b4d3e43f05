"""The games' tables: the catalog synced from the vendor plugins, members' favourites and recent
games, launch sessions, bets and the seamless-wallet calls vendors make.

A catalog row is never deleted while anything points at it: a game the vendor no longer offers is
marked inactive, so favourites, recents and bets keep their game.
"""
from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

# Wallet modes of a vendor (tessera_game_vendors' walletMode).
SEAMLESS, TRANSFER = "seamless", "transfer"
# A round (a bet) is open once debited, settled once credited, rolled back once its debit is undone.
OPEN, SETTLED, ROLLED_BACK = "open", "settled", "rolled_back"
# Seamless-wallet operations, as vendors call them.
AUTHENTICATE, BALANCE, DEBIT, CREDIT, ROLLBACK = "authenticate", "balance", "debit", "credit", "rollback"


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
        Index("ix_games_search_trigrams", "search_name", postgresql_using="gin",
              postgresql_ops={"search_name": "gin_trgm_ops"}).ddl_if(dialect="postgresql"),
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


class GameSession(TenantOwned, Base):
    """A launch of a seamless-wallet game: the vendor presents the token to authenticate the player.
    Only the token's SHA-256 is kept."""

    __tablename__ = "game_sessions"
    __table_args__ = (UniqueConstraint("token_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    vassalage: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameBet(TenantOwned, Base):
    """A round a member played: what was staked and what came back, from the seamless calls or
    from a transfer-wallet vendor's bet records."""

    __tablename__ = "game_bets"
    __table_args__ = (
        UniqueConstraint("tenant_id", "vassalage", "round_id"),
        Index("ix_game_bets_member_history", "tenant_id", "member_id", "placed_at"),
        Index("ix_game_bets_winners", "tenant_id", "status", "settled_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"))
    vassalage: Mapped[str] = mapped_column(String(32))
    game_code: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    category: Mapped[str] = mapped_column(String(16))
    round_id: Mapped[str] = mapped_column(String(64))
    bet_minor: Mapped[int] = mapped_column(BigInteger, default=0)
    payout_minor: Mapped[int] = mapped_column(BigInteger, default=0)
    status: Mapped[str] = mapped_column(String(12), default=OPEN)
    wallet_mode: Mapped[str] = mapped_column(String(10), default=SEAMLESS)
    placed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class BetCursor(TenantOwned, Base):
    """Where the next pull of a transfer-wallet vendor's bet records starts: the position its last
    answer gave (the vendor's own, opaque to Tessera; None before the first pull)."""

    __tablename__ = "game_bet_cursors"
    __table_args__ = (UniqueConstraint("tenant_id", "vassalage"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    vassalage: Mapped[str] = mapped_column(String(32))
    position: Mapped[str | None] = mapped_column(String(255))
    pulled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeamlessCall(TenantOwned, Base):
    """A money call a seamless-wallet vendor made, kept with its answer: a replay of the
    transaction id gets this answer again, a replay with other fields is refused."""

    __tablename__ = "seamless_calls"
    __table_args__ = (
        UniqueConstraint("tenant_id", "vassalage", "transaction_id"),
        Index("ix_seamless_calls_round", "tenant_id", "vassalage", "round_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    vassalage: Mapped[str] = mapped_column(String(32))
    transaction_id: Mapped[str] = mapped_column(String(64))
    operation: Mapped[str] = mapped_column(String(10))  # debit, credit, rollback
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"))
    round_id: Mapped[str] = mapped_column(String(64))
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    fingerprint: Mapped[str] = mapped_column(String(64))
    ledger_transaction_id: Mapped[int | None] = mapped_column(ForeignKey("ledger_transactions.id", ondelete="RESTRICT"))
    answer: Mapped[str] = mapped_column(Text)  # the JSON answered the first time
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
