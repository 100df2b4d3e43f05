"""The ledger's tables: accounts with their balances, transactions and their postings.

A balance is kept on its account for speed and is always the sum of that account's postings;
``tessera ledger audit`` proves it.
"""

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

MAIN, VENDOR, POINTS, HOUSE = "main", "vendor", "points", "house"
HOUSE_ACCOUNTS = (
    "deposits_clearing",  # money received through payment channels
    "withdrawals_payable",  # withdrawals held until paid or released
    "vendor_settlement",  # bets and wins with seamless-wallet vendors
    "bonuses",  # bonuses granted
    "commissions",  # agents' commissions
    "transfers_in_flight",  # transfers to a vendor whose answer is not known yet
    "game_receivable",  # wins a resettlement or cancellation took back that members had spent already
    "adjustments",  # staff's manual credits to and debits from members' main wallets
)
# Each house account is HOUSE_SHARDS accounts (house:bonuses:0 .. house:bonuses:15): a member's
# posts take the shard of their id, so members' money calls never queue on one brand-wide row. A
# house account's balance is the sum of its shards. Changing the number leaves every shard's
# balance and postings as they are (a member's posts then go to another shard).
HOUSE_SHARDS = 16


class LedgerAccount(TenantOwned, Base):
    __tablename__ = "ledger_accounts"
    __table_args__ = (UniqueConstraint("tenant_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(80))  # member:7:main, member:7:vendor:TWV, house:bonuses:7
    kind: Mapped[str] = mapped_column(String(10))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"), index=True)
    vendor: Mapped[str | None] = mapped_column(String(32))
    balance_minor: Mapped[int] = mapped_column(BigInteger, default=0)
    allow_negative: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LedgerTransaction(TenantOwned, Base):
    __tablename__ = "ledger_transactions"
    __table_args__ = (
        UniqueConstraint("tenant_id", "idempotency_key"),
        Index("ix_ledger_transactions_member_history", "tenant_id", "member_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(160))
    kind: Mapped[str] = mapped_column(String(24))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"))
    fingerprint: Mapped[str] = mapped_column(String(64))
    reference: Mapped[str | None] = mapped_column(String(80))
    remark: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    postings: Mapped[list["LedgerPosting"]] = relationship(
        back_populates="transaction", order_by="LedgerPosting.id", lazy="selectin"
    )

    replayed = False  # not a column: True where Ledger.post answered this first post for a replay


class LedgerPosting(TenantOwned, Base):
    __tablename__ = "ledger_postings"

    id: Mapped[int] = mapped_column(primary_key=True)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("ledger_transactions.id", ondelete="RESTRICT"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("ledger_accounts.id", ondelete="RESTRICT"), index=True)
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    balance_after_minor: Mapped[int] = mapped_column(BigInteger)

    transaction: Mapped[LedgerTransaction] = relationship(back_populates="postings")
    account: Mapped[LedgerAccount] = relationship(lazy="joined")
