"""The brand's settings kept in the database (``settings.edit``): its maintenance windows, and the
register fields and region policy staff set over its tenant folder's. The folder stays the source
of everything else; a sync never erases what staff set here."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.maintenance_windows", f"{BRAND}/maintenance-windows")
    config.add_route("backoffice.maintenance_window_end", f"{BRAND}/maintenance-windows/{{window_id}}/end")
    config.add_route("backoffice.register_settings", f"{BRAND}/register-settings")
    config.add_route("backoffice.region_policy", f"{BRAND}/region-policy")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
