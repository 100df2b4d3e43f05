"""The session and member calls of SPEC §7."""
from pyramid.view import view_config

from ..envelope import ApiError, render_error
from ..timeutil import now
from . import services
from .permissions import Permissions


@view_config(route_name="identity.login", request_method="POST", renderer="api", openapi=True, encrypted=True)
def login(request):
    form = request.decrypted_json
    if form.get("type", "username") != "username":
        raise ApiError(400, "login_type_unavailable", type=form["type"])
    try:
        login = services.log_in(request.db, request.tenant, form["username"], form["password"],
                                request.client_ip, now(request.registry))
    except services.LoginRefused as refused:
        # Answered, not raised: the transaction commits, so the failure counts toward the throttles.
        return render_error(request, refused.status, refused.code, **refused.params)
    return login.as_value()


@view_config(route_name="identity.free_play", request_method="POST", renderer="api", openapi=True)
def free_play(request):
    return services.free_play(request.db, request.tenant, request.client_ip, now(request.registry)).as_value()


@view_config(route_name="identity.logout", request_method="DELETE", renderer="api", openapi=True,
             permission=Permissions.SessionEnd)
def logout(request):
    services.end_session(request.db, request.identity, request.client_ip, now(request.registry))
    return None


@view_config(route_name="identity.member_info", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def member_info(request):
    return services.member_info(request.db, request.authenticated_userid)
