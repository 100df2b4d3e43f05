"""The back office's page: on its own host, the app's HTML answers ``/`` and every path of the app's
own routes (not its API, not a built file), with a content security policy fitted to the app. On a
brand's host it does not exist: the brand's shell answers there."""

import secrets

from pyramid.renderers import render_to_response

from tessera.shell.services import API_PREFIXES, version

APP_ENTRY = "back-office/main.js"
NOT_PAGES = (*API_PREFIXES, "/bo/")


def content_security_policy(nonce: str) -> str:
    """Scripts from this origin only; style elements from this origin or carrying the page's nonce
    (the app's styles are written by emotion, which is given the nonce); style attributes, which
    the app's components set; the QR code of enrolment as a data: image; calls to this origin."""
    return "; ".join(
        (
            "default-src 'none'",
            "script-src 'self'",
            f"style-src-elem 'self' 'nonce-{nonce}'",
            "style-src-attr 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


class BackOfficePage:
    """Route predicate ``backoffice_page``: a page of the back office's app, on its host (a path
    under none of the API's or files' prefixes, its last segment no file name)."""

    def __init__(self, value, config):
        self.value = bool(value)

    def text(self):
        return f"backoffice_page = {self.value}"

    phash = text

    def __call__(self, info, request) -> bool:
        path = request.path_info
        page = request.is_backoffice and not path.startswith(NOT_PAGES) and "." not in path.rsplit("/", 1)[-1]
        return page == self.value


def render_app(request):
    settings = request.registry.settings["tessera"]
    nonce = secrets.token_urlsafe(16)
    response = render_to_response(
        "tessera:templates/backoffice.jinja2",
        {
            "language": "en",
            "nonce": nonce,
            "entry": f"/static/{APP_ENTRY}?v={version(settings.static_dir, APP_ENTRY)}",
        },
        request=request,
    )
    response.headers["Content-Security-Policy"] = content_security_policy(nonce)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def includeme(config):
    config.add_route_predicate("backoffice_page", BackOfficePage)
    config.add_route("backoffice.page", "/*client_path", backoffice_page=True)
    config.add_view(render_app, route_name="backoffice.page", request_method=("GET", "HEAD"))
