"""Withdrawals: the amount is held at once (main wallet to withdrawals payable), an operator
approves and pays it or rejects it (the hold comes back), and the member confirms what reached
their bank account.

Ledger keys, one transaction each: ``withdrawal:{id}:hold``, ``withdrawal:{id}:release`` (a
rejection), ``withdrawal:{id}:paid`` (the money leaves the house's bank: payable to deposits
clearing) and ``withdrawal:{id}:refund`` (an operator pays back what a member did not receive).

A paid withdrawal the member has not confirmed by ``confirm_by`` counts as received
(``auto_received``): worked out when it is read, and stored by whoever touches it first.

A member who says the money did not (all) arrive makes a claim; an operator resolves it by paying
back what is missing (``refund``) or holding that it arrived (``forced_received``). The claim and
the resolution are kept apart, each with its amount and moment: the resolution never rewrites
what the member said.
"""

from datetime import timedelta
from pathlib import Path
from typing import Protocol

from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.wallet.ledger.services import Ledger, Leg
from tessera.wallet.pages import Page, page_of, stamp
from tessera.wallet.payments.bank_accounts import live_account
from tessera.wallet.payments.models import (
    APPROVED,
    AUTO_RECEIVED,
    FORCED_RECEIVED,
    NOT_RECEIVED,
    PAID,
    PARTLY_RECEIVED,
    PENDING,
    RECEIVED,
    REFUND,
    REJECTED,
    Withdrawal,
)
from tessera.wallet.payments.password import check_payment_password, has_payment_password, required
from tessera.wallet.payments.services import locked, masked, store_proof
from tessera.wallet.requests import request_key
from tessera.wallet.settings import setting_minor, wallet_settings

DEFAULT_CONFIRM_MINUTES = 30
CLAIMS = (NOT_RECEIVED, PARTLY_RECEIVED)
UNRESOLVED = "unresolved"  # the operator listing's filter for claims no operator has settled


def bounds(tenant) -> tuple[int, int | None]:
    low = setting_minor(tenant, "withdrawal_min")
    return max(low or 1, 1), setting_minor(tenant, "withdrawal_max")


def confirm_minutes(tenant) -> int:
    return wallet_settings(tenant).get("confirm_minutes", DEFAULT_CONFIRM_MINUTES)


def forced_received(tenant) -> bool:
    return bool(wallet_settings(tenant).get("forced_received", False))


def settings_value(db, ledger: Ledger, tenant, member_id: int) -> dict:
    low, high = bounds(tenant)
    main, money = ledger.member_account(member_id), tenant.money
    return {
        "minAmount": money.format(low),
        "maxAmount": _amount(money, high),
        "paymentPasswordRequired": required(tenant),
        "hasPaymentPassword": has_payment_password(db, member_id),
        "confirmMinutes": confirm_minutes(tenant),
        "forcedReceived": forced_received(tenant),
        "mainBalance": money.format(ledger.balance(main)),
    }


# -- What a member sees ---------------------------------------------------------------------


def _overdue(withdrawal: Withdrawal, at) -> bool:
    return (
        withdrawal.status == PAID
        and withdrawal.confirmation is None
        and withdrawal.confirm_by is not None
        and as_utc(withdrawal.confirm_by) <= at
    )


def _confirmed(withdrawal: Withdrawal, confirmation: str, received_minor: int, at) -> None:
    withdrawal.confirmation, withdrawal.received_minor = confirmation, received_minor
    withdrawal.confirmed_at = withdrawal.updated_at = at


def settle_overdue(withdrawal: Withdrawal, at) -> Withdrawal:
    """Store ``auto_received`` on a paid withdrawal left unconfirmed past its deadline."""
    if _overdue(withdrawal, at):
        _confirmed(withdrawal, AUTO_RECEIVED, withdrawal.amount_minor, as_utc(withdrawal.confirm_by))
    return withdrawal


def settle_all_overdue(db, at) -> int:
    """Store ``auto_received`` on every paid withdrawal of the session's brand left unconfirmed
    past its deadline (the scheduled job), each locked as a member's confirmation locks it; how many."""
    overdue = db.scalars(
        select(Withdrawal.id)
        .where(Withdrawal.status == PAID, Withdrawal.confirmation.is_(None), Withdrawal.confirm_by <= at)
        .order_by(Withdrawal.id)
    ).all()
    settled = 0
    for withdrawal_id in overdue:
        withdrawal = locked(db, Withdrawal, withdrawal_id)
        if withdrawal is not None and _overdue(withdrawal, at):
            settle_overdue(withdrawal, at)
            settled += 1
    return settled


