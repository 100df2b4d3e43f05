"""Announcements: the brand's banners and notices (marquee, popups, promotions, help)."""

from pathlib import Path

from tessera.engagement.interfaces import IAnnouncements
from tessera.system.access import NEVER


def includeme(config):
    # Read-only by either method: the blocked page shows the notices too.
    config.add_relay_operation(
        "MCSFE_getListAnnouncements", ".views.list_announcements", methods=("GET", "POST"), region_check=NEVER
    )
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    config.register_service_factory(".services.Announcements.create_service", IAnnouncements)
