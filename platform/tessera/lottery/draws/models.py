"""The fast games' draws: each day's committed series (its secret kept, never shown) and its draws,
open until drawn, then with their prizes and revealed seed."""

from datetime import date, datetime

from sqlalchemy import JSON, Boolean, Date, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.sealing import seal, unseal
from tessera.core.timeutil import utcnow
from tessera.lottery.fair import Series

SEALED_FOR = "lottery-series"  # the sealing's purpose: the secrets of fast draws

# A draw is open (bets may be taken until its lock time) until it is drawn, or cancelled (its bets
# void and refunded).
OPEN, DRAWN, CANCELLED = "open", "drawn", "cancelled"


class LotterySeries(TenantOwned, Base):
    """A fast game's day (Vietnam's calendar) of draws: the hash chain's secret h_N and its
    commitment h_0, published before the first draw opens."""

    __tablename__ = "lottery_series"
    __table_args__ = (UniqueConstraint("tenant_id", "game_code", "day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_code: Mapped[str] = mapped_column(String(32))
    day: Mapped[date] = mapped_column(Date)
    length: Mapped[int] = mapped_column(Integer)
    # h_N sealed with the deployment's key (core.sealing), bound to this brand, game and day: a
    # copied database alone does not give the future draws away; never answered, logged or shown.
    secret: Mapped[str] = mapped_column(String(200))
    commitment: Mapped[str] = mapped_column(String(64))  # h_0
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<LotterySeries {self.game_code} {self.day} of {self.length}>"

    def _row(self) -> str:
        return f"{self.tenant_id}:{self.game_code}:{self.day.isoformat()}"

    def keep(self, secret_key: str, chain: Series) -> None:
        """Keep ``chain``'s secret, sealed, and its commitment."""
        self.length, self.commitment = chain.length, chain.commitment
        self.secret = seal(secret_key, SEALED_FOR, self._row(), chain.secret)

    def chain(self, secret_key: str) -> Series:
        """The series' hash chain, its secret unsealed (a copy moved to another row does not open)."""
        return Series(unseal(secret_key, SEALED_FOR, self._row(), self.secret), self.length)


class LotteryDraw(TenantOwned, Base):
    """One draw: a fast game's draw of a series, whose rank k (1 to N) uses seed h_k, stored only
    once drawn; or a Vietnamese game's draw of a day, with neither series nor rank, its prizes from
    the results feed or an operator. ``result_version`` is 1 once it has prizes and is raised by each
    correction: bets settled against an older version are resettled."""

    __tablename__ = "lottery_draws"
    __table_args__ = (
        UniqueConstraint("tenant_id", "game_code", "numero"),
        Index("ix_lottery_draws_due", "tenant_id", "state", "draw_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_code: Mapped[str] = mapped_column(String(32))
    numero: Mapped[str] = mapped_column(String(16))
    series_id: Mapped[int | None] = mapped_column(ForeignKey("lottery_series.id", ondelete="RESTRICT"), index=True)
    rank: Mapped[int | None] = mapped_column(Integer)
    draw_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    lock_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    state: Mapped[str] = mapped_column(String(16), default=OPEN)
    prizes: Mapped[list[str] | None] = mapped_column(JSON)  # in the format's published order
    seed: Mapped[str | None] = mapped_column(String(64))  # h_k, once drawn
    drawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    result_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


VIETNAMESE, FAST = "vietnamese", "fast"  # a game's kind: an official draw a day, or the house's fast draws


class LotteryGame(TenantOwned, Base):
    """One of the brand's lottery games as its operator keeps it, seeded from the official schedule
    (lottery.schedule): a Vietnamese game's name, region, weekdays, draw time and lock minutes, or a
    fast game's name, interval and lock seconds; a disabled game opens no new draws."""

    __tablename__ = "lottery_games"
    __table_args__ = (UniqueConstraint("tenant_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(100))
    position: Mapped[int] = mapped_column(Integer)  # the schedule's order
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    region: Mapped[str | None] = mapped_column(String(16))  # Vietnamese games
    weekdays: Mapped[str | None] = mapped_column(String(16))  # "1,2,…", Sunday 1
    draw_time: Mapped[str | None] = mapped_column(String(5))  # "18:15", Vietnam's time
    lock_minutes: Mapped[int | None] = mapped_column(Integer)
    interval: Mapped[int | None] = mapped_column(Integer)  # fast games: seconds between draws
    lock_seconds: Mapped[int | None] = mapped_column(Integer)
    updated_by: Mapped[str | None] = mapped_column(String(64))
    updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    def __repr__(self) -> str:
        return f"<LotteryGame {self.code} {self.kind}>"
