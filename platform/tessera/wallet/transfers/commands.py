"""``tessera transfers``: operator commands on transfers to and from vendor wallets."""
from datetime import timedelta

import click

from tessera.core.cli import command_session
from tessera.tenancy.commands import the_brand
from tessera.tenancy.context import TenantContext


@click.group()
def transfers():
    """Transfers between members' main wallets and transfer-wallet vendors."""


@transfers.command("reconcile")
@click.argument("slug")
@click.option("--min-age", "min_age", default=60, show_default=True, type=click.IntRange(min=0),
              help="Leave transfers younger than this many seconds to the requests still making them")
@click.pass_obj
def reconcile(settings, slug, min_age):
    """Ask SLUG's vendors again about pending transfers and settle those they answer. Safe to run
    at any time, on several machines at once: a transfer settles once."""
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.wallet.transfers.services import reconcile_transfers

    with command_session(settings) as session:
        tenant = TenantContext.from_row(the_brand(session, slug))
        counts = reconcile_transfers(session, tenant, TenantPlugins(plugin_manager(), tenant),
                                     older_than=timedelta(seconds=min_age))
    click.echo(f"{slug}: {counts['done']} done, {counts['failed']} failed, {counts['pending']} still pending")
