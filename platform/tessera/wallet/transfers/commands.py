"""``tessera transfers``: operator commands on transfers to and from vendor wallets."""

from datetime import timedelta

import click

from tessera.core.cli import command_session
from tessera.tenancy.commands import the_brand
from tessera.tenancy.context import TenantContext
from tessera.wallet.interfaces import VendorRounds


@click.group()
def transfers():
    """Transfers between members' main wallets and transfer-wallet vendors."""


@transfers.command("reconcile")
@click.argument("slug")
@click.option(
    "--min-age",
    "min_age",
    default=60,
    show_default=True,
    type=click.IntRange(min=0),
    help="Leave transfers younger than this many seconds to the requests still making them",
)
@click.pass_obj
def reconcile(settings, slug, min_age):
    """Ask SLUG's vendors again about pending transfers and settle those they answer. Safe to run
    at any time, on several machines at once: a transfer settles once."""
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.wallet.transfers.services import reconcile_transfers

    with command_session(settings) as session:
        tenant = TenantContext.from_row(the_brand(session, slug))
        counts = reconcile_transfers(
            session, tenant, TenantPlugins(plugin_manager(), tenant), older_than=timedelta(seconds=min_age)
        )
    click.echo(f"{slug}: {counts['done']} done, {counts['failed']} failed, {counts['pending']} still pending")


def report_vendor_wallets(settings, tenant, limit: int, rounds: VendorRounds) -> int:
    """The brand's vendor wallets against what its vendors say, with the members' rounds as
    ``rounds`` counts them, reported (``tessera ledger audit``); the problems found."""
    from tessera.core.db import scope_connection
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.wallet.transfers.services import transfer_vendors
    from tessera.wallet.transfers.vendor_wallets import reconcile

    with command_session(settings) as session:
        scope_connection(session, tenant.id)
        plugins = TenantPlugins(plugin_manager(), tenant)
        found = reconcile(session, tenant, plugins, list(transfer_vendors(plugins)), rounds)
    click.echo(
        f"{tenant.slug}: vendor wallets: {found.compared} compared, {len(found.differences)} different, "
        f"{len(found.unanswered)} not answered, {found.under_way} with a transfer under way"
    )
    amount = tenant.money.format
    for difference in found.differences[:limit]:
        holding = difference.holding
        click.echo(
            f"  vendor_wallet: member {difference.member_id} ({holding.username}) at {difference.vassalage}: "
            f"the vendor holds {amount(difference.held)}, the ledger expects {amount(holding.expected)} "
            f"(its wallet {amount(holding.mirror)}, play since the last transfer {amount(holding.play)}): "
            f"difference {amount(difference.amount)}"
        )
    for member_id, vassalage in found.unanswered[:limit]:
        click.echo(f"  vendor_wallet: member {member_id} at {vassalage}: the vendor could not say what it holds")
    if found.problem_count > 2 * limit:
        click.echo(f"  vendor_wallet: ... and more: {found.problem_count} in all")
    return found.problem_count
