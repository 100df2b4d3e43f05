"""The calls for deposits, withdrawals, saved bank accounts and the payment password (real
members only), the gateways' notifications (public), and the operator API (operator keys)."""
from pathlib import Path

from pyramid.response import FileResponse
from pyramid.view import view_config
from sqlalchemy import select

from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import Member
from tessera.identity.permissions import Permissions, RealAccount
from tessera.core.refusals import keeping_traces
from tessera.relay.interfaces import IPasswordCheck
from tessera.system.access import NEVER
from tessera.core.timeutil import now
from tessera.wallet.payments import bank_accounts, deposits, withdrawals
from tessera.wallet.operators.services import OperatorAccess, grant_bonus
from tessera.wallet.payments.services import PROOF_MAX_BODY, proof_path, stamp, store_proof, uploaded_file
from tessera.wallet.payments.models import MANUAL, PENDING, Deposit, Withdrawal
from tessera.wallet.payments.password import PaymentPasswordCheck, set_payment_password

HERE = Path(__file__).parent
member_call = dict(renderer="api", openapi=True, permission=Permissions.FundsUse)
# OperatorAccess admits only a live key; operators are not members: no region is refused them.
operator_call = dict(renderer="api", openapi=True, region_check=NEVER)


def _id(request) -> int:
    return int(request.matchdict["id"])  # the description allows only integers


def _query(request) -> dict:
    return request.openapi.parameters.query


# -- Deposits --------------------------------------------------------------------------------

@view_config(route_name="wallet.deposit_channels", request_method="GET", **member_call)
def deposit_channels(request):
    return deposits.channel_listing(request)


@view_config(route_name="wallet.deposits", request_method="POST", **member_call)
def start_deposit(request):
    return deposits.start(request, request.authenticated_userid, request.openapi.body)


@view_config(route_name="wallet.deposits", request_method="GET", **member_call)
def list_deposits(request):
    query = _query(request)
    return deposits.member_deposits(request, request.authenticated_userid, query.get("status"),
                                    query.get("pageNo", 1), query.get("pageSize", 20))


@view_config(route_name="wallet.deposit", request_method="GET", **member_call)
def show_deposit(request):
    deposit = deposits.member_deposit(request.db, request.authenticated_userid, _id(request))
    return deposits.deposit_value(deposit, now(request.registry), request.tenant)


@view_config(route_name="wallet.deposit_proof", request_method="POST", max_body=PROOF_MAX_BODY, **member_call)
def deposit_proof(request):
    deposit = deposits.member_deposit(request.db, request.authenticated_userid, _id(request))
    at = now(request.registry)
    if deposit.kind != MANUAL or deposits.shown_status(deposit, at, request.tenant) != PENDING:
        raise ApiError(409, "deposit_state_conflict", state=deposit.status)
    upload = uploaded_file(request)
    if upload is None:
        raise ApiError(400, "proof_required")
    deposit.proof, deposit.updated_at = store_proof(request, upload, "deposit-proofs"), at
    return {"deposit": deposits.deposit_value(deposit, at, request.tenant)}


@view_config(route_name="payments.webhook", request_method="POST", renderer="api", decorator=keeping_traces,
             region_check=NEVER)  # the gateway's servers call, not the member
def payment_webhook(request):
    deposits.receive_notification(request, request.matchdict["plugin"], request.matchdict["channel"])
    return {"received": True}


# -- Bank accounts ---------------------------------------------------------------------------

@view_config(route_name="wallet.bank_accounts", request_method="GET", **member_call)
def list_bank_accounts(request):
    found = bank_accounts.live_accounts(request.db, request.authenticated_userid)
    return {"list": [bank_accounts.account_value(a) for a in found]}


@view_config(route_name="wallet.bank_accounts", request_method="POST", **member_call)
def add_bank_account(request):
    return bank_accounts.account_value(bank_accounts.add_account(request, request.authenticated_userid,
                                                                 request.openapi.body))


@view_config(route_name="wallet.bank_account", request_method="DELETE", **member_call)
def delete_bank_account(request):
    bank_accounts.delete_account(request, request.authenticated_userid, _id(request))
    return None


# -- Withdrawals and the payment password ----------------------------------------------------

