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
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.system.patterns import matches
from tessera.system.services import register_settings
from tessera.tenancy import normalize_host
from tessera.core.timeutil import now
from tessera.identity import captcha, phones, services, verification
from tessera.identity.models import AGENT_TYPES, ACTIVE, MEMBER_TYPES, REAL, Member, RefusedCheck, Referral, code_key, username_key
from tessera.identity.passwords import hash_password
from tessera.identity.refusals import KeptRefusal
from tessera.identity.throttles import HOUR, count_since

BY_USERNAME, BY_MOBILE = "username", "mobile"
FLAGS = {BY_USERNAME: "USERNAMEREG3", BY_MOBILE: "MOBILENUMREG3"}
SECRETS = frozenset({"password", "confirmPassword", "paymentPassword"})  # kept exactly as typed, never trimmed
# Form fields kept as they are, in the member's column of that name.
COLUMNS = {"payeeName": "payee_name", "email": "email", "qqNum": "qq_num", "line": "line", "whatsapp": "whatsapp",
           "facebook": "facebook", "wechat": "wechat", "idNumber": "id_number", "recommenderId": "recommender"}
MINIMUM_AGE = 21  # SPEC §5: 'Please confirm you are 21 years old'
DATE_FORMATS = {"dateMdy": "%m-%d-%Y"}  # by the birthday's pattern; yyyy-MM-dd otherwise
MAX_PER_IP = 20  # registrations an hour from one address on one brand
REGISTER, AFFILIATE = "register", "affiliate"  # the kinds of refused checks
MAX_REFUSALS_PER_IP = 30  # refused checks of a kind an hour from one address on one brand
MAX_REFUSALS_PER_BRAND = 1000  # refused checks of a kind an hour on one brand, from any number of addresses
MOBILE_LENGTH = 20  # the number as typed, kept beside its E.164 form


@dataclass(frozen=True)
class Problem:
    """Why a field was refused: a message key and its parameters."""

    key: str
    params: tuple = ()


@dataclass(frozen=True)
class Checked:
    """The form's values that passed, trimmed, of enabled fields only; and the phone it names."""

    values: dict
    phone: str | None
    birthday: date | None


# The fields

def field_rules(tenant, mode: str, form: dict) -> dict[str, dict]:
    """The register settings as this registration applies them: passwords always, the username
    in username mode (optional in mobile mode, where the number stands in for it), the number in
    mobile mode, the payment password with PAYMENTPASSWORD3, and a verification code whenever a
    number must be proven (REGMOBVERF3), unless a phone-auth token proves it. The captcha is not
    a field checked here: the brand's captcha plugin checks it."""
    rules = register_settings(tenant)
    del rules["captcha"]
    required = {"password", "confirmPassword", "username" if mode == BY_USERNAME else "mobileNum"}
    if mode == BY_MOBILE:
        rules["username"] = {**rules["username"], "required": False}
    if tenant.flag("PAYMENTPASSWORD3"):
        required.add("paymentPassword")
    gives_number = mode == BY_MOBILE or (rules["mobileNum"]["enabled"] and _text(form, "mobileNum"))
    if tenant.flag("REGMOBVERF3") and gives_number:
        required.add("verificationCode")
    for name in required:
        rules[name] = {**rules[name], "enabled": True, "required": True}
    if form.get("firebaseIdToken"):  # the phone-auth token stands for the code
        rules["verificationCode"] = {**rules["verificationCode"], "enabled": False}
    return rules


def _text(form: dict, name: str) -> str:
    value = form.get(name)
    if not isinstance(value, str):
        return ""
    return value if name in SECRETS else value.strip()


def pattern_problem(rule: dict) -> Problem:
    """'Please enter {min} - {max} ...' for the field's pattern, or its single-length form."""
    key = f"pattern_{rule['patternId']}"
    low, high = rule["minLength"], rule["maxLength"]
    if low == high:
        return Problem(f"{key}_exact", (("length", low),))
    return Problem(key, (("min", low), ("max", high)))


def fits(rule: dict, value: str) -> bool:
    """Whether ``value`` has the rule's length and pattern."""
    return rule["minLength"] <= len(value) <= rule["maxLength"] and matches(rule["acceptedPattern"], value)


def check_fields(rules: dict, form: dict, at: datetime) -> tuple[Checked, dict[str, list[Problem]]]:
    """Each enabled field against its rule; disabled fields are ignored whatever they carry. The
    confirmation need only equal the password, whose own rule applies to both."""
    values, problems = {}, {}
    for name, rule in rules.items():
        value = _text(form, name)
        if not rule["enabled"] or not value.strip():
            if rule["enabled"] and rule["required"]:
                problems[name] = [Problem("field_required")]
            continue
        if name == "confirmPassword" or fits(rule, value):
            values[name] = value
        else:
            problems[name] = [pattern_problem(rule)]
    if "confirmPassword" in values and values["confirmPassword"] != _text(form, "password"):
        problems["confirmPassword"] = [Problem("confirmation_mismatch")]
        del values["confirmPassword"]
    birthday = _birthday(rules, values, problems, at)
    phone = _phone(form, values, problems)
    return Checked(values, phone, birthday), problems


def _birthday(rules: dict, values: dict, problems: dict, at: datetime) -> date | None:
    text = values.pop("birthday", None)
    if text is None:
        return None
    try:
        born = datetime.strptime(text, DATE_FORMATS.get(rules["birthday"]["patternId"], "%Y-%m-%d")).date()
    except ValueError:
        problems["birthday"] = [Problem("birthday_invalid")]
        return None
    today = at.date()
    if (today.year - born.year) - ((today.month, today.day) < (born.month, born.day)) < MINIMUM_AGE:
        problems["birthday"] = [Problem("birthday_too_young", (("age", MINIMUM_AGE),))]
        return None
    return born


