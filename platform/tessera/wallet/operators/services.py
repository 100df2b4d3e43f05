"""The brand's back office: operator keys and what calls made with one may do.

A key is 256 random bits, shown once when made (``tessera operators create-key``); only its
SHA-256 is kept. A call to ``/ops/...`` carries it as a Bearer token and acts for the brand of
the host it reaches: a key is looked up among that brand's keys only, so another brand's key
is simply unknown there.
"""

import hashlib
import secrets

from sqlalchemy import bindparam, select

from tessera.core.db import bound_to_tenant
from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import REAL, Member, username_key
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.wallet.ledger.services import (
    ALL_POSTED,
    HOUSE_ACCOUNT,
    MAIN_ACCOUNT,
    Along,
    Ledger,
    Leg,
    house_account_of,
    main_account_of,
    post_statement,
)
from tessera.wallet.operators.models import OperatorKey

BONUSES = "bonuses"  # the house account bonuses come from
GRANTED = "bonus_granted"  # the audit log's line of a bonus
# The look-ups of an operator's call, built once (their values bound when they run).
LIVE_KEY = bound_to_tenant(
    select(OperatorKey.id, OperatorKey.name).where(
        OperatorKey.tenant_id == bindparam("tenant_id"),
        OperatorKey.key_hash == bindparam("key_hash"),
        OperatorKey.revoked_at.is_(None),
    )
)
# A bonus's member by username, with their main account and the shard of house:bonuses their
# posts take (each None when not made yet): what the post needs, in one statement.
BONUS_MEMBER = bound_to_tenant(
    select(Member.id, Member.member_type, MAIN_ACCOUNT, HOUSE_ACCOUNT)
    .join_from(Member, MAIN_ACCOUNT, main_account_of(Member.id), isouter=True)
    .join_from(Member, HOUSE_ACCOUNT, house_account_of(BONUSES, Member.id), isouter=True)
    .where(Member.tenant_id == bindparam("tenant_id"), Member.username_key == bindparam("username_key"))
)
# PostgreSQL: the bonus's line of the audit log written in the post's statement, as ``audit`` writes
# it (the member's lock is then held for no statement after the post).
BONUS_AUDITED = post_statement(f"""audited AS (
    INSERT INTO audit_events (tenant_id, member_id, kind, ip, created_at, detail)
    SELECT :tenant_id, :member_id, '{GRANTED}', :ip, :at,
           json_build_object('transaction', posted_transaction.id, 'operator', CAST(:operator AS text))
    FROM posted_transaction WHERE {ALL_POSTED}
)""")


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


def operator_for(db, tenant_id: int, token: str | None):
    """The live key ``token`` is (its id and name), among the brand's keys; None without one."""
    if not token:
        return None
    return db.execute(LIVE_KEY, {"tenant_id": tenant_id, "key_hash": key_hash(token)}).one_or_none()


def grant_bonus(call: Call, ledger: Ledger, operator: str, form: dict) -> dict:
    """Credit a bonus to a real member (house bonuses to main), once per ``requestId``."""
    db, at = call.db, call.at
    found = {"tenant_id": call.tenant.id, "username_key": username_key(form["username"])}
    member = db.execute(BONUS_MEMBER, found).one_or_none()
    if member is None:
        raise ApiError(404, "member_not_found")
    if member.member_type != REAL:
        raise ApiError(403, "in_need_true_account")
    money = call.tenant.money
    amount = money.parse(form["amount"])
    ledger.knows(member.main_account, member.house_account)
    main, key = ledger.member_account(member.id), f"bonus:{form['requestId']}"
    audited = Along(
        BONUS_AUDITED,
        {"ip": call.ip, "at": at, "operator": operator},
        lambda made: audit(db, GRANTED, call.ip, at, member.id, transaction=made.id, operator=operator),
    )
    transaction = ledger.post(
        key=key,
        kind="bonus",
        member_id=member.id,
        reference=key,
        remark=form["title"],
        legs=[Leg(ledger.house_account(BONUSES, member.id), -amount), Leg(main, amount)],
        along=audited,
    )
    if transaction.remark != form["title"]:
        raise ApiError(409, "idempotency_conflict")
    return {
        "transactionId": transaction.id,
        "memberId": member.id,
        "amount": money.format(amount),
        "title": transaction.remark,
        "mainBalance": money.format(main.balance_minor),
    }
