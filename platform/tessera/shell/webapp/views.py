"""The brand's manifest, its drawn icons and its service worker, on each of its hosts."""

import json

from pyramid.response import Response

from tessera.core.envelope import ApiError
from tessera.core.lifetimes import REVALIDATED, cache_lifetime
from tessera.shell.built import built_response
from tessera.shell.webapp.services import drawn_icon, drawn_icon_version, manifest

WORKER = "shell/sw.js"


def app_manifest(request):
    response = Response(
        json.dumps(manifest(request.tenant), ensure_ascii=False),
        content_type="application/manifest+json",
        charset="utf-8",
    )
    # A brand's name, colours and icons change with its folder: the browser asks again, with the ETag.
    response.headers["Cache-Control"] = REVALIDATED
    response.conditional_response = True
    response.md5_etag()
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def app_icon(request):
    purpose, size = request.matchdict["purpose"], int(request.matchdict["size"])
    response = Response(drawn_icon(request.tenant, purpose, size), content_type="image/png")
    # The manifest names the icon with its version (?v=): that address may be kept.
    response.headers["Cache-Control"] = cache_lifetime(request, drawn_icon_version(request.tenant))
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def service_worker(request):
    """The built worker (shell/src/serviceWorker.ts), served from the root so that it may serve
    every page of the host. Never kept without asking: a new build is a new worker."""
    path = request.registry.settings["tessera"].static_dir / WORKER
    if not path.is_file():
        raise ApiError(404, "not_found", path=request.path)
    return built_response(request, path, REVALIDATED)
