"""The brand as an installable web app: ``/manifest.webmanifest``, the icons drawn for a brand
whose folder has none (``/app-icons/``), and the service worker (``/sw.js``)."""

from pathlib import Path

from tessera.shell.webapp.views import app_icon, app_manifest, service_worker


def includeme(config):
    config.add_route("webapp.manifest", "/manifest.webmanifest")
    config.add_view(app_manifest, route_name="webapp.manifest", request_method=("GET", "HEAD"), openapi=True)
    config.add_route("webapp.icon", "/app-icons/{purpose:any|maskable}-{size:192|512}.png")
    config.add_view(app_icon, route_name="webapp.icon", request_method=("GET", "HEAD"), openapi=True)
    config.add_route("webapp.worker", "/sw.js")
    config.add_view(service_worker, route_name="webapp.worker", request_method=("GET", "HEAD"), openapi=True)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
