"""Feedback and complaints sent from the side bar, and the brand's staff's replies to them."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

FEEDBACK, COMPLAINT = "feedback", "complaint"
OPEN, ANSWERED, CLOSED = "open", "answered", "closed"
TYPES, STATUSES = (FEEDBACK, COMPLAINT), (OPEN, ANSWERED, CLOSED)


class Feedback(TenantOwned, Base):
    """Feedback or a complaint sent from the side bar, by a member (when logged in) or a visitor."""

    __tablename__ = "feedback"
    __table_args__ = (
        Index("ix_feedback_recent_by_ip", "tenant_id", "ip", "created_at"),
        Index("ix_feedback_by_status", "tenant_id", "status", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    content: Mapped[str] = mapped_column(String(140))
    contact: Mapped[str | None] = mapped_column(String(100))
    images: Mapped[list] = mapped_column(JSON, default=list)
    language: Mapped[str] = mapped_column(String(8))
    ip: Mapped[str] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="SET NULL"), index=True)
    type: Mapped[str] = mapped_column(String(10), default=FEEDBACK, server_default=FEEDBACK)
    status: Mapped[str] = mapped_column(String(10), default=OPEN, server_default=OPEN)


class FeedbackReply(TenantOwned, Base):
    """A staff member's reply to a feedback, shown to the member who sent it."""

    __tablename__ = "feedback_replies"

    id: Mapped[int] = mapped_column(primary_key=True)
    feedback_id: Mapped[int] = mapped_column(ForeignKey("feedback.id", ondelete="CASCADE"), index=True)
    content: Mapped[str] = mapped_column(Text)
    staff: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
