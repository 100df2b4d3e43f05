"""GET /wps/feedback: the logged-in member's feedback and complaints, with the brand's replies."""

from pyramid.view import view_config

from tessera.identity.permissions import Permissions
from tessera.system.feedback.services import member_feedback


@view_config(
    route_name="system.feedback", request_method="GET", renderer="api", openapi=True, permission=Permissions.MemberRead
)
def my_feedback(request):
    asked = request.openapi.parameters.query
    page, size = asked.get("page", 1), asked.get("pageSize", 20)
    items, total = member_feedback(request.db, request.authenticated_userid, page, size)
    return {"items": items, "total": total, "page": page, "pageSize": size}
