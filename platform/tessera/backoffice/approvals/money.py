"""The money staff move by hand: a manual credit or debit of a member's main wallet (against
the house's adjustments account) and a bonus (the bonus service operators use). Each is posted
once per ``requestId``: the ledger key ``adjustment:{requestId}`` or ``bonus:{requestId}``."""

from sqlalchemy import select

from tessera.backoffice.acting import Acting
from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import REAL, Member
from tessera.identity.calls import Call
from tessera.wallet.ledger.services import InsufficientFunds, Ledger, Leg
from tessera.wallet.operators.services import grant_bonus

CREDIT, DEBIT = "credit", "debit"


def real_member(db, member_id: int) -> Member:
    """The brand's real member ``member_id`` (404 member_not_found, 403 in_need_true_account)."""
    member = db.scalar(select(Member).where(Member.id == member_id))
    if member is None:
        raise ApiError(404, "member_not_found")
    if member.member_type != REAL:
        raise ApiError(403, "in_need_true_account")
    return member


def adjustment_key(form: dict) -> str:
    return f"adjustment:{form['requestId']}"


def bonus_key(form: dict) -> str:
    return f"bonus:{form['requestId']}"


def adjust(db, ledger: Ledger, money, acting: Acting, member_id: int, form: dict) -> dict:
    """Credit or debit the member's main wallet (``form``: direction, amount, reason,
    requestId); a debit never takes it below zero (400 debit_exceeds_balance)."""
    amount = money.parse(form["amount"])
    moved = amount if form["direction"] == CREDIT else -amount
    main = ledger.member_account(member_id)
    before = ledger.balance(main)
    key = adjustment_key(form)
    try:
        transaction = ledger.post(
            key=key,
            kind="adjustment",
            member_id=member_id,
            reference=key,
            remark=form["reason"],
            legs=[Leg(ledger.house_account("adjustments", member_id), -moved), Leg(main, moved)],
        )
    except InsufficientFunds:
        raise ApiError(400, "debit_exceeds_balance", balance=money.format(before)) from None
    if transaction.remark != form["reason"]:
        raise ApiError(409, "idempotency_conflict")
    after = ledger.balance(main)
    if not transaction.replayed:
        acting.record(
            db,
            f"member_{form['direction']}ed",
            f"member:{member_id}",
            {"balance": money.format(before)},
            {"balance": money.format(after), "amount": money.format(amount), "transaction": transaction.id},
        )
    return {
        "transactionId": transaction.id,
        "memberId": member_id,
        "direction": form["direction"],
        "amount": money.format(amount),
        "mainBalance": money.format(after),
    }


def bonus(call: Call, ledger: Ledger, acting: Acting, member: Member, form: dict) -> dict:
    """Grant a bonus (``form``: amount, reason, requestId, turnover) through the operators' bonus service."""
    money = call.tenant.money
    before, first = ledger.member_balance(member.id), ledger.find(bonus_key(form))
    granted = grant_bonus(
        call,
        ledger,
        acting.operator,
        {
            "username": member.username,
            "amount": form["amount"],
            "title": form["reason"],
            "requestId": form["requestId"],
        },
    )
    if first is None:  # a replay moved nothing: nothing more to audit
        acting.record(
            db=call.db,
            action="bonus_granted",
            target=f"member:{member.id}",
            before={"balance": money.format(before)},
            after={
                "balance": granted["mainBalance"],
                "amount": granted["amount"],
                "turnover": form.get("turnover"),
                "transaction": granted["transactionId"],
            },
        )
    return {**granted, "turnover": form.get("turnover")}
