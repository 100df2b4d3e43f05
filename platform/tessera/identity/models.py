"""Members of a brand, their sessions, failed logins, the audit log, the encrypted payloads
already seen, who referred whom, the accounts of federated sign-in providers linked to members,
the verification codes sent by SMS, the password reset emails asked for, and the refused
registrations and affiliate checks."""
import secrets
from datetime import date, datetime

from sqlalchemy import JSON, Boolean, Date, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow

REAL = 4
AGENT_TYPES = frozenset({1, 2, 41, 42})
MEMBER_TYPES = AGENT_TYPES | {REAL}  # the types that may log in as members (SPEC §6)
FREE_PLAY = 0
ACTIVE, LOCKED = "active", "locked"
# Referral codes: 8 characters without look-alikes (no 0/O, 1/I/L): some 850 billion of them.
REFERRAL_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
REFERRAL_LENGTH = 8
TEXT = 255  # the longest value a register field may allow (tenant.schema.json)


def new_referral_code() -> str:
    return "".join(secrets.choice(REFERRAL_ALPHABET) for _ in range(REFERRAL_LENGTH))


class Member(TenantOwned, Base):
    """A player or agent account of one brand; the same username on two brands is two accounts."""

    __tablename__ = "members"
    __table_args__ = (
        UniqueConstraint("tenant_id", "username_key"),
        # Unique indexes rather than constraints: SQLite adds them without rebuilding the table.
        Index("uq_members_phone", "tenant_id", "phone", unique=True),
        Index("uq_members_referral_code", "tenant_id", "referral_code", unique=True),
        Index("uq_members_affiliate_code", "tenant_id", "affiliate_code", unique=True),
        Index("ix_members_by_registered_ip", "tenant_id", "registered_ip", "created_at"),  # registrations' pace
    )

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
    phone: Mapped[str | None] = mapped_column(String(16))  # E.164, one account per number on a brand
    referral_code: Mapped[str | None] = mapped_column(String(16), default=new_referral_code)  # to invite friends
    affiliate_code: Mapped[str | None] = mapped_column(String(32))  # an agent's code for the downline's sign-up
    payment_password_hash: Mapped[str | None] = mapped_column(String(200))
    payee_name: Mapped[str | None] = mapped_column(String(TEXT))
    qq_num: Mapped[str | None] = mapped_column(String(TEXT))
    line: Mapped[str | None] = mapped_column(String(TEXT))
    whatsapp: Mapped[str | None] = mapped_column(String(TEXT))
    facebook: Mapped[str | None] = mapped_column(String(TEXT))
    wechat: Mapped[str | None] = mapped_column(String(TEXT))
    id_number: Mapped[str | None] = mapped_column(String(TEXT))
    recommender: Mapped[str | None] = mapped_column(String(TEXT))  # the registration form's recommenderId, as typed
    birthday: Mapped[date | None] = mapped_column(Date)
    registered_ip: Mapped[str | None] = mapped_column(String(45))
    register_method: Mapped[str | None] = mapped_column(String(16))  # WEB, FEDERATED, OPERATOR


def username_key(username: str) -> str:
    return username.strip().lower()


def code_key(code: str) -> str:
    """Referral and affiliate codes are matched whatever their case: kept in upper case."""
    return code.strip().upper()


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


class RefusedCheck(TenantOwned, Base):
    """A registration refused after its name was checked, or an affiliate code not found: answers
    that tell whether an account or an agent exists, counted by address and by brand for the throttles."""

    __tablename__ = "refused_checks"
    __table_args__ = (
        Index("ix_refused_checks_by_ip", "tenant_id", "kind", "ip", "created_at"),
        Index("ix_refused_checks_by_brand", "tenant_id", "kind", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # "register" or "affiliate"
    ip: Mapped[str] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AuditEvent(TenantOwned, Base):
    """What happened to an account: register, login, login_failed, lockout, logout, password_changed,
    and the verification codes asked for, sent and used."""

    __tablename__ = "audit_events"
    __table_args__ = (Index("ix_audit_events_by_member", "tenant_id", "member_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="SET NULL"))
    kind: Mapped[str] = mapped_column(String(20))
    ip: Mapped[str | None] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    detail: Mapped[dict] = mapped_column(JSON, default=dict)


def audit(db, kind: str, ip: str | None, at: datetime, member_id: int | None = None, **detail) -> None:
    """Write a line of the audit log (kept with the request's other writes)."""
    db.add(AuditEvent(kind=kind, member_id=member_id, ip=ip, created_at=at, detail=detail))


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


class Referral(TenantOwned, Base):
    """A member who registered with another member's referral code (invite friends)."""

    __tablename__ = "referrals"

    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), primary_key=True)
    referrer_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
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


class VerificationCode(TenantOwned, Base):
    """A code sent by SMS (or, for a number that has no account, only recorded, so the throttles and
    the answer are the same whether or not the number belongs to a member); only its keyed hash is kept."""

    __tablename__ = "verification_codes"
    __table_args__ = (
        Index("ix_verification_codes_by_phone", "tenant_id", "phone", "created_at"),
        Index("ix_verification_codes_by_ip", "tenant_id", "ip", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    purpose: Mapped[str] = mapped_column(String(10))
    # E.164; for an address check naming no member with a number, "?" and the account name,
    # so the throttles count it as they would a number.
    phone: Mapped[str] = mapped_column(String(72))
    code_hash: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ip: Mapped[str | None] = mapped_column(String(45))


class PasswordResetRequest(TenantOwned, Base):
    """A reset email asked for, counted by account name and by address for the throttles."""

    __tablename__ = "password_reset_requests"
    __table_args__ = (
        Index("ix_password_reset_requests_by_account", "tenant_id", "username_key", "created_at"),
        Index("ix_password_reset_requests_by_ip", "tenant_id", "ip", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username_key: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str | None] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
