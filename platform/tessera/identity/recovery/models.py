"""The password reset emails asked for."""

from datetime import datetime

from sqlalchemy import DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned


class PasswordResetRequest(TenantOwned, Base):
    """A reset email asked for, counted by account name and by address for the throttles."""

    __tablename__ = "password_reset_requests"
    __table_args__ = (
        Index("ix_password_reset_requests_by_account", "tenant_id", "username_key", "created_at"),
        Index("ix_password_reset_requests_by_ip", "tenant_id", "ip", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username_key: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str | None] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
