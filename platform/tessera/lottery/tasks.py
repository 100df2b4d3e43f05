"""The lottery's scheduled jobs: each brand's fast-game series opened ahead and its due draws run;
the bets of drawn and cancelled draws settled."""

from tessera.jobs.registry import Work, job
from tessera.lottery.bets.settlement import due_draws, settle_draw
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


@job("lottery.settle", every=5)
def settle_bets(work: Work) -> dict[str, int]:
    """``tessera lottery settle`` for each brand: the bets of every drawn or cancelled draw still
    behind its results settled, each draw in its own unit of work."""
    assert work.tenant is not None
    with work.unit_of_work() as db:
        draws = due_draws(db, work.tenant.id)
    settled = 0
    for draw_id in draws:
        with work.unit_of_work() as db:
            settled += settle_draw(db, work.tenant, draw_id, work.at)
    return {"draws_settled": len(draws), "bets_settled": settled}
