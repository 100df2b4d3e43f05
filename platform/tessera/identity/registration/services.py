"""Registration (SPEC §3, §5): the form checked field by field against the brand's register
settings, then one new member, or nothing at all.

Refusals before the captcha is checked change nothing. After it, they are kept refusals: the
captcha and any verification code stay used up (a solved captcha must not buy many tries at
finding out which names and numbers have accounts), while the member is written last, in a
savepoint, so a refused registration never leaves part of one behind. Each such refusal, and each
affiliate code not found, is counted: past the throttles, an address or the whole brand is refused
unchecked for the hour.
"""

import re
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal
from tessera.identity.accounts.models import ACTIVE, AGENT_TYPES, MEMBER_TYPES, REAL, Member, code_key, username_key
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.identity.passwords import hash_password
from tessera.identity.registration.fields import (
    BY_MOBILE,
    BY_USERNAME,
    Checked,
    Problem,
    check_fields,
    field_rules,
    fields_refused,
    text,
)
from tessera.identity.registration.models import Referral, RefusedCheck
from tessera.identity.sessions.services import Login, log_in_member
from tessera.identity.throttles import HOUR, count_since
from tessera.identity.verification import captcha
from tessera.identity.verification.phones import proves
from tessera.identity.verification.services import country_code, member_by_phone
from tessera.system.status.services import register_settings
from tessera.tenancy.hosts import normalize_host

FLAGS = {BY_USERNAME: "USERNAMEREG3", BY_MOBILE: "MOBILENUMREG3"}
# Form fields kept as they are, in the member's column of that name.
COLUMNS = {
    "payeeName": "payee_name",
    "email": "email",
    "qqNum": "qq_num",
    "line": "line",
    "whatsapp": "whatsapp",
    "facebook": "facebook",
    "wechat": "wechat",
    "idNumber": "id_number",
    "recommenderId": "recommender",
}
MAX_PER_IP = 20  # registrations an hour from one address on one brand
REGISTER, AFFILIATE = "register", "affiliate"  # the kinds of refused checks
MAX_REFUSALS_PER_IP = 30  # refused checks of a kind an hour from one address on one brand
MAX_REFUSALS_PER_BRAND = 1000  # refused checks of a kind an hour on one brand, from any number of addresses


def _code_holder(db, column, code: str, types) -> Member | None:
    """The active member of one of ``types`` whose ``column`` holds ``code``, on the session's brand."""
    return db.scalar(
        select(Member).where(column == code_key(code), Member.member_type.in_(types), Member.status == ACTIVE)
    )


def find_agent(db, code: str) -> Member | None:
    """The active agent whose affiliate code this is."""
    return _code_holder(db, Member.affiliate_code, code, AGENT_TYPES)


def affiliate(db, tenant, code: str, domain: str | None, ip: str | None, at: datetime) -> dict:
    """The affiliate check of the registration page (GET /wps/agent/affiliate): valid or refused,
    nothing of the agent."""
    _check_refusals(db, AFFILIATE, ip, at)
    hosts = {d["host"] for d in tenant.config.get("domains", [])}
    if find_agent(db, code) is None or (domain is not None and normalize_host(domain) not in hosts):
        _note_refusal(db, AFFILIATE, ip, at)
        raise KeptRefusal(400, "invitation_code_error")
    return {"valid": True}


def _referrer(db, code: str) -> Member | None:
    return _code_holder(db, Member.referral_code, code, MEMBER_TYPES)


def _check_open(tenant, mode: str) -> None:
    if not (tenant.flag("DIRECTREG3") and tenant.flag(FLAGS[mode])):
        raise ApiError(403, "registration_unavailable")


def _check_pace(db, ip: str | None, at: datetime) -> None:
    if count_since(db, Member, at - HOUR, Member.registered_ip == ip) >= MAX_PER_IP:
        raise ApiError(429, "too_many_requests")


def _check_refusals(db, kind: str, ip: str | None, at: datetime) -> None:
    """Refuse unchecked when the address, or the brand as a whole, had too many checks of ``kind``
    refused within the hour: each refusal tells whether a name, number or code exists."""
    since, refused = at - HOUR, RefusedCheck.kind == kind
    if (
        count_since(db, RefusedCheck, since, refused, RefusedCheck.ip == (ip or "")) >= MAX_REFUSALS_PER_IP
        or count_since(db, RefusedCheck, since, refused) >= MAX_REFUSALS_PER_BRAND
    ):
        raise ApiError(429, "too_many_attempts")


