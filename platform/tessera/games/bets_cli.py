"""``tessera games pull-bets``: bring transfer-wallet vendors' rounds into the betting records."""
import sys
from datetime import datetime

import click
from sqlalchemy import select

from ..timeutil import as_utc, utcnow


def _moment(ctx, param, value):
    if value is None:
        return None
    try:
        return as_utc(datetime.fromisoformat(value))  # without an offset: UTC
    except ValueError:
        raise click.BadParameter("an ISO 8601 moment, e.g. 2026-03-01T00:00:00+06:00") from None


@click.command("pull-bets")
@click.argument("slug", required=False)
@click.option("--since", callback=_moment, metavar="ISO",
              help="Ask for rounds settled from this moment on (default: shortly before the last round pulled)")
@click.pass_obj
def pull_bets(settings, slug, since):
    """Ask the transfer-wallet vendors of SLUG (every active brand without it) for their settled
    rounds and keep them in the betting records. Safe to run again, and on several machines at
    once: a round is kept once. A vendor that cannot answer does not stop the others; the command
    then says so and exits with 1."""
    from ..cli import _operator_session
    from ..db import scope_connection
    from ..plugins import AdapterError, TenantPlugins, plugin_manager
    from ..tenancy.context import TenantContext
    from ..tenancy.models import Tenant
    from .bets import pull_vendor_bets, transfer_vendors

    with _operator_session(settings) as session:
        brands = select(Tenant).where(Tenant.slug == slug) if slug else select(Tenant).where(Tenant.active)
        tenants = [TenantContext.from_row(row) for row in session.scalars(brands.order_by(Tenant.slug))]
    if slug and not tenants:
        raise click.BadParameter(f"no brand '{slug}' in the database (run 'tessera tenants sync')", param_hint="SLUG")
    until, failed = utcnow(), False
    for tenant in tenants:
        plugins = TenantPlugins(plugin_manager(), tenant)
        offers, unlisted = transfer_vendors(plugins)
        for plugin in unlisted:
            failed = True
            click.echo(f"{tenant.slug}: plugin {plugin} could not list its vendors", err=True)
        for offer in offers:
            name = f"{tenant.slug}: {offer.vassalage}"
            try:
                with _operator_session(settings) as session:  # one vendor's rounds, one transaction
                    scope_connection(session, tenant.id)
                    counts = pull_vendor_bets(session, tenant, plugins, offer, since, until)
            except AdapterError as error:
                failed = True
                click.echo(f"{name}: failed ({error.code})", err=True)
                continue
            click.echo(f"{name}: " + ", ".join(f"{number} {outcome}" for outcome, number in counts.items()))
    if failed:
        sys.exit(1)
