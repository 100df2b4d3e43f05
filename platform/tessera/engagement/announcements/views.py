"""The announcement call of SPEC §7: banners and notices."""

from tessera.engagement.announcements.services import DEFAULT_TYPES
from tessera.engagement.interfaces import IAnnouncements


def list_announcements(request):
    """MCSFE_getListAnnouncements: parameters in the query (GET) or a JSON body (POST)."""
    asked = (request.openapi.body if request.method == "POST" else request.openapi.parameters.query) or {}
    types = frozenset(asked.get("types", DEFAULT_TYPES).split(","))
    return request.find_service(IAnnouncements).current(request.language, types)
