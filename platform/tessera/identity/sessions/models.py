"""Members' sessions, failed logins, and the accounts of sign-in providers linked to members."""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, SessionRecord, TenantOwned
from tessera.identity.accounts.models import TEXT


class MemberSession(SessionRecord, TenantOwned, Base):
    """A login: only the SHA-256 of its Bearer token is kept."""

    __tablename__ = "member_sessions"

    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)


class FailedLogin(TenantOwned, Base):
    """A password check that failed, counted by account name and by address for the throttles."""

    __tablename__ = "failed_logins"
    __table_args__ = (
        Index("ix_failed_logins_by_account", "tenant_id", "username_key", "created_at"),
        Index("ix_failed_logins_by_ip", "tenant_id", "ip", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username_key: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FederatedAccount(TenantOwned, Base):
    """A member's account at a sign-in provider: the provider's stable id of the person."""

    __tablename__ = "federated_accounts"
    __table_args__ = (UniqueConstraint("tenant_id", "provider", "subject"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    provider: Mapped[str] = mapped_column(String(32))
    subject: Mapped[str] = mapped_column(String(TEXT))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
