"""The calls for deposits, withdrawals, saved bank accounts and the payment password (real
members only), the gateways' notifications (public), and the relay's payment password check."""

from pyramid.view import view_config
from sqlalchemy import select
from zope.interface import implementer

from tessera.core.envelope import ApiError
from tessera.core.refusals import keeping_traces
from tessera.identity.accounts.models import REAL, Member
from tessera.identity.permissions import Permissions
from tessera.relay.interfaces import IPasswordCheck
from tessera.system.access import NEVER
from tessera.system.feedback.services import MAX_IMAGE_BYTES
from tessera.wallet.payments import bank_accounts, deposits, withdrawals
from tessera.wallet.payments.models import MANUAL, PENDING
from tessera.wallet.payments.password import check_payment_password, set_payment_password
from tessera.wallet.payments.services import PROOF_FIELD, PROOF_MAX_BODY, field_refusal, store_proof

member_call = dict(renderer="api", openapi=True, permission=Permissions.FundsUse)


def record_id(request) -> int:
    return int(request.matchdict["id"])  # the description allows only integers


def upload_dir(request):
    return request.registry.settings["tessera"].upload_dir


def uploaded_file(request, field: str = PROOF_FIELD) -> tuple[str, bytes] | None:
    """The file sent under ``field`` of a multipart form, None when there is none; text sent
    there is refused."""
    value = request.POST.get(field)
    if value is None or value == "":
        return None
    if not hasattr(value, "file"):
        raise field_refusal(request.identity_call, [field], "field_type", type="file")
    return value.filename or field, value.file.read(MAX_IMAGE_BYTES + 1)


class MultipartForm:
    """A multipart form, each field read when asked for (withdrawals.ConfirmationForm)."""

    def __init__(self, request):
        self.request = request

    def text(self, name: str) -> str | None:
        value = self.request.POST.get(name)
        if value is not None and not isinstance(value, str):
            raise field_refusal(self.request.identity_call, [name], "field_type", type="string")
        return value

    def proof(self) -> tuple[str, bytes] | None:
        return uploaded_file(self.request)


# -- Deposits --------------------------------------------------------------------------------


@view_config(route_name="wallet.deposit_channels", request_method="GET", **member_call)
def deposit_channels(request):
    return deposits.channel_listing(request.db, request.plugins, request.tenant, request.language)


@view_config(route_name="wallet.deposits", request_method="POST", **member_call)
def start_deposit(request):
    return deposits.start(request.identity_call, request.authenticated_userid, request.openapi.body, request.public_url)


@view_config(route_name="wallet.deposits", request_method="GET", **member_call)
def list_deposits(request):
    call, query = request.identity_call, request.openapi.parameters.query
    return deposits.member_deposits(
        call.db,
        call.tenant,
        call.at,
        request.authenticated_userid,
        query.get("status"),
        query.get("pageNo", 1),
        query.get("pageSize", 20),
    )


@view_config(route_name="wallet.deposit", request_method="GET", **member_call)
def show_deposit(request):
    call = request.identity_call
    deposit = deposits.member_deposit(call.db, request.authenticated_userid, record_id(request))
    return deposits.deposit_value(deposit, call.at, call.tenant)


@view_config(route_name="wallet.deposit_proof", request_method="POST", max_body=PROOF_MAX_BODY, **member_call)
def deposit_proof(request):
    call = request.identity_call
    deposit = deposits.member_deposit(call.db, request.authenticated_userid, record_id(request))
    at = call.at
    if deposit.kind != MANUAL or deposits.shown_status(deposit, at, call.tenant) != PENDING:
        raise ApiError(409, "deposit_state_conflict", state=deposit.status)
    upload = uploaded_file(request)
    if upload is None:
        raise ApiError(400, "proof_required")
    deposit.proof = store_proof(upload_dir(request), call.tenant.slug, upload, "deposit-proofs")
    deposit.updated_at = at
    return {"deposit": deposits.deposit_value(deposit, at, call.tenant)}


