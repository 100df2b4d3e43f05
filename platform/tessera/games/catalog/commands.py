"""``tessera games sync``: the brands' game catalogs, synced from their vendor plugins."""

import sys

import click

from tessera.core.cli import command_session
from tessera.tenancy.commands import brands


@click.command("sync")
@click.argument("slug", required=False)
@click.pass_obj
def sync(settings, slug):
    """Sync the game catalog of SLUG (of every active brand without it) from its vendors: new games
    added, changed ones updated, games no longer offered retired. Safe to run again at any time.
    A vendor that cannot answer keeps its games and is reported; the exit status is then 1."""
    from tessera.core.timeutil import utcnow
    from tessera.games.catalog.services import sync_catalog, vacuum_after_sync
    from tessera.plugins import TenantPlugins, plugin_manager

    failures = 0
    with command_session(settings) as session:
        for tenant in brands(session, slug):
            session.info["tenant_id"] = tenant.id
            report = sync_catalog(session, tenant, TenantPlugins(plugin_manager(), tenant), utcnow())
            session.commit()  # each brand's catalog is kept as soon as it is synced
            vacuum_after_sync(session.get_bind(), report)
            failures += _report(tenant.slug, report)
    if failures:
        sys.exit(1)


def _report(slug: str, report: dict) -> int:
    for vassalage, counts in report["vendors"].items():
        click.echo(
            f"{slug}: {vassalage}: {counts['added']} added, {counts['updated']} updated, "
            f"{counts['retired']} retired, {counts['unchanged']} unchanged, {counts['skipped']} skipped"
        )
    for name, code in report["failed"].items():
        click.echo(f"{slug}: {name}: failed ({code}), its games left as they were")
    click.echo(f"{slug}: {len(report['vendors'])} vendor(s) synced, {len(report['failed'])} failed")
    return len(report["failed"])
