"""``/locales/<language>.json``: every namespace of a language's texts, as the brand shows them."""

from pyramid.response import Response
from pyramid.view import view_config

from tessera.core.envelope import ApiError
from tessera.core.i18n import LANGUAGES
from tessera.core.lifetimes import cache_lifetime
from tessera.system.texts.services import brand_catalogue


@view_config(route_name="system.texts", request_method="GET", openapi=True)
def texts(request):
    language = request.matchdict["language"]
    if language not in LANGUAGES:
        raise ApiError(404, "language_not_offered", asked=language)
    found = brand_catalogue(request.registry.settings["tessera"].tenants_dir, request.tenant.slug, language)
    response = Response(found.body, content_type="application/json", charset="utf-8", conditional_response=True)
    response.etag = found.version
    # The address with the current version never changes its answer; any other is checked each time.
    response.headers["Cache-Control"] = cache_lifetime(request, found.version)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
