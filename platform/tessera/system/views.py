"""The system calls of SPEC §7, the brand's assets and the health checks."""
from pyramid.response import FileResponse
from pyramid.view import view_config

from tessera.core.envelope import ApiError
from tessera.core.files import file_digest
from tessera.tenancy.assets import content_type, find_asset
from tessera.system import services
from tessera.system.feedback import MAX_IMAGE_BYTES, MAX_IMAGES, submit_feedback

FEEDBACK_MAX_BODY = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024


@view_config(route_name="system.status", request_method="GET", renderer="api", openapi=True)
def status(request):
    return services.status(request)


@view_config(route_name="system.whitelabel", request_method="GET", renderer="api", openapi=True)
def whitelabel(request):
    return services.whitelabel(request.tenant)


@view_config(route_name="system.register_settings", request_method="GET", renderer="api", openapi=True)
def register_settings(request):
    return services.register_settings(request.tenant)


@view_config(route_name="system.domain_route", request_method="GET", renderer="api", openapi=True)
def domain_route(request):
    return services.domain_route(request)


@view_config(route_name="system.routers", request_method="GET", renderer="api", openapi=True)
def routers(request):
    return services.routers(request.tenant)


@view_config(route_name="system.help_center", request_method="GET", renderer="api", openapi=True)
def help_center(request):
    return services.help_center(request.db, request.tenant, request.language)


@view_config(route_name="system.customer_service", request_method="GET", renderer="api", openapi=True)
def customer_service(request):
    entries = services.customer_service(request)
    return {"version": {"pathList": [{"type": e["csType"], "path": e["path"], "title": e["title"]} for e in entries]}}


@view_config(route_name="system.feedback", request_method="PUT", renderer="api", openapi=True, max_body=FEEDBACK_MAX_BODY)
def feedback(request):
    form = request.POST
    uploads = [(f.filename or "image", f.file.read(MAX_IMAGE_BYTES + 1)) for f in form.getall("images") if hasattr(f, "file")]
    saved = submit_feedback(request, _text_field(request, "content") or "", _text_field(request, "contact"), uploads)
    return {"id": saved.id}


def _text_field(request, name: str) -> str | None:
    """A text field of the form; a file sent under a text field's name is refused."""
    value = request.POST.get(name)
    if value is None or isinstance(value, str):
        return value
    message = request.translate("field_type", type="string")
    raise ApiError(400, "invalid_request", value={"fields": [{"field": name, "code": "field_type", "message": message}]})


@view_config(route_name="system.assets", request_method=("GET", "HEAD"))
def asset(request):
    """A file of the brand's assets folder; any other path, another brand's included, is not found."""
    path = "/".join(request.matchdict["subpath"])
    found = find_asset(request.registry.settings["tessera"].tenants_dir, request.tenant.slug, path)
    if found is None:
        raise ApiError(404, "asset_not_found", path=path)
    response = FileResponse(str(found), request=request, content_type=content_type(found.name))
    response.etag = file_digest(str(found), found.stat().st_mtime_ns)
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if response.content_type == "image/svg+xml":
        # An SVG opened on its own is a document: it may style itself, nothing more.
        response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


@view_config(route_name="healthz", request_method="GET", renderer="api", openapi=True)
def healthz(request):
    return {"status": "ok"}


@view_config(route_name="readyz", request_method="GET", renderer="api", openapi=True)
def readyz(request):
    # A driver connection without SQLAlchemy's BEGIN: on SQLite every transaction takes the write
    # lock (db.make_engine), and the probe must not wait behind a writer to answer.
    try:
        connection = request.registry["db_engine"].raw_connection()
        try:
            connection.cursor().execute("SELECT 1")
        finally:
            connection.close()
    except Exception:
        raise ApiError(503, "database_unavailable") from None
    return {"status": "ok", "database": "ok"}
