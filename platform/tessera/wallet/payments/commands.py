"""``tessera payments``: reconciling deposits whose gateway notification never came."""

import click

from tessera.core.cli import command_session
from tessera.core.timeutil import utcnow
from tessera.tenancy.commands import the_brand


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
        counts = settle(
            lambda: operator_session(engine, context.id), TenantPlugins(plugin_manager(), context), context, utcnow()
        )
    finally:
        engine.dispose()
    click.echo(f"{slug}: " + ", ".join(f"{name} {count}" for name, count in counts.items()))
