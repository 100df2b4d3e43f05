"""The betting record, personal profit and loss, and the winner board."""
from pathlib import Path

from tessera.identity.permissions import OwnAccount, Permissions
from tessera.relay import PUBLIC
from tessera.core.timeutil import now
from tessera.games import bets, profit, winners


def betting_record(request):
    return bets.betting_record(request.db, request.tenant, request.authenticated_userid,
                               request.openapi.parameters.query, bets.vendor_names(request))


def profit_and_loss(request):
    return profit.profit(request.db, request.tenant, request.authenticated_userid,
                         request.openapi.parameters.query, bets.vendor_names(request))


def rank_list(request):
    body = request.openapi.body or {}
    value = winners.rank_list(request.db, request.tenant, now(request.registry), body.get("gameType"),
                              body.get("count", winners.DEFAULT_COUNT))
    return {"list": value}


def includeme(config):
    # Any logged-in account reads its own rounds (an agent's or free play's record is simply its own).
    config.add_route("games.betting_record", "/wps/games/bets", factory=OwnAccount)
    config.add_route("games.profit_and_loss", "/wps/games/profit", factory=OwnAccount)
    for route, view in (("games.betting_record", betting_record), ("games.profit_and_loss", profit_and_loss)):
        config.add_view(view, route_name=route, request_method="GET", renderer="api", openapi=True,
                        permission=Permissions.MemberRead)
    config.add_relay_operation("GCSGAME_getRankList", rank_list, auth=PUBLIC)
    config.add_openapi(str(Path(__file__).parent / "openapi_bets.yaml"))
