"""``tessera transfers``: operator commands on transfers to and from vendor wallets."""
from datetime import timedelta

import click
from sqlalchemy import select


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
    from tessera.commands import _operator_session
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.tenancy.context import TenantContext
    from tessera.tenancy.models import Tenant
    from tessera.wallet.transfers import reconcile_transfers

    with _operator_session(settings) as session:
        row = session.scalar(select(Tenant).where(Tenant.slug == slug))
        if row is None:
            raise click.BadParameter(f"no brand '{slug}' in the database (run 'tessera tenants sync')",
                                     param_hint="SLUG")
        tenant = TenantContext.from_row(row)
        session.info["tenant_id"] = tenant.id
        counts = reconcile_transfers(session, tenant, TenantPlugins(plugin_manager(), tenant),
                                     older_than=timedelta(seconds=min_age))
    click.echo(f"{slug}: {counts['done']} done, {counts['failed']} failed, {counts['pending']} still pending")
