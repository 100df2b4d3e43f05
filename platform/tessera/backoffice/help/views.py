"""Staff keep the brand's help centre articles and customer-service entries; each change is
audited and shown on the brand's site as soon as it commits."""

from pyramid.view import view_config

from tessera.backoffice.content.views import record_content_change
from tessera.backoffice.help import services
from tessera.backoffice.permissions import Permission

publish_call = dict(renderer="api", openapi=True, staff=Permission.ContentPublish)


def _page(asked: dict, found: list[dict]) -> dict:
    page, size = asked.get("page", 1), asked.get("pageSize", 50)
    return {"items": found[(page - 1) * size : page * size], "total": len(found), "page": page, "pageSize": size}


@view_config(route_name="backoffice.help_articles", request_method="GET", **publish_call)
def list_articles(request):
    asked = request.openapi.parameters.query
    return _page(asked, services.articles(request.db, asked.get("source")))


@view_config(route_name="backoffice.help_articles", request_method="POST", **publish_call)
def publish_article(request):
    key = services.new_key()
    value = services.write_article(request.db, request.tenant, key, request.openapi.body, request.staff.username)
    record_content_change(request, "help_article_published", f"help:{key}", None, value)
    return value


@view_config(route_name="backoffice.help_article", request_method="GET", **publish_call)
def show_article(request):
    return services.article(request.db, request.matchdict["key"])


@view_config(route_name="backoffice.help_article", request_method="PUT", **publish_call)
def change_article(request):
    key = request.matchdict["key"]
    before = services.existing_article(request.db, key)
    value = services.write_article(request.db, request.tenant, key, request.openapi.body, request.staff.username)
    record_content_change(request, "help_article_changed", f"help:{key}", before, value)
    return value


@view_config(route_name="backoffice.help_article", request_method="DELETE", **publish_call)
def remove_article(request):
    key = request.matchdict["key"]
    before = services.existing_article(request.db, key)
    services.remove_article(request.db, key)
    record_content_change(request, "help_article_removed", f"help:{key}", before, None)
    return None


@view_config(route_name="backoffice.customer_service", request_method="GET", **publish_call)
def list_entries(request):
    asked = request.openapi.parameters.query
    language = asked.get("language") or request.tenant.config.get("default_language", "en")
    return _page(asked, services.entries(request.db, request.plugins, language))


@view_config(route_name="backoffice.customer_service", request_method="POST", **publish_call)
def add_entry(request):
    entry = services.write_entry(request.db, request.tenant, None, request.openapi.body, request.staff.username)
    value = services.entry_value(entry)
    record_content_change(request, "customer_service_added", f"customer-service:{entry.key}", None, value)
    return value


@view_config(route_name="backoffice.customer_service_entry", request_method="PUT", **publish_call)
def change_entry(request):
    entry = services.existing_entry(request.db, request.matchdict["key"])
    before = services.entry_value(entry)
    services.write_entry(request.db, request.tenant, entry, request.openapi.body, request.staff.username)
    value = services.entry_value(entry)
    record_content_change(request, "customer_service_changed", f"customer-service:{entry.key}", before, value)
    return value


@view_config(route_name="backoffice.customer_service_entry", request_method="DELETE", **publish_call)
def remove_entry(request):
    entry = services.existing_entry(request.db, request.matchdict["key"])
    before = services.entry_value(entry)
    request.db.delete(entry)
    record_content_change(request, "customer_service_removed", f"customer-service:{entry.key}", before, None)
    return None
