"""The shell: every page route of SPEC §2 answers the brand's index.html, and the built front end
is served from TESSERA_STATIC_DIR at /static/."""

from pathlib import Path

from tessera.core.errors import INotFoundPage
from tessera.shell.built import built
from tessera.shell.services import PAGE_ROUTES
from tessera.shell.views import NotFoundPage, render_page


def includeme(config):
    for name, pattern in PAGE_ROUTES:
        config.add_route(f"shell.{name}", pattern)
        config.add_view(render_page, route_name=f"shell.{name}", request_method=("GET", "HEAD"))
    # A page nothing serves is still the shell, which shows its not-found page (core.errors asks).
    config.registry.registerUtility(NotFoundPage(), INotFoundPage)
    # The brand as an installable app: its manifest, icons and service worker.
    config.include("tessera.shell.webapp")
    # Built files, precompressed by the build: kept for a year where their address names their content.
    config.add_route("shell.built", "/static/{path:.*}")
    config.add_view(built, route_name="shell.built", request_method=("GET", "HEAD"), openapi=True)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
