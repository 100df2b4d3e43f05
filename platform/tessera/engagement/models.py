"""Banners and announcements of a brand (synced from its content folder)."""
from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned


class Banner(TenantOwned, Base):
    """A top banner of one route group (SPEC §2), shown while its window is open."""

    __tablename__ = "banners"
    __table_args__ = (UniqueConstraint("tenant_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(40))
    group_name: Mapped[str] = mapped_column(String(20))
    position: Mapped[int] = mapped_column(Integer)
    image_url: Mapped[str] = mapped_column(String(500))
    link_url: Mapped[str | None] = mapped_column(String(500))
    title: Mapped[dict] = mapped_column(JSON)  # language -> alt text
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Announcement(TenantOwned, Base):
    """A notice in one language: marquee and notice list (PL), popup (PU), promotion (PR), help (H)."""

    __tablename__ = "announcements"
    __table_args__ = (
        UniqueConstraint("tenant_id", "language", "key"),
        Index("ix_announcements_lookup", "tenant_id", "language", "type", "starts_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    language: Mapped[str] = mapped_column(String(8))
    key: Mapped[str] = mapped_column(String(40))
    type: Mapped[str] = mapped_column(String(2))
    position: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(200))
    content_html: Mapped[str] = mapped_column(Text)
    promotion_type: Mapped[str | None] = mapped_column(String(40))
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
