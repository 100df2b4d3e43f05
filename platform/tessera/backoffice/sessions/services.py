"""Staff logins (password and second factor, throttled as members' are), the sessions behind the
back office's cookie, and the CSRF token each session carries."""

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update

from tessera.backoffice.audit.services import audit
from tessera.backoffice.sessions.models import StaffSession
from tessera.backoffice.staff.models import ACTIVE, Staff, StaffFailedLogin
from tessera.backoffice.staff.services import second_factor_holds, username_key
from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import as_utc
from tessera.identity.passwords import verify_password
from tessera.identity.throttles import failed_logins_limit, keep_failed_login

MAX_FAILURES_PER_ACCOUNT = 10  # failed staff logins an hour per account name, then refused unchecked
MAX_FAILURES_PER_IP = 30  # failed staff logins an hour from one address
TOUCH_INTERVAL = timedelta(minutes=1)  # last_seen_at is written at most this often


@dataclass(frozen=True)
class SessionRules:
    idle: timedelta
    lifetime: timedelta
    secret_key: str  # the deployment's, which the TOTP secrets are sealed with

    @classmethod
    def from_settings(cls, settings) -> "SessionRules":
        return cls(
            timedelta(minutes=settings.backoffice_idle_minutes),
            timedelta(hours=settings.backoffice_lifetime_hours),
            settings.secret_key,
        )


@dataclass(frozen=True)
class StaffIdentity:
    """Who the back office's cookie speaks for (``request.staff``)."""

    staff_id: int
    username: str
    superuser: bool
    enrolled: bool
    session_id: int
    token_hash: str
    must_change_password: bool = False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _check_throttles(db, key: str, staff: Staff | None, ip: str, at: datetime) -> None:
    limit = failed_logins_limit(
        db,
        StaffFailedLogin,
        key,
        StaffFailedLogin.username == key,
        StaffFailedLogin.ip,
        ip,
        at,
        staff.last_login_at if staff else None,
        MAX_FAILURES_PER_ACCOUNT,
        MAX_FAILURES_PER_IP,
    )
    if limit is None:
        return
    audit(db, key, "lockout", at, ip=ip, after={"limit": limit})
    raise KeptRefusal(429, "too_many_attempts")


def _failed(db, key: str, ip: str, at: datetime, reason: str) -> KeptRefusal:
    keep_failed_login(db, StaffFailedLogin(username=key, ip=ip, created_at=at))
    audit(db, key, "login_failed", at, ip=ip, after={"reason": reason})
    return KeptRefusal(401, "login_failed")


def log_in(
    db, rules: SessionRules, username: str, password: str, code: str | None, ip: str | None, at: datetime
) -> str:
    """Check a staff member's password and second factor (a TOTP code or a recovery code) and start
    a session; its token. Refusals do not tell which part was wrong, nor whether the account exists."""
    key, ip = username_key(username), ip or ""
    staff = db.scalar(select(Staff).where(Staff.username == key))
    _check_throttles(db, key, staff, ip, at)
    matches, rehashed = verify_password(staff.password_hash if staff else None, password)
    if not matches:
        raise _failed(db, key, ip, at, "password")
    if not second_factor_holds(db, staff, code, at, rules.secret_key):
        raise _failed(db, key, ip, at, "second_factor")
    if staff.status != ACTIVE:
        audit(db, key, "login_failed", at, ip=ip, after={"reason": "locked"})
        raise KeptRefusal(403, "account_locked")
    if rehashed:
        staff.password_hash = rehashed
    staff.last_login_at = at
    token = secrets.token_urlsafe(32)
    db.add(
        StaffSession(
            staff_id=staff.id,
            token_hash=token_hash(token),
            created_at=at,
            last_seen_at=at,
            expires_at=at + rules.lifetime,
            ip=ip,
        )
    )
    audit(db, key, "login", at, ip=ip)
    return token


def session_identity(db, rules: SessionRules, token: str, at: datetime) -> StaffIdentity | None:
    """The staff member a live session speaks for: not ended, not past its lifetime, not idle too
    long, its staff member active."""
    found = db.execute(
        select(StaffSession, Staff)
        .join(Staff, Staff.id == StaffSession.staff_id)
        .where(StaffSession.token_hash == token_hash(token), StaffSession.revoked_at.is_(None), Staff.status == ACTIVE)
    ).first()
    if found is None:
        return None
    session, staff = found
    last_seen = as_utc(session.last_seen_at)
    if as_utc(session.expires_at) <= at or last_seen + rules.idle <= at:
        return None
    if at - last_seen >= TOUCH_INTERVAL:
        session.last_seen_at = at
    enrolled = staff.totp_enrolled_at is not None
    return StaffIdentity(
        staff.id, staff.username, staff.superuser, enrolled, session.id, session.token_hash, staff.must_change_password
    )


def end_session(db, identity: StaffIdentity, ip: str | None, at: datetime) -> None:
    db.execute(
        update(StaffSession)
        .where(StaffSession.id == identity.session_id)
        .values(revoked_at=at)
        .execution_options(synchronize_session=False)
    )
    audit(db, identity.username, "logout", at, ip=ip)


def end_other_sessions(db, identity: StaffIdentity, at: datetime) -> None:
    """End every session of the staff member but the one ``identity`` came with (after a password change)."""
    db.execute(
        update(StaffSession)
        .where(
            StaffSession.staff_id == identity.staff_id,
            StaffSession.id != identity.session_id,
            StaffSession.revoked_at.is_(None),
        )
        .values(revoked_at=at)
        .execution_options(synchronize_session=False)
    )


def csrf_token(secret_key: str, identity: StaffIdentity) -> str:
    """The token the session's unsafe calls carry in X-CSRF-Token: bound to the session, never stored."""
    return hmac.new(secret_key.encode(), f"staff-csrf:{identity.token_hash}".encode(), hashlib.sha256).hexdigest()


def csrf_holds(secret_key: str, identity: StaffIdentity, sent: str | None) -> bool:
    return sent is not None and hmac.compare_digest(csrf_token(secret_key, identity), sent)
