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
    from functools import partial

    from tessera.core.db import make_engine, operator_session
    from tessera.games.bets.pulls import DATABASE, UNLISTED, pull_brand_bets
    from tessera.plugins import TenantPlugins, plugin_manager

    with command_session(settings) as session:
        tenants = brands(session, slug)
    engine = make_engine(settings.database_url)
    failed = False
    try:
        for tenant in tenants:
            pulled = pull_brand_bets(
                partial(operator_session, engine, tenant.id), tenant, TenantPlugins(plugin_manager(), tenant)
            )
            failed = failed or bool(pulled.failed)
            for name, code in pulled.failed.items():
                if code == UNLISTED:
                    click.echo(f"{tenant.slug}: plugin {name} could not list its vendors", err=True)
                else:
                    reason = "see the log" if code == DATABASE else code
                    click.echo(f"{tenant.slug}: {name}: failed ({reason})", err=True)
            for vassalage, counts in pulled.counts.items():
                if not quiet or counts.total():
                    outcomes = ", ".join(f"{number} {outcome}" for outcome, number in counts.items())
                    click.echo(f"{tenant.slug}: {vassalage}: {outcomes}")
    finally:
        engine.dispose()
    return failed
