"""The catalog's scheduled job: each brand's games synced from its vendors."""

from tessera.games.catalog.services import sync_catalog, vacuum_after_sync
from tessera.jobs.registry import Work, job

OUTCOMES = ("added", "updated", "retired", "unchanged", "skipped")


@job("games.sync-catalog", every=6 * 3600)
def sync_games(work: Work) -> dict[str, int]:
    """``tessera games sync`` for each brand: games added, updated and retired, and the vendors that
    could not answer (their games left as they were)."""
    with work.unit_of_work() as db:
        report = sync_catalog(db, work.tenant, work.plugins, work.at)
    vacuum_after_sync(work.engine, report)
    totals = {outcome: sum(counts[outcome] for counts in report["vendors"].values()) for outcome in OUTCOMES}
    return {**totals, "failed": len(report["failed"])}
