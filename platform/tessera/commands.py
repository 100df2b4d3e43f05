"""The ``tessera`` command: database, brands, members, plugins, maintenance, and the development server."""
import re
import sys
from contextlib import contextmanager
from datetime import datetime

import click
from sqlalchemy import select

from tessera.core.db import make_engine, operator_session
from tessera.core.settings import Settings, UnsafeSettings, load_development_env
from tessera.core.timeutil import as_utc, utcnow


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


@contextmanager
def _operator_session(settings):
    """An operator session on TESSERA_DATABASE_URL; its engine is closed when the command ends."""
    engine = make_engine(settings.database_url)
    try:
        with operator_session(engine) as session:
            yield session
    finally:
        engine.dispose()


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
def tenants():
    """The brands under TESSERA_TENANTS_DIR."""


def _load(settings):
    from tessera.plugins import plugin_manager, settings_schemas
    from tessera.tenancy.loader import TenantLoadFailed, load_tenants

    try:
        return load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
    except TenantLoadFailed as failed:
        for error in failed.errors:
            click.echo(f"error: {error}", err=True)
        click.echo(f"refused: {len(failed.errors)} problem(s); nothing was loaded", err=True)
        sys.exit(1)


@tenants.command("validate")
@click.pass_obj
def tenants_validate(settings):
    """Check every tenant folder without touching the database."""
    sources = _load(settings)
    click.echo(f"{len(sources)} brand(s) valid: {', '.join(s.slug for s in sources)}")


@tenants.command("sync")
@click.pass_obj
def tenants_sync(settings):
    """Load every tenant folder into the database, all or nothing."""
    from tessera.tenancy.services import sync_tenants

    sources = _load(settings)
    with _operator_session(settings) as session:
        report = sync_tenants(session, sources, settings.secret_key)
    click.echo(f"created: {', '.join(report.created) or '-'}; updated: {', '.join(report.updated) or '-'}; "
               f"deactivated: {', '.join(report.deactivated) or '-'}")


@tenants.command("list")
@click.pass_obj
def tenants_list(settings):
    """The brands in the database with their hosts."""
    from tessera.tenancy.models import Tenant

    with _operator_session(settings) as session:
        for tenant in session.scalars(select(Tenant).order_by(Tenant.slug)):
            hosts = ", ".join(sorted(d.host for d in tenant.domains))
            state = "active" if tenant.active else "inactive"
            click.echo(f"{tenant.slug}\t{state}\t{tenant.config.get('default_language')}\t{hosts}")


@main.command("plugins")
@click.pass_obj
def plugins(settings):
    """Every installed plugin, its hooks, and the brands that enable it."""
    from tessera.plugins import plugin_manager
    from tessera.tenancy.context import enabled_plugins

    pm = plugin_manager()
    sources = _load(settings)
    for name, plugin in sorted(pm.list_name_plugin()):
        if plugin is None:
            continue
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or [])
        brands = [s.slug for s in sources if name in enabled_plugins(s.config)]
        click.echo(f"{name}\thooks: {', '.join(hooks)}\tbrands: {', '.join(brands) or '-'}")


@main.group()
def maintenance():
    """A brand's maintenance window (status 1)."""


def _tenant_id(session, slug):
    from tessera.tenancy.models import Tenant

    tenant = session.scalar(select(Tenant).where(Tenant.slug == slug))
    if tenant is None:
        raise click.ClickException(f"no brand '{slug}' in the database (run 'tessera tenants sync')")
    return tenant.id


@maintenance.command("start")
@click.argument("slug")
@click.option("--until", "until", type=click.DateTime(["%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%dT%H:%M%z"]), help="End time, with its offset")
@click.option("--info", help="A message for the maintenance page")
@click.pass_obj
def maintenance_start(settings, slug, until: datetime | None, info):
    """Put SLUG in maintenance now."""
    from tessera.system.models import MaintenanceWindow

    until = as_utc(until)  # stored in UTC: SQLite keeps no offset
    if until is not None and until <= utcnow():
        raise click.BadParameter("the end time has already passed", param_hint="--until")
    with _operator_session(settings) as session:
        session.add(MaintenanceWindow(tenant_id=_tenant_id(session, slug), ends_at=until, info=info))
    click.echo(f"{slug} is in maintenance" + (f" until {until.isoformat()}" if until else ""))


