"""Launching games (launchGame, GCS_gameLaunchFB) and the seamless wallet vendors call,
``POST /vendors/{vassalage}/wallet/{operation}`` on the brand's host.

The vendor's call is read and answered by the plugin that offers the vendor, in the vendor's own
protocol (``tessera_seamless_decode`` and ``tessera_seamless_encode``): the answer is what the
plugin makes of the wallet's answer, not the JSON envelope. A vendor the brand does not have, or
one whose games use a wallet of their own (transfer), has no seamless wallet: 404.
"""
from pathlib import Path

from pyramid.response import Response

from tessera.core.cache import memo
from tessera.core.envelope import ApiError
from tessera.identity.permissions import OwnAccount, Permissions
from tessera.plugins import AdapterError
from tessera.relay import PUBLIC
from tessera.system.access import ALWAYS, NEVER
from tessera.core.timeutil import now
from tessera.games import seamless
from tessera.games.launch import free_play_launch, launch_game
from tessera.games.models import SEAMLESS
from tessera.games.services import category

def _find_seamless_vendor(plugins, vassalage: str) -> dict | None:
    """The brand's seamless vendor ``vassalage``: the first plugin's that offers it (as in the game
    menu), which must read its vendor's calls."""
    offer = plugins.game_offers()[0].get(vassalage)
    if offer is None or offer.vendor.get("walletMode") != SEAMLESS or not plugins.reads_seamless_calls(offer):
        return None
    return offer.vendor


def seamless_vendor(request, vassalage: str) -> dict:
    found = memo(request.registry, "seamless_vendors").get(
        (request.tenant.id, vassalage), lambda: _find_seamless_vendor(request.plugins, vassalage))
    if found is None:
        raise ApiError(404, "vendor_unknown", vassalage=vassalage)
    return found


def _decoded_call(request, vassalage: str, operation: str) -> seamless.Call:
    try:
        decoded = request.plugins.seamless_decode(vassalage, operation, dict(request.headers), request.body)
    except AdapterError as exc:
        code = exc.code if exc.code == seamless.SIGNATURE_INVALID else seamless.REQUEST_INVALID
        raise seamless.Refusal(code) from None
    return seamless.read_call(operation, decoded, request.tenant.currency)


def vendor_wallet(request):
    vassalage, operation = request.matchdict["vassalage"], request.matchdict["operation"]
    vendor = seamless_vendor(request, vassalage)
    if operation not in seamless.OPERATIONS:
        raise ApiError(404, "not_found", path=request.path)
    limit = request.registry.settings["tessera"].max_body_bytes
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(413, "payload_too_large", limit_mb=round(limit / 1024 / 1024, 1), limit=limit)
    try:
        call = _decoded_call(request, vassalage, operation)
    except seamless.Refusal as refusal:
        answer = seamless.refused(refusal.code)
    else:
        wallet = seamless.SeamlessWallet(request.db, request.tenant, vassalage,
                                         category(vendor) or vendor.get("gameType", ""), now(request.registry),
                                         seamless.late_credit_window(vendor))
        answer = wallet.answer(call)
    status, headers, body = request.plugins.seamless_encode(vassalage, operation, answer)
    response = Response(body=body, status=status)
    response.headers.update(headers)
    return response


def includeme(config):
    config.add_route("games.launch", "/wps/game/launchGame", factory=OwnAccount)
    # A launch answers the game's address (and may move money): refused from a blocked region, even by GET.
    config.add_view(launch_game, route_name="games.launch", request_method="GET", renderer="api", openapi=True,
                    permission=Permissions.MemberRead, region_check=ALWAYS)
    config.add_relay_operation("GCS_gameLaunchFB", free_play_launch, auth=PUBLIC, region_check=ALWAYS)
    config.add_route("games.seamless_wallet", "/vendors/{vassalage}/wallet/{operation}")
    # The vendor's servers call, wherever its player is.
    config.add_view(vendor_wallet, route_name="games.seamless_wallet", request_method="POST", region_check=NEVER)
    config.add_openapi(str(Path(__file__).parent / "openapi_launch.yaml"))
