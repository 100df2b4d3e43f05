"""The brand's deposit and withdrawal queues as staff work them, and their actions: the wallet's
own services move the money (``wallet.payments.deposits`` and ``withdrawals``), each action
here adds the audit entry of who did it, before and after, in the same transaction. A
withdrawal above the brand's threshold is approved only through an approval (maker-checker), and
the back office pays only approved withdrawals."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, or_, select

from tessera.backoffice.acting import Acting
from tessera.backoffice.approvals import services as approvals
from tessera.backoffice.approvals.models import PENDING as APPROVAL_PENDING
from tessera.backoffice.approvals.models import REJECTED as APPROVAL_REJECTED
from tessera.backoffice.approvals.models import WITHDRAWAL_APPROVAL, Approval
from tessera.backoffice.permissions import Permission
from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import Member, username_key
from tessera.wallet.pages import stamp
from tessera.wallet.payments import deposits, withdrawals
from tessera.wallet.payments.models import PENDING, Deposit, Withdrawal
from tessera.wallet.payments.services import locked


@dataclass(frozen=True)
class Queue:
    """A queue's filters, order and page, as the description checked them."""

    status: str | None = None
    member: str | None = None  # a member's id or username
    since: datetime | None = None
    until: datetime | None = None
    sort: str = "createdAt"
    order: str = "desc"
    page: int = 1
    page_size: int = 50


def _member_filter(member: str | None):
    if not member:
        return True
    named = Member.username_key == username_key(member)
    return or_(Member.id == int(member), named) if member.isdigit() and len(member) < 10 else named


def _page(db, query, model, queue: Queue) -> tuple[list, int]:
    """One page of (row, username) of ``query`` and how many rows it has."""
    query = query.where(
        _member_filter(queue.member),
        model.created_at >= queue.since if queue.since else True,
        model.created_at < queue.until if queue.until else True,
    )
    total = db.scalar(select(func.count()).select_from(query.subquery()))
    column = model.amount_minor if queue.sort == "amount" else model.created_at
    ordered = (column.asc(), model.id.asc()) if queue.order == "asc" else (column.desc(), model.id.desc())
    rows = db.execute(query.order_by(*ordered).offset((queue.page - 1) * queue.page_size).limit(queue.page_size))
    return rows.all(), total


def _listing(items: list, total: int, queue: Queue) -> dict:
    return {"items": items, "total": total, "page": queue.page, "pageSize": queue.page_size}


# -- Deposits --------------------------------------------------------------------------------


def deposit_value(deposit: Deposit, username: str, tenant, at) -> dict:
    return {
        "id": deposit.id,
        "orderNo": f"D{deposit.id:08d}",
        "memberId": deposit.member_id,
        "username": username,
        "channel": deposit.channel,
        "plugin": deposit.plugin,
        "amount": tenant.money.format(deposit.amount_minor),
        "status": deposits.shown_status(deposit, at, tenant),
        "createdAt": stamp(deposit.created_at),
        "paidAt": stamp(deposit.paid_at),
        "remark": deposit.remark,
        "hasProof": bool(deposit.proof),
    }


def deposit_queue(db, tenant, at, queue: Queue) -> dict:
    found = (
        select(Deposit, Member.username)
        .join(Member, Member.id == Deposit.member_id)
        .where(deposits.status_filter(queue.status, at, tenant))
    )
    rows, total = _page(db, found, Deposit, queue)
    return _listing([deposit_value(d, name, tenant, at) for d, name in rows], total, queue)


def _deposit_state(deposit: Deposit, money) -> dict:
    return {"status": deposit.status, "amount": money.format(deposit.amount_minor), "remark": deposit.remark}


def _shown_deposit(db, deposit: Deposit, tenant, at) -> dict:
    return deposit_value(deposit, db.get_one(Member, deposit.member_id).username, tenant, at)


