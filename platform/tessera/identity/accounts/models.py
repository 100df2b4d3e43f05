"""Members of a brand and the audit log of what happened to their accounts."""

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
# A locked member is kept out by a lock-out; a frozen one by the brand (the back office), until unfrozen.
ACTIVE, LOCKED, FROZEN = "active", "locked", "frozen"
STATUSES = (ACTIVE, FROZEN, LOCKED)
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
    language: Mapped[str | None] = mapped_column(String(16))  # the language the member last chose on the site
    registered_ip: Mapped[str | None] = mapped_column(String(45))
    register_method: Mapped[str | None] = mapped_column(String(16))  # WEB, FEDERATED, OPERATOR


def username_key(username: str) -> str:
    return username.strip().lower()


def code_key(code: str) -> str:
    """Referral and affiliate codes are matched whatever their case: kept in upper case."""
    return code.strip().upper()


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