def _amount(money, minor: int | None) -> str | None:
    return None if minor is None else money.format(minor)


def withdrawal_value(withdrawal: Withdrawal, money) -> dict:
    """The withdrawal as its member reads it: the member's confirmation, and apart from it the
    resolution of their claim."""
    return {
        "id": withdrawal.id,
        "amount": money.format(withdrawal.amount_minor),
        "bankAccount": {
            "id": withdrawal.bank_account_id,
            "bankName": withdrawal.bank_name,
            "accountName": withdrawal.account_name,
            "accountNumber": masked(withdrawal.account_number),
        },
        "status": withdrawal.status,
        "confirmation": withdrawal.confirmation,
        "receivedAmount": _amount(money, withdrawal.received_minor),
        "confirmedAt": stamp(withdrawal.confirmed_at),
        "hasProof": bool(withdrawal.proof),
        "confirmBy": stamp(withdrawal.confirm_by),
        "resolution": resolution_value(withdrawal, money),
        "remark": withdrawal.remark,
        "createdAt": stamp(withdrawal.created_at),
        "updatedAt": stamp(withdrawal.updated_at),
    }


def resolution_value(withdrawal: Withdrawal, money) -> dict | None:
    """How an operator settled the member's claim; None while there is none."""
    if withdrawal.resolution is None:
        return None
    return {
        "outcome": withdrawal.resolution,
        "receivedAmount": _amount(money, withdrawal.resolved_received_minor),
        "refundedAmount": _amount(money, withdrawal.refunded_minor),
        "resolvedAt": stamp(withdrawal.resolved_at),
        "note": withdrawal.resolution_note,
    }


def status_filter(status: str | None):
    return Withdrawal.status == status if status else True


def resolution_filter(resolution: str | None):
    """Withdrawals resolved so (``unresolved``: not resolved)."""
    if not resolution:
        return True
    return Withdrawal.resolution.is_(None) if resolution == UNRESOLVED else Withdrawal.resolution == resolution


def confirmation_filter(confirmation: str | None, at):
    """Withdrawals whose confirmation reads ``confirmation`` (auto_received is also worked out)."""
    if not confirmation:
        return True
    overdue = and_(Withdrawal.status == PAID, Withdrawal.confirmation.is_(None), Withdrawal.confirm_by <= at)
    if confirmation == AUTO_RECEIVED:
        return or_(Withdrawal.confirmation == AUTO_RECEIVED, overdue)
    return Withdrawal.confirmation == confirmation


def listing(db, query, at, page_no: int, page_size: int) -> Page:
    """A page of withdrawals, newest first, each brought up to date (auto_received)."""
    page = page_of(db, query, (Withdrawal.created_at.desc(), Withdrawal.id.desc()), page_no, page_size)
    for withdrawal in page.rows:
        settle_overdue(withdrawal, at)
    return page


def member_withdrawals(db, money, at, member_id: int, status: str | None, page_no: int, page_size: int) -> dict:
    query = select(Withdrawal).where(Withdrawal.member_id == member_id, status_filter(status))
    return listing(db, query, at, page_no, page_size).value(lambda w: withdrawal_value(w, money))


def member_withdrawal(db, member_id: int, withdrawal_id: int, at) -> Withdrawal:
    withdrawal = db.scalar(select(Withdrawal).where(Withdrawal.id == withdrawal_id, Withdrawal.member_id == member_id))
    if withdrawal is None:
        raise ApiError(404, "withdrawal_not_found")
    return settle_overdue(withdrawal, at)


# -- Asking for one -------------------------------------------------------------------------


