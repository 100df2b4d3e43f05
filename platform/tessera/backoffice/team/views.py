"""A brand's staff managers at work (``staff.manage``); every change audited against the staff
member (``staff:{id}``) or the role (``role:{name}``) it changes."""

from pyramid.view import view_config

from tessera.backoffice.acting import Acting
from tessera.backoffice.permissions import Permission
from tessera.backoffice.team import services
from tessera.backoffice.team.services import Manager

manage_call = dict(renderer="api", openapi=True, staff=Permission.StaffManage)


def _manager(request) -> Manager:
    return Manager.of(request.db, request.staff, request.tenant)


def _staff(request, manager: Manager):
    return services.member_of_team(request.db, manager.tenant_id, request.openapi.parameters.path["staffId"])


def _changed(request, manager: Manager, staff, action: str, change) -> dict:
    """Apply ``change`` to ``staff``, record it with the staff member before and after, and answer them."""
    acting = Acting.of(request)
    before = services.staff_value(request.db, staff, manager.tenant_id)
    answer = change(acting)
    after = services.staff_value(request.db, staff, manager.tenant_id)
    acting.record(request.db, action, f"staff:{staff.id}", before, after)
    return answer if answer is not None else after


@view_config(route_name="backoffice.team", request_method="GET", **manage_call)
def team_list(request):
    asked = request.openapi.parameters.query
    page, size = asked.get("page", 1), asked.get("pageSize", 50)
    items, total = services.team(request.db, request.tenant.id, asked.get("q"), page, size)
    return {"items": items, "total": total, "page": page, "pageSize": size}


@view_config(route_name="backoffice.team", request_method="POST", **manage_call)
def invite(request):
    manager, acting, form = _manager(request), Acting.of(request), request.openapi.body
    staff, password = services.invite(request.db, manager, form["username"], form["roles"], acting.at)
    value = services.staff_value(request.db, staff, manager.tenant_id)
    acting.record(request.db, "staff_invited", f"staff:{staff.id}", None, value)
    return {"staff": value, "password": password}


@view_config(route_name="backoffice.team_member", request_method="GET", **manage_call)
def team_member(request):
    manager = _manager(request)
    return services.staff_value(request.db, _staff(request, manager), manager.tenant_id)


@view_config(route_name="backoffice.team_grant", request_method="PUT", **manage_call)
def grant_role(request):
    manager = _manager(request)
    staff, role = _staff(request, manager), request.matchdict["role"]
    return _changed(request, manager, staff, "role_granted", lambda _: services.grant(request.db, manager, staff, role))


@view_config(route_name="backoffice.team_grant", request_method="DELETE", **manage_call)
def revoke_role(request):
    manager = _manager(request)
    staff, role = _staff(request, manager), request.matchdict["role"]
    return _changed(
        request, manager, staff, "role_revoked", lambda _: services.revoke(request.db, manager, staff, role)
    )


@view_config(route_name="backoffice.team_lock", request_method="PUT", **manage_call)
def lock(request):
    manager = _manager(request)
    staff = _staff(request, manager)
    return _changed(
        request, manager, staff, "staff_locked", lambda a: services.set_locked(request.db, manager, staff, True, a.at)
    )


@view_config(route_name="backoffice.team_lock", request_method="DELETE", **manage_call)
def unlock(request):
    manager = _manager(request)
    staff = _staff(request, manager)
    return _changed(
        request,
        manager,
        staff,
        "staff_unlocked",
        lambda a: services.set_locked(request.db, manager, staff, False, a.at),
    )


@view_config(route_name="backoffice.team_password", request_method="POST", **manage_call)
def reset_password(request):
    manager = _manager(request)
    staff = _staff(request, manager)

    def reset(acting):
        return {"password": services.reset_password(request.db, manager, staff, acting.at)}

    return _changed(request, manager, staff, "staff_password_reset", reset)


@view_config(route_name="backoffice.team_two_factor", request_method="DELETE", **manage_call)
def reset_two_factor(request):
    manager = _manager(request)
    staff = _staff(request, manager)
    return _changed(
        request,
        manager,
        staff,
        "staff_two_factor_reset",
        lambda a: services.reset_two_factor(request.db, manager, staff, a.at),
    )


@view_config(route_name="backoffice.roles", request_method="GET", **manage_call)
def role_list(request):
    items = services.roles(request.db, request.tenant.id)
    return {"items": items, "total": len(items), "page": 1, "pageSize": len(items)}


@view_config(route_name="backoffice.role", request_method="PUT", **manage_call)
def define_role(request):
    manager, acting, name = _manager(request), Acting.of(request), request.matchdict["role"]
    before, role = services.define(request.db, manager, name, request.openapi.body["permissions"])
    after = services.role_value(role)
    acting.record(request.db, "role_defined", f"role:{name}", before, after)
    return after
