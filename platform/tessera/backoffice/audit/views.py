"""The audit log, filtered and paged."""

from pyramid.view import view_config

from tessera.backoffice.audit.services import AuditQuery, entries
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import as_utc


@view_config(
    route_name="backoffice.audit", request_method="GET", renderer="api", openapi=True, staff=Permission.AuditRead
)
def audit_log(request):
    asked = request.openapi.parameters.query
    query = AuditQuery(
        brand=asked.get("brand"),
        staff=asked.get("staff"),
        action=asked.get("action"),
        since=as_utc(asked.get("from")),
        until=as_utc(asked.get("to")),
        page=asked.get("page", 1),
        page_size=asked.get("pageSize", 50),
    )
    return entries(request.db, query)
