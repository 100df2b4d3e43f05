"""Transfers between a member's main wallet and a transfer-wallet vendor's wallet.

A transfer is written down, with the money it takes out of the main wallet held in flight,
before the vendor is asked; it stays pending until the vendor's answer is known, so a lost answer
or a crash never loses money: ``tessera transfers reconcile`` asks the vendor again. A member has
at most one pending transfer with a vendor: while it is pending nothing else moves money between
Tessera and that vendor wallet, so what the vendor answers about it is the whole truth.
"""

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

IN, OUT = "in", "out"
PENDING, DONE, FAILED = "pending", "done", "failed"


class WalletTransfer(TenantOwned, Base):
    __tablename__ = "wallet_transfers"
    __table_args__ = (
        UniqueConstraint("tenant_id", "request_key"),
        Index("ix_wallet_transfers_by_status", "tenant_id", "status", "created_at"),
        Index(
            "uq_wallet_transfers_one_pending",
            "tenant_id",
            "member_id",
            "vendor",
            unique=True,
            sqlite_where=text("status = 'pending'"),
            postgresql_where=text("status = 'pending'"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"), index=True)
    vendor: Mapped[str] = mapped_column(String(32))  # the vendor's vassalage
    direction: Mapped[str] = mapped_column(String(3))  # in: main -> vendor; out: vendor -> main
    # Asked as "all" (``whole``) going out, 0 until the vendor said what the member holds there.
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    whole: Mapped[bool] = mapped_column(Boolean, default=False)  # asked as "all": the amount is the whole balance
    status: Mapped[str] = mapped_column(String(10), default=PENDING)
    request_key: Mapped[str] = mapped_column(String(120))  # member:{id}:walletTransfer:{requestId}
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