@view_config(route_name="wallet.withdrawal_settings", request_method="GET", **member_call)
def withdrawal_settings(request):
    return withdrawals.settings_value(request, request.authenticated_userid)


@view_config(route_name="wallet.withdrawals", request_method="POST", decorator=keeping_traces, **member_call)
def request_withdrawal(request):  # a wrong payment password is counted: keeping_traces
    return withdrawals.withdrawal_value(withdrawals.request_withdrawal(request, request.authenticated_userid,
                                                                        request.openapi.body))


@view_config(route_name="wallet.withdrawals", request_method="GET", **member_call)
def list_withdrawals(request):
    query = _query(request)
    return withdrawals.member_withdrawals(request, request.authenticated_userid, query.get("status"),
                                          query.get("pageNo", 1), query.get("pageSize", 20))


@view_config(route_name="wallet.withdrawal", request_method="GET", **member_call)
def show_withdrawal(request):
    found = withdrawals.member_withdrawal(request.db, request.authenticated_userid, _id(request), now(request.registry))
    return withdrawals.withdrawal_value(found)


@view_config(route_name="wallet.withdrawal_confirmation", request_method="POST", max_body=PROOF_MAX_BODY, **member_call)
def confirm_withdrawal(request):
    return withdrawals.withdrawal_value(withdrawals.confirm(request, request.authenticated_userid, _id(request)))


@view_config(route_name="wallet.payment_password", request_method="POST", encrypted=True, decorator=keeping_traces,
             **member_call)
def payment_password(request):  # a wrong login password is counted: keeping_traces
    set_payment_password(request, request.authenticated_userid, request.decrypted_json)
    return {"hasPaymentPassword": True}


# -- The operator API ------------------------------------------------------------------------

def _operator(request) -> str:
    return request.context.operator.name


def _acting(request) -> dict:
    return {"at": now(request.registry), "operator": _operator(request), "ip": request.client_ip}


def operator_deposit(request, deposit: Deposit) -> dict:
    member = request.db.get(Member, deposit.member_id)
    return {**deposits.deposit_value(deposit, now(request.registry), request.tenant), "plugin": deposit.plugin,
            "memberId": deposit.member_id, "username": member.username,
            "paidAt": stamp(deposit.paid_at)}


def operator_withdrawal(request, withdrawal: Withdrawal) -> dict:
    member = request.db.get(Member, withdrawal.member_id)
    value = withdrawals.withdrawal_value(withdrawal)
    value["bankAccount"] = {**value["bankAccount"], "accountNumber": withdrawal.account_number}  # to pay into
    if value["resolution"] is not None:  # which key settled it: the operators' business, not the member's
        value["resolution"] = {**value["resolution"], "resolvedBy": withdrawal.resolved_by}
    return {**value, "memberId": withdrawal.member_id, "username": member.username,
            "payReference": withdrawal.pay_reference, "paidAt": stamp(withdrawal.paid_at)}


@view_config(route_name="ops.deposits", request_method="GET", **operator_call)
def ops_deposits(request):
    query = _query(request)
    page = deposits.deposits_page(request, None, query.get("status"), query.get("pageNo", 1), query.get("pageSize", 20))
    return page.value(lambda d: operator_deposit(request, d))


@view_config(route_name="ops.deposit_approve", request_method="POST", **operator_call)
def ops_approve_deposit(request):
    body = request.openapi.body or {}
    deposit = deposits.approve(request.db, request.ledger, _id(request), body.get("remark"), **_acting(request))
    return operator_deposit(request, deposit)


@view_config(route_name="ops.deposit_reject", request_method="POST", **operator_call)
def ops_reject_deposit(request):
    deposit = deposits.reject(request.db, _id(request), request.openapi.body["remark"], **_acting(request))
    return operator_deposit(request, deposit)


@view_config(route_name="ops.withdrawals", request_method="GET", **operator_call)
def ops_withdrawals(request):
    page = withdrawals.operator_withdrawals(request.db, _query(request), now(request.registry))
    return page.value(lambda w: operator_withdrawal(request, w))


@view_config(route_name="ops.withdrawal_approve", request_method="POST", **operator_call)
def ops_approve_withdrawal(request):
    return operator_withdrawal(request, withdrawals.approve(request.db, _id(request), **_acting(request)))


