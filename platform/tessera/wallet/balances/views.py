"""The balance calls, the account record and the bonus details."""

from pyramid.view import view_config

from tessera.identity.permissions import Permissions
from tessera.wallet.balances import history, services


@view_config(
    route_name="wallet.balance", request_method="GET", renderer="api", openapi=True, permission=Permissions.MemberRead
)
def balance(request):
    return services.balances(request.db, request.tenant, request.plugins, request.authenticated_userid)


@view_config(
    route_name="wallet.consolidated",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def consolidated(request):
    return services.consolidated(request.db, request.tenant, request.authenticated_userid)


def merchant_wallet(request):
    return services.merchant_wallets(request.plugins)


@view_config(
    route_name="wallet.transactions",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def transactions(request):
    return history.transactions(
        request.db, request.tenant, request.authenticated_userid, request.openapi.parameters.query
    )


@view_config(
    route_name="wallet.bonuses", request_method="GET", renderer="api", openapi=True, permission=Permissions.MemberRead
)
def bonuses(request):
    return history.bonuses(request.db, request.tenant, request.authenticated_userid, request.openapi.parameters.query)
