"""Launching games: launchGame for the logged-in account, GCS_gameLaunchFB for free play."""

from pyramid.view import view_config

from tessera.core.db import scope_connection
from tessera.core.timeutil import now
from tessera.games.launch.services import MoneyLaunch, launchable, vendor_url
from tessera.games.lobby.favourites import remember
from tessera.identity.accounts.models import REAL
from tessera.identity.permissions import Permissions
from tessera.system.access import ALWAYS


def _commit(request) -> None:
    """Make what the launch wrote so far durable; go on in a new transaction, scoped to the brand again."""
    request.tm.commit()
    request.tm.begin()
    scope_connection(request.db, request.tenant.id)


# A launch answers the game's address (and may move money): refused from a blocked region, even by GET.
@view_config(
    route_name="games.launch",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
    region_check=ALWAYS,
)
def launch_game(request) -> str:
    """GET /wps/game/launchGame: the URL that opens the game for the logged-in member."""
    query = request.openapi.parameters.query
    tenant, member_id, at = request.tenant, request.authenticated_userid, now(request.registry)
    game = launchable(request.db, tenant.id, request.plugins, query["vassalage"], query["gameCode"], at)
    player = None
    if request.identity.member_type == REAL:
        launch = MoneyLaunch(request.db, tenant, request.plugins, request.ledger, lambda: _commit(request))
        player = launch.player(
            game, member_id, f"{request.public_url}/vendors/{game.vassalage}/wallet", query.get("requestId"), at
        )
    url = vendor_url(request.plugins, game, player, query.get("language") or request.language, query.get("device"))
    remember(request.db, tenant.id, member_id, game.game_id, at)
    return url


def free_play_launch(request) -> str:
    """POST /wps/relay/GCS_gameLaunchFB: the free-play URL of a game, for anyone."""
    form = request.openapi.body
    game = launchable(
        request.db, request.tenant.id, request.plugins, form["vassalage"], form["gameCode"], now(request.registry)
    )
    return vendor_url(request.plugins, game, None, form.get("language") or request.language, form.get("device"))
