"""Deposits, withdrawals, saved bank accounts and payment passwords.

Money moves only through the ledger; these rows say what was asked and where it stands, and
name the ledger transactions that moved it. A member's request id is kept on the row it made
(``request_key``, unique per brand), so a replayed request finds its first answer.
"""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

MANUAL, REDIRECT = "manual", "redirect"
PENDING, PAID, REJECTED, FAILED, EXPIRED, APPROVED = "pending", "paid", "rejected", "failed", "expired", "approved"
DEPOSIT_STATUSES = (PENDING, PAID, REJECTED, FAILED, EXPIRED)
WITHDRAWAL_STATUSES = (PENDING, APPROVED, PAID, REJECTED)
RECEIVED, NOT_RECEIVED, PARTLY_RECEIVED = "received", "not_received", "partly_received"
AUTO_RECEIVED, FORCED_RECEIVED = "auto_received", "forced_received"
CONFIRMATIONS = (RECEIVED, NOT_RECEIVED, PARTLY_RECEIVED, AUTO_RECEIVED, FORCED_RECEIVED)
REFUND = "refund"  # an operator's resolution of a claim: the missing money back to the member


class Deposit(TenantOwned, Base):
    __tablename__ = "deposits"
    __table_args__ = (
        UniqueConstraint("tenant_id", "request_key"),
        Index("ix_deposits_member_history", "tenant_id", "member_id", "created_at"),
        Index("ix_deposits_status", "tenant_id", "status", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"))
    plugin: Mapped[str] = mapped_column(String(64))
    channel: Mapped[str] = mapped_column(String(32))
    channel_title: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(10))
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(10), default=PENDING)
    reference: Mapped[str | None] = mapped_column(String(64))  # the member's (manual) or the gateway's (redirect)
    start_answer: Mapped[dict] = mapped_column(JSON, default=dict)  # the plugin's redirectUrl or instructions
    proof: Mapped[str | None] = mapped_column(String(255))  # under the upload folder
    remark: Mapped[str | None] = mapped_column(String(255))
    request_key: Mapped[str] = mapped_column(String(160))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    transaction_id: Mapped[int | None] = mapped_column(ForeignKey("ledger_transactions.id", ondelete="RESTRICT"))


class BankAccount(TenantOwned, Base):
    """A member's own account to be paid into; deleting one only hides it (withdrawals name it)."""

    __tablename__ = "bank_accounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"), index=True)
    bank_name: Mapped[str] = mapped_column(String(100))
    account_name: Mapped[str] = mapped_column(String(100))
    account_number: Mapped[str] = mapped_column(String(30))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Withdrawal(TenantOwned, Base):
    """A withdrawal, with the member's confirmation of what reached them (their claim, when money
    is missing) and, apart from it, the operator's resolution of a claim: settling a claim never
    rewrites what the member said."""

    __tablename__ = "withdrawals"
    __table_args__ = (
        UniqueConstraint("tenant_id", "request_key"),
        Index("ix_withdrawals_member_history", "tenant_id", "member_id", "created_at"),
        Index("ix_withdrawals_status", "tenant_id", "status", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"))
    # The account as it was when asked: a later deletion does not change where the money went.
    bank_account_id: Mapped[int] = mapped_column(ForeignKey("bank_accounts.id", ondelete="RESTRICT"))
    bank_name: Mapped[str] = mapped_column(String(100))
    account_name: Mapped[str] = mapped_column(String(100))
    account_number: Mapped[str] = mapped_column(String(30))
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), default=PENDING)
    confirm_by: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    pay_reference: Mapped[str | None] = mapped_column(String(64))
    # The confirmation: what the member said (or auto_received, forced_received), how much that
    # says arrived, when, and the member's proof image.
    confirmation: Mapped[str | None] = mapped_column(String(16))
    received_minor: Mapped[int | None] = mapped_column(BigInteger)
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    proof: Mapped[str | None] = mapped_column(String(255))
    # An operator's resolution of a claim: refund or forced_received, what it settles as received,
    # what it paid back, the operator key's name, when, and a note.
    resolution: Mapped[str | None] = mapped_column(String(16))
    resolved_received_minor: Mapped[int | None] = mapped_column(BigInteger)
    refunded_minor: Mapped[int | None] = mapped_column(BigInteger)
    resolved_by: Mapped[str | None] = mapped_column(String(64))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolution_note: Mapped[str | None] = mapped_column(String(255))
    remark: Mapped[str | None] = mapped_column(String(255))
    request_key: Mapped[str] = mapped_column(String(160))
    hold_transaction_id: Mapped[int | None] = mapped_column(ForeignKey("ledger_transactions.id", ondelete="RESTRICT"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PaymentPassword(TenantOwned, Base):
    """The second password a member gives to move money out (the brand's [wallet] payment_password)."""

    __tablename__ = "payment_passwords"

    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), primary_key=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChannelSetting(TenantOwned, Base):
    """What the brand's staff set for one of its deposit channels: offered or not, and bounds that
    narrow the channel's own and the brand's [wallet] ones (never widen them)."""

    __tablename__ = "payment_channel_settings"
    __table_args__ = (UniqueConstraint("tenant_id", "channel"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    channel: Mapped[str] = mapped_column(String(32))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    min_minor: Mapped[int | None] = mapped_column(BigInteger)
    max_minor: Mapped[int | None] = mapped_column(BigInteger)
    updated_by: Mapped[str | None] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
