"""The wallet calls: balances, transfers to and from vendor wallets and to the upline, the account
record and the bonus details."""
from pathlib import Path

from pyramid.view import view_config

from tessera.identity.permissions import OwnAccount, Permissions, RealAccount
from tessera.core.refusals import keeping_traces
from tessera.relay import TOKEN
from tessera.wallet.balances import history
from tessera.wallet.balances import services as balances
from tessera.wallet.transfers.services import wallet_transfer
from tessera.wallet.transfers.upline import transfer_to_upline


@view_config(route_name="wallet.balance", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def balance(request):
    return balances.balances(request.db, request.tenant, request.plugins, request.authenticated_userid)


@view_config(route_name="wallet.consolidated", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def consolidated(request):
    return balances.consolidated(request.db, request.tenant, request.authenticated_userid)


def merchant_wallet(request):
    return balances.merchant_wallets(request.plugins)


@view_config(route_name="wallet.upline_transfers", request_method="POST", renderer="api", openapi=True,
             permission=Permissions.FundsUse, decorator=keeping_traces)  # a wrong payment password is counted
def upline_transfer(request):
    return transfer_to_upline(request)


@view_config(route_name="wallet.transactions", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def transactions(request):
    return history.transactions(request.db, request.tenant, request.authenticated_userid,
                                request.openapi.parameters.query)


@view_config(route_name="wallet.bonuses", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def bonuses(request):
    return history.bonuses(request.db, request.tenant, request.authenticated_userid, request.openapi.parameters.query)


def includeme(config):
    config.add_route("wallet.balance", "/wps/v2/wallets/balance", factory=OwnAccount)
    config.add_route("wallet.consolidated", "/wps/member/info/funds/consolidated", factory=OwnAccount)
    config.add_route("wallet.upline_transfers", "/wps/wallet/upline-transfers", factory=RealAccount)
    # The record is read by any account money can reach: an agent sees what its downline sent.
    config.add_route("wallet.transactions", "/wps/wallet/transactions", factory=OwnAccount)
    config.add_route("wallet.bonuses", "/wps/wallet/bonuses", factory=OwnAccount)
    config.add_relay_operation("GCS_merchantWallet", merchant_wallet, auth=TOKEN, methods=("GET",))
    config.add_relay_operation("GCS_walletTransfer", wallet_transfer, auth=TOKEN)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    config.scan(".views")
