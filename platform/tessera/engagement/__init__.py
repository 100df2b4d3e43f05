"""Engagement: the brand's banners and announcements."""
from pathlib import Path


def includeme(config):
    config.add_relay_operation("MCSFE_getListAnnouncements", ".views.list_announcements", methods=("GET", "POST"))
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
