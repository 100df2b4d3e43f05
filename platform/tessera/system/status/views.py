"""The status calls of SPEC §7: status (the permission info), flags, register settings, routes,
the help centre and customer service."""

from pyramid.view import view_config

from tessera.system.interfaces import IBrandStatus
from tessera.system.status import services


@view_config(route_name="system.status", request_method="GET", renderer="api", openapi=True)
def status(request):
    return request.find_service(IBrandStatus).status(request.client_ip, request.language)


@view_config(route_name="system.whitelabel", request_method="GET", renderer="api", openapi=True)
def whitelabel(request):
    return services.whitelabel(request.tenant)


@view_config(route_name="system.register_settings", request_method="GET", renderer="api", openapi=True)
def register_settings(request):
    return services.register_settings(request.tenant)


@view_config(route_name="system.domain_route", request_method="GET", renderer="api", openapi=True)
def domain_route(request):
    return services.domain_route(request.tenant_domain)


@view_config(route_name="system.routers", request_method="GET", renderer="api", openapi=True)
def routers(request):
    return services.routers(request.tenant)


@view_config(route_name="system.help_center", request_method="GET", renderer="api", openapi=True)
def help_center(request):
    return services.help_center(request.db, request.tenant, request.language)


@view_config(route_name="system.customer_service", request_method="GET", renderer="api", openapi=True)
def customer_service(request):
    entries = services.customer_service(request.db, request.plugins, request.language)
    return {"version": {"pathList": [{"type": e["csType"], "path": e["path"], "title": e["title"]} for e in entries]}}
