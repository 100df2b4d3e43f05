"""Engagement: the brand's banners and announcements."""
from pathlib import Path

from tessera.system.access import NEVER


def includeme(config):
    # Read-only by either method: the blocked page shows the notices too.
    config.add_relay_operation("MCSFE_getListAnnouncements", ".views.list_announcements", methods=("GET", "POST"),
                               region_check=NEVER)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
