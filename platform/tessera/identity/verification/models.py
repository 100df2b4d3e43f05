"""The verification codes sent by SMS."""

from datetime import datetime

from sqlalchemy import DateTime, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned


class VerificationCode(TenantOwned, Base):
    """A code sent by SMS (or, for a number that has no account, only recorded, so the throttles and
    the answer are the same whether or not the number belongs to a member); only its keyed hash is kept."""

    __tablename__ = "verification_codes"
    __table_args__ = (
        Index("ix_verification_codes_by_phone", "tenant_id", "phone", "created_at"),
        Index("ix_verification_codes_by_ip", "tenant_id", "ip", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    purpose: Mapped[str] = mapped_column(String(10))
    # E.164; for an address check naming no member with a number, "?" and the account name,
    # so the throttles count it as they would a number.
    phone: Mapped[str] = mapped_column(String(72))
    code_hash: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ip: Mapped[str | None] = mapped_column(String(45))
