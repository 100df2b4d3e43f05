"""Exception views: every failure is an envelope with a stable code and a translated message."""

import logging

from pyramid.exceptions import PredicateMismatch
from pyramid.httpexceptions import HTTPException
from pyramid.tweens import EXCVIEW
from pyramid.view import exception_view_config, forbidden_view_config, notfound_view_config
from zope.interface import Interface

from tessera.core.envelope import ApiError, render_error

log = logging.getLogger(__name__)

STATUS_CODES = {
    400: "bad_request",
    401: "not_logged_in",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
}


class INotFoundPage(Interface):
    """The page a browser gets for a path nothing serves (registered by the shell)."""

    def render(request):
        """Return the brand's not-found page for a page request, or None for anything else."""


@exception_view_config(ApiError)
def api_error(exc, request):
    return render_error(request, exc.status, exc.code, exc.value, exc.headers, **exc.params)


def allowed_methods(request) -> list[str]:
    """The methods the views of the request's route answer, as an ``Allow`` header lists them."""
    introspector = request.registry.introspector
    route = introspector.get("routes", request.matched_route.name)
    methods: set[str] = set()
    for view in introspector.related(route) if route is not None else ():
        declared = view.get("request_methods") if view.category_name == "views" else None
        methods.update((declared,) if isinstance(declared, str) else declared or ())
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


@notfound_view_config()
def not_found(exc, request):
    if isinstance(exc, PredicateMismatch) and request.matched_route is not None:
        allow = {"Allow": ", ".join(allowed_methods(request))}
        return render_error(request, 405, "method_not_allowed", headers=allow, method=request.method)
    page = request.registry.queryUtility(INotFoundPage)
    response = None if page is None else page.render(request)
    if response is not None:
        return response
    return render_error(request, 404, "not_found", path=request.path)


@forbidden_view_config()
def forbidden(exc, request):
    """A call that needs a login: 401 without one, 403 when the member may not make it."""
    if request.authenticated_userid is None:
        return render_error(request, 401, "not_logged_in")
    return render_error(request, 403, "forbidden")


@exception_view_config(HTTPException)
def http_error(exc, request):
    if exc.status_int < 400:
        return exc
    code = STATUS_CODES.get(exc.status_int, "bad_request" if exc.status_int < 500 else "internal_error")
    return render_error(
        request, exc.status_int, code, headers=dict(exc.headers.items()) if exc.status_int == 405 else None
    )


@exception_view_config(Exception, retryable_error=False)  # a transient error is replayed instead, while attempts last
def unexpected_error(exc, request):
    request_id = getattr(request, "request_id", None)
    log.error("unexpected error", exc_info=(type(exc), exc, exc.__traceback__), extra={"path": request.path})
    return render_error(request, 500, "internal_error", value={"requestId": request_id}, request_id=request_id)


def url_check_tween_factory(handler, registry):
    """Refuse a path or query that is not UTF-8 before anything reads it."""

    def tween(request):
        try:
            request.path_info, request.GET  # noqa: B018 -- decoding is the check
        except UnicodeDecodeError:
            raise ApiError(400, "malformed_url") from None
        return handler(request)

    return tween


def includeme(config):
    config.scan(__name__)
    config.add_tween(
        "tessera.core.errors.url_check_tween_factory", under=EXCVIEW, over="tessera.tenancy.hosts.tenant_tween_factory"
    )
