"""Staff keep the brand's banners and announcements; each change is audited and shown on the
brand's site as soon as it commits (every process drops what it remembered of the brand's content)."""

from pyramid.view import view_config

from tessera.backoffice.changes import record_change
from tessera.backoffice.content import services
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import now

publish_call = dict(renderer="api", openapi=True, staff=Permission.ContentPublish)


def record_content_change(request, action: str, target: str, before: dict | None, after: dict | None) -> None:
    """Audit a change to the brand's content (what staff wrote, not the HTML made of it) and have
    members see it once it commits."""

    def kept(value):
        if value is None:
            return None
        told = {k: v for k, v in value.items() if k not in ("showing", "updatedBy")}
        if "texts" in told:
            told["texts"] = {lang: {"title": t["title"], "content": t["content"]} for lang, t in told["texts"].items()}
        return told

    record_change(request, action, target, kept(before), kept(after))


@view_config(route_name="backoffice.announcements", request_method="GET", **publish_call)
def list_announcements(request):
    asked = request.openapi.parameters.query
    found = services.announcements(request.db, now(request.registry), asked.get("type"), asked.get("source"))
    page, size = asked.get("page", 1), asked.get("pageSize", 50)
    return {"items": found[(page - 1) * size : page * size], "total": len(found), "page": page, "pageSize": size}


@view_config(route_name="backoffice.announcements", request_method="POST", **publish_call)
def publish_announcement(request):
    at = now(request.registry)
    rows = services.write_announcement(
        request.db, request.tenant, services.new_key(), request.openapi.body, request.staff.username
    )
    value = services.announcement_value(rows, at)
    record_content_change(request, "announcement_published", f"announcement:{value['key']}", None, value)
    return value


@view_config(route_name="backoffice.announcement", request_method="GET", **publish_call)
def show_announcement(request):
    return services.announcement(request.db, request.matchdict["key"], now(request.registry))


@view_config(route_name="backoffice.announcement", request_method="PUT", **publish_call)
def change_announcement(request):
    at, key = now(request.registry), request.matchdict["key"]
    before = services.announcement_value(services.existing_announcement(request.db, key), at)
    rows = services.write_announcement(request.db, request.tenant, key, request.openapi.body, request.staff.username)
    value = services.announcement_value(rows, at)
    record_content_change(request, "announcement_changed", f"announcement:{key}", before, value)
    return value


@view_config(route_name="backoffice.announcement", request_method="DELETE", **publish_call)
def remove_announcement(request):
    at, key = now(request.registry), request.matchdict["key"]
    before = services.announcement_value(services.existing_announcement(request.db, key), at)
    services.remove_announcement(request.db, key)
    record_content_change(request, "announcement_removed", f"announcement:{key}", before, None)
    return None


@view_config(route_name="backoffice.announcement_preview", request_method="POST", **publish_call)
def preview_announcement(request):
    return {"html": services.preview(request.openapi.body["content"])}


@view_config(route_name="backoffice.banners", request_method="GET", **publish_call)
def list_banners(request):
    asked = request.openapi.parameters.query
    return {"items": services.banners(request.db, now(request.registry), asked.get("group"))}


@view_config(route_name="backoffice.banners", request_method="POST", **publish_call)
def publish_banner(request):
    at = now(request.registry)
    banner = services.write_banner(request.db, request.tenant, None, request.openapi.body, request.staff.username)
    value = services.banner_value(banner, at)
    record_content_change(request, "banner_published", f"banner:{banner.key}", None, value)
    return value


@view_config(route_name="backoffice.banner", request_method="PUT", **publish_call)
def change_banner(request):
    at = now(request.registry)
    banner = services.existing_banner(request.db, request.matchdict["key"])
    before = services.banner_value(banner, at)
    services.write_banner(request.db, request.tenant, banner, request.openapi.body, request.staff.username)
    value = services.banner_value(banner, at)
    record_content_change(request, "banner_changed", f"banner:{banner.key}", before, value)
    return value


@view_config(route_name="backoffice.banner", request_method="DELETE", **publish_call)
def remove_banner(request):
    at = now(request.registry)
    banner = services.existing_banner(request.db, request.matchdict["key"])
    before = services.banner_value(banner, at)
    request.db.delete(banner)
    record_content_change(request, "banner_removed", f"banner:{banner.key}", before, None)
    return None


@view_config(route_name="backoffice.brand_images", request_method="GET", **publish_call)
def images(request):
    return {"items": services.brand_images(request.db)}
