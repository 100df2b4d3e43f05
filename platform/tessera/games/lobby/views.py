"""The game menu and the lobby's relay operations (SPEC §7).

Visitors browse the lobby (SPEC §6): the lobby's public calls use the member when the request
carries a live session (their favourites are marked), and answer a visitor otherwise; favourites
and recent games are a logged-in member's own.
"""

from pyramid.view import view_config

from tessera.core.cache import memo
from tessera.core.timeutil import now
from tessera.games.catalog.settings import brand_vendor_states, shown_offers
from tessera.games.lobby import menu, services
from tessera.games.lobby.favourites import favourite_list, recent_list, set_favourite
from tessera.games.lobby.rooms import room_list


@view_config(route_name="games.game_menus", request_method="GET", renderer="api", openapi=True)
def game_menus(request):
    return menu.brand_game_menus(request)


def _lobby(request) -> services.Lobby:
    """The lobby as the request's member (or visitor) sees it: the brand's vendors now (but those
    staff disabled), asked of
    its plugins once per memo time (and per request), and the vendors of its catalog, read once
    per memo time (they change with a sync)."""
    states = brand_vendor_states(request)
    offers = shown_offers(request.plugins.game_offers()[0], states)
    tenant_id = request.tenant.id
    catalog_vendors = memo(request.registry, "game_catalog_vendors").get(
        tenant_id, lambda: services.catalog_vendors(request.db, tenant_id)
    )
    return services.Lobby(
        request.db,
        tenant_id,
        offers,
        request.authenticated_userid,
        every_vendor_offered=catalog_vendors <= offers.keys(),
        money=request.tenant.money,
        vendor_places={vassalage: state.place for vassalage, state in states.items()},
    )


def _form(request) -> dict:
    return request.openapi.body or {}


def games(request):
    return services.game_list(_lobby(request), _form(request))


def vendor_types(request):
    return services.vendor_game_types(_lobby(request), _form(request)["vassalage"])


def vendors(request):
    return services.new_game_vendors(_lobby(request), _form(request))


def hot(request):
    return services.hot_games(_lobby(request), _form(request))


def rooms(request):
    return room_list(request.plugins, _lobby(request), request.openapi.parameters.query["vassalage"])


def favourite(request):
    form = _form(request)
    return set_favourite(_lobby(request), form["nodeId"], form.get("action"), now(request.registry))


def favourites(request):
    return favourite_list(_lobby(request), _form(request))


def recent(request):
    return recent_list(_lobby(request), _form(request))
