"""The rounds members played (bets), and where the next pull of a transfer-wallet vendor's bet
records starts."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow
from tessera.games.vendors import SEAMLESS

# A round (a bet) is open once debited, settled once credited, rolled back once its debit is undone,
# cancelled when the vendor voids it (its stake back, a win paid taken back), resettled when the
# vendor corrected its result (the payout is the corrected one).
OPEN, SETTLED, ROLLED_BACK = "open", "settled", "rolled_back"
CANCELLED, RESETTLED = "cancelled", "resettled"
# The rounds with an outcome: what they won or lost counts in the betting record and profit/loss.
DECIDED = (SETTLED, RESETTLED)


class GameBet(TenantOwned, Base):
    """A round a member played: what was staked and what came back, from the seamless calls or
    from a transfer-wallet vendor's bet records."""

    __tablename__ = "game_bets"
    __table_args__ = (
        UniqueConstraint("tenant_id", "vassalage", "round_id"),
        Index("ix_game_bets_member_history", "tenant_id", "member_id", "placed_at"),
        Index("ix_game_bets_winners", "tenant_id", "status", "settled_at"),
        Index("ix_game_bets_by_day", "tenant_id", "placed_at"),  # the brand's reports
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
