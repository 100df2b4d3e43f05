"""The application factory: features are included in a fixed, commented order."""

from pyramid.config import Configurator
from pyramid.request import Request

from tessera.core.logs import configure_logging
from tessera.core.settings import Settings, refuse_unsafe


class TesseraRequest(Request):
    """Keeps a body of up to 32 MB in memory, not in a temporary file: every body is read whole
    anyway (validated, and kept by pyramid_retry to replay it), and nothing closes that file."""

    request_body_tempfile_limit = 32 * 1024 * 1024


def make_app(settings: Settings | None = None, plugin_manager=None):
    settings = settings or Settings.from_env()
    refuse_unsafe(settings)
    configure_logging(settings.log_level, settings.log_format)
    config = Configurator(
        settings={
            "tessera": settings,
            "plugin_manager": plugin_manager,
            "tm.manager_hook": "pyramid_tm.explicit_manager",
            "tm.annotate_user": False,  # transaction notes need no user; asking runs the security policy each request
            "retry.attempts": settings.retry_attempts,
            "jinja2.directories": "tessera:templates",
        }
    )
    config.set_request_factory(TesseraRequest)
    # The request's identity comes first: every later log line carries its id.
    config.add_tween("tessera.core.logs.request_id_tween_factory")
    # Frameworks: templates, one transaction per request retried on conflicts, services.
    config.include("pyramid_jinja2")
    config.include("pyramid_services")
    config.include("pyramid_tm")
    config.include("pyramid_retry")
    # Core plumbing: database, envelope, errors, languages, the API description, security.
    config.include("tessera.core.db")
    config.include("tessera.core.envelope")
    config.include("tessera.core.errors")
    config.include("tessera.core.i18n")
    config.include("tessera.openapi")
    config.include("tessera.core.security")
    # Public answers (pages, catalogues) compressed as they are sent; never one carrying a secret.
    config.include("tessera.core.encodings")
    config.include("tessera.core.onetime")
    # Brands, then the mechanisms features register into.
    config.include("tessera.tenancy")
    config.include("tessera.relay")
    # Features, in the order of DESIGN.md.
    config.include("tessera.system")
    # Identity: members, sessions behind the Bearer tokens, encrypted payloads, login and logout.
    config.include("tessera.identity")
    # Wallet: the ledger, balances, deposits, withdrawals and transfers.
    config.include("tessera.wallet")
    # Games: the game menu from the brand's vendor plugins.
    config.include("tessera.games")
    # The lottery: the fast games' draws run by the workers and their public proofs.
    config.include("tessera.lottery")
    # Engagement: banners and announcements (the notice call).
    config.include("tessera.engagement")
    # The back office: staff, their roles per brand and sessions on its own host, the audit log.
    config.include("tessera.backoffice")
    # The front end: page routes and the built bundles.
    config.include("tessera.shell")
    # Plugins last: they may add to everything above.
    config.include("tessera.plugins")
    return config.make_wsgi_app()
