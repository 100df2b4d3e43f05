"""Staff set the brand's vendors and games; each change is audited and seen by members at once
(the lobby, the game menu and launches read the settings)."""

from pyramid.view import view_config

from tessera.backoffice.changes import record_change
from tessera.backoffice.games import services
from tessera.backoffice.permissions import Permission
from tessera.core.db import scope_connection
from tessera.core.timeutil import now
from tessera.games.bets.vendor_wallets import reconcile_vendor_wallets
from tessera.wallet.transfers.services import transfer_vendors

games_call = dict(renderer="api", openapi=True, staff=Permission.GamesManage)


def _offers(request) -> dict:
    return request.plugins.game_offers()[0]


def _vendor(request, vassalage: str) -> dict:
    at = now(request.registry)
    listed = services.vendors(request.db, request.tenant.id, _offers(request), at)
    return next(vendor for vendor in listed if vendor["vassalage"] == vassalage)


@view_config(route_name="backoffice.game_vendors", request_method="GET", **games_call)
def list_vendors(request):
    found = services.vendors(request.db, request.tenant.id, _offers(request), now(request.registry))
    return {"items": found, "total": len(found), "page": 1, "pageSize": max(len(found), 1)}


@view_config(route_name="backoffice.game_vendor", request_method="PUT", **games_call)
def change_vendor(request):
    vassalage = request.matchdict["vassalage"]
    services.offered_vendor(_offers(request), vassalage)
    before = _vendor(request, vassalage)
    services.set_vendor(request.db, request.tenant.id, vassalage, request.openapi.body, request.staff.username)
    after = _vendor(request, vassalage)
    record_change(request, "game_vendor_changed", f"game_vendor:{vassalage}", before, after)
    return after


@view_config(route_name="backoffice.games", request_method="GET", **games_call)
def list_games(request):
    return services.games(request.db, request.tenant.id, _offers(request), request.openapi.parameters.query)


@view_config(route_name="backoffice.game", request_method="PUT", **games_call)
def change_game(request):
    game = services.existing_game(request.db, request.tenant.id, request.matchdict["game_id"])
    names = {vassalage: offer.vendor["displayName"] for vassalage, offer in _offers(request).items()}
    before = services.game_value(game, names.get(game.vassalage))
    services.set_game(game, request.openapi.body)
    request.db.flush()
    after = services.game_value(game, names.get(game.vassalage))
    record_change(request, "game_changed", f"game:{game.id}", before, after)
    return after


@view_config(route_name="backoffice.vendor_wallets", request_method="GET", **games_call)
def vendor_wallets(request):
    """The members' wallets at the brand's transfer-wallet vendors against what the vendors say now
    (each reading of the ledger committed before a vendor is asked, as the reconciliation does)."""

    def commit() -> None:
        request.tm.commit()
        request.tm.begin()
        scope_connection(request.db, request.tenant.id)

    tenant, plugins = request.tenant, request.plugins
    found = reconcile_vendor_wallets(request.db, tenant, plugins, list(transfer_vendors(plugins)), commit)
    asked = request.openapi.parameters.query
    return services.reconciliation(found, tenant.money, asked.get("page", 1), asked.get("pageSize", 50))