def approve_deposit(db, ledger, tenant, acting: Acting, deposit_id: int, remark: str | None) -> dict:
    """Credit the deposit (once: a paid one again credits nothing and writes nothing)."""
    before = _deposit_state(_deposit(db, deposit_id), tenant.money)
    deposit = deposits.approve(db, ledger, deposit_id, remark, acting.at, acting.operator, acting.ip)
    after = _deposit_state(deposit, tenant.money)
    if after != before:
        acting.record(db, "deposit_approved", f"deposit:{deposit.id}", before, after)
    return _shown_deposit(db, deposit, tenant, acting.at)


def reject_deposit(db, tenant, acting: Acting, deposit_id: int, remark: str) -> dict:
    before = _deposit_state(_deposit(db, deposit_id), tenant.money)
    deposit = deposits.reject(db, deposit_id, remark, acting.at, acting.operator, acting.ip)
    after = _deposit_state(deposit, tenant.money)
    if after != before:
        acting.record(db, "deposit_rejected", f"deposit:{deposit.id}", before, after)
    return _shown_deposit(db, deposit, tenant, acting.at)


def _deposit(db, deposit_id: int) -> Deposit:
    deposit = locked(db, Deposit, deposit_id)
    if deposit is None:
        raise ApiError(404, "deposit_not_found")
    return deposit


# -- Withdrawals -----------------------------------------------------------------------------


def _receipt(withdrawal: Withdrawal, money) -> dict | None:
    """What became of the money once paid: the bank's reference and the member's confirmation."""
    if withdrawal.paid_at is None:
        return None
    return {
        "paidAt": stamp(withdrawal.paid_at),
        "reference": withdrawal.pay_reference,
        "confirmation": withdrawal.confirmation,
        "receivedAmount": None if withdrawal.received_minor is None else money.format(withdrawal.received_minor),
        "confirmedAt": stamp(withdrawal.confirmed_at),
        "hasProof": bool(withdrawal.proof),
    }


def withdrawal_value(withdrawal: Withdrawal, username: str, money, approval: Approval | None) -> dict:
    return {
        "id": withdrawal.id,
        "orderNo": f"W{withdrawal.id:08d}",
        "memberId": withdrawal.member_id,
        "username": username,
        "amount": money.format(withdrawal.amount_minor),
        "status": withdrawal.status,
        "createdAt": stamp(withdrawal.created_at),
        "bankAccount": {
            "bankName": withdrawal.bank_name,
            "accountName": withdrawal.account_name,
            "accountNumber": withdrawal.account_number,  # staff pay into it
        },
        "receipt": _receipt(withdrawal, money),
        "approval": None if approval is None else approvals.approval_value(approval, money),
    }


def _target(withdrawal_id: int) -> str:
    return f"withdrawal:{withdrawal_id}"


def _latest_approvals(db, withdrawal_ids: list[int]) -> dict[str, Approval]:
    """The newest approval of each of the withdrawals that have one, by target."""
    targets = [_target(i) for i in withdrawal_ids]
    found = db.scalars(
        select(Approval)
        .where(Approval.action == WITHDRAWAL_APPROVAL, Approval.target.in_(targets))
        .order_by(Approval.id)
    )
    return {approval.target: approval for approval in found}


def withdrawal_queue(db, tenant, at, queue: Queue) -> dict:
    found = (
        select(Withdrawal, Member.username)
        .join(Member, Member.id == Withdrawal.member_id)
        .where(withdrawals.status_filter(queue.status))
    )
    rows, total = _page(db, found, Withdrawal, queue)
    latest = _latest_approvals(db, [w.id for w, _ in rows])
    items = [
        withdrawal_value(withdrawals.settle_overdue(w, at), name, tenant.money, latest.get(_target(w.id)))
        for w, name in rows
    ]
    return _listing(items, total, queue)


def _withdrawal(db, withdrawal_id: int, at) -> Withdrawal:
    withdrawal = locked(db, Withdrawal, withdrawal_id)
    if withdrawal is None:
        raise ApiError(404, "withdrawal_not_found")
    return withdrawals.settle_overdue(withdrawal, at)


