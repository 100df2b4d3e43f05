"""Logins: by username and password, by a code sent to the member's phone, and free play."""

import secrets
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import as_utc
from tessera.identity.accounts.models import FREE_PLAY, Member, username_key
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.identity.passwords import DEFAULT_PASSWORD, verify_password
from tessera.identity.sessions.models import FailedLogin, MemberSession
from tessera.identity.sessions.services import Login, admit, log_in_member
from tessera.identity.throttles import HOUR, failed_logins_limit, keep_failed_login
from tessera.identity.verification.phones import proven_member
from tessera.identity.verification.services import consume_code, e164

MAX_FAILURES_PER_ACCOUNT = 100  # failed password checks an hour per account name, then refused unchecked
MAX_FAILURES_PER_IP = 30  # failed password checks an hour from one address on one brand
FREE_PLAY_PREFIX = "guest"
MAX_FREE_PLAY_PER_IP = 20  # demo accounts an hour from one address on one brand


def _check_throttles(db, key: str, member: Member | None, ip: str, at: datetime) -> None:
    limit = failed_logins_limit(
        db,
        FailedLogin,
        key,
        FailedLogin.username_key == key,
        FailedLogin.ip,
        ip,
        at,
        member.last_login_at if member else None,
        MAX_FAILURES_PER_ACCOUNT,
        MAX_FAILURES_PER_IP,
    )
    if limit is None:
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
    return (
        db.scalar(
            select(FailedLogin.id)
            .where(
                FailedLogin.created_at >= at - HOUR,
                or_(FailedLogin.username_key == username_key(username), FailedLogin.ip == (ip or "")),
            )
            .limit(1)
        )
        is not None
    )


def log_in(
    db,
    tenant,
    username: str,
    password: str,
    ip: str | None,
    at: datetime,
    *,
    agent: bool = False,
    address_code: str | None = None,
) -> Login:
    """Check a username and password; refusals do not tell whether the account exists.

    ``agent``: the login comes from the agent entrance. ``address_code``: the code of purpose "ip"
    that proves the member's phone when the brand checks logins from unknown addresses (UNREGIPVERIF3)."""
    key = username_key(username)
    member = db.scalar(select(Member).where(Member.username_key == key))
    _check_throttles(db, key, member, ip or "", at)
    matches, rehashed = verify_password(member.password_hash if member else None, password)
    if not matches:
        keep_failed_login(db, FailedLogin(username_key=key, ip=ip or "", created_at=at))
        audit(db, "login_failed", ip, at, member.id if member else None, username=key)
        raise KeptRefusal(401, "login_failed")
    admit(db, member, ip, at, agent=agent)
    if rehashed:
        member.password_hash = rehashed
    if tenant.flag("UNREGIPVERIF3"):
        _check_address(db, member, ip, at, address_code)
    expired = password_expired(tenant, member, at) or password == DEFAULT_PASSWORD
    return log_in_member(db, tenant, member, ip, at, expired)


def masked_phone(member: Member) -> str:
    """The member's number as a hint: the country code and the last four digits (+63•••••1234)."""
    country = f"+{member.country_dialing_code}" if member.country_dialing_code else ""
    return f"{country}•••••{(member.phone or '')[-4:]}"


def _known_address(db, member: Member, ip: str | None) -> bool:
    if ip is not None and ip == member.registered_ip:
        return True
    return (
        db.scalar(select(MemberSession.id).where(MemberSession.member_id == member.id, MemberSession.ip == ip).limit(1))
        is not None
    )


def _check_address(db, member: Member, ip: str | None, at: datetime, code: str | None) -> None:
    """A password login from an address the member never used needs a code sent to their phone."""
    if member.phone is None or _known_address(db, member, ip):
        return
    if code is None:
        audit(db, "verification_asked", ip, at, member.id, purpose="ip")
        raise KeptRefusal(403, "ip_verification_required", value={"mobileNum": masked_phone(member)})
    if not consume_code(db, "ip", member.phone, code, at, ip=ip, member_id=member.id):
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
        .where(Member.member_type == FREE_PLAY, MemberSession.ip == ip, MemberSession.created_at >= at - HOUR)
    )
    if started >= MAX_FREE_PLAY_PER_IP:
        raise ApiError(429, "too_many_requests")
    username = FREE_PLAY_PREFIX + secrets.token_hex(5)
    # A demo account's login is never a first login, and it invites nobody (no referral code).
    member = Member(
        username=username,
        username_key=username,
        member_type=FREE_PLAY,
        nickname=username,
        first_login_done=True,
        created_at=at,
        referral_code=None,
    )
    db.add(member)
    db.flush()
    return log_in_member(db, tenant, member, ip, at, freePlay=True)


def sms_login(call: Call, form: dict) -> Login:
    """A login by a code sent to the member's phone (purpose "login") or a phone-auth token. No
    captcha: the code's send asked for one, and a code allows five tries."""
    tenant, db, ip, at = call.tenant, call.db, call.ip, call.at
    if not tenant.flag("MOBILEVERCODELOGIN3"):
        raise ApiError(400, "login_type_unavailable", type="sms")
    phone = e164(form.get("countryDialingCode", ""), form["mobileNum"])
    member = proven_member(call, "login", phone, form)
    if member is None:
        audit(db, "login_failed", ip, at, phone=phone)
        raise KeptRefusal(401, "sms_login_failed")
    admit(db, member, ip, at, agent=form.get("agent") is True)
    return log_in_member(db, tenant, member, ip, at, sms=True)
