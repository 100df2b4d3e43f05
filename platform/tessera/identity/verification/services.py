"""Verification codes sent by SMS: for SMS login, password recovery by phone, a login from an
unregistered address, a password change by phone, and mobile registration.

A code is 7 random digits, kept only as an HMAC-SHA256 under the server's secret key. It expires
after the brand's ``[verification] expired_minutes``, is used at most once, and is burnt after 5
tries. Only the newest code sent to a number for a purpose counts.
"""

import hashlib
import hmac
import math
import re
import secrets
from datetime import datetime, timedelta

from pyramid.threadlocal import get_current_registry
from sqlalchemy import delete, func, select, update

from tessera.core.envelope import ApiError
from tessera.core.phone_numbers import is_e164
from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import as_utc
from tessera.identity.accounts.models import Member, username_key
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.identity.throttles import HOUR, count_since
from tessera.identity.verification.models import VerificationCode
from tessera.plugins import AdapterError

# The brand flag that offers each purpose; recovery by phone ("forgot") is always offered.
FLAGS = {"login": "MOBILEVERCODELOGIN3", "ip": "UNREGIPVERIF3", "password": "CHNGPASSVERIF3", "register": "REGMOBVERF3"}
CODE_DIGITS = 7
MAX_TRIES = 5
DEFAULT_EXPIRED_MINUTES = 5
RESEND_AFTER = timedelta(minutes=1)  # one code a minute per number and purpose
MAX_PER_NUMBER = 5  # codes an hour to one number, whatever their purpose
MAX_PER_IP = 20  # code requests an hour from one address
KEPT_FOR = timedelta(days=1)  # then a code is neither live nor counted by any throttle
UNKNOWN_ACCOUNT = "?"  # stands for the number of an account that has none, in an address check

DIALING_CODE = re.compile(r"^\+?(?:00)?([1-9][0-9]{0,3})$")
NATIONAL = re.compile(r"^[0-9]{4,14}$")
SEPARATORS = re.compile(r"[\s().-]")
# Countries whose numbers keep their leading 0 after the country code (Italy); elsewhere a
# leading 0 is the trunk prefix dialled only at home (Bangladesh 017..., Philippines 0917...).
KEEPS_LEADING_ZERO = frozenset({"39"})


# Numbers


def country_code(country_dialing_code) -> str:
    """The country code's digits: "+63", "0063" and "63" are 63."""
    found = DIALING_CODE.match(SEPARATORS.sub("", country_dialing_code or ""))
    if found is None:
        raise ApiError(400, "invalid_mobile")
    return found[1]


def e164(country_dialing_code, mobile_num) -> str:
    """``+<country><national number>``, separators and the national trunk 0 dropped."""
    country = country_code(country_dialing_code)
    national = SEPARATORS.sub("", mobile_num or "")
    if not NATIONAL.match(national):
        raise ApiError(400, "invalid_mobile")
    if country not in KEEPS_LEADING_ZERO:
        national = national.lstrip("0")
    phone = f"+{country}{national}"
    # The SMS senders' own check: a number they would refuse could never be sent a code.
    if len(national) < 4 or not is_e164(phone):
        raise ApiError(400, "invalid_mobile")
    return phone


def member_by_phone(db, phone: str) -> Member | None:
    """The brand's member whose number is ``phone`` (one account per number on a brand)."""
    return db.scalar(select(Member).where(Member.phone == phone))


def unregistered_phone(db, country_dialing_code, mobile_num) -> str:
    """A number for registration: 409 ``mobile_taken`` when it already has an account here."""
    phone = e164(country_dialing_code, mobile_num)
    if member_by_phone(db, phone) is not None:
        raise ApiError(409, "mobile_taken")
    return phone


# Where a code goes


def require_sms(call: Call, purpose: str) -> None:
    """Refuse a purpose the brand does not offer, or any send when it has no SMS plugin (asked
    first, so the answer cannot depend on whose number it is)."""
    flag = FLAGS.get(purpose)
    if flag and not call.tenant.flag(flag):
        raise ApiError(403, "verification_unavailable")
    if not call.plugins.sends_sms:
        raise ApiError(502, "sms_unavailable")


def recipient(db, purpose: str, form: dict, member_id: int | None) -> tuple[str, Member | None]:
    """The number a code for ``purpose`` goes to and its member; without a member the code is
    recorded but not sent. "password" goes to the logged-in member's own number (``member_id``),
    "ip" to the named member's; "login" and "forgot" to the number given."""
    if purpose == "password":
        if member_id is None:
            raise ApiError(401, "not_logged_in")
        member = db.get(Member, member_id)
        if member.phone is None:
            raise ApiError(400, "mobile_not_set")
        return member.phone, member
    if purpose == "ip":
        key = username_key(form["username"])
        member = db.scalar(select(Member).where(Member.username_key == key))
        return (member.phone, member) if member is not None and member.phone else (UNKNOWN_ACCOUNT + key, None)
    phone = e164(form.get("countryDialingCode"), form.get("mobileNo"))
    return phone, member_by_phone(db, phone)


# Codes


def _secret() -> bytes:
    # consume_code is given only the database session: the key is then the running application's.
    settings = get_current_registry().settings or {}
    if "tessera" not in settings:
        raise RuntimeError("verification codes are checked inside a Tessera request")
    return settings["tessera"].secret_key.encode()


def code_digest(secret: bytes, purpose: str, phone: str, code: str) -> str:
    return hmac.new(secret, f"{purpose}\n{phone}\n{code}".encode(), hashlib.sha256).hexdigest()


