"""Status: what the brand shows every visitor (status and permission info, flags, register
settings, routes, help centre, customer service) and its maintenance windows."""

from pathlib import Path

from tessera.system.interfaces import IBrandStatus


def includeme(config):
    config.add_route("system.status", "/wps/system/status")
    config.add_route("system.whitelabel", "/wps/system/whitelabel")
    config.add_route("system.register_settings", "/wps/system/setting/register")
    config.add_route("system.domain_route", "/wps/system/domainRoute")
    config.add_route("system.routers", "/wps/system/routers")
    config.add_route("system.help_center", "/wps/system/helpCenter")
    config.add_route("system.customer_service", "/wps/system/customerService")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    config.register_service_factory(".services.BrandStatus.create_service", IBrandStatus)