def request_withdrawal(call: Call, ledger: Ledger, member_id: int, form: dict) -> Withdrawal:
    """Check the payment password, then hold the amount. A replay of ``requestId`` answers the
    first withdrawal; a replay with other fields is refused."""
    db, at, tenant = call.db, call.at, call.tenant
    check_payment_password(call, member_id, form.get("paymentPassword"))
    key = request_key(member_id, "withdrawal", form["requestId"])
    first = db.scalar(select(Withdrawal).where(Withdrawal.request_key == key))
    if first is not None:
        return _replayed(first, form, at, tenant.money)
    account = live_account(db, member_id, form["bankAccountId"])
    low, high = bounds(tenant)
    amount = tenant.money.parse(form["amount"], minimum=low, maximum=high)
    withdrawal = Withdrawal(
        member_id=member_id,
        bank_account_id=account.id,
        bank_name=account.bank_name,
        account_name=account.account_name,
        account_number=account.account_number,
        amount_minor=amount,
        status=PENDING,
        request_key=key,
        created_at=at,
        updated_at=at,
    )
    try:
        with db.begin_nested():
            db.add(withdrawal)
    except IntegrityError:  # the same request at the same moment: that one stands
        return _replayed(db.scalar(select(Withdrawal).where(Withdrawal.request_key == key)), form, at, tenant.money)
    hold = ledger.post(
        key=f"withdrawal:{withdrawal.id}:hold",
        kind="withdrawal",
        member_id=member_id,
        legs=[
            Leg(ledger.member_account(member_id), -amount),
            Leg(ledger.house_account("withdrawals_payable", member_id), amount),
        ],
        reference=f"withdrawal:{withdrawal.id}",
    )
    withdrawal.hold_transaction_id = hold.id
    db.flush()
    return withdrawal


def _replayed(first: Withdrawal | None, form: dict, at, money) -> Withdrawal:
    if first is None:  # the request that stood was rolled back meanwhile
        raise ApiError(409, "idempotency_conflict")
    if first.bank_account_id != form["bankAccountId"] or first.amount_minor != money.parse(form["amount"]):
        raise ApiError(409, "idempotency_conflict")
    return settle_overdue(first, at)


# -- The member's confirmation ----------------------------------------------------------------


class ConfirmationForm(Protocol):
    """The member's confirmation form, each field read when the confirmation comes to it."""

    def text(self, name: str) -> str | None:
        """The text sent under ``name``, None when there is none."""

    def proof(self) -> tuple[str, bytes] | None:
        """The proof image sent (its name and bytes), None when there is none."""


def confirm(call: Call, upload_dir: Path, member_id: int, withdrawal_id: int, form: ConfirmationForm) -> Withdrawal:
    """The member says what reached their account: received, not received (with a proof
    image) or partly received (how much, a proof image if they have one); a proof is kept under
    ``upload_dir``."""
    db, at = call.db, call.at
    withdrawal = locked(db, Withdrawal, withdrawal_id, Withdrawal.member_id == member_id)
    if withdrawal is None:
        raise ApiError(404, "withdrawal_not_found")
    if withdrawal.status != PAID or withdrawal.confirmation is not None or _overdue(withdrawal, at):
        raise ApiError(409, "confirmation_not_allowed")
    result = form.text("result")  # the description allows only the three answers
    assert result is not None
    received = withdrawal.amount_minor if result == RECEIVED else 0
    if result == PARTLY_RECEIVED:
        received = call.tenant.money.parse(
            form.text("receivedAmount"), field="receivedAmount", maximum=withdrawal.amount_minor - 1
        )
    upload = form.proof()
    if result == NOT_RECEIVED and upload is None:
        raise ApiError(400, "proof_required")
    if upload is not None and result != RECEIVED:
        withdrawal.proof = store_proof(upload_dir, call.tenant.slug, upload, "withdrawal-proofs")
    _confirmed(withdrawal, result, received, at)
    audit(db, "withdrawal_confirmed", call.ip, at, member_id, withdrawal=withdrawal.id, result=result)
    return withdrawal


# -- Operators -------------------------------------------------------------------------------


def _locked_or_404(db, withdrawal_id: int, at) -> Withdrawal:
    withdrawal = locked(db, Withdrawal, withdrawal_id)
    if withdrawal is None:
        raise ApiError(404, "withdrawal_not_found")
    return settle_overdue(withdrawal, at)


def _conflict(withdrawal: Withdrawal) -> ApiError:
    return ApiError(409, "withdrawal_state_conflict", state=withdrawal.status)


def approve(db, withdrawal_id: int, at, operator: str, ip: str | None) -> Withdrawal:
    withdrawal = _locked_or_404(db, withdrawal_id, at)
    if withdrawal.status == APPROVED:
        return withdrawal
    if withdrawal.status != PENDING:
        raise _conflict(withdrawal)
    withdrawal.status, withdrawal.updated_at = APPROVED, at
    audit(db, "withdrawal_approved", ip, at, withdrawal.member_id, withdrawal=withdrawal.id, operator=operator)
    return withdrawal


