"""Passwords forgotten and changed: the reset link by email, a new password by reset token or by
SMS code (logging the member in), and the change a logged-in member makes.

A reset token is 256 random bits, kept only as its SHA-256 in the brand's one-time store for 30
minutes. It names the member and the moment of their last password change, so it dies with any
change made since, a reset by phone included.
"""

import dataclasses
import logging
import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, select

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import as_utc
from tessera.identity.accounts.models import FREE_PLAY, AuditEvent, Member, username_key
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.identity.passwords import verify_password
from tessera.identity.recovery.models import PasswordResetRequest
from tessera.identity.registration.fields import Problem, fields_refused, fits, pattern_problem
from tessera.identity.sessions.services import Login, admit, log_in_member, set_password, start_session, token_hash
from tessera.identity.throttles import HOUR, count_since
from tessera.identity.verification.phones import proven_member
from tessera.identity.verification.services import consume_code, e164
from tessera.plugins import AdapterError
from tessera.system.status.services import register_settings

log = logging.getLogger(__name__)

RESET_KEY = "password-reset:"
RESET_LIFETIME = timedelta(minutes=30)
MAX_RESETS_PER_ACCOUNT = 5  # reset emails asked for an hour per account name, existing or not
MAX_RESETS_PER_IP = 20  # reset emails asked for an hour from one address
MAX_WRONG_OLD_PASSWORDS = 10  # an hour per member, on the change-password call


def check_new_password(call: Call, password: str, field: str = "newPassword") -> None:
    """Refuse a password the brand's ``password`` register field would not accept."""
    rule = register_settings(call.tenant)["password"]
    if not fits(rule, password):
        raise fields_refused(call.language, {field: [pattern_problem(rule)]})


def check_confirmation(call: Call, password: str, confirmation: str, field: str) -> None:
    if password != confirmation:
        raise fields_refused(call.language, {field: [Problem("confirmation_mismatch")]}, "confirmation_mismatch")


def _check_reset_throttles(db, key: str, ip: str | None, at: datetime) -> None:
    def asked(*criteria) -> int:
        return count_since(db, PasswordResetRequest, at - HOUR, *criteria)

    if (
        asked(PasswordResetRequest.username_key == key) >= MAX_RESETS_PER_ACCOUNT
        or asked(PasswordResetRequest.ip == ip) >= MAX_RESETS_PER_IP
    ):
        raise ApiError(429, "too_many_requests")


def _stamp(member: Member) -> str:
    changed = as_utc(member.password_changed_at)
    return f"{member.id}:{changed.isoformat() if changed else ''}"


def send_reset_link(call: Call, username: str, email: str, site: str) -> None:
    """Email a link to the reset page of ``site`` (the brand's origin the call came to) when
    ``username`` and ``email`` name a member; the caller learns nothing either way (the same
    answer, the same throttles)."""
    if not call.plugins.sends_email:
        raise ApiError(502, "email_unavailable")
    db, at, ip = call.db, call.at, call.ip
    key = username_key(username)
    _check_reset_throttles(db, key, ip, at)
    db.execute(
        delete(PasswordResetRequest)
        .where(PasswordResetRequest.created_at < at - HOUR)
        .execution_options(synchronize_session=False)
    )  # counted no more: kept no longer
    db.add(PasswordResetRequest(username_key=key, ip=ip, created_at=at))
    member = db.scalar(select(Member).where(Member.username_key == key))
    if member is None or not member.email or member.email.strip().lower() != email.strip().lower():
        return
    token = secrets.token_urlsafe(32)
    try:
        with db.begin_nested():  # a link that could not be sent is not kept
            call.store.put(RESET_KEY + token_hash(token), _stamp(member), RESET_LIFETIME)
            _email_link(call, member.email, f"{site}/forget?resetToken={token}")
    except AdapterError as refused:
        log.error("reset email not sent", extra={"member_id": member.id, "reason": refused.code})
        return
    audit(db, "reset_requested", ip, at, member.id)


def _email_link(call: Call, to: str, link: str) -> None:
    minutes = int(RESET_LIFETIME.total_seconds() // 60)
    brand = call.tenant.name
    sent = call.plugins.email_send(
        to,
        call.translate("reset_email_subject", brand=brand),
        call.translate("reset_email_text", brand=brand, link=link, minutes=minutes),
    )
    if sent is None:
        raise AdapterError("email_unavailable")


def reset_by_token(call: Call, token: str, password: str) -> Login:
    kept = call.store.take(RESET_KEY + token_hash(token))
    member_id, _, _ = (kept or "").partition(":")
    member = call.db.get(Member, int(member_id)) if member_id.isdigit() else None
    if member is None or _stamp(member) != kept:
        raise KeptRefusal(400, "verification_failed")
    return _reset(call, member, password, "email")


def reset_by_code(call: Call, country_dialing_code: str, mobile_num: str, code: str, password: str) -> Login:
    phone = e164(country_dialing_code, mobile_num)
    member = proven_member(call, "forgot", phone, {"verificationCode": code})
    if member is None:
        raise KeptRefusal(400, "verification_failed")
    return _reset(call, member, password, "sms")


def _reset(call: Call, member: Member, password: str, by: str) -> Login:
    """Set the new password (every session ends) and log the member in; a member who may not log
    in is refused, the token or code staying used."""
    db, at, ip = call.db, call.at, call.ip
    admit(db, member, ip, at)
    set_password(db, member, password, ip, at)
    audit(db, "password_reset", ip, at, member.id, by=by)
    login = log_in_member(db, call.tenant, member, ip, at, via="password_reset")
    return dataclasses.replace(login, first_time=False)  # the member has just chosen this password


def change_password(call: Call, member_id: int, form: dict) -> str:
    """Check the old password (or, with CHNGPASSVERIF3, an SMS code), set the new one, end every
    session; the token of a new one."""
    db, at, ip = call.db, call.at, call.ip
    member = db.get_one(Member, member_id)
    if member.member_type == FREE_PLAY or member.password_hash is None:
        raise ApiError(403, "in_need_true_account")
    new = form["newPassword"]
    check_confirmation(call, new, form["confirmNewPassword"], "confirmNewPassword")
    check_new_password(call, new)
    if "verificationCode" in form:
        _check_code(call, member, form["verificationCode"])
    else:
        _check_old_password(db, member, form["oldPassword"], ip, at)
    if verify_password(member.password_hash, new)[0]:
        raise ApiError(400, "password_unchanged")
    set_password(db, member, new, ip, at)
    return start_session(db, call.tenant, member, ip, at)


def _check_code(call: Call, member: Member, code: str) -> None:
    if not call.tenant.flag("CHNGPASSVERIF3"):
        raise ApiError(403, "verification_unavailable")
    if member.phone is None:
        raise ApiError(400, "mobile_not_set")
    if not consume_code(call.db, "password", member.phone, code, call.at, ip=call.ip, member_id=member.id):
        raise KeptRefusal(400, "verification_failed")


def _check_old_password(db, member: Member, password: str, ip: str | None, at: datetime) -> None:
    wrong = count_since(
        db, AuditEvent, at - HOUR, AuditEvent.member_id == member.id, AuditEvent.kind == "password_wrong"
    )
    if wrong >= MAX_WRONG_OLD_PASSWORDS:
        raise ApiError(429, "too_many_attempts")
    if not verify_password(member.password_hash, password)[0]:
        audit(db, "password_wrong", ip, at, member.id)
        raise KeptRefusal(400, "old_password_wrong")
