"""Deposit and withdrawal queues and what staff do with them."""

from datetime import datetime

from pyramid.view import view_config

from tessera.backoffice.acting import Acting
from tessera.backoffice.approvals.services import approval_value
from tessera.backoffice.payments import services
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import as_utc, now


def _moment(text: str | None) -> datetime | None:
    return None if text is None else as_utc(datetime.fromisoformat(text))


def queue_of(request) -> services.Queue:
    """The queue's filters, order and page, as the description checked them."""
    asked = request.openapi.parameters.query
    return services.Queue(
        status=asked.get("status"),
        member=asked.get("member"),
        since=_moment(asked.get("from")),
        until=_moment(asked.get("to")),
        sort=asked.get("sort", "createdAt"),
        order=asked.get("order", "desc"),
        page=asked.get("page", 1),
        page_size=asked.get("pageSize", 50),
    )


def record_id(request) -> int:
    return int(request.matchdict["id"])  # the description allows only integers


def _body(request) -> dict:
    return request.openapi.body or {}


# Staff are not members: no region is refused them (the back office has its own access).
deposit_call = dict(renderer="api", openapi=True, staff=Permission.DepositApprove)
withdrawal_call = dict(renderer="api", openapi=True, staff=Permission.WithdrawalApprove)


@view_config(route_name="backoffice.deposits", request_method="GET", **deposit_call)
def deposit_queue(request):
    return services.deposit_queue(request.db, request.tenant, now(request.registry), queue_of(request))


@view_config(route_name="backoffice.deposit_approve", request_method="POST", **deposit_call)
def approve_deposit(request):
    return services.approve_deposit(
        request.db, request.ledger, request.tenant, Acting.of(request), record_id(request), _body(request).get("remark")
    )


@view_config(route_name="backoffice.deposit_reject", request_method="POST", **deposit_call)
def reject_deposit(request):
    return services.reject_deposit(
        request.db, request.tenant, Acting.of(request), record_id(request), _body(request)["remark"]
    )


@view_config(route_name="backoffice.withdrawals", request_method="GET", **withdrawal_call)
def withdrawal_queue(request):
    return services.withdrawal_queue(request.db, request.tenant, now(request.registry), queue_of(request))


@view_config(route_name="backoffice.withdrawal_approve", request_method="POST", **withdrawal_call)
def approve_withdrawal(request):
    withdrawal, approval = services.approve_withdrawal(
        request.db, request.tenant, Acting.of(request), record_id(request)
    )
    if approval is None:
        return withdrawal
    request.response.status = 202
    return {"approval": approval_value(approval, request.tenant.money)}


@view_config(route_name="backoffice.withdrawal_pay", request_method="POST", **withdrawal_call)
def pay_withdrawal(request):
    return services.pay_withdrawal(
        request.db,
        request.ledger,
        request.tenant,
        Acting.of(request),
        record_id(request),
        _body(request).get("remark"),
    )


@view_config(route_name="backoffice.withdrawal_reject", request_method="POST", **withdrawal_call)
def reject_withdrawal(request):
    return services.reject_withdrawal(
        request.db, request.ledger, request.tenant, Acting.of(request), record_id(request), _body(request)["remark"]
    )
