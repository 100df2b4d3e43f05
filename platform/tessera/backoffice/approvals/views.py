"""Manual credits and debits, bonuses, the approvals queue and its decisions, the threshold.

Deciding an approval needs the permission the approval names (the one its maker used), checked
by the one staff check once the approval is read: the call itself needs a live session."""

from pyramid.view import view_config

from tessera.backoffice.access import check, permits
from tessera.backoffice.acting import Acting
from tessera.backoffice.approvals import money, services
from tessera.backoffice.approvals.models import (
    ADJUSTMENT,
    BONUS,
    LOTTERY_CANCEL,
    LOTTERY_RESULTS,
    WITHDRAWAL_APPROVAL,
    Approval,
)
from tessera.backoffice.lottery_draws.services import apply_approved
from tessera.backoffice.payments.services import approve_withdrawal_now
from tessera.backoffice.permissions import SESSION, Permission
from tessera.core.envelope import ApiError
from tessera.lottery.draws.games import brand_schedule

# The permissions an approval may need: whoever holds one of them on the brand sees its queue.
APPROVING = (Permission.MemberCredit, Permission.WithdrawalApprove, Permission.LotteryResults)
# Who reads the threshold: whoever may make or approve a money action, or change the threshold.
READING_THRESHOLD = (*APPROVING, Permission.SettingsEdit)
# Staff are not members: no region is refused them (the back office has its own access).
credit_call = dict(renderer="api", openapi=True, staff=Permission.MemberCredit)
session_call = dict(renderer="api", openapi=True, staff=SESSION)


def record_id(request) -> int:
    return int(request.matchdict["id"])  # the description allows only integers


def _asked(request, approval: Approval) -> dict:
    request.response.status = 202
    return {"approval": services.approval_value(approval, request.tenant.money)}


def _held(request, among) -> set[str]:
    """Which of ``among`` the enrolled staff member holds on the path's brand; 403 when none."""
    if not request.staff.enrolled:
        raise ApiError(403, "two_factor_required")
    held = {str(p) for p in among if permits(request, p, request.tenant.slug)}
    if not held:
        raise ApiError(403, "permission_denied", permission=" | ".join(among))
    return held


# -- Money staff move by hand ----------------------------------------------------------------


def _by_hand(request, action: str, request_key: str, act) -> dict:
    """``act(member)`` at or below the brand's threshold; above it, 202 and the approval that
    will (asking again with the same requestId answers the same approval)."""
    form, tenant = request.openapi.body, request.tenant
    member = money.real_member(request.db, record_id(request))
    amount = tenant.money.parse(form["amount"])
    if not services.needs_approval(request.db, tenant, amount):
        return act(member)
    approval = services.ask(
        request.db,
        Acting.of(request),
        action=action,
        target=f"member:{member.id}",
        amount_minor=amount,
        form={**form, "memberId": member.id},
        permission=Permission.MemberCredit.value,
        reason=form["reason"],
        request_key=request_key,
    )
    return _asked(request, approval)


@view_config(route_name="backoffice.member_adjustments", request_method="POST", **credit_call)
def adjust(request):
    form = request.openapi.body
    return _by_hand(
        request,
        ADJUSTMENT,
        money.adjustment_key(form),
        lambda member: money.adjust(
            request.db, request.ledger, request.tenant.money, Acting.of(request), member.id, form
        ),
    )


@view_config(route_name="backoffice.member_bonuses", request_method="POST", **credit_call)
def grant_bonus(request):
    form = request.openapi.body
    return _by_hand(
        request,
        BONUS,
        money.bonus_key(form),
        lambda member: money.bonus(request.identity_call, request.ledger, Acting.of(request), member, form),
    )


# -- Approvals -------------------------------------------------------------------------------


@view_config(route_name="backoffice.approvals", request_method="GET", **session_call)
def approvals_queue(request):
    held = _held(request, APPROVING)
    asked = request.openapi.parameters.query
    return services.approvals_page(
        request.db,
        request.tenant.money,
        asked.get("status"),
        None if held >= {str(p) for p in APPROVING} else held,
        asked.get("page", 1),
        asked.get("pageSize", 50),
    )


def _act(request, acting: Acting):
    """What an approved approval does, by its action."""

    def act(approval: Approval) -> dict | None:
        form = approval.form
        if approval.action == WITHDRAWAL_APPROVAL:
            return approve_withdrawal_now(request.db, request.tenant, acting, form["withdrawalId"])
        if approval.action in (LOTTERY_RESULTS, LOTTERY_CANCEL):
            schedule = brand_schedule(request.db, request.tenant, disabled=True)
            return apply_approved(request.db, request.tenant.id, acting, schedule, approval)
        member = money.real_member(request.db, form["memberId"])
        if approval.action == ADJUSTMENT:
            return money.adjust(request.db, request.ledger, request.tenant.money, acting, member.id, form)
        if approval.action == BONUS:
            return money.bonus(request.identity_call, request.ledger, acting, member, form)
        raise ApiError(409, "approval_unknown_action", action=approval.action)

    return act


def _decided(request, approval: Approval, done: dict | None = None) -> dict:
    return {"approval": services.approval_value(approval, request.tenant.money), "result": done}


@view_config(route_name="backoffice.approval_approve", request_method="POST", **session_call)
def approve(request):
    _held(request, APPROVING)
    approval = services.pending(request.db, record_id(request))
    check(request, approval.permission)
    acting = Acting.of(request)
    done = services.approve(request.db, acting, approval, _act(request, acting))
    return _decided(request, approval, done)


@view_config(route_name="backoffice.approval_reject", request_method="POST", **session_call)
def reject(request):
    _held(request, APPROVING)
    approval = services.pending(request.db, record_id(request))
    check(request, approval.permission)
    return _decided(request, services.reject(request.db, Acting.of(request), approval, request.openapi.body["reason"]))


# -- The threshold ---------------------------------------------------------------------------


def _threshold_value(request) -> dict:
    money_of = request.tenant.money
    return {"threshold": money_of.format(services.threshold(request.db, request.tenant)), "currency": money_of.code}


@view_config(route_name="backoffice.approval_settings", request_method="GET", **session_call)
def threshold(request):
    _held(request, READING_THRESHOLD)
    return _threshold_value(request)


@view_config(
    route_name="backoffice.approval_settings",
    request_method="PUT",
    renderer="api",
    openapi=True,
    staff=Permission.SettingsEdit,
)
def set_threshold(request):
    services.set_threshold(request.db, request.tenant, Acting.of(request), request.openapi.body["threshold"])
    return _threshold_value(request)
