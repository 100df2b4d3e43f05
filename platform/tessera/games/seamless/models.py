"""The money calls seamless-wallet vendors made, kept with their answers."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


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
