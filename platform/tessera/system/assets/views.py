"""The brand's own files (its folder's assets/), served on its hosts at /assets/<path>."""

from pyramid.response import FileResponse
from pyramid.view import view_config

from tessera.core.envelope import ApiError
from tessera.core.files import coded_file_response, digest_of
from tessera.core.lifetimes import AN_HOUR, FOR_GOOD, cache_lifetime
from tessera.tenancy.assets import content_type, find_asset
from tessera.tenancy.compressed import compressed_copies
from tessera.tenancy.images import find_variant


@view_config(route_name="system.assets", request_method=("GET", "HEAD"), openapi=True)
def asset(request):
    """A file of the brand's assets folder, in the coding the request accepts among the copies
    ``tessera tenants sync`` made of it; any other path, another brand's included, is not found."""
    path = request.matchdict["path"]
    settings = request.registry.settings["tessera"]
    found = find_asset(settings.tenants_dir, request.tenant.slug, path)
    if found is None:
        raise ApiError(404, "asset_not_found", path=path)
    digest = digest_of(found)
    # The same path serves the brand's new file after a sync: kept an hour, then checked by its ETag;
    # an address naming the file's content (?v=<its ETag>) is kept for a year.
    response = coded_file_response(
        request,
        found,
        compressed_copies(settings.upload_dir, request.tenant.slug, found.name, digest),
        content_type(found.name),
        cache_lifetime(request, digest, otherwise=AN_HOUR),
    )
    if response.content_type == "image/svg+xml":
        # An SVG opened on its own is a document: it may style itself, nothing more.
        response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


@view_config(route_name="system.asset_variants", request_method=("GET", "HEAD"), openapi=True)
def asset_variant(request):
    """A smaller copy of one of the brand's images (``tessera tenants sync`` made it); its name
    holds a hash of the image, so it never changes and may be kept for a year."""
    name = request.matchdict["name"]
    found = find_variant(request.registry.settings["tessera"].upload_dir, request.tenant.slug, name)
    if found is None:
        raise ApiError(404, "asset_not_found", path=f"~/{name}")
    response = FileResponse(str(found), request=request, content_type=content_type(found.name))
    response.headers["Cache-Control"] = FOR_GOOD
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
