"""The draws' calls: anyone reads a drawn fast draw's proof or a day's series commitment, the lottery
menus, the most played games and a game's results; a member reads the games they last bet on
and a game's draw open for bets."""

from pyramid.view import view_config

from tessera.core.timeutil import iso, now
from tessera.identity.permissions import Permissions
from tessera.lottery.draws import menu, services
from tessera.lottery.draws.games import brand_schedule


@view_config(route_name="lottery.fair_draw", request_method="GET", renderer="api", openapi=True)
def fair_draw(request):
    query = request.openapi.parameters.query
    draw = services.published_draw(request.db, request.tenant.id, query["gameCode"], query["numero"])
    return {
        "gameCode": draw.game_code,
        "numero": draw.numero,
        "seed": draw.seed,
        "previousHash": draw.previous_hash,
        "commitment": draw.commitment,
        "committedAt": iso(draw.committed_at),
        "lockAt": iso(draw.lock_at),
        "prizes": list(draw.prizes),
        "drawnAt": iso(draw.drawn_at),
    }


@view_config(route_name="lottery.fair_series", request_method="GET", renderer="api", openapi=True)
def fair_series(request):
    query = request.openapi.parameters.query
    series = services.published_series(request.db, request.tenant.id, query["gameCode"], query["day"])
    return {
        "gameCode": series.game_code,
        "day": series.day.isoformat(),
        "length": series.length,
        "commitment": series.commitment,
        "committedAt": iso(series.committed_at),
        "firstDrawAt": iso(series.first_draw_at),
    }


# -- The menus and results members read ------------------------------------------------------


def _schedule(request, disabled: bool = False):
    return brand_schedule(request.db, request.tenant, disabled=disabled)


@view_config(route_name="lottery.game_menu", request_method="GET", renderer="api", openapi=True)
def game_menu(request):
    query = request.openapi.parameters.query
    return menu.game_menu(
        request.db, request.tenant.id, _schedule(request), query.get("prizeMode"), now(request.registry)
    )


@view_config(
    route_name="lottery.recent",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def recent(request):
    query = request.openapi.parameters.query
    return menu.recent(
        request.db,
        request.tenant.id,
        request.authenticated_userid,
        _schedule(request),
        query.get("prizeMode"),
        query.get("recentCount", 100),
        now(request.registry),
    )


@view_config(route_name="lottery.popular", request_method="GET", renderer="api", openapi=True)
def popular(request):
    query = request.openapi.parameters.query
    return menu.popular(
        request.db,
        request.tenant.id,
        _schedule(request),
        query.get("prizeMode"),
        query.get("count", 20),
        now(request.registry),
    )


@view_config(route_name="lottery.drawn_numeros", request_method="GET", renderer="api", openapi=True)
def drawn_numeros(request):
    query = request.openapi.parameters.query
    every_game = _schedule(request, disabled=True)  # a game no longer sold keeps its results
    return menu.drawn_draws(request.db, request.tenant.id, every_game, query["gameCode"], query.get("count", 100))


@view_config(
    route_name="lottery.opened_numero",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def opened_numero(request):
    query = request.openapi.parameters.query
    return menu.opened_numero(
        request.db, request.tenant.id, _schedule(request), query["gameCode"], now(request.registry)
    )
