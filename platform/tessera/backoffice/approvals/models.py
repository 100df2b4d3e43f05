"""Maker-checker: money actions above the brand's threshold wait here for a second staff member,
and the threshold itself.

An approval names what it will do (``action``, its ``target`` and the form it was asked with),
who asked and who decided. Manual adjustments and bonuses carry the key of their ``requestId``
(unique per brand), so asking again answers the same approval; a withdrawal's approval is found
by its target while its withdrawal's row is locked."""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, DateTime, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned

PENDING, APPROVED, REJECTED = "pending", "approved", "rejected"
APPROVAL_STATUSES = (PENDING, APPROVED, REJECTED)
# What an approval does once approved.
WITHDRAWAL_APPROVAL, ADJUSTMENT, BONUS = "withdrawal.approve", "member.adjustment", "member.bonus"
LOTTERY_RESULTS, LOTTERY_CANCEL = "lottery.results", "lottery.cancel"  # a draw's results, its cancellation


class Approval(TenantOwned, Base):
    __tablename__ = "backoffice_approvals"
    __table_args__ = (
        UniqueConstraint("tenant_id", "request_key"),
        Index("ix_backoffice_approvals_status", "tenant_id", "status", "id"),
        Index("ix_backoffice_approvals_target", "tenant_id", "target"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(64))  # withdrawal:{id}, member:{id}, lottery_draw:{id}
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    form: Mapped[dict] = mapped_column(JSON)  # what the action runs with
    permission: Mapped[str] = mapped_column(String(32))  # what the checker must hold, as the maker did
    request_key: Mapped[str | None] = mapped_column(String(160))  # adjustments and bonuses: their requestId
    reason: Mapped[str | None] = mapped_column(String(255))  # the maker's
    status: Mapped[str] = mapped_column(String(10), default=PENDING)
    requested_by_id: Mapped[int] = mapped_column(Integer)  # staff ids: staff belong to the deployment
    requested_by: Mapped[str] = mapped_column(String(64))
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_by_id: Mapped[int | None] = mapped_column(Integer)
    decided_by: Mapped[str | None] = mapped_column(String(64))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    decision_reason: Mapped[str | None] = mapped_column(String(255))  # the checker's, on a rejection


class ApprovalThreshold(TenantOwned, Base):
    """The brand's threshold, once a staff member set it (until then tenant.toml's [wallet]
    approval_threshold, or DEFAULT_THRESHOLD)."""

    __tablename__ = "backoffice_approval_thresholds"
    __table_args__ = (UniqueConstraint("tenant_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    threshold_minor: Mapped[int] = mapped_column(BigInteger)
    updated_by: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
