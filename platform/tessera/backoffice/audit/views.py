"""The audit log, filtered and paged."""

from datetime import datetime

from pyramid.view import view_config

from tessera.backoffice.audit.services import AuditQuery, entries
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import as_utc


def _moment(text: str | None) -> datetime | None:
    """A date-time of the query (RFC 3339, as the description checked it), in UTC."""
    return None if text is None else as_utc(datetime.fromisoformat(text))


@view_config(
    route_name="backoffice.audit", request_method="GET", renderer="api", openapi=True, staff=Permission.AuditRead
)
def audit_log(request):
    asked = request.openapi.parameters.query
    query = AuditQuery(
        brand=asked.get("brand"),
        staff=asked.get("staff"),
        action=asked.get("action"),
        since=_moment(asked.get("from")),
        until=_moment(asked.get("to")),
        page=asked.get("page", 1),
        page_size=asked.get("pageSize", 50),
    )
    return entries(request.db, query)
