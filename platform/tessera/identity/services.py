"""Logins, sessions, free play and the audit log of a brand's members."""
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, or_, select, update

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc, now
from tessera.identity import verification
from tessera.identity.models import (
    ACTIVE,
    AGENT_TYPES,
    FREE_PLAY,
    MEMBER_TYPES,
    FailedLogin,
    Member,
    MemberSession,
    audit,
    code_key,
    username_key,
)
from tessera.identity.passwords import DEFAULT_PASSWORD, hash_password, verify_password
from tessera.identity.refusals import KeptRefusal
from tessera.identity.throttles import HOUR, count_since

DEFAULT_IDLE_MINUTES = 30
DEFAULT_LIFETIME_HOURS = 24
TOUCH_INTERVAL = timedelta(minutes=1)  # last_seen_at is written at most this often, not on every call
MAX_FAILURES_PER_ACCOUNT = 100  # failed password checks an hour per account name, then refused unchecked
MAX_FAILURES_PER_IP = 30  # failed password checks an hour from one address on one brand
FREE_PLAY_PREFIX = "guest"
MAX_FREE_PLAY_PER_IP = 20  # demo accounts an hour from one address on one brand


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


# Sessions

def start_session(db, tenant, member: Member, ip: str | None, at: datetime) -> str:
    """A new session for ``member``; returns its token, of which only the hash is kept."""
    token = secrets.token_urlsafe(32)
    lifetime = timedelta(hours=tenant.section("sessions").get("lifetime_hours", DEFAULT_LIFETIME_HOURS))
    db.add(MemberSession(member_id=member.id, token_hash=token_hash(token), created_at=at, last_seen_at=at,
                         expires_at=at + lifetime, ip=ip))
    return token


