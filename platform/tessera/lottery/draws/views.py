"""The fair-draw calls: anyone reads a drawn draw's proof, or a day's series commitment."""

from pyramid.view import view_config

from tessera.core.timeutil import iso
from tessera.lottery.draws import services


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
