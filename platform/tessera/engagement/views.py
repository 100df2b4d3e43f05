"""The engagement calls of SPEC §7."""
from tessera.engagement import services


def list_announcements(request):
    """MCSFE_getListAnnouncements: parameters in the query (GET) or a JSON body (POST)."""
    asked = (request.openapi.body if request.method == "POST" else request.openapi.parameters.query) or {}
    return services.current_announcements(request, frozenset(asked.get("types", services.DEFAULT_TYPES).split(",")))