def session_identity(request, token: str) -> MemberIdentity | None:
    """The member a live session of this brand speaks for: not revoked, not past its lifetime,
    not idle longer than the brand allows, its member active."""
    tenant = request.tenant_or_none
    if tenant is None:
        return None
    at = now(request.registry)
    idle = timedelta(minutes=tenant.section("sessions").get("idle_minutes", DEFAULT_IDLE_MINUTES))
    found = request.db.execute(
        select(MemberSession, Member.member_type)
        .join(Member, Member.id == MemberSession.member_id)
        .where(MemberSession.token_hash == token_hash(token), MemberSession.revoked_at.is_(None),
               Member.status == ACTIVE)
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
    db.execute(update(MemberSession).where(MemberSession.id == identity.session_id)
               .values(revoked_at=at).execution_options(synchronize_session=False))
    audit(db, "logout", ip, at, identity.member_id)


def revoke_member_sessions(db, member_id: int, at: datetime) -> None:
    """End every live session of a member (on a password change: tokens are rotated)."""
    db.execute(update(MemberSession)
               .where(MemberSession.member_id == member_id, MemberSession.revoked_at.is_(None))
               .values(revoked_at=at).execution_options(synchronize_session=False))


def set_password(db, member: Member, password: str, ip: str | None, at: datetime, *, is_default: bool = False) -> None:
    """Give ``member`` a new password: every session it had ends, and the change is audited."""
    member.password_hash = hash_password(password)
    member.password_changed_at = at
    member.password_is_default = is_default
    revoke_member_sessions(db, member.id, at)
    audit(db, "password_changed", ip, at, member.id)


# Logins

def _check_throttles(db, key: str, member: Member | None, ip: str, at: datetime) -> None:
    since = at - HOUR
    # A member's own successful login starts the count again; the address's count runs on.
    account_since = max(since, as_utc(member.last_login_at)) if member and member.last_login_at else since
    if count_since(db, FailedLogin, account_since, FailedLogin.username_key == key) >= MAX_FAILURES_PER_ACCOUNT:
        limit = "account"
    elif count_since(db, FailedLogin, since, FailedLogin.ip == ip) >= MAX_FAILURES_PER_IP:
        limit = "ip"
    else:
        return
    audit(db, "lockout", ip, at, member.id if member else None, username=key, limit=limit)
    raise KeptRefusal(429, "too_many_attempts")


def password_expired(tenant, member: Member, at: datetime) -> bool:
    if member.password_is_default:
        return True
    days = tenant.section("sessions").get("password_expiry_days")
    if not tenant.flag("PWDEXPIRY3") or days is None:
        return False
    changed = as_utc(member.password_changed_at or member.created_at)
    return at - changed > timedelta(days=days)


def recent_failure(db, username: str, ip: str | None, at: datetime) -> bool:
    """Whether a login failed within the hour for this account name or from this address (the
    next attempt then needs a captcha)."""
    return db.scalar(select(FailedLogin.id).where(
        FailedLogin.created_at >= at - HOUR,
        or_(FailedLogin.username_key == username_key(username), FailedLogin.ip == (ip or ""))).limit(1)) is not None


def log_in(db, tenant, username: str, password: str, ip: str | None, at: datetime, *, agent: bool = False,
           address_code: str | None = None) -> Login:
    """Check a username and password; refusals do not tell whether the account exists.

    ``agent``: the login comes from the agent entrance. ``address_code``: the code of purpose "ip"
    that proves the member's phone when the brand checks logins from unknown addresses (UNREGIPVERIF3)."""
    key = username_key(username)
    member = db.scalar(select(Member).where(Member.username_key == key))
    _check_throttles(db, key, member, ip or "", at)
    matches, rehashed = verify_password(member.password_hash if member else None, password)
    if not matches:
        db.add(FailedLogin(username_key=key, ip=ip or "", created_at=at))
        db.execute(delete(FailedLogin).where(FailedLogin.created_at < at - HOUR)
                   .execution_options(synchronize_session=False))  # counted no more: kept no longer
        audit(db, "login_failed", ip, at, member.id if member else None, username=key)
        raise KeptRefusal(401, "login_failed")
    admit(db, member, ip, at, agent=agent)
    if rehashed:
        member.password_hash = rehashed
    if tenant.flag("UNREGIPVERIF3"):
        _check_address(db, member, ip, at, address_code)
    expired = password_expired(tenant, member, at) or password == DEFAULT_PASSWORD
    return log_in_member(db, tenant, member, ip, at, expired)


def admit(db, member: Member, ip: str | None, at: datetime, *, agent: bool = False) -> None:
    """Refuse a member who may not log in (here, or at the agent entrance when ``agent``)."""
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


def masked_phone(member: Member) -> str:
    """The member's number as a hint: the country code and the last four digits (+63•••••1234)."""
    country = f"+{member.country_dialing_code}" if member.country_dialing_code else ""
    return f"{country}•••••{member.phone[-4:]}"


def _known_address(db, member: Member, ip: str | None) -> bool:
    if ip is not None and ip == member.registered_ip:
        return True
    return db.scalar(select(MemberSession.id).where(MemberSession.member_id == member.id, MemberSession.ip == ip)
                     .limit(1)) is not None


def _check_address(db, member: Member, ip: str | None, at: datetime, code: str | None) -> None:
    """A password login from an address the member never used needs a code sent to their phone."""
    if member.phone is None or _known_address(db, member, ip):
        return
    if code is None:
        audit(db, "verification_asked", ip, at, member.id, purpose="ip")
        raise KeptRefusal(403, "ip_verification_required", value={"mobileNum": masked_phone(member)})
    if not verification.consume_code(db, "ip", member.phone, code, at, ip=ip, member_id=member.id):
        raise KeptRefusal(400, "verification_code_invalid")


def free_play(db, tenant, ip: str | None, at: datetime) -> Login:
    """A demo account and its session. It has no password, so it can never log in with one, and
    its type (0) keeps it out of everything that needs a real member (type 4): money calls use the
    :class:`~tessera.identity.permissions.RealAccount` context, which answers in_need_true_account."""
    if not tenant.flag("FREEPLAY3"):
        raise ApiError(403, "free_play_unavailable")
    started = db.scalar(
        select(func.count(MemberSession.id))
        .join(Member, Member.id == MemberSession.member_id)
        .where(Member.member_type == FREE_PLAY, MemberSession.ip == ip, MemberSession.created_at >= at - HOUR))
    if started >= MAX_FREE_PLAY_PER_IP:
        raise ApiError(429, "too_many_requests")
    username = FREE_PLAY_PREFIX + secrets.token_hex(5)
    # A demo account's login is never a first login, and it invites nobody (no referral code).
    member = Member(username=username, username_key=username, member_type=FREE_PLAY, nickname=username,
                    first_login_done=True, created_at=at, referral_code=None)
    db.add(member)
    db.flush()
    return log_in_member(db, tenant, member, ip, at, freePlay=True)


def member_info(db, member_id: int) -> dict:
    from tessera.tenancy.models import Tenant
    from tessera.wallet.upline import may_transfer_to_upline

    member = db.get(Member, member_id)
    wallet = db.get(Tenant, member.tenant_id).config.get("wallet", {})
    return {
        "id": member.id,
        "account": member.username,
        "nickname": member.nickname,
        "type": member.member_type,
        "toUpline": may_transfer_to_upline(db, wallet, member),
        "clubLabel": {"labelName": "VIP0", "rankLevel": 0},
        "memberLabel": [],
    }


def create_member(db, username: str, password: str | None, *, member_type: int, at: datetime,
                  nickname: str | None = None, is_default: bool = False, affiliate_code: str | None = None) -> Member:
    """A member made by an operator (``tessera members create``); an agent may get an affiliate code."""
    member = Member(username=username.strip(), username_key=username_key(username), member_type=member_type,
                    nickname=nickname or username.strip(), created_at=at,
                    password_hash=hash_password(password) if password is not None else None,
                    password_changed_at=at if password is not None else None, password_is_default=is_default,
                    affiliate_code=code_key(affiliate_code) if affiliate_code else None, register_method="OPERATOR")
    db.add(member)
    db.flush()
    return member