def new_code() -> str:
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def expired_minutes(tenant) -> int:
    return tenant.section("verification").get("expired_minutes", DEFAULT_EXPIRED_MINUTES)


def check_throttles(db, purpose: str, phone: str, ip: str | None, at: datetime) -> None:
    """Refuse a code request over the limits. Kept refusals: a captcha checked before stays used."""
    last = db.scalar(
        select(func.max(VerificationCode.created_at)).where(
            VerificationCode.phone == phone, VerificationCode.purpose == purpose
        )
    )
    if last is not None and at - as_utc(last) < RESEND_AFTER:
        wait = math.ceil((as_utc(last) + RESEND_AFTER - at).total_seconds())
        raise KeptRefusal(
            429, "sms_too_soon", value={"retryAfter": wait}, headers={"Retry-After": str(wait)}, retryAfter=wait
        )
    if (
        count_since(db, VerificationCode, at - HOUR, VerificationCode.phone == phone) >= MAX_PER_NUMBER
        or count_since(db, VerificationCode, at - HOUR, VerificationCode.ip == ip) >= MAX_PER_IP
    ):
        raise KeptRefusal(429, "too_many_requests")


def _sms_text(call: Call, code: str, minutes: int) -> str:
    return call.translate("sms_code_text", brand=call.tenant.name, code=code, minutes=minutes)


def _deliver(call: Call, phone: str, message: str) -> None:
    try:
        sent = call.plugins.sms_send(phone, message)
    except AdapterError as refused:
        if refused.code == "sms_unavailable":  # out of reach, not a refusal: answered as a brand that cannot send
            raise KeptRefusal(502, "sms_unavailable") from None
        raise KeptRefusal(502, "sms_send_failed", reason=call.translate(refused.code, **refused.params)) from None
    if sent is None:
        raise KeptRefusal(502, "sms_unavailable")


def forget_old_codes(db, at: datetime) -> int:
    """Delete the codes that are neither live nor counted by a throttle any more (those of the
    session's brand, or of every brand for an operator's session); how many."""
    return db.execute(
        delete(VerificationCode)
        .where(VerificationCode.created_at < at - KEPT_FOR)
        .execution_options(synchronize_session=False)
    ).rowcount


def send_code(call: Call, purpose: str, phone: str, member: Member | None = None, *, deliver: bool = True) -> int:
    """Send a new code for ``purpose`` to ``phone`` in the caller's language; the brand's
    expiredMinutes. Throttled (429 ``sms_too_soon`` / ``too_many_requests``). With ``deliver``
    false the code is only recorded: a request for a number without an account counts toward the
    throttles like any other, and nothing tells it apart. A failed send leaves no code behind
    (502 ``sms_send_failed``, or ``sms_unavailable`` when no SMS plugin took the number)."""
    db, at, ip = call.db, call.at, call.ip
    check_throttles(db, purpose, phone, ip, at)
    forget_old_codes(db, at)
    minutes = expired_minutes(call.tenant)
    code = new_code()
    digest = code_digest(call.secret_key.encode(), purpose, phone, code)
    with db.begin_nested():  # rolled back alone when the send fails, leaving earlier traces kept
        db.add(
            VerificationCode(
                purpose=purpose,
                phone=phone,
                code_hash=digest,
                attempts=0,
                created_at=at,
                ip=ip,
                expires_at=at + timedelta(minutes=minutes),
            )
        )
        db.flush()
        if deliver:
            _deliver(call, phone, _sms_text(call, code, minutes))
    if deliver:
        audit(db, "verification_sent", ip, at, member.id if member else None, purpose=purpose, phone=phone)
    return minutes


def consume_code(
    db, purpose: str, phone: str, code: str, at: datetime, *, ip: str | None = None, member_id: int | None = None
) -> bool:
    """Whether ``code`` is the live code last sent to ``phone`` for ``purpose``; a right code is
    used up, a wrong one counts toward the 5 tries.

    Every try is written before the code is compared, so the caller must keep it when it refuses
    the request: raise :class:`~tessera.core.refusals.KeptRefusal` from a view registered
    with ``decorator=keeping_traces``, or a rolled-back refusal would give unlimited tries.
    Of two requests carrying the same code at once, only one gets True: the try's update locks
    the row, and the other's try no longer matches it once the first has used it.
    """
    latest = db.execute(
        select(VerificationCode.id, VerificationCode.code_hash)
        .where(VerificationCode.purpose == purpose, VerificationCode.phone == phone)
        .order_by(VerificationCode.id.desc())
        .limit(1)
    ).first()
    live = (VerificationCode.used_at.is_(None), VerificationCode.attempts < MAX_TRIES, VerificationCode.expires_at > at)
    tried = latest is not None and _update(db, latest.id, *live, attempts=VerificationCode.attempts + 1)
    if (
        not tried
        or not isinstance(code, str)
        or not hmac.compare_digest(latest.code_hash, code_digest(_secret(), purpose, phone, code.strip()))
    ):
        audit(db, "verification_failed", ip, at, member_id, purpose=purpose, phone=phone)
        return False
    _update(db, latest.id, used_at=at)  # the row is this transaction's since the try's update
    audit(db, "verification_used", ip, at, member_id, purpose=purpose, phone=phone)
    return True


def _update(db, code_id: int, *criteria, **values) -> bool:
    statement = update(VerificationCode).where(VerificationCode.id == code_id, *criteria).values(**values)
    return db.execute(statement.execution_options(synchronize_session=False)).rowcount == 1
