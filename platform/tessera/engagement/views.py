"""The engagement calls of SPEC §7."""
from ..cache import memo
from . import services


def list_announcements(request):
    """MCSFE_getListAnnouncements: parameters in the query (GET) or a JSON body (POST)."""
    asked = (request.openapi.body if request.method == "POST" else request.openapi.parameters.query) or {}
    types = frozenset(asked.get("types", services.DEFAULT_TYPES).split(","))
    tenant, language = request.tenant, request.language
    return memo(request.registry, "announcements").get(
        (tenant.id, language, types), lambda: services.announcements(request.db, tenant, language, types))
