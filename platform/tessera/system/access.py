"""Where a brand may be used from: a call that changes state, or launches a game, from a region
the brand blocks (tenant.toml ``[access]``) is refused with 403 ``blockip`` before its view runs.

Every view is covered by a view deriver. By default a view is checked when its request's method
changes state (anything but GET, HEAD, OPTIONS). A view says otherwise with ``region_check``:
``ALWAYS`` (a game launch, even by GET), ``NEVER`` (logout, the calls of vendors' and gateways'
servers, the operator API), or a function of the request answering either (the relay, per operation).
"""

import logging

from tessera.core.cache import memo
from tessera.core.envelope import ApiError
from tessera.core.security import SAFE_METHODS
from tessera.system.interfaces import IBrandStatus

log = logging.getLogger(__name__)

ALWAYS, NEVER = "always", "never"
UNKNOWN_REGION_NOTED_SECONDS = 3600  # an address of unknown region is logged once an hour per brand


def _note_unknown_region(request, ip: str | None) -> None:
    def note():
        log.warning(
            "call allowed from an address of unknown region",
            extra={"brand": request.tenant.slug, "ip": ip, "path": request.path},
        )
        return True

    noted = memo(request.registry, "unknown_regions", maxsize=65536, seconds=UNKNOWN_REGION_NOTED_SECONDS)
    noted.get((request.tenant.id, ip), note)


def refuse_blocked_region(request) -> None:
    """Refuse the call when the caller's region is one the brand does not serve. The regions are
    the members': the back office acts on a brand from wherever its staff work."""
    tenant = request.tenant_or_none
    if tenant is None or request.is_backoffice:
        return
    brand = request.find_service(IBrandStatus)
    where = brand.location(request.client_ip)
    if brand.restricted(where["region"]):
        raise ApiError(403, "blockip", ip=where["ip"])
    if where["region"] is None:
        _note_unknown_region(request, where["ip"])


def region_deriver(view, info):
    check = info.options.get("region_check")
    if info.exception_only or check == NEVER:
        return view

    def region_checked_view(context, request):
        asked = check(request) if callable(check) else check
        if asked == ALWAYS or (asked != NEVER and request.method not in SAFE_METHODS):
            refuse_blocked_region(request)
        return view(context, request)

    return region_checked_view


region_deriver.options = ("region_check",)  # type: ignore[attr-defined]  # how Pyramid reads a deriver's options
