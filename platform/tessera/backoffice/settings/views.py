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
    row = services.brand_row(request.db, request.tenant.id)
    before = services.register_value(row)["overrides"]
    services.set_register(row, request.openapi.body)
    request.db.flush()
    value = services.register_value(row)
    record_change(request, "register_settings_changed", "register", before, value["overrides"])
    return value


@view_config(route_name="backoffice.region_policy", request_method="GET", **settings_call)
def show_region(request):
    return services.region_value(services.brand_row(request.db, request.tenant.id))


@view_config(route_name="backoffice.region_policy", request_method="PUT", **settings_call)
def change_region(request):
    row = services.brand_row(request.db, request.tenant.id)
    before = services.region_value(row)["overrides"]
    services.set_region(row, request.openapi.body)
    request.db.flush()
    value = services.region_value(row)
    record_change(request, "region_policy_changed", "region_policy", before, value["overrides"])
    return value