def pay(db, ledger, tenant, withdrawal_id: int, reference: str | None, at, operator: str, ip: str | None) -> Withdrawal:
    """The house paid the member's bank: the held money leaves it. The member then has the
    brand's confirm_minutes to say whether it arrived, unless the brand confirms it at once."""
    withdrawal = _locked_or_404(db, withdrawal_id, at)
    if withdrawal.status == PAID:
        return withdrawal
    if withdrawal.status not in (PENDING, APPROVED):
        raise _conflict(withdrawal)
    ledger.post(
        key=f"withdrawal:{withdrawal.id}:paid",
        kind="withdrawal_paid",
        member_id=withdrawal.member_id,  # whose withdrawal it was (the brand's reports per member)
        legs=[
            Leg(ledger.house_account("withdrawals_payable", withdrawal.member_id), -withdrawal.amount_minor),
            Leg(ledger.house_account("deposits_clearing", withdrawal.member_id), withdrawal.amount_minor),
        ],
        reference=f"withdrawal:{withdrawal.id}",
    )
    withdrawal.status, withdrawal.paid_at, withdrawal.updated_at = PAID, at, at
    withdrawal.pay_reference = reference or None
    if forced_received(tenant):
        _confirmed(withdrawal, FORCED_RECEIVED, withdrawal.amount_minor, at)
    else:
        withdrawal.confirm_by = at + timedelta(minutes=confirm_minutes(tenant))
    audit(db, "withdrawal_paid", ip, at, withdrawal.member_id, withdrawal=withdrawal.id, operator=operator)
    return withdrawal


def reject(db, ledger, withdrawal_id: int, remark: str, at, operator: str, ip: str | None) -> Withdrawal:
    """Refuse it: the held amount goes back to the member's main wallet."""
    withdrawal = _locked_or_404(db, withdrawal_id, at)
    if withdrawal.status == REJECTED:
        return withdrawal
    if withdrawal.status not in (PENDING, APPROVED):
        raise _conflict(withdrawal)
    ledger.post(
        key=f"withdrawal:{withdrawal.id}:release",
        kind="withdrawal_release",
        member_id=withdrawal.member_id,
        legs=[
            Leg(ledger.house_account("withdrawals_payable", withdrawal.member_id), -withdrawal.amount_minor),
            Leg(ledger.member_account(withdrawal.member_id), withdrawal.amount_minor),
        ],
        reference=f"withdrawal:{withdrawal.id}",
    )
    withdrawal.status, withdrawal.remark, withdrawal.updated_at = REJECTED, remark, at
    audit(db, "withdrawal_rejected", ip, at, withdrawal.member_id, withdrawal=withdrawal.id, operator=operator)
    return withdrawal


def resolve(db, ledger, money, withdrawal_id: int, form: dict, at, operator: str, ip: str | None) -> Withdrawal:
    """Settle a member's claim that the money did not (all) arrive (``form``: outcome, amount,
    note): pay back what is missing (or the given part of it), or hold that it was received. The
    claim stays as the member made it; the resolution says what the house settles as received."""
    withdrawal = _locked_or_404(db, withdrawal_id, at)
    if withdrawal.confirmation not in CLAIMS or withdrawal.resolution is not None:
        raise _conflict(withdrawal)
    refund = 0
    if form["outcome"] == REFUND:
        missing = withdrawal.amount_minor - (withdrawal.received_minor or 0)  # a claim says what was received
        refund = missing if form.get("amount") is None else money.parse(form["amount"], maximum=missing)
        ledger.post(
            key=f"withdrawal:{withdrawal.id}:refund",
            kind="withdrawal_refund",
            member_id=withdrawal.member_id,
            legs=[
                Leg(ledger.house_account("deposits_clearing", withdrawal.member_id), -refund),
                Leg(ledger.member_account(withdrawal.member_id), refund),
            ],
            reference=f"withdrawal:{withdrawal.id}",
        )
        withdrawal.refunded_minor = refund
    withdrawal.resolution, withdrawal.resolved_received_minor = form["outcome"], withdrawal.amount_minor - refund
    withdrawal.resolved_by, withdrawal.resolution_note = operator, form.get("note")
    withdrawal.resolved_at = withdrawal.updated_at = at
    audit(
        db,
        "withdrawal_resolved",
        ip,
        at,
        withdrawal.member_id,
        withdrawal=withdrawal.id,
        outcome=form["outcome"],
        operator=operator,
    )
    return withdrawal


def operator_withdrawals(db, query: dict, at) -> Page:
    """A page of the brand's withdrawals, filtered by the listing's ``query``."""
    found = select(Withdrawal).where(
        status_filter(query.get("status")),
        confirmation_filter(query.get("confirmation"), at),
        resolution_filter(query.get("resolution")),
    )
    return listing(db, found, at, query.get("pageNo", 1), query.get("pageSize", 20))
