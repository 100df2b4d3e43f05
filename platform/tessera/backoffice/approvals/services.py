"""Maker-checker: the brand's threshold, asking for an approval instead of acting, and deciding
one. An approved request acts once: its row is locked while it is decided, and only a pending
one is decided (a second approver, even at the same moment, finds it decided); the action's own
idempotency key (the ledger's, the withdrawal's state) is the second wall."""

from collections.abc import Callable
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from tessera.backoffice.acting import Acting
from tessera.backoffice.approvals.models import APPROVED, PENDING, REJECTED, Approval, ApprovalThreshold
from tessera.core.envelope import ApiError
from tessera.wallet.pages import stamp
from tessera.wallet.payments.services import locked
from tessera.wallet.settings import setting_minor

DEFAULT_THRESHOLD = Decimal("10000")  # in the brand's currency, when tenant.toml names none


# -- The threshold ---------------------------------------------------------------------------


def threshold(db, tenant) -> int:
    """Money actions above this many minor units wait for a second staff member."""
    kept = db.scalar(select(ApprovalThreshold.threshold_minor))
    if kept is not None:
        return kept
    configured = setting_minor(tenant, "approval_threshold")
    return tenant.money.to_minor(DEFAULT_THRESHOLD) if configured is None else configured


def needs_approval(db, tenant, amount_minor: int) -> bool:
    return amount_minor > threshold(db, tenant)


def set_threshold(db, tenant, acting: Acting, amount) -> int:
    """Keep the brand's new threshold (an amount of the brand's money) and audit the change."""
    minor = tenant.money.parse(amount, field="threshold")
    before = threshold(db, tenant)
    row = db.scalar(select(ApprovalThreshold).with_for_update())
    if row is None:
        try:
            with db.begin_nested():
                row = ApprovalThreshold(threshold_minor=minor, updated_by=acting.staff, updated_at=acting.at)
                db.add(row)
        except IntegrityError:  # set at the same moment by another staff member: this one follows it
            row = db.scalar(select(ApprovalThreshold).with_for_update())
    row.threshold_minor, row.updated_by, row.updated_at = minor, acting.staff, acting.at
    money = tenant.money
    acting.record(
        db,
        "approval_threshold_set",
        f"brand:{acting.brand}",
        {"threshold": money.format(before)},
        {"threshold": money.format(minor)},
    )
    return minor


# -- Asking ----------------------------------------------------------------------------------


def ask(
    db,
    acting: Acting,
    *,
    action: str,
    target: str,
    amount_minor: int,
    form: dict,
    permission: str,
    reason: str | None = None,
    request_key: str | None = None,
) -> Approval:
    """A pending approval for the action instead of the action. Asking again with the same
    ``request_key`` answers the first approval (409 idempotency_conflict with other fields); a
    request without one (a withdrawal's, asked with its row locked) answers the pending approval
    of its target, if there is one."""
    first = db.scalar(
        select(Approval).where(Approval.request_key == request_key)
        if request_key is not None
        else select(Approval).where(Approval.target == target, Approval.action == action, Approval.status == PENDING)
    )
    if first is not None:
        return _same(first, action, target, amount_minor, form)
    approval = Approval(
        action=action,
        target=target,
        amount_minor=amount_minor,
        form=form,
        permission=permission,
        request_key=request_key,
        reason=reason,
        status=PENDING,
        requested_by_id=acting.staff_id,
        requested_by=acting.staff,
        requested_at=acting.at,
    )
    try:
        with db.begin_nested():
            db.add(approval)
    except IntegrityError:  # the same request at the same moment: that one stands
        return _same(
            db.scalar(select(Approval).where(Approval.request_key == request_key)), action, target, amount_minor, form
        )
    acting.record(db, "approval_requested", f"approval:{approval.id}", None, {"action": action, "target": target})
    return approval


def _same(first: Approval | None, action: str, target: str, amount_minor: int, form: dict) -> Approval:
    if first is None or (first.action, first.target, first.amount_minor, first.form) != (
        action,
        target,
        amount_minor,
        form,
    ):
        raise ApiError(409, "idempotency_conflict")
    return first


# -- Deciding --------------------------------------------------------------------------------


def pending(db, approval_id: int) -> Approval:
    """The approval, locked until the decision commits; 404 approval_not_found, 409
    approval_decided when it is decided already."""
    approval = locked(db, Approval, approval_id)
    if approval is None:
        raise ApiError(404, "approval_not_found")
    if approval.status != PENDING:
        raise ApiError(409, "approval_decided", state=approval.status)
    return approval


def _checker(approval: Approval, acting: Acting) -> None:
    if approval.requested_by_id == acting.staff_id:
        raise ApiError(403, "approval_own_request")


def approve(db, acting: Acting, approval: Approval, act: Callable[[Approval], dict | None]) -> dict | None:
    """Approve a pending approval (from :func:`pending`) and run its action, once; what the
    action answered."""
    _checker(approval, acting)
    done = act(approval)
    approval.status, approval.decided_by_id, approval.decided_by, approval.decided_at = (
        APPROVED,
        acting.staff_id,
        acting.staff,
        acting.at,
    )
    acting.record(db, "approval_approved", f"approval:{approval.id}", {"status": PENDING}, {"status": APPROVED})
    return done


def reject(db, acting: Acting, approval: Approval, reason: str) -> Approval:
    _checker(approval, acting)
    approval.status, approval.decided_by_id, approval.decided_by, approval.decided_at = (
        REJECTED,
        acting.staff_id,
        acting.staff,
        acting.at,
    )
    approval.decision_reason = reason
    acting.record(
        db,
        "approval_rejected",
        f"approval:{approval.id}",
        {"status": PENDING},
        {"status": REJECTED, "reason": reason},
    )
    return approval


# -- Reading ---------------------------------------------------------------------------------


def approval_value(approval: Approval, money) -> dict:
    return {
        "id": approval.id,
        "action": approval.action,
        "target": approval.target,
        "amount": money.format(approval.amount_minor),
        "requestedBy": approval.requested_by,
        "requestedAt": stamp(approval.requested_at),
        "status": approval.status,
        "decidedBy": approval.decided_by,
        "decidedAt": stamp(approval.decided_at),
        "reason": approval.decision_reason if approval.status == REJECTED else approval.reason,
        "permission": approval.permission,
        # A draw's results are checked by reading them: the checker sees the numbers proposed.
        "prizes": approval.form.get("prizes") if approval.action == "lottery.results" else None,
    }


def latest_for(db, target: str) -> Approval | None:
    return db.scalar(select(Approval).where(Approval.target == target).order_by(Approval.id.desc()).limit(1))


def approvals_page(db, money, status: str | None, permissions: set[str] | None, page: int, page_size: int) -> dict:
    """A page of the brand's approvals, newest first: those needing one of ``permissions`` (None: all)."""
    criteria = []
    if status:
        criteria.append(Approval.status == status)
    if permissions is not None:
        criteria.append(Approval.permission.in_(sorted(permissions)))
    total = db.scalar(select(func.count(Approval.id)).where(*criteria))
    found = db.scalars(
        select(Approval).where(*criteria).order_by(Approval.id.desc()).offset((page - 1) * page_size).limit(page_size)
    )
    return {"items": [approval_value(a, money) for a in found], "total": total, "page": page, "pageSize": page_size}
