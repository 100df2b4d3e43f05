"""The brand's back office: operator keys and what calls made with one may do.

A key is 256 random bits, shown once when made (``tessera operators create-key``); only its
SHA-256 is kept. A call to ``/ops/...`` carries it as a Bearer token and acts for the brand of
the host it reaches: a key is looked up among that brand's keys only, so another brand's key
is simply unknown there.
"""

import hashlib
import secrets

from sqlalchemy import select

from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import REAL, Member, username_key
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.wallet.ledger.services import Ledger, Leg
from tessera.wallet.operators.models import OperatorKey


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_key(db, tenant_id: int, name: str, at) -> str:
    """A new key named ``name`` for the brand; the key itself, which is kept nowhere."""
    if live_key(db, tenant_id, name) is not None:
        raise ValueError(f"a key named {name!r} is in use; revoke it first")
    key = secrets.token_urlsafe(32)
    db.add(OperatorKey(tenant_id=tenant_id, name=name, key_hash=key_hash(key), created_at=at))
    db.flush()
    return key


def live_key(db, tenant_id: int, name: str) -> OperatorKey | None:
    return db.scalar(
        select(OperatorKey).where(
            OperatorKey.tenant_id == tenant_id, OperatorKey.name == name, OperatorKey.revoked_at.is_(None)
        )
    )


def revoke_key(db, tenant_id: int, name: str, at) -> bool:
    key = live_key(db, tenant_id, name)
    if key is None:
        return False
    key.revoked_at = at
    return True


def operator_for(db, token: str | None):
    """The live key ``token`` is (its id and name), among the brand's keys (a session scoped to the
    brand sees no other brand's); None without one."""
    if not token:
        return None
    live = select(OperatorKey.id, OperatorKey.name).where(
        OperatorKey.key_hash == key_hash(token), OperatorKey.revoked_at.is_(None)
    )
    return db.execute(live).one_or_none()


def grant_bonus(call: Call, ledger: Ledger, operator: str, form: dict) -> dict:
    """Credit a bonus to a real member (house bonuses to main), once per ``requestId``."""
    db, at = call.db, call.at
    member = db.execute(
        select(Member.id, Member.member_type).where(Member.username_key == username_key(form["username"]))
    ).one_or_none()
    if member is None:
        raise ApiError(404, "member_not_found")
    if member.member_type != REAL:
        raise ApiError(403, "in_need_true_account")
    money = call.tenant.money
    amount = money.parse(form["amount"])
    main, key = ledger.member_account(member.id), f"bonus:{form['requestId']}"
    transaction = ledger.post(
        key=key,
        kind="bonus",
        member_id=member.id,
        reference=key,
        remark=form["title"],
        legs=[Leg(ledger.house_account("bonuses", member.id), -amount), Leg(main, amount)],
    )
    if transaction.remark != form["title"]:
        raise ApiError(409, "idempotency_conflict")
    if not transaction.replayed:
        audit(db, "bonus_granted", call.ip, at, member.id, transaction=transaction.id, operator=operator)
    return {
        "transactionId": transaction.id,
        "memberId": member.id,
        "amount": money.format(amount),
        "title": transaction.remark,
        "mainBalance": money.format(main.balance_minor),
    }
