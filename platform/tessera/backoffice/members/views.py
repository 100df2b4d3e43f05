"""A brand's members in the back office: the list, a member's profile, ledger, betting record,
sessions and notes (member.read), and their status, labels, sessions, password and notes (member.edit)."""

from pyramid.view import view_config

from tessera.backoffice.members import services
from tessera.backoffice.members.services import Acting, MemberQuery
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import now
from tessera.games.bets.views import vendor_names

READ, EDIT = Permission.MemberRead, Permission.MemberEdit


def _member(request, to_change: bool = False):
    """The brand the path names (404 unknown_tenant) and its member the path names (404 member_not_found)."""
    tenant = request.tenant
    member_id = request.openapi.parameters.path["id"]
    return tenant, services.find_member(request.db, tenant, member_id, to_change=to_change)


def _acting(request) -> Acting:
    return Acting(request.staff.username, request.client_ip, now(request.registry))


def _paging(asked: dict) -> tuple[int, int]:
    return asked.get("page", 1), asked.get("pageSize", 50)


@view_config(route_name="backoffice.members", request_method="GET", renderer="api", openapi=True, staff=READ)
def member_list(request):
    asked = request.openapi.parameters.query
    page, page_size = _paging(asked)
    query = MemberQuery(
        q=asked.get("q"),
        status=asked.get("status"),
        label=asked.get("label"),
        sort=asked.get("sort", "registeredAt"),
        order=asked.get("order", "desc"),
        page=page,
        page_size=page_size,
    )
    return services.search(request.db, request.tenant, query)


@view_config(route_name="backoffice.member", request_method="GET", renderer="api", openapi=True, staff=READ)
def member_profile(request):
    tenant, member = _member(request)
    return services.profile(request.db, tenant, request.plugins, member)


@view_config(route_name="backoffice.member_status", request_method="PUT", renderer="api", openapi=True, staff=EDIT)
def member_status(request):
    tenant, member = _member(request, to_change=True)
    form = request.openapi.body
    return services.set_status(request.db, tenant, member, form["status"], form["reason"], _acting(request))


@view_config(route_name="backoffice.member_labels", request_method="PUT", renderer="api", openapi=True, staff=EDIT)
def member_labels(request):
    tenant, member = _member(request, to_change=True)
    return services.set_labels(request.db, tenant, member, request.openapi.body["labels"], _acting(request))


@view_config(route_name="backoffice.member_ledger", request_method="GET", renderer="api", openapi=True, staff=READ)
def member_ledger(request):
    tenant, member = _member(request)
    asked = request.openapi.parameters.query
    return services.ledger(request.db, tenant, member, asked.get("from"), asked.get("to"), *_paging(asked))


@view_config(route_name="backoffice.member_bets", request_method="GET", renderer="api", openapi=True, staff=READ)
def member_bets(request):
    tenant, member = _member(request)
    asked = request.openapi.parameters.query
    since, until = asked.get("from"), asked.get("to")
    return services.betting_record(request.db, tenant, member, since, until, *_paging(asked), vendor_names(request))


@view_config(route_name="backoffice.member_sessions", request_method="GET", renderer="api", openapi=True, staff=READ)
def member_sessions(request):
    tenant, member = _member(request)
    return services.sessions(request.db, tenant, member, now(request.registry))


@view_config(route_name="backoffice.member_sessions", request_method="DELETE", renderer="api", openapi=True, staff=EDIT)
def member_logout(request):
    tenant, member = _member(request, to_change=True)
    return services.end_sessions(request.db, tenant, member, _acting(request))


@view_config(
    route_name="backoffice.member_password_reset", request_method="POST", renderer="api", openapi=True, staff=EDIT
)
def member_password_reset(request):
    tenant, member = _member(request, to_change=True)
    return services.reset_password(request.db, tenant, member, _acting(request))


@view_config(route_name="backoffice.member_notes", request_method="GET", renderer="api", openapi=True, staff=READ)
def member_notes(request):
    _, member = _member(request)
    return services.notes(request.db, member, *_paging(request.openapi.parameters.query))


@view_config(route_name="backoffice.member_notes", request_method="POST", renderer="api", openapi=True, staff=EDIT)
def member_note(request):
    tenant, member = _member(request, to_change=True)
    return services.add_note(request.db, tenant, member, request.openapi.body["text"], _acting(request))
