"""System: status and permission info, flags, register settings, routes, help, footer,
feedback, customer service, the brand's assets, and the process and readiness checks."""
from pathlib import Path


def includeme(config):
    config.include(".access")  # the brand's blocked regions, for every view
    config.add_route("system.status", "/wps/system/status")
    config.add_route("system.whitelabel", "/wps/system/whitelabel")
    config.add_route("system.register_settings", "/wps/system/setting/register")
    config.add_route("system.domain_route", "/wps/system/domainRoute")
    config.add_route("system.routers", "/wps/system/routers")
    config.add_route("system.help_center", "/wps/system/helpCenter")
    config.add_route("system.customer_service", "/wps/system/customerService")
    config.add_route("system.feedback", "/wps/feedback")
    config.add_route("system.assets", "/assets/*subpath")
    config.add_route("healthz", "/healthz")
    config.add_route("readyz", "/readyz")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    config.scan(".views")
