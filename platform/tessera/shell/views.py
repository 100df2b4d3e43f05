"""index.html for every page of the shell, rendered per brand, with what the server tells the
front end about the brand."""

import json

from pyramid.renderers import render_to_response
from zope.interface import implementer

from tessera.core.errors import INotFoundPage
from tessera.core.i18n import LANGUAGES, chosen
from tessera.engagement.announcements.services import SHELL_TYPES
from tessera.engagement.interfaces import IAnnouncements
from tessera.games.lobby.menu import brand_game_menus
from tessera.shell.look import brand_style
from tessera.shell.services import (
    API_PREFIXES,
    SHELL_ENTRY,
    banner_preload,
    content_security_policy,
    first_load,
    remote_urls,
    version,
)
from tessera.shell.webapp.services import short_name, theme_colours, touch_icon
from tessera.system.interfaces import IBrandStatus
from tessera.system.texts.services import catalogue_urls


def is_page_request(request) -> bool:
    """A browser asking for a page, not a call: GET or HEAD outside the API's paths."""
    return request.method in ("GET", "HEAD") and not request.path_info.startswith(API_PREFIXES)


def initial_answers(request) -> dict:
    """The answers of the calls the shell makes on every page, in the page's language, so its first
    render needs no round trip: the status (also the permission info), the notices and the game menu
    (the header's lanes and each lobby's title)."""
    status = request.find_service(IBrandStatus).status(request.client_ip, request.language)
    return {
        "status": json.loads(status.to_json()),
        "notices": request.find_service(IAnnouncements).current(request.language, SHELL_TYPES),
        "gameMenus": brand_game_menus(request),
    }


def bootstrap(request, brand: dict) -> dict:
    settings = request.registry.settings["tessera"]
    return {
        "brand": brand,
        "language": request.language,
        "languages": list(LANGUAGES),
        "catalogues": catalogue_urls(request, LANGUAGES),
        "remotes": remote_urls(request.tenant, settings.static_dir),
        "apiBase": "",
        "publicUrl": request.public_url,
        "publicKey": request.tenant.public_jwk(settings.secret_key),
        "initial": initial_answers(request),
    }


def render_page(request, status: int = 200):
    """The page is in the visitor's chosen language, else the brand's default, as the shell starts:
    the browser's Accept-Language does not choose a brand's pages (it still words the calls' errors
    when nothing else does)."""
    tenant = request.tenant
    request.language = chosen(request) or tenant.default_language
    settings = request.registry.settings["tessera"]
    brand_status = request.find_service(IBrandStatus)
    data = bootstrap(request, brand_status.summary())
    response = render_to_response(
        "tessera:templates/shell.jinja2",
        {
            "title": tenant.name,
            "language": data["language"],
            "theme": tenant.theme,
            "brand_style": brand_style(tenant),
            "bar_colours": {theme: colours["header"] for theme, colours in theme_colours(tenant).items()},
            "touch_icon": touch_icon(tenant),
            "short_name": short_name(tenant),
            "bootstrap": data,
            "entry": f"/static/{SHELL_ENTRY}?v={version(settings.static_dir, SHELL_ENTRY)}",
            "first_load": first_load(settings.static_dir),
            "catalogue": data["catalogues"][data["language"]],
            "banner": banner_preload(request.path_info, data["initial"]["notices"]),
        },
        request=request,
    )
    response.status_int = status
    response.headers["Content-Security-Policy"] = content_security_policy(
        brand_status.content_hosts(), data["remotes"], request.plugins.phone_auth_client()
    )
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
    return response


@implementer(INotFoundPage)
class NotFoundPage:
    """A browser asking a brand's host for a page nothing serves gets the shell, which shows its
    not-found page; a call gets the envelope."""

    def render(self, request):
        if is_page_request(request) and request.tenant_or_none is not None:
            return render_page(request, status=404)
        return None
