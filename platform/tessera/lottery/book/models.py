"""What staff changed of the brand's book over its tenant.toml (the back office's ``lottery/book``)."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


class LotteryBook(TenantOwned, Base):
    """One brand's overrides of its ``[lottery]`` section, in the section's own shape (amounts as
    text), laid over it key by key: a sync of the tenant folder never erases them."""

    __tablename__ = "lottery_books"
    __table_args__ = (UniqueConstraint("tenant_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    overrides: Mapped[dict] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