@maintenance.command("end")
@click.argument("slug")
@click.pass_obj
def maintenance_end(settings, slug):
    """End SLUG's open maintenance windows now."""
    from tessera.system.services import active_maintenance

    with _operator_session(settings) as session:
        session.info["tenant_id"] = _tenant_id(session, slug)
        ended = 0
        while (window := active_maintenance(session)) is not None:
            window.ends_at = utcnow()
            session.flush()
            ended += 1
    click.echo(f"{slug}: {ended} maintenance window(s) ended")


@main.group()
def members():
    """A brand's members."""


@members.command("create")
@click.argument("slug")
@click.argument("username")
@click.option("--type", "member_type", type=int, default=4, show_default=True, help="4 real; 1, 2, 41, 42 agents")
@click.option("--password", help="The password (asked for when not given)")
@click.option("--default-password", is_flag=True, help="Give the default password, which must be changed at the first login")
@click.option("--nickname", help="Shown instead of the username")
@click.option("--affiliate-code", help="An agent's code for sign-ups of its downline (letters and digits, 4 to 32)")
@click.pass_obj
def members_create(settings, slug, username, member_type, password, default_password, nickname, affiliate_code):
    """Create a member USERNAME of SLUG, for operators and demos."""
    from tessera.identity.models import AGENT_TYPES, MEMBER_TYPES, Member, code_key, username_key
    from tessera.identity.passwords import DEFAULT_PASSWORD
    from tessera.identity.services import create_member

    if default_password and password is not None:
        raise click.UsageError("give --password or --default-password, not both")
    if password == DEFAULT_PASSWORD:
        raise click.BadParameter("the default password is given only with --default-password", param_hint="--password")
    if not 0 < len(username.strip()) <= 64:
        raise click.BadParameter("a username has 1 to 64 characters", param_hint="USERNAME")
    if member_type not in MEMBER_TYPES:
        raise click.BadParameter(f"members log in with type {', '.join(map(str, sorted(MEMBER_TYPES)))}", param_hint="--type")
    if affiliate_code is not None:
        _check_affiliate_code(affiliate_code, member_type, AGENT_TYPES)
    if default_password:
        password = DEFAULT_PASSWORD
    elif password is None:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    with _operator_session(settings) as session:
        session.info["tenant_id"] = _tenant_id(session, slug)
        if session.scalar(select(Member.id).where(Member.username_key == username_key(username))) is not None:
            raise click.ClickException(f"{slug} already has a member '{username.strip()}'")
        if affiliate_code and session.scalar(select(Member.id).where(Member.affiliate_code == code_key(affiliate_code))):
            raise click.ClickException(f"{slug} already has an agent with affiliate code {code_key(affiliate_code)}")
        member = create_member(session, username, password, member_type=member_type, at=utcnow(),
                               nickname=nickname, is_default=default_password, affiliate_code=affiliate_code)
        member_id = member.id
    change = " (must change the default password at first login)" if default_password else ""
    code = f", affiliate code {code_key(affiliate_code)}" if affiliate_code else ""
    click.echo(f"{slug}: member {username.strip()} created, id {member_id}, type {member_type}{code}{change}")


def _check_affiliate_code(code, member_type, agent_types):
    if member_type not in agent_types:
        raise click.BadParameter(f"only agents (type {', '.join(map(str, sorted(agent_types)))}) have one",
                                 param_hint="--affiliate-code")
    if not re.fullmatch(r"[A-Za-z0-9]{4,32}", code.strip()):
        raise click.BadParameter("letters and digits, 4 to 32 of them", param_hint="--affiliate-code")


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
    waitress.serve(app, host=host, port=port, threads=threads, max_request_body_size=32 * 1024 * 1024,
                   ident="tessera", clear_untrusted_proxy_headers=False)


def _add_wallet_commands():
    """The wallet's operator commands live beside the wallet (they import this module's session)."""
    from tessera.wallet.ledger_cli import ledger
    from tessera.wallet.operator_cli import operators, payments
    from tessera.wallet.transfer_cli import transfers

    for group in (ledger, operators, payments, transfers):
        main.add_command(group)


_add_wallet_commands()


def _add_games_commands():
    """The games' operator commands: the catalog sync and the pull of transfer-wallet vendors' bets."""
    from tessera.games.bets_cli import pull_bets
    from tessera.games.cli import games

    games.add_command(pull_bets)
    main.add_command(games)


_add_games_commands()
