"""The transfer calls: to and from a transfer-wallet vendor's wallet, and to the upline."""

from pyramid.view import view_config

from tessera.core.db import scope_connection
from tessera.core.refusals import keeping_traces
from tessera.identity.permissions import Permissions, require_real_account
from tessera.wallet.requests import request_key, require_request_id
from tessera.wallet.transfers import services
from tessera.wallet.transfers.upline import transfer_to_upline


def wallet_transfer(request) -> dict:
    require_real_account(request)
    form, tenant, member_id = request.openapi.body, request.tenant, request.authenticated_userid
    key = request_key(member_id, "walletTransfer", require_request_id(form))
    amount = None if form.get("all") is True else tenant.money.parse(form.get("amount"))

    def commit():
        """Make what the request wrote so far durable, and go on in a new transaction."""
        request.tm.commit()
        request.tm.begin()
        scope_connection(request.db, tenant.id)

    return services.transfer(
        request.db,
        request.ledger,
        tenant,
        request.plugins,
        member_id,
        form["vassalage"],
        form["direction"],
        amount,
        key,
        commit,
    )


@view_config(
    route_name="wallet.upline_transfers",
    request_method="POST",
    renderer="api",
    openapi=True,
    permission=Permissions.FundsUse,
    decorator=keeping_traces,
)  # a wrong payment password is counted
def upline_transfer(request):
    return transfer_to_upline(request.identity_call, request.ledger, request.authenticated_userid, request.openapi.body)
