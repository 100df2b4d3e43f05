"""Runtime state of the system calls: maintenance windows, help content, footers, feedback."""
from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


class MaintenanceWindow(TenantOwned, Base):
    """A period during which the brand shows its maintenance page (status 1)."""

    __tablename__ = "maintenance_windows"

    id: Mapped[int] = mapped_column(primary_key=True)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    info: Mapped[str | None] = mapped_column(Text)


class HelpSection(TenantOwned, Base):
    """One section of the brand's help centre in one language (synced from its content folder)."""

    __tablename__ = "help_sections"
    __table_args__ = (Index("ix_help_sections_lookup", "tenant_id", "language", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    language: Mapped[str] = mapped_column(String(8))
    key: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(200))
    body_html: Mapped[str] = mapped_column(Text)


class Footer(TenantOwned, Base):
    """The brand's footer in one language, as the status call shows it (synced from its content folder):
    ``{"description": html, "licences": [...], "protection": [...], "responsibility": {...} | null}``."""

    __tablename__ = "footers"
    __table_args__ = (UniqueConstraint("tenant_id", "language"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    language: Mapped[str] = mapped_column(String(8))
    content: Mapped[dict] = mapped_column(JSON)


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
