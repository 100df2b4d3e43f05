"""Members' lottery bets: each a round of the seamless wallet (vassalage HOUSE_LOTTO), kept here
with what the lottery needs to settle it (its numbers, stake and the price it was sold at) and
what each of its numbers stakes and risks in its draw (for the member's limits and the cap)."""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned

# A bet is placed until its draw is settled: won or lost (a correction may turn one into the
# other), or void when its draw is cancelled (its stake refunded).
PLACED, WON, LOST, VOID = "placed", "won", "lost", "void"
STATES = (PLACED, WON, LOST, VOID)


class LotteryBet(TenantOwned, Base):
    """One bet on one draw. ``stake`` is points (lô, bao lô) or minor units; ``price`` the line's
    price when it was placed (``{"price", "payout"}`` of a point, or ``{"odds"}``), so a later change
    of the book never changes a bet. ``settled_version`` is the draw's ``result_version`` it was
    last settled against (0: not yet); the settlement claims a bet by raising it."""

    __tablename__ = "lottery_bets"
    __table_args__ = (
        UniqueConstraint("tenant_id", "member_id", "request_id"),
        Index("ix_lottery_bets_draw", "draw_id", "settled_version"),
        Index("ix_lottery_bets_member", "tenant_id", "member_id", "placed_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"))
    draw_id: Mapped[int] = mapped_column(ForeignKey("lottery_draws.id", ondelete="RESTRICT"))
    game_code: Mapped[str] = mapped_column(String(32))
    numero: Mapped[str] = mapped_column(String(16))
    bet_type: Mapped[str] = mapped_column(String(16))
    numbers: Mapped[list[str]] = mapped_column(JSON)
    stake: Mapped[int] = mapped_column(BigInteger)
    price: Mapped[dict] = mapped_column(JSON)
    cost_minor: Mapped[int] = mapped_column(BigInteger)
    potential_payout_minor: Mapped[int] = mapped_column(BigInteger)
    state: Mapped[str] = mapped_column(String(8), default=PLACED)
    payout_minor: Mapped[int] = mapped_column(BigInteger, default=0)
    hits: Mapped[int] = mapped_column(Integer, default=0)
    settled_version: Mapped[int] = mapped_column(Integer, default=0)
    request_id: Mapped[str] = mapped_column(String(64))
    fingerprint: Mapped[str] = mapped_column(String(64))  # what makes a replay of request_id the same bet
    placed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    def __repr__(self) -> str:
        return f"<LotteryBet {self.id} {self.game_code} {self.numero} {self.bet_type} {self.state}>"

    @property
    def round_id(self) -> str:
        """Its round in the seamless wallet."""
        return f"lottery-{self.id}"


class LotteryBetNumber(TenantOwned, Base):
    """What a bet puts on one of its numbers: its ``stake`` (the member's limit per number) and
    its ``liability`` (its payout for one hit there), in the number's ``family`` (book.liability)."""

    __tablename__ = "lottery_bet_numbers"
    __table_args__ = (Index("ix_lottery_bet_numbers_draw", "draw_id", "family", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    bet_id: Mapped[int] = mapped_column(ForeignKey("lottery_bets.id", ondelete="CASCADE"), index=True)
    draw_id: Mapped[int] = mapped_column(ForeignKey("lottery_draws.id", ondelete="RESTRICT"))
    member_id: Mapped[int] = mapped_column(Integer)
    bet_type: Mapped[str] = mapped_column(String(16))
    family: Mapped[str] = mapped_column(String(8))
    number: Mapped[str] = mapped_column(String(8))
    stake: Mapped[int] = mapped_column(BigInteger)
    liability_minor: Mapped[int] = mapped_column(BigInteger)