@view_config(
    route_name="payments.webhook", request_method="POST", renderer="api", decorator=keeping_traces, region_check=NEVER
)  # the gateway's servers call, not the member
def payment_webhook(request):
    plugin, channel = request.matchdict["plugin"], request.matchdict["channel"]
    deposits.takes_notifications(request.plugins, plugin, channel)
    limit = deposits.NOTIFICATION_MAX_BYTES
    if (request.content_length or 0) > limit or len(request.body) > limit:
        raise ApiError(413, "payload_too_large", limit_mb=0.1, limit=limit)
    deposits.receive_notification(
        request.identity_call, request.ledger, plugin, channel, dict(request.headers), request.body
    )
    return {"received": True}


# -- Bank accounts ---------------------------------------------------------------------------


@view_config(route_name="wallet.bank_accounts", request_method="GET", **member_call)
def list_bank_accounts(request):
    found = bank_accounts.live_accounts(request.db, request.authenticated_userid)
    return {"list": [bank_accounts.account_value(a) for a in found]}


@view_config(route_name="wallet.bank_accounts", request_method="POST", **member_call)
def add_bank_account(request):
    added = bank_accounts.add_account(request.identity_call, request.authenticated_userid, request.openapi.body)
    return bank_accounts.account_value(added)


@view_config(route_name="wallet.bank_account", request_method="DELETE", **member_call)
def delete_bank_account(request):
    call = request.identity_call
    bank_accounts.delete_account(call.db, call.at, request.authenticated_userid, record_id(request))
    return None


# -- Withdrawals and the payment password ----------------------------------------------------


@view_config(route_name="wallet.withdrawal_settings", request_method="GET", **member_call)
def withdrawal_settings(request):
    return withdrawals.settings_value(request.db, request.ledger, request.tenant, request.authenticated_userid)


@view_config(route_name="wallet.withdrawals", request_method="POST", decorator=keeping_traces, **member_call)
def request_withdrawal(request):  # a wrong payment password is counted: keeping_traces
    made = withdrawals.request_withdrawal(
        request.identity_call, request.ledger, request.authenticated_userid, request.openapi.body
    )
    return withdrawals.withdrawal_value(made, request.tenant.money)


@view_config(route_name="wallet.withdrawals", request_method="GET", **member_call)
def list_withdrawals(request):
    call, query = request.identity_call, request.openapi.parameters.query
    return withdrawals.member_withdrawals(
        call.db,
        call.tenant.money,
        call.at,
        request.authenticated_userid,
        query.get("status"),
        query.get("pageNo", 1),
        query.get("pageSize", 20),
    )


@view_config(route_name="wallet.withdrawal", request_method="GET", **member_call)
def show_withdrawal(request):
    call = request.identity_call
    found = withdrawals.member_withdrawal(call.db, request.authenticated_userid, record_id(request), call.at)
    return withdrawals.withdrawal_value(found, request.tenant.money)


@view_config(route_name="wallet.withdrawal_confirmation", request_method="POST", max_body=PROOF_MAX_BODY, **member_call)
def confirm_withdrawal(request):
    confirmed = withdrawals.confirm(
        request.identity_call,
        upload_dir(request),
        request.authenticated_userid,
        record_id(request),
        MultipartForm(request),
    )
    return withdrawals.withdrawal_value(confirmed, request.tenant.money)


@view_config(
    route_name="wallet.payment_password", request_method="POST", encrypted=True, decorator=keeping_traces, **member_call
)
def payment_password(request):  # a wrong login password is counted: keeping_traces
    set_payment_password(request.identity_call, request.authenticated_userid, request.decrypted_json)
    return {"hasPaymentPassword": True}


@implementer(IPasswordCheck)
class PaymentPasswordCheck:
    """The relay's check of ``passwordCheck/`` calls: a real member's payment password, sent as
    ``paymentPassword`` in the call's body. Anyone else fails the check."""

    def __call__(self, request) -> bool:
        identity = request.identity
        if identity is None or getattr(identity, "member_type", None) != REAL:
            return False
        if request.db.scalar(select(Member.id).where(Member.id == identity.member_id)) is None:
            return False
        body = getattr(getattr(request, "openapi", None), "body", None)
        given = body.get("paymentPassword") if isinstance(body, dict) else None
        check_payment_password(request.identity_call, identity.member_id, given if isinstance(given, str) else None)
        return True
