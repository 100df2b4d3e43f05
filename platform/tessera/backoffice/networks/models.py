"""The networks a brand's staff may act from.

Like a staff grant, a row names its brand but belongs to the deployment's staff rules: the staff
check reads it for any call naming the brand (in its path or its query), before the request's
session is scoped to a brand."""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base


class AllowedNetwork(Base):
    """A network (CIDR) a brand's staff may act from."""

    __tablename__ = "staff_allowed_networks"
    __table_args__ = (UniqueConstraint("tenant_id", "network"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)
    network: Mapped[str] = mapped_column(String(43))  # the longest IPv6 CIDR
    label: Mapped[str | None] = mapped_column(String(100))
    created_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
