"""The networks a brand's staff may act from (``settings.edit``): when a brand lists any, a
back-office call on it from elsewhere is refused (``403 address_not_allowed``), superusers' too.
The deployment's break-glass is its command line (``tessera staff networks BRAND --clear``)."""

from pathlib import Path


def includeme(config):
    config.add_route("backoffice.allowed_networks", "/bo/api/brands/{brand}/settings/allowed-networks")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
