"""``tessera operators`` (a brand's operator keys) and ``tessera payments`` (reconciling
deposits whose gateway notification never came)."""
import click

from tessera.core.cli import command_session
from tessera.core.timeutil import utcnow
from tessera.tenancy.commands import the_brand


@click.group()
def operators():
    """Keys for a brand's operator API (/ops/...)."""


@operators.command("create-key")
@click.argument("slug")
@click.argument("name")
@click.pass_obj
def create_key(settings, slug, name):
    """Make a key NAME for SLUG and print it, once: only its hash is kept."""
    from tessera.wallet.operators.services import create_key as make

    if not 0 < len(name) <= 64:
        raise click.BadParameter("a key's name has 1 to 64 characters", param_hint="NAME")
    with command_session(settings) as session:
        tenant = the_brand(session, slug)
        try:
            key = make(session, tenant.id, name, utcnow())
        except ValueError as refused:
            raise click.ClickException(str(refused)) from None
    click.echo(f"{slug}: operator key '{name}' created; it is shown only now:")
    click.echo(key)


@operators.command("revoke")
@click.argument("slug")
@click.argument("name")
@click.pass_obj
def revoke(settings, slug, name):
    """Revoke SLUG's key NAME: calls made with it are refused from now on."""
    from tessera.wallet.operators.services import revoke_key

    with command_session(settings) as session:
        tenant = the_brand(session, slug)
        if not revoke_key(session, tenant.id, name, utcnow()):
            raise click.ClickException(f"{slug} has no live operator key '{name}'")
    click.echo(f"{slug}: operator key '{name}' revoked")


@click.group()
def payments():
    """Deposits through payment gateways."""


@payments.command("reconcile")
@click.argument("slug")
@click.pass_obj
def reconcile(settings, slug):
    """Ask the gateways of SLUG about its gateway deposits pending for more than a few minutes."""
    from tessera.core.db import make_engine, operator_session
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.tenancy.context import TenantContext
    from tessera.wallet.payments.deposits import reconcile as settle

    with command_session(settings) as session:
        context = TenantContext.from_row(the_brand(session, slug))
    engine = make_engine(settings.database_url)
    try:
        counts = settle(lambda: operator_session(engine, context.id), TenantPlugins(plugin_manager(), context), context,
                        utcnow())
    finally:
        engine.dispose()
    click.echo(f"{slug}: " + ", ".join(f"{name} {count}" for name, count in counts.items()))
