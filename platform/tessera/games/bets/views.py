"""The betting record, personal profit and loss, and the winner board."""

from pyramid.view import view_config

from tessera.core.cache import memo
from tessera.core.timeutil import now
from tessera.games.bets import profit, services, winners
from tessera.games.vendors import built_in_vendor_names
from tessera.identity.permissions import Permissions


def vendor_names(request) -> dict[str, str]:
    """The brand's vendors' names by vassalage, the platform's own (the house lottery) among them."""
    plugins = memo(request.registry, "game_vendor_names").get(
        request.tenant.id, lambda: {v["vassalage"]: v["displayName"] for v in request.plugins.game_vendors()}
    )
    return {**built_in_vendor_names(request), **plugins}


@view_config(
    route_name="games.betting_record",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def betting_record(request):
    return services.betting_record(
        request.db,
        request.tenant,
        request.authenticated_userid,
        request.openapi.parameters.query,
        vendor_names(request),
    )


@view_config(
    route_name="games.profit_and_loss",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def profit_and_loss(request):
    return profit.profit(
        request.db,
        request.tenant,
        request.authenticated_userid,
        request.openapi.parameters.query,
        vendor_names(request),
    )


def rank_list(request):
    body = request.openapi.body or {}
    value = winners.rank_list(
        request.db,
        request.tenant,
        now(request.registry),
        body.get("gameType"),
        body.get("count", winners.DEFAULT_COUNT),
    )
    return {"list": value}
