"""Brands and the hosts they answer on (the platform's rows, not any one tenant's), and the content
of each brand's folder as the sync wrote it: help, footers, banners and notices."""

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


class Tenant(Base):
    __tablename__ = "tenants"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    config: Mapped[dict] = mapped_column(JSON)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    key_id: Mapped[str] = mapped_column(String(64))
    private_key_pem: Mapped[str] = mapped_column(Text)
    synced_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    domains: Mapped[list["TenantDomain"]] = relationship(back_populates="tenant", cascade="all, delete-orphan")


class TenantOverrides(Base):
    """The sections of a brand's config staff set in the back office over its folder's (register
    fields, region policy); a sync writes ``tenants.config`` only, never these. Part of the brand's
    config, read with it when a host is resolved: a platform row, like ``tenants``."""

    __tablename__ = "tenant_overrides"

    id: Mapped[int] = mapped_column(primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), unique=True)
    sections: Mapped[dict] = mapped_column(JSON, default=dict)


class TenantDomain(Base):
    __tablename__ = "tenant_domains"

    host: Mapped[str] = mapped_column(String(253), primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)
    route: Mapped[str] = mapped_column(String(200), default="/")
    referral_code: Mapped[str | None] = mapped_column(String(32))

    tenant: Mapped[Tenant] = relationship(back_populates="domains")


FOLDER, BACKOFFICE = "folder", "backoffice"  # where a row of the brand's content comes from


class HelpSection(TenantOwned, Base):
    """One section of the brand's help centre in one language: synced from its content folder, or
    written by staff in the back office (``source``; a sync replaces only the folder's)."""

    __tablename__ = "help_sections"
    __table_args__ = (Index("ix_help_sections_lookup", "tenant_id", "language", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    language: Mapped[str] = mapped_column(String(8))
    key: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(200))
    body_html: Mapped[str] = mapped_column(Text)
    body_text: Mapped[str | None] = mapped_column(Text)  # the Markdown staff wrote (None for the folder's)
    source: Mapped[str] = mapped_column(String(10), default=FOLDER, server_default=FOLDER)
    updated_by: Mapped[str | None] = mapped_column(String(64))


class Footer(TenantOwned, Base):
    """The brand's footer in one language, as the status call shows it (synced from its content folder):
    ``{"description": html, "licences": [...], "protection": [...], "responsibility": {...} | null}``."""

    __tablename__ = "footers"
    __table_args__ = (UniqueConstraint("tenant_id", "language"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    language: Mapped[str] = mapped_column(String(8))
    content: Mapped[dict] = mapped_column(JSON)


# Where a banner or an announcement comes from: the tenant folder (replaced by each sync) or the
# back office (kept by syncs, changed by staff).


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
    source: Mapped[str] = mapped_column(String(10), default=FOLDER, server_default=FOLDER)
    updated_by: Mapped[str | None] = mapped_column(String(64))  # the staff member who last changed it


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
    content_text: Mapped[str | None] = mapped_column(Text)  # the Markdown staff wrote (the back office's)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    source: Mapped[str] = mapped_column(String(10), default=FOLDER, server_default=FOLDER)
    updated_by: Mapped[str | None] = mapped_column(String(64))  # the staff member who last changed it


class BrandImage(TenantOwned, Base):
    """An image of the brand's folder its pages show (logo, banner, footer picture), as the sync
    measured it: its intrinsic size, a hash of its content and the smaller copies made of it
    (``[[name, width, height, format], ...]``, none for an SVG; see :mod:`tessera.tenancy.images`)."""

    __tablename__ = "brand_images"
    __table_args__ = (UniqueConstraint("tenant_id", "path"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    path: Mapped[str] = mapped_column(String(900))  # inside assets/, as content names it
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str] = mapped_column(String(64))
    variants: Mapped[list] = mapped_column(JSON)


class CustomerServiceEntry(TenantOwned, Base):
    """A customer-service entry (live chat, Facebook, Telegram, hotline, ...) made by staff, shown
    beside those the brand's customer-service plugins give from its tenant folder."""

    __tablename__ = "customer_service_entries"
    __table_args__ = (UniqueConstraint("tenant_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(20))
    cs_type: Mapped[str] = mapped_column(String(16))
    url: Mapped[str] = mapped_column(String(500))
    title: Mapped[dict] = mapped_column(JSON)  # by language
    position: Mapped[int] = mapped_column(Integer)
    updated_by: Mapped[str] = mapped_column(String(64))
