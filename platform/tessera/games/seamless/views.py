"""The seamless wallet vendors call, ``POST /vendors/{vassalage}/wallet/{operation}`` on the
brand's host.

The vendor's call is read and answered by the plugin that offers the vendor, in the vendor's own
protocol (``tessera_seamless_decode`` and ``tessera_seamless_encode``): the answer is what the
plugin makes of the wallet's answer, not the JSON envelope. A vendor the brand does not have, or
one whose games use a wallet of their own (transfer), has no seamless wallet: 404.
"""

from pyramid.response import Response
from pyramid.view import view_config

from tessera.core.cache import memo
from tessera.core.envelope import ApiError
from tessera.core.timeutil import now
from tessera.games.seamless import calls, services
from tessera.games.vendors import category
from tessera.plugins import AdapterError
from tessera.system.access import NEVER


def _seamless_vendor(request, vassalage: str) -> dict:
    found = memo(request.registry, "seamless_vendors").get(
        (request.tenant.id, vassalage), lambda: services.seamless_vendor(request.plugins, vassalage)
    )
    if found is None:
        raise ApiError(404, "vendor_unknown", vassalage=vassalage)
    return found


def _decoded_call(request, vassalage: str, operation: str, headers: dict, body: bytes) -> calls.Call:
    try:
        decoded = request.plugins.seamless_decode(vassalage, operation, headers, body)
    except AdapterError as exc:
        code = exc.code if exc.code == calls.SIGNATURE_INVALID else calls.REQUEST_INVALID
        raise calls.Refusal(code) from None
    return calls.read_call(operation, decoded, request.tenant.money)


# The vendor's servers call, wherever its player is.
@view_config(route_name="games.seamless_wallet", request_method="POST", region_check=NEVER)
def vendor_wallet(request):
    vassalage, operation = request.matchdict["vassalage"], request.matchdict["operation"]
    vendor = _seamless_vendor(request, vassalage)
    if operation not in calls.OPERATIONS:
        raise ApiError(404, "not_found", path=request.path)
    limit = request.registry.settings["tessera"].max_body_bytes
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(413, "payload_too_large", limit_mb=round(limit / 1024 / 1024, 1), limit=limit)
    headers, body = dict(request.headers), request.body  # the call, as the plugin reads it and binds its answer to it
    try:
        call = _decoded_call(request, vassalage, operation, headers, body)
    except calls.Refusal as refusal:
        answer = calls.refused(refusal.code)
    else:
        wallet = services.SeamlessWallet(
            request.db,
            request.tenant,
            vassalage,
            category(vendor) or vendor.get("gameType", ""),
            now(request.registry),
            services.late_credit_window(vendor),
        )
        answer = wallet.answer(call)
    status, answer_headers, answer_body = request.plugins.seamless_encode(vassalage, operation, answer, headers, body)
    response = Response(body=answer_body, status=status)
    response.headers.update(answer_headers)
    return response
