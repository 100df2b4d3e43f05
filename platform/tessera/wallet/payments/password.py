"""The payment password: a second password a member gives to move money out, when the brand's
[wallet] payment_password is on (withdrawals, transfers to the upline, ``passwordCheck/`` relay
calls).

It is set or replaced after the login password is checked, hashed as login passwords are. Wrong
payment passwords are audited and counted: five in fifteen minutes lock the member's payment
password until the oldest of them is fifteen minutes old. A wrong one is refused with a
:class:`KeptRefusal`, so a view checking it is registered with ``decorator=keeping_traces``.
"""

from datetime import timedelta

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.identity.passwords import hash_password, verify_password
from tessera.identity.throttles import HOUR, count_since
from tessera.wallet.payments.models import PaymentPassword
from tessera.wallet.settings import wallet_settings

MAX_WRONG = 5
WRONG_WINDOW = timedelta(minutes=15)
WRONG_KIND = "pay_password_wrong"
# The login password check shares the change-password call's hourly count (identity.recovery).
LOGIN_WRONG_KIND, MAX_LOGIN_WRONG = "password_wrong", 10


def required(tenant) -> bool:
    return bool(wallet_settings(tenant).get("payment_password", False))


def has_payment_password(db, member_id: int) -> bool:
    return db.get(PaymentPassword, member_id) is not None


def set_payment_password(call: Call, member_id: int, form: dict) -> None:
    """Set or replace the member's payment password, proving who they are with the login password."""
    db, at, ip = call.db, call.at, call.ip
    member = db.get_one(Member, member_id)
    new = form["paymentPassword"]
    if new != form["confirmPaymentPassword"]:
        raise ApiError(400, "confirmation_mismatch", field="confirmPaymentPassword")
    if (
        count_since(db, AuditEvent, at - HOUR, AuditEvent.member_id == member_id, AuditEvent.kind == LOGIN_WRONG_KIND)
        >= MAX_LOGIN_WRONG
    ):
        raise ApiError(429, "too_many_attempts")
    if not verify_password(member.password_hash, form["password"])[0]:
        audit(db, LOGIN_WRONG_KIND, ip, at, member_id, call="payment_password")
        raise KeptRefusal(400, "login_password_wrong")
    if verify_password(member.password_hash, new)[0]:
        raise ApiError(400, "payment_password_same_as_login")
    existing = db.get(PaymentPassword, member_id)
    if existing is None:
        db.add(PaymentPassword(member_id=member_id, password_hash=hash_password(new), changed_at=at))
    else:
        existing.password_hash, existing.changed_at = hash_password(new), at
    audit(db, "pay_password_set", ip, at, member_id, replaced=existing is not None)


def check_payment_password(call: Call, member_id: int, given: str | None) -> None:
    """Refuse a money call without the right payment password when the brand asks for one."""
    if not required(call.tenant):
        return
    db, at = call.db, call.at
    stored = db.get(PaymentPassword, member_id)
    if stored is None:
        raise ApiError(400, "payment_password_not_set")
    if not given:
        raise ApiError(400, "payment_password_required")
    wrong = count_since(
        db, AuditEvent, at - WRONG_WINDOW, AuditEvent.member_id == member_id, AuditEvent.kind == WRONG_KIND
    )
    if wrong >= MAX_WRONG:
        raise ApiError(429, "payment_password_locked", minutes=int(WRONG_WINDOW.total_seconds() // 60))
    matches, rehashed = verify_password(stored.password_hash, given)
    if not matches:
        audit(db, WRONG_KIND, call.ip, at, member_id)
        raise KeptRefusal(400, "payment_password_wrong", left=MAX_WRONG - wrong - 1)
    if rehashed:
        stored.password_hash = rehashed
