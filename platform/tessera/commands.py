"""The ``tessera`` command: one click group, assembled from each feature's commands, and the
database, plugins and development server commands of the whole app."""

import click

from tessera.backoffice.audit.commands import audit
from tessera.backoffice.staff.commands import staff
from tessera.core.settings import Settings, UnsafeSettings, load_development_env
from tessera.games.bets.vendor_wallets import vendor_rounds
from tessera.games.commands import games
from tessera.identity.accounts.commands import members
from tessera.jobs.commands import jobs_commands
from tessera.lottery.commands import lottery
from tessera.system.status.commands import maintenance
from tessera.tenancy.commands import load, tenants
from tessera.tenancy.launch import LAUNCH_COMMANDS
from tessera.wallet.commands import ledger_commands, operators, payments, transfers


@click.group()
@click.pass_context
def main(ctx):
    """Operate a Tessera deployment (settings from TESSERA_* environment variables)."""
    ctx.obj = Settings.from_env()


def run():
    """The console script: a development checkout's settings (var/development.env) under the
    environment's, then the command."""
    load_development_env()
    main()


@main.group()
def db():
    """The database schema."""


@db.command("upgrade")
@click.pass_obj
def db_upgrade(settings):
    """Apply every migration (core and plugins) to TESSERA_DATABASE_URL."""
    from tessera.migrate import upgrade

    upgrade(settings.database_url)
    click.echo("database is up to date")


@main.group()
def languages():
    """The offered languages and their catalogues (platform/tessera/locale)."""


@languages.command("check")
def languages_check():
    """Each offered language's missing, unexpected and misplaced texts; fails on any."""
    from tessera.core.catalogues import check_all

    failed = False
    for report in check_all():
        problems = [
            *(f"missing {key}" for key in report.missing),
            *(f"unexpected {key}" for key in report.unexpected),
            *(f"placeholders differ from English in {key}" for key in report.placeholders),
        ]
        failed = failed or bool(problems)
        click.echo(f"{report.language}: {'complete' if not problems else f'{len(problems)} problems'}")
        for problem in problems:
            click.echo(f"  {problem}")
    if failed:
        raise click.ClickException("some offered languages lack texts")


@main.command("plugins")
@click.pass_obj
def plugins(settings):
    """Every installed plugin, its hooks, and the brands that enable it."""
    from tessera.plugins import plugin_manager
    from tessera.tenancy.context import enabled_plugins

    pm = plugin_manager()
    sources = load(settings)
    for name, plugin in sorted(pm.list_name_plugin()):
        if plugin is None:
            continue
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or [])
        brands = [s.slug for s in sources if name in enabled_plugins(s.config)]
        click.echo(f"{name}\thooks: {', '.join(hooks)}\tbrands: {', '.join(brands) or '-'}")


@main.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=6543, show_default=True, type=int)
@click.option("--threads", default=8, show_default=True, type=int)
@click.pass_obj
def serve(settings, host, port, threads):
    """Serve every brand with waitress (development and small deployments)."""
    import waitress

    from tessera.app import make_app

    try:
        app = make_app(settings)
    except UnsafeSettings as unsafe:
        raise click.ClickException(str(unsafe)) from None
    # Tessera believes X-Forwarded-For as far as TESSERA_TRUSTED_PROXIES added it (security.client_ip);
    # waitress would clear the header before, as it trusts no proxy of its own.
    waitress.serve(
        app,
        host=host,
        port=port,
        threads=threads,
        max_request_body_size=32 * 1024 * 1024,
        ident="tessera",
        clear_untrusted_proxy_headers=False,
    )


# The ledger's audit reconciles the vendor wallets with the rounds in the betting records.
ledger = ledger_commands(vendor_rounds)


def _celery_app(settings):
    from tessera.worker import celery_app

    return celery_app(settings)


# The scheduled jobs, every feature's registered by the worker's app.
jobs = jobs_commands(_celery_app)
# Each feature's commands, in the order of the features.
for command in (tenants, maintenance, members, ledger, operators, payments, transfers, games, jobs, staff, audit):
    main.add_command(command)
main.add_command(lottery)
for launch_command in LAUNCH_COMMANDS:
    tenants.add_command(launch_command)
