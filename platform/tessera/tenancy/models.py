"""Brands and the hosts they answer on. These rows are the platform's, not any one tenant's."""
from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tessera.core.db import Base
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


class TenantDomain(Base):
    __tablename__ = "tenant_domains"

    host: Mapped[str] = mapped_column(String(253), primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)
    route: Mapped[str] = mapped_column(String(200), default="/")
    referral_code: Mapped[str | None] = mapped_column(String(32))

    tenant: Mapped[Tenant] = relationship(back_populates="domains")
