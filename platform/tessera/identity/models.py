"""Members of a brand, their sessions, failed logins, the audit log, and the encrypted
payloads already seen."""
from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..db import Base, TenantOwned
from ..timeutil import utcnow

REAL = 4
AGENT_TYPES = frozenset({1, 2, 41, 42})
MEMBER_TYPES = AGENT_TYPES | {REAL}  # the types that may log in as members (SPEC §6)
FREE_PLAY = 0
ACTIVE, LOCKED = "active", "locked"


class Member(TenantOwned, Base):
    """A player or agent account of one brand; the same username on two brands is two accounts."""

    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("tenant_id", "username_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    username_key: Mapped[str] = mapped_column(String(64))  # lower case: usernames are unique whatever their case
    password_hash: Mapped[str | None] = mapped_column(String(200))  # None: no password login (free play)
    password_changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    password_is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    member_type: Mapped[int] = mapped_column(Integer, default=REAL)
    nickname: Mapped[str] = mapped_column(String(64))
    mobile_num: Mapped[str | None] = mapped_column(String(20))
    country_dialing_code: Mapped[str | None] = mapped_column(String(8))
    email: Mapped[str | None] = mapped_column(String(254))
    status: Mapped[str] = mapped_column(String(10), default=ACTIVE)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_login_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    first_login_done: Mapped[bool] = mapped_column(Boolean, default=False)
    upline_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="RESTRICT"), index=True)


def username_key(username: str) -> str:
    return username.strip().lower()


class MemberSession(TenantOwned, Base):
    """A login: only the SHA-256 of its Bearer token is kept."""

    __tablename__ = "member_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ip: Mapped[str | None] = mapped_column(String(45))


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


class AuditEvent(TenantOwned, Base):
    """What happened to an account: login, login_failed, lockout, logout, password_changed, verification."""

    __tablename__ = "audit_events"
    __table_args__ = (Index("ix_audit_events_by_member", "tenant_id", "member_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="SET NULL"))
    kind: Mapped[str] = mapped_column(String(20))
    ip: Mapped[str | None] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    detail: Mapped[dict] = mapped_column(JSON, default=dict)


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
