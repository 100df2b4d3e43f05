"""Who referred whom, and the refused registrations and affiliate checks."""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned


class Referral(TenantOwned, Base):
    """A member who registered with another member's referral code (invite friends)."""

    __tablename__ = "referrals"

    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), primary_key=True)
    referrer_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RefusedCheck(TenantOwned, Base):
    """A registration refused after its name was checked, or an affiliate code not found: answers
    that tell whether an account or an agent exists, counted by address and by brand for the throttles."""

    __tablename__ = "refused_checks"
    __table_args__ = (
        Index("ix_refused_checks_by_ip", "tenant_id", "kind", "ip", "created_at"),
        Index("ix_refused_checks_by_brand", "tenant_id", "kind", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # "register" or "affiliate"
    ip: Mapped[str] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
