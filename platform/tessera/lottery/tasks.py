"""The lottery's scheduled job: each brand's fast-game series opened ahead and its due draws run."""

from tessera.jobs.registry import Work, job
from tessera.lottery.draws.services import open_due_series, run_due_draws


@job("lottery.fast-draws", every=5)
def fast_draws(work: Work) -> dict[str, int]:
    """``tessera lottery draw-now`` for each brand: today's and tomorrow's series opened where
    missing, then every draw whose time has passed drawn once; how many of each."""
    assert work.tenant is not None
    with work.unit_of_work() as db:
        series = open_due_series(db, work.tenant.id, work.at, work.settings.secret_key)
    with work.unit_of_work() as db:
        drawn = run_due_draws(db, work.tenant.id, work.at, work.settings.secret_key)
    return {"series_opened": series, "draws_drawn": drawn}