def _note_refusal(db, kind: str, ip: str | None, at: datetime) -> None:
    """Count a refused check (kept only with a kept refusal)."""
    db.add(RefusedCheck(kind=kind, ip=ip or "", created_at=at))
    db.execute(
        delete(RefusedCheck).where(RefusedCheck.created_at < at - HOUR).execution_options(synchronize_session=False)
    )  # counted no more: kept no longer


def _taken(db, key: str, phone: str | None) -> str | None:
    if phone is not None and member_by_phone(db, phone) is not None:
        return "mobile_taken"  # first: in mobile mode the username is made of the number
    if db.scalar(select(Member.id).where(Member.username_key == key)) is not None:
        return "username_taken"
    return None


def _ties(call: Call, values: dict) -> tuple[Member | None, Member | None]:
    """The upline agent of the affiliate code and the member whose referral code was given."""
    upline = referrer = None
    if "affiliateCode" in values:
        upline = find_agent(call.db, values["affiliateCode"])
        if upline is None:
            raise KeptRefusal(400, "invitation_code_error")
    if "referralCode" in values:
        referrer = _referrer(call.db, values["referralCode"])
        if referrer is None:
            raise fields_refused(
                call.language, {"referralCode": [Problem("referral_code_unknown")]}, refusal=KeptRefusal
            )
    return upline, referrer


def _new_member(call: Call, form: dict, checked: Checked, username: str, upline: Member | None) -> Member:
    values = checked.values
    payment = values.get("paymentPassword")
    return Member(
        username=username,
        username_key=username_key(username),
        nickname=username,
        member_type=REAL,
        password_hash=hash_password(values["password"]),
        password_changed_at=call.at,
        created_at=call.at,
        phone=checked.phone,
        mobile_num=values.get("mobileNum") if checked.phone else None,
        country_dialing_code=country_code(text(form, "countryDialingCode")) if checked.phone else None,
        upline_id=upline.id if upline else None,
        birthday=checked.birthday,
        payment_password_hash=hash_password(payment) if payment else None,
        registered_ip=call.ip,
        register_method=form.get("registerMethod", "WEB"),
        **{column: values.get(name) for name, column in COLUMNS.items()},
    )


def _insert(db, member: Member, referrer: Member | None, at: datetime) -> None:
    """Write the member; a name or number taken meanwhile by another registration is refused."""
    try:
        with db.begin_nested():
            db.add(member)
            db.flush()
            if referrer is not None:
                db.add(Referral(member_id=member.id, referrer_id=referrer.id, created_at=at))
                db.flush()
    except IntegrityError:
        taken = _taken(db, member.username_key, member.phone)
        if taken is None:
            raise
        raise KeptRefusal(409, taken) from None


def _enrol(call: Call, form: dict, checked: Checked) -> tuple[Member, Member | None]:
    """The new member, written, and who referred it; refused when its name or number is taken, a
    code it gives is unknown or its number is not proven."""
    db = call.db
    username = checked.values.get("username") or re.sub(r"\D", "", checked.values["mobileNum"])
    taken = _taken(db, username_key(username), checked.phone)
    if taken:
        raise KeptRefusal(409, taken)
    upline, referrer = _ties(call, checked.values)
    if checked.phone and call.tenant.flag("REGMOBVERF3") and not proves(call, "register", checked.phone, form):
        raise fields_refused(
            call.language, {"verificationCode": [Problem("verification_code_invalid")]}, refusal=KeptRefusal
        )
    member = _new_member(call, form, checked, username, upline)
    _insert(db, member, referrer, call.at)
    return member, referrer


def register(call: Call, form: dict, mode: str, captcha_answer: dict) -> Login | None:
    """Register from ``form`` (username or mobile ``mode``); log in when it asks to. The brand's
    captcha, when its register settings enable it, checks ``captcha_answer``."""
    tenant, db, at, ip = call.tenant, call.db, call.at, call.ip
    _check_open(tenant, mode)
    rules = field_rules(tenant, mode, form)
    checked, problems = check_fields(rules, form, at)
    if problems:
        raise fields_refused(call.language, problems)
    _check_pace(db, ip, at)
    _check_refusals(db, REGISTER, ip, at)
    if register_settings(tenant)["captcha"]["enabled"]:
        captcha.require(call.plugins, call.store, captcha_answer)
    try:
        member, referrer = _enrol(call, form, checked)
    except KeptRefusal:
        _note_refusal(db, REGISTER, ip, at)
        raise
    audit(
        db,
        "register",
        ip,
        at,
        member.id,
        mode=mode,
        upline=member.upline_id,
        referrer=referrer.id if referrer else None,
    )
    if form.get("login") is True:
        return log_in_member(db, tenant, member, ip, at)
    return None
