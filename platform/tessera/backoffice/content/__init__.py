"""The brand's banners and announcements as staff keep them (``content.publish``): those of the
tenant folder shown beside them, read-only; every change seen on the brand's site at once."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.announcements", f"{BRAND}/announcements")
    config.add_route("backoffice.announcement", f"{BRAND}/announcements/{{key}}")
    config.add_route("backoffice.announcement_preview", f"{BRAND}/announcement-preview")
    config.add_route("backoffice.banners", f"{BRAND}/banners")
    config.add_route("backoffice.banner", f"{BRAND}/banners/{{key}}")
    config.add_route("backoffice.brand_images", f"{BRAND}/images")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