def _phone(form: dict, values: dict, problems: dict) -> str | None:
    """The number given, in E.164; a number that is not one is a problem of the mobileNum field."""
    typed = values.get("mobileNum")
    if typed is None:
        return None
    try:
        phone = verification.e164(_text(form, "countryDialingCode"), typed) if len(typed) <= MOBILE_LENGTH else None
    except ApiError:  # invalid_mobile, the only refusal of e164
        phone = None
    if phone is None:
        problems["mobileNum"] = [Problem("invalid_mobile")]
        del values["mobileNum"]
    return phone


def translated(request, problems: dict[str, list[Problem]]) -> dict[str, list[str]]:
    return {name: [request.translate(p.key, **dict(p.params)) for p in found] for name, found in problems.items()}


def fields_refused(request, problems: dict[str, list[Problem]], code: str = "invalid_fields",
                   refusal: type[ApiError] = ApiError) -> ApiError:
    """The refusal naming each field's problems (``value.fields``), as the forms show them."""
    return refusal(400, code, value={"fields": translated(request, problems)})


# Codes that tie a new member to others

def _code_holder(db, column, code: str, types) -> Member | None:
    """The active member of one of ``types`` whose ``column`` holds ``code``, on the request's brand."""
    return db.scalar(select(Member).where(column == code_key(code), Member.member_type.in_(types),
                                          Member.status == ACTIVE))


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


# Registering

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
    if (count_since(db, RefusedCheck, since, refused, RefusedCheck.ip == (ip or "")) >= MAX_REFUSALS_PER_IP
            or count_since(db, RefusedCheck, since, refused) >= MAX_REFUSALS_PER_BRAND):
        raise ApiError(429, "too_many_attempts")


def _note_refusal(db, kind: str, ip: str | None, at: datetime) -> None:
    """Count a refused check (kept only with a kept refusal)."""
    db.add(RefusedCheck(kind=kind, ip=ip or "", created_at=at))
    db.execute(delete(RefusedCheck).where(RefusedCheck.created_at < at - HOUR)
               .execution_options(synchronize_session=False))  # counted no more: kept no longer


def _taken(db, key: str, phone: str | None) -> str | None:
    if phone is not None and verification.member_by_phone(db, phone) is not None:
        return "mobile_taken"  # first: in mobile mode the username is made of the number
    if db.scalar(select(Member.id).where(Member.username_key == key)) is not None:
        return "username_taken"
    return None


def _ties(request, values: dict) -> tuple[Member | None, Member | None]:
    """The upline agent of the affiliate code and the member whose referral code was given."""
    upline = referrer = None
    if "affiliateCode" in values:
        upline = find_agent(request.db, values["affiliateCode"])
        if upline is None:
            raise KeptRefusal(400, "invitation_code_error")
    if "referralCode" in values:
        referrer = _referrer(request.db, values["referralCode"])
        if referrer is None:
            raise fields_refused(request, {"referralCode": [Problem("referral_code_unknown")]}, refusal=KeptRefusal)
    return upline, referrer


def _new_member(request, form: dict, checked: Checked, username: str, upline: Member | None, at: datetime) -> Member:
    values = checked.values
    payment = values.get("paymentPassword")
    return Member(
        username=username, username_key=username_key(username), nickname=username, member_type=REAL,
        password_hash=hash_password(values["password"]), password_changed_at=at, created_at=at,
        phone=checked.phone, mobile_num=values.get("mobileNum") if checked.phone else None,
        country_dialing_code=verification.country_code(_text(form, "countryDialingCode")) if checked.phone else None,
        upline_id=upline.id if upline else None, birthday=checked.birthday,
        payment_password_hash=hash_password(payment) if payment else None,
        registered_ip=request.client_ip, register_method=form.get("registerMethod", "WEB"),
        **{column: values.get(name) for name, column in COLUMNS.items()})


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


def _enrol(request, form: dict, checked: Checked, at: datetime) -> tuple[Member, Member | None]:
    """The new member, written, and who referred it; refused when its name or number is taken, a
    code it gives is unknown or its number is not proven."""
    db = request.db
    username = checked.values.get("username") or re.sub(r"\D", "", checked.values["mobileNum"])
    taken = _taken(db, username_key(username), checked.phone)
    if taken:
        raise KeptRefusal(409, taken)
    upline, referrer = _ties(request, checked.values)
    if (checked.phone and request.tenant.flag("REGMOBVERF3")
            and not phones.proves(request, "register", checked.phone, form, at)):
        raise fields_refused(request, {"verificationCode": [Problem("verification_code_invalid")]}, refusal=KeptRefusal)
    member = _new_member(request, form, checked, username, upline, at)
    _insert(db, member, referrer, at)
    return member, referrer


def register(request, form: dict, mode: str) -> services.Login | None:
    """Register from ``form`` (username or mobile ``mode``); log in when it asks to."""
    tenant, db, at, ip = request.tenant, request.db, now(request.registry), request.client_ip
    _check_open(tenant, mode)
    rules = field_rules(tenant, mode, form)
    checked, problems = check_fields(rules, form, at)
    if problems:
        raise fields_refused(request, problems)
    _check_pace(db, ip, at)
    _check_refusals(db, REGISTER, ip, at)
    if register_settings(tenant)["captcha"]["enabled"]:
        captcha.require(request, form)
    try:
        member, referrer = _enrol(request, form, checked, at)
    except KeptRefusal:
        _note_refusal(db, REGISTER, ip, at)
        raise
    services.audit(db, "register", ip, at, member.id, mode=mode, upline=member.upline_id,
                   referrer=referrer.id if referrer else None)
    if form.get("login") is True:
        return services.log_in_member(db, tenant, member, ip, at)
    return None
