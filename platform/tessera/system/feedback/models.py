"""Feedback and complaints sent from the side bar."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


class Feedback(TenantOwned, Base):
    """Feedback and complaints sent from the side bar."""

    __tablename__ = "feedback"
    __table_args__ = (Index("ix_feedback_recent_by_ip", "tenant_id", "ip", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    content: Mapped[str] = mapped_column(String(140))
    contact: Mapped[str | None] = mapped_column(String(100))
    images: Mapped[list] = mapped_column(JSON, default=list)
    language: Mapped[str] = mapped_column(String(8))
    ip: Mapped[str] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
