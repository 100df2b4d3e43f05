"""The game calls of SPEC §7."""
from pyramid.view import view_config

from ..cache import memo
from . import services


@view_config(route_name="games.game_menus", request_method="GET", renderer="api", openapi=True)
def game_menus(request):
    return memo(request.registry, "game_menus").get(
        (request.tenant.id, request.language), lambda: services.game_menus(request.plugins, request.translate))
