"""The operator API (``/ops/...``): the brand's deposits and withdrawals as its back office sees
and moves them, and bonuses."""

from pyramid.response import FileResponse
from pyramid.view import view_config
from sqlalchemy import select

from tessera.core.envelope import ApiError
from tessera.core.security import bearer_token
from tessera.identity.accounts.models import Member
from tessera.system.access import NEVER
from tessera.wallet.operators.services import grant_bonus, operator_for
from tessera.wallet.pages import stamp
from tessera.wallet.payments import deposits, withdrawals
from tessera.wallet.payments.models import Deposit, Withdrawal
from tessera.wallet.payments.services import proof_path
from tessera.wallet.payments.views import record_id, upload_dir

# OperatorAccess admits only a live key; operators are not members: no region is refused them.
operator_call = dict(renderer="api", openapi=True, region_check=NEVER)


class OperatorAccess:
    """The context of the operator API: a live key of this brand, or 401 operator_key_invalid.
    Finding the key is the whole check: the views ask no permission of the security policy,
    whose identities are members' sessions."""

    def __init__(self, request):
        self.operator = operator_for(request.db, request.tenant.id, bearer_token(request))
        if self.operator is None:
            raise ApiError(401, "operator_key_invalid", headers={"WWW-Authenticate": "Bearer"})
        self.request = request


def _operator(request) -> str:
    return request.context.operator.name


def _acting(request) -> dict:
    call = request.identity_call
    return {"at": call.at, "operator": _operator(request), "ip": call.ip}


def operator_deposit(request, deposit: Deposit) -> dict:
    call = request.identity_call
    member = call.db.get(Member, deposit.member_id)
    return {
        **deposits.deposit_value(deposit, call.at, call.tenant),
        "plugin": deposit.plugin,
        "memberId": deposit.member_id,
        "username": member.username,
        "paidAt": stamp(deposit.paid_at),
    }


def operator_withdrawal(request, withdrawal: Withdrawal) -> dict:
    member = request.db.get(Member, withdrawal.member_id)
    value = withdrawals.withdrawal_value(withdrawal, request.tenant.money)
    value["bankAccount"] = {**value["bankAccount"], "accountNumber": withdrawal.account_number}  # to pay into
    if value["resolution"] is not None:  # which key settled it: the operators' business, not the member's
        value["resolution"] = {**value["resolution"], "resolvedBy": withdrawal.resolved_by}
    return {
        **value,
        "memberId": withdrawal.member_id,
        "username": member.username,
        "payReference": withdrawal.pay_reference,
        "paidAt": stamp(withdrawal.paid_at),
    }


@view_config(route_name="ops.deposits", request_method="GET", **operator_call)
def ops_deposits(request):
    call, query = request.identity_call, request.openapi.parameters.query
    page = deposits.deposits_page(
        call.db, call.tenant, call.at, None, query.get("status"), query.get("pageNo", 1), query.get("pageSize", 20)
    )
    return page.value(lambda d: operator_deposit(request, d))


@view_config(route_name="ops.deposit_approve", request_method="POST", **operator_call)
def ops_approve_deposit(request):
    body = request.openapi.body or {}
    deposit = deposits.approve(request.db, request.ledger, record_id(request), body.get("remark"), **_acting(request))
    return operator_deposit(request, deposit)


@view_config(route_name="ops.deposit_reject", request_method="POST", **operator_call)
def ops_reject_deposit(request):
    deposit = deposits.reject(request.db, record_id(request), request.openapi.body["remark"], **_acting(request))
    return operator_deposit(request, deposit)


@view_config(route_name="ops.withdrawals", request_method="GET", **operator_call)
def ops_withdrawals(request):
    call = request.identity_call
    page = withdrawals.operator_withdrawals(call.db, request.openapi.parameters.query, call.at)
    return page.value(lambda w: operator_withdrawal(request, w))


@view_config(route_name="ops.withdrawal_approve", request_method="POST", **operator_call)
def ops_approve_withdrawal(request):
    return operator_withdrawal(request, withdrawals.approve(request.db, record_id(request), **_acting(request)))


@view_config(route_name="ops.withdrawal_pay", request_method="POST", **operator_call)
def ops_pay_withdrawal(request):
    body = request.openapi.body or {}
    paid = withdrawals.pay(
        request.db, request.ledger, request.tenant, record_id(request), body.get("reference"), **_acting(request)
    )
    return operator_withdrawal(request, paid)


@view_config(route_name="ops.withdrawal_reject", request_method="POST", **operator_call)
def ops_reject_withdrawal(request):
    rejected = withdrawals.reject(
        request.db, request.ledger, record_id(request), request.openapi.body["remark"], **_acting(request)
    )
    return operator_withdrawal(request, rejected)


@view_config(route_name="ops.withdrawal_resolve", request_method="POST", **operator_call)
def ops_resolve_withdrawal(request):
    resolved = withdrawals.resolve(
        request.db, request.ledger, request.tenant.money, record_id(request), request.openapi.body, **_acting(request)
    )
    return operator_withdrawal(request, resolved)


@view_config(route_name="ops.bonuses", request_method="POST", **operator_call)
def ops_bonus(request):
    return grant_bonus(request.identity_call, request.ledger, _operator(request), request.openapi.body)


@view_config(route_name="ops.deposit_proof", request_method="GET", openapi=True)
def ops_deposit_proof(request):
    found = request.db.scalar(select(Deposit).where(Deposit.id == record_id(request)))
    return _proof(request, found, "deposit_not_found")


@view_config(route_name="ops.withdrawal_proof", request_method="GET", openapi=True)
def ops_withdrawal_proof(request):
    found = request.db.scalar(select(Withdrawal).where(Withdrawal.id == record_id(request)))
    return _proof(request, found, "withdrawal_not_found")


def _proof(request, row, missing: str):
    if row is None:
        raise ApiError(404, missing)
    path = proof_path(upload_dir(request), row.proof)
    if path is None:
        raise ApiError(404, "proof_not_found")
    content_type = "image/png" if path.suffix == ".png" else "image/jpeg"
    response = FileResponse(str(path), request=request, content_type=content_type)
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
