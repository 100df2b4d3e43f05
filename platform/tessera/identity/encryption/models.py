"""The encrypted payloads already seen."""

from datetime import datetime

from sqlalchemy import DateTime, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned


class SeenPayload(TenantOwned, Base):
    """The ``jti`` of an encrypted payload already accepted; kept until the payload would be stale anyway."""

    __tablename__ = "seen_payloads"
    __table_args__ = (
        UniqueConstraint("tenant_id", "jti"),
        Index("ix_seen_payloads_expiry", "tenant_id", "expires_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    jti: Mapped[str] = mapped_column(String(128))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
