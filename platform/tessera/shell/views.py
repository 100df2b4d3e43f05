"""index.html for every page of the shell, rendered per brand."""
from pyramid.renderers import render_to_response

from tessera.core.i18n import chosen
from tessera.identity.phones import client as phone_auth_client
from tessera.system.services import brand_summary
from tessera.shell.pages import SHELL_ENTRY, bootstrap, content_security_policy, version


def render_page(request, status: int = 200):
    """The page is in the visitor's chosen language, else the brand's default, as the shell starts:
    the browser's Accept-Language does not choose a brand's pages (it still words the calls' errors
    when nothing else does)."""
    tenant = request.tenant
    request.language = chosen(request) or tenant.default_language
    settings = request.registry.settings["tessera"]
    data = bootstrap(request, brand_summary(tenant))
    response = render_to_response("tessera:templates/shell.jinja2", {
        "title": tenant.name,
        "language": data["language"],
        "theme": tenant.theme,
        "bootstrap": data,
        "entry": f"/static/{SHELL_ENTRY}?v={version(settings.static_dir, SHELL_ENTRY)}",
    }, request=request)
    response.status_int = status
    response.headers["Content-Security-Policy"] = content_security_policy(tenant, data["remotes"], phone_auth_client(request))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
    return response
