"""Members' sessions: started at a login, found again by their Bearer token, ended at logout or
when the password changes; and the admission every login passes."""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select, update

from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import as_utc
from tessera.identity.accounts.models import ACTIVE, AGENT_TYPES, FROZEN, MEMBER_TYPES, Member
from tessera.identity.accounts.services import audit
from tessera.identity.passwords import hash_password
from tessera.identity.sessions.models import MemberSession

DEFAULT_IDLE_MINUTES = 30
DEFAULT_LIFETIME_HOURS = 24
TOUCH_INTERVAL = timedelta(minutes=1)  # last_seen_at is written at most this often, not on every call


@dataclass(frozen=True)
class MemberIdentity:
    """Who a Bearer token speaks for (``request.identity``)."""

    member_id: int
    member_type: int
    tenant_id: int
    session_id: int


@dataclass(frozen=True)
class Login:
    token: str
    first_time: bool
    password_expired: bool

    def as_value(self) -> dict:
        return {"token": self.token, "firstTimeLogin": self.first_time, "passwordExpired": self.password_expired}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start_session(db, tenant, member: Member, ip: str | None, at: datetime) -> str:
    """A new session for ``member``; returns its token, of which only the hash is kept."""
    token = secrets.token_urlsafe(32)
    lifetime = timedelta(hours=tenant.section("sessions").get("lifetime_hours", DEFAULT_LIFETIME_HOURS))
    db.add(
        MemberSession(
            member_id=member.id,
            token_hash=token_hash(token),
            created_at=at,
            last_seen_at=at,
            expires_at=at + lifetime,
            ip=ip,
        )
    )
    return token


def purge_ended_sessions(db, at: datetime) -> int:
    """Delete the sessions past their lifetime or revoked, which no token opens any more (of the
    session's brand, or of every brand for an operator's session); how many."""
    ended = or_(MemberSession.expires_at <= at, MemberSession.revoked_at <= at)
    return db.execute(delete(MemberSession).where(ended).execution_options(synchronize_session=False)).rowcount


def session_identity(db, tenant, token: str, at: datetime) -> MemberIdentity | None:
    """The member a live session of this brand speaks for: not revoked, not past its lifetime,
    not idle longer than the brand allows, its member active."""
    idle = timedelta(minutes=tenant.section("sessions").get("idle_minutes", DEFAULT_IDLE_MINUTES))
    found = db.execute(
        select(MemberSession, Member.member_type)
        .join(Member, Member.id == MemberSession.member_id)
        .where(
            MemberSession.token_hash == token_hash(token), MemberSession.revoked_at.is_(None), Member.status == ACTIVE
        )
    ).first()
    if found is None:
        return None
    session, member_type = found
    last_seen = as_utc(session.last_seen_at)
    if session.tenant_id != tenant.id or as_utc(session.expires_at) <= at or last_seen + idle <= at:
        return None
    if at - last_seen >= TOUCH_INTERVAL:
        session.last_seen_at = at
    return MemberIdentity(session.member_id, member_type, session.tenant_id, session.id)


def end_session(db, identity: MemberIdentity, ip: str | None, at: datetime) -> None:
    db.execute(
        update(MemberSession)
        .where(MemberSession.id == identity.session_id)
        .values(revoked_at=at)
        .execution_options(synchronize_session=False)
    )
    audit(db, "logout", ip, at, identity.member_id)


def revoke_member_sessions(db, member_id: int, at: datetime) -> None:
    """End every live session of a member (on a password change: tokens are rotated)."""
    db.execute(
        update(MemberSession)
        .where(MemberSession.member_id == member_id, MemberSession.revoked_at.is_(None))
        .values(revoked_at=at)
        .execution_options(synchronize_session=False)
    )


def set_password(db, member: Member, password: str, ip: str | None, at: datetime, *, is_default: bool = False) -> None:
    """Give ``member`` a new password: every session it had ends, and the change is audited."""
    member.password_hash = hash_password(password)
    member.password_changed_at = at
    member.password_is_default = is_default
    revoke_member_sessions(db, member.id, at)
    audit(db, "password_changed", ip, at, member.id)


def admit(db, member: Member, ip: str | None, at: datetime, *, agent: bool = False) -> None:
    """Refuse a member who may not log in (here, or at the agent entrance when ``agent``)."""
    if member.status == FROZEN:
        audit(db, "login_failed", ip, at, member.id, reason="frozen")
        raise KeptRefusal(403, "account_frozen")
    if member.status != ACTIVE:
        audit(db, "login_failed", ip, at, member.id, reason="locked")
        raise KeptRefusal(403, "account_locked")
    if member.member_type not in MEMBER_TYPES:
        audit(db, "login_failed", ip, at, member.id, reason="non_member")
        raise KeptRefusal(403, "non_member_login")
    if agent and member.member_type not in AGENT_TYPES:
        audit(db, "login_failed", ip, at, member.id, reason="non_agent")
        raise KeptRefusal(403, "non_agent_login")


def log_in_member(db, tenant, member: Member, ip: str | None, at: datetime, expired: bool = False, **detail) -> Login:
    """A session for an admitted member; the login is audited."""
    first_time = not member.first_login_done
    member.first_login_done, member.last_login_at = True, at
    token = start_session(db, tenant, member, ip, at)
    audit(db, "login", ip, at, member.id, **detail)
    return Login(token, first_time, expired)
