"""``tessera games pull-bets``: bring transfer-wallet vendors' rounds into the betting records."""

import logging
import sys
import time

import click

from tessera.core.cli import command_session
from tessera.tenancy.commands import brands

log = logging.getLogger(__name__)


@click.command("pull-bets")
@click.argument("slug", required=False)
@click.option(
    "--every",
    type=click.IntRange(min=1),
    metavar="SECONDS",
    help="Pull again every SECONDS until stopped (the schedule `make run` starts)",
)
@click.pass_obj
def pull_bets(settings, slug, every):
    """Ask the transfer-wallet vendors of SLUG (every active brand without it) for the rounds they
    recorded since the last pull and keep them in the betting records. Safe to run again, and on
    several machines at once: a round is kept once, and each pull goes on from where the last one
    stopped. A vendor that cannot answer does not stop the others; the command then says so and
    exits with 1 (with --every it goes on, and tries again at the next turn)."""
    while True:
        failed = _pull(settings, slug, quiet=every is not None)
        if every is None:
            sys.exit(1 if failed else 0)
        time.sleep(every)


def _pull(settings, slug, quiet: bool) -> bool:
    """One pull of every vendor of the brands (``quiet``: saying nothing of those with nothing
    new); whether any could not be asked."""
    from tessera.core.db import scope_connection
    from tessera.games.bets.pulls import pull_vendor_bets, transfer_offers
    from tessera.plugins import AdapterError, TenantPlugins, plugin_manager

    with command_session(settings) as session:
        tenants = brands(session, slug)
    failed = False
    for tenant in tenants:
        plugins = TenantPlugins(plugin_manager(), tenant)
        offers, unlisted = transfer_offers(plugins)
        for plugin in unlisted:
            failed = True
            click.echo(f"{tenant.slug}: plugin {plugin} could not list its vendors", err=True)
        for offer in offers:
            name = f"{tenant.slug}: {offer.vassalage}"
            try:
                with command_session(settings) as session:
                    scope_connection(session, tenant.id)
                    counts = pull_vendor_bets(session, tenant, plugins, offer)
            except AdapterError as error:
                failed = True
                click.echo(f"{name}: failed ({error.code})", err=True)
                continue
            except Exception:  # the database refused, say: the next pull goes on from the last page kept
                failed = True
                log.exception("bet pull failed", extra={"brand": tenant.slug, "vassalage": offer.vassalage})
                click.echo(f"{name}: failed (see the log)", err=True)
                continue
            if not quiet or counts.total():
                click.echo(f"{name}: " + ", ".join(f"{number} {outcome}" for outcome, number in counts.items()))
    return failed