def _withdrawal_state(withdrawal: Withdrawal, money) -> dict:
    return {"status": withdrawal.status, "amount": money.format(withdrawal.amount_minor), "remark": withdrawal.remark}


def shown_withdrawal(db, withdrawal: Withdrawal, money) -> dict:
    username = db.get_one(Member, withdrawal.member_id).username
    return withdrawal_value(withdrawal, username, money, approvals.latest_for(db, _target(withdrawal.id)))


def approve_withdrawal(db, tenant, acting: Acting, withdrawal_id: int) -> tuple[dict, Approval | None]:
    """Approve a pending withdrawal, or, above the brand's threshold, ask a second staff member
    to: the withdrawal as it stands and the approval asked for (None when approved here)."""
    withdrawal = _withdrawal(db, withdrawal_id, acting.at)
    if withdrawal.status == PENDING and approvals.needs_approval(db, tenant, withdrawal.amount_minor):
        approval = approvals.ask(
            db,
            acting,
            action=WITHDRAWAL_APPROVAL,
            target=_target(withdrawal.id),
            amount_minor=withdrawal.amount_minor,
            form={"withdrawalId": withdrawal.id},
            permission=Permission.WithdrawalApprove.value,
        )
        return shown_withdrawal(db, withdrawal, tenant.money), approval
    return approve_withdrawal_now(db, tenant, acting, withdrawal.id), None


def approve_withdrawal_now(db, tenant, acting: Acting, withdrawal_id: int) -> dict:
    """Approve it (the action of an approved approval too); approving an approved one changes nothing."""
    before = _withdrawal_state(_withdrawal(db, withdrawal_id, acting.at), tenant.money)
    withdrawal = withdrawals.approve(db, withdrawal_id, acting.at, acting.operator, acting.ip)
    after = _withdrawal_state(withdrawal, tenant.money)
    if after != before:
        acting.record(db, "withdrawal_approved", _target(withdrawal.id), before, after)
    return shown_withdrawal(db, withdrawal, tenant.money)


def pay_withdrawal(db, ledger, tenant, acting: Acting, withdrawal_id: int, remark: str | None) -> dict:
    """The house paid the member's bank (``remark``: the bank's reference); only an approved
    withdrawal is paid here (409 withdrawal_not_approved), a paid one again changes nothing."""
    withdrawal = _withdrawal(db, withdrawal_id, acting.at)
    if withdrawal.status == PENDING:
        raise ApiError(409, "withdrawal_not_approved")
    before = _withdrawal_state(withdrawal, tenant.money)
    withdrawal = withdrawals.pay(db, ledger, tenant, withdrawal_id, remark, acting.at, acting.operator, acting.ip)
    after = _withdrawal_state(withdrawal, tenant.money)
    if after != before:
        acting.record(db, "withdrawal_paid", _target(withdrawal.id), before, {**after, "reference": remark})
    return shown_withdrawal(db, withdrawal, tenant.money)


def reject_withdrawal(db, ledger, tenant, acting: Acting, withdrawal_id: int, remark: str) -> dict:
    """Refuse it (the hold goes back to the member); an approval it was waiting for is closed."""
    before = _withdrawal_state(_withdrawal(db, withdrawal_id, acting.at), tenant.money)
    withdrawal = withdrawals.reject(db, ledger, withdrawal_id, remark, acting.at, acting.operator, acting.ip)
    after = _withdrawal_state(withdrawal, tenant.money)
    if after != before:
        acting.record(db, "withdrawal_rejected", _target(withdrawal.id), before, after)
        waiting = db.scalars(
            select(Approval).where(Approval.target == _target(withdrawal.id), Approval.status == APPROVAL_PENDING)
        )
        for approval in waiting:
            approval.status, approval.decision_reason = APPROVAL_REJECTED, remark
            approval.decided_by_id, approval.decided_by, approval.decided_at = acting.staff_id, acting.staff, acting.at
    return shown_withdrawal(db, withdrawal, tenant.money)
