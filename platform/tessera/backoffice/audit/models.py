"""The back office's audit log: append-only, each entry chained to the one before by its hash."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base

GENESIS = "0" * 64  # what the first entry names as the one before it


class AuditEntry(Base):
    """Who did what, on which brand, to what, from where and when; ``hash`` is the SHA-256 of
    the entry's canonical JSON, which carries ``previous_hash``. No two entries name the same
    previous one: the chain cannot fork."""

    __tablename__ = "backoffice_audit"
    __table_args__ = (Index("ix_backoffice_audit_by_brand", "brand", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    staff: Mapped[str] = mapped_column(String(64), index=True)  # a username, or the command line
    brand: Mapped[str | None] = mapped_column(String(64))  # a brand's slug; none for the deployment's
    action: Mapped[str] = mapped_column(String(64), index=True)
    target: Mapped[str | None] = mapped_column(String(128))
    before: Mapped[dict | None] = mapped_column(JSON)
    after: Mapped[dict | None] = mapped_column(JSON)
    ip: Mapped[str | None] = mapped_column(String(45))
    previous_hash: Mapped[str] = mapped_column(String(64), unique=True)
    hash: Mapped[str] = mapped_column(String(64), unique=True)
