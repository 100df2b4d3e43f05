"""Staff keep the brand's maintenance windows, register fields and region policy; each change is
audited and seen by members at once (the status call, registration and the region check)."""

from pyramid.view import view_config

from tessera.backoffice.changes import record_change
from tessera.backoffice.permissions import Permission
from tessera.backoffice.settings import services
from tessera.core.timeutil import now

settings_call = dict(renderer="api", openapi=True, staff=Permission.SettingsEdit)


@view_config(route_name="backoffice.maintenance_windows", request_method="GET", **settings_call)
def list_windows(request):
    asked = request.openapi.parameters.query
    return services.windows(request.db, now(request.registry), asked.get("page", 1), asked.get("pageSize", 50))


@view_config(route_name="backoffice.maintenance_windows", request_method="POST", **settings_call)
def schedule_window(request):
    at = now(request.registry)
    window = services.schedule(request.db, request.tenant.id, request.openapi.body, at)
    value = services.window_value(window, at)
    record_change(request, "maintenance_scheduled", f"maintenance:{window.id}", None, value)
    return value


@view_config(route_name="backoffice.maintenance_window_end", request_method="POST", **settings_call)
def end_window(request):
    at = now(request.registry)
    before, window = services.end(request.db, request.matchdict["window_id"], at)
    value = services.window_value(window, at)
    record_change(request, "maintenance_ended", f"maintenance:{window.id}", before, value)
    return value


@view_config(route_name="backoffice.register_settings", request_method="GET", **settings_call)
def show_register(request):
    return services.register_value(services.brand_row(request.db, request.tenant.id))


@view_config(route_name="backoffice.register_settings", request_method="PUT", **settings_call)
def change_register(request):
    return _override(request, services.register_value, services.set_register, "register_settings_changed", "register")


@view_config(route_name="backoffice.region_policy", request_method="GET", **settings_call)
def show_region(request):
    return services.region_value(services.brand_row(request.db, request.tenant.id))


@view_config(route_name="backoffice.region_policy", request_method="PUT", **settings_call)
def change_region(request):
    return _override(request, services.region_value, services.set_region, "region_policy_changed", "region_policy")


def _override(request, shown, change, action: str, target: str) -> dict:
    """Change one part of staff's overrides of the brand's folder settings, audited with the
    overrides before and after."""
    row = services.brand_row(request.db, request.tenant.id)
    before = shown(row)["overrides"]
    change(row, request.openapi.body)
    request.db.flush()
    value = shown(row)
    record_change(request, action, target, before, value["overrides"])
    return value