@view_config(route_name="ops.withdrawal_pay", request_method="POST", **operator_call)
def ops_pay_withdrawal(request):
    body = request.openapi.body or {}
    paid = withdrawals.pay(request.db, request.ledger, request.tenant, _id(request), body.get("reference"),
                           **_acting(request))
    return operator_withdrawal(request, paid)


@view_config(route_name="ops.withdrawal_reject", request_method="POST", **operator_call)
def ops_reject_withdrawal(request):
    rejected = withdrawals.reject(request.db, request.ledger, _id(request), request.openapi.body["remark"],
                                  **_acting(request))
    return operator_withdrawal(request, rejected)


@view_config(route_name="ops.withdrawal_resolve", request_method="POST", **operator_call)
def ops_resolve_withdrawal(request):
    resolved = withdrawals.resolve(request.db, request.ledger, _id(request), request.openapi.body, **_acting(request))
    return operator_withdrawal(request, resolved)


@view_config(route_name="ops.bonuses", request_method="POST", **operator_call)
def ops_bonus(request):
    return grant_bonus(request, _operator(request), request.openapi.body)


@view_config(route_name="ops.deposit_proof", request_method="GET", openapi=True)
def ops_deposit_proof(request):
    return _proof(request, request.db.scalar(select(Deposit).where(Deposit.id == _id(request))), "deposit_not_found")


@view_config(route_name="ops.withdrawal_proof", request_method="GET", openapi=True)
def ops_withdrawal_proof(request):
    return _proof(request, request.db.scalar(select(Withdrawal).where(Withdrawal.id == _id(request))),
                  "withdrawal_not_found")


def _proof(request, row, missing: str):
    if row is None:
        raise ApiError(404, missing)
    path = proof_path(request, row.proof)
    if path is None:
        raise ApiError(404, "proof_not_found")
    content_type = "image/png" if path.suffix == ".png" else "image/jpeg"
    response = FileResponse(str(path), request=request, content_type=content_type)
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def includeme(config):
    member_routes = {
        "wallet.deposit_channels": "/wps/wallet/deposit/channels",
        "wallet.deposits": "/wps/wallet/deposits",
        "wallet.deposit": "/wps/wallet/deposits/{id}",
        "wallet.deposit_proof": "/wps/wallet/deposits/{id}/proof",
        "wallet.bank_accounts": "/wps/wallet/bank-accounts",
        "wallet.bank_account": "/wps/wallet/bank-accounts/{id}",
        "wallet.withdrawal_settings": "/wps/wallet/withdrawal/settings",
        "wallet.withdrawals": "/wps/wallet/withdrawals",
        "wallet.withdrawal": "/wps/wallet/withdrawals/{id}",
        "wallet.withdrawal_confirmation": "/wps/wallet/withdrawals/{id}/confirmation",
        "wallet.payment_password": "/wps/member/payment-password",
    }
    for name, pattern in member_routes.items():
        config.add_route(name, pattern, factory=RealAccount)
    config.add_route("payments.webhook", "/wps/payments/webhook/{plugin}/{channel}")
    operator_routes = {
        "ops.deposits": "/ops/deposits",
        "ops.deposit_approve": "/ops/deposits/{id}/approve",
        "ops.deposit_reject": "/ops/deposits/{id}/reject",
        "ops.deposit_proof": "/ops/deposits/{id}/proof",
        "ops.withdrawals": "/ops/withdrawals",
        "ops.withdrawal_approve": "/ops/withdrawals/{id}/approve",
        "ops.withdrawal_pay": "/ops/withdrawals/{id}/pay",
        "ops.withdrawal_reject": "/ops/withdrawals/{id}/reject",
        "ops.withdrawal_resolve": "/ops/withdrawals/{id}/resolve",
        "ops.withdrawal_proof": "/ops/withdrawals/{id}/proof",
        "ops.bonuses": "/ops/bonuses",
    }
    for name, pattern in operator_routes.items():
        config.add_route(name, pattern, factory=OperatorAccess)
    config.registry.registerUtility(PaymentPasswordCheck(), IPasswordCheck)
    config.add_openapi(str(HERE / "openapi.yaml"))
    config.add_openapi(str(HERE.parent / "operators" / "openapi.yaml"))
    config.scan(".views")
