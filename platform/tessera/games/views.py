"""The game calls of SPEC §7: the menu, and the lobby's relay operations.

Visitors browse the lobby (SPEC §6): the lobby's public calls use the member when the request
carries a live session (their favourites are marked), and answer a visitor otherwise.
"""
from pyramid.view import view_config

from tessera.core.cache import memo
from tessera.core.timeutil import now
from tessera.games import services
from tessera.games.favourites import favourite_list, set_favourite
from tessera.games.lobby import Lobby, brand_offers, catalog_vendors, game_list, hot_games, new_game_vendors, vendor_game_types
from tessera.games.recents import recent_list
from tessera.games.rooms import room_list


@view_config(route_name="games.game_menus", request_method="GET", renderer="api", openapi=True)
def game_menus(request):
    return memo(request.registry, "game_menus").get(
        (request.tenant.id, request.language), lambda: services.game_menus(request.plugins, request.translate))


def lobby(request) -> Lobby:
    offers = brand_offers(request)
    return Lobby(request.db, request.tenant.id, offers, request.authenticated_userid,
                 every_vendor_offered=catalog_vendors(request) <= offers.keys())


def _form(request) -> dict:
    return request.openapi.body or {}


def games(request):
    return game_list(lobby(request), _form(request))


def vendor_types(request):
    return vendor_game_types(lobby(request), _form(request)["vassalage"])


def vendors(request):
    return new_game_vendors(lobby(request), _form(request))


def hot(request):
    return hot_games(lobby(request), _form(request))


def favourite(request):
    form = _form(request)
    return set_favourite(lobby(request), form["nodeId"], form.get("action"), now(request.registry))


def favourites(request):
    return favourite_list(lobby(request), _form(request))


def recent(request):
    return recent_list(lobby(request), _form(request))


def rooms(request):
    return room_list(request.plugins, lobby(request), request.openapi.parameters.query["vassalage"])
