"""The application factory: features are included in a fixed, commented order."""
from pyramid.config import Configurator
from pyramid.request import Request

from tessera.logs import configure_logging
from tessera.settings import Settings, refuse_unsafe


class TesseraRequest(Request):
    """Keeps a body of up to 32 MB in memory, not in a temporary file: every body is read whole
    anyway (validated, and kept by pyramid_retry to replay it), and nothing closes that file."""

    request_body_tempfile_limit = 32 * 1024 * 1024


def make_app(settings: Settings | None = None, plugin_manager=None):
    settings = settings or Settings.from_env()
    refuse_unsafe(settings)
    configure_logging(settings.log_level, settings.log_format)
    config = Configurator(settings={
        "tessera": settings,
        "plugin_manager": plugin_manager,
        "tm.manager_hook": "pyramid_tm.explicit_manager",
        "tm.annotate_user": False,  # transaction notes need no user; asking runs the security policy each request
        "retry.attempts": settings.retry_attempts,
        "jinja2.directories": "tessera:templates",
    })
    config.set_request_factory(TesseraRequest)
    # The request's identity comes first: every later log line carries its id.
    config.add_tween("tessera.logs.request_id_tween_factory")
    # Frameworks: templates, one transaction per request retried on conflicts, services.
    config.include("pyramid_jinja2")
    config.include("pyramid_services")
    config.include("pyramid_tm")
    config.include("pyramid_retry")
    # Core plumbing: database, envelope, errors, languages, the API description, security.
    config.include(".db")
    config.include(".envelope")
    config.include(".errors")
    config.include(".i18n")
    config.include(".openapi")
    config.include(".security")
    config.include(".onetime")
    # Brands, then the mechanisms features register into.
    config.include(".tenancy")
    config.include(".relay")
    # Features, in the order of DESIGN.md.
    config.include(".system")
    # Identity: members, sessions behind the Bearer tokens, encrypted payloads, login and logout.
    config.include(".identity")
    # Wallet: the ledger, balances, deposits, withdrawals and transfers.
    config.include(".wallet")
    # Games: the game menu from the brand's vendor plugins.
    config.include(".games")
    # Engagement: banners and announcements (the notice call).
    config.include(".engagement")
    # The front end: page routes and the built bundles.
    config.include(".shell")
    # Plugins last: they may add to everything above.
    config.include(".plugins")
    return config.make_wsgi_app()
