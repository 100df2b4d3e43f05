"""The lottery's scheduled jobs, for each brand: the fast games' series opened ahead and their due
draws run; the Vietnamese games' coming draws stored; the due Vietnamese draws' official results
asked of the brand's results feed and stored; the bets of drawn and cancelled draws settled. Each
reads the brand's own schedule."""

from tessera.jobs.registry import Work, job
from tessera.lottery.bets.settlement import due_draws, settle_draw
from tessera.lottery.draws.games import brand_schedule, keep_games
from tessera.lottery.draws.services import open_due_series, run_due_draws
from tessera.lottery.draws.vietnamese import open_vn_draws, store_official_results


@job("lottery.fast-draws", every=5)
def fast_draws(work: Work) -> dict[str, int]:
    """``tessera lottery draw-now`` for each brand: today's and tomorrow's series of its enabled
    fast games opened where missing, then every draw whose time has passed drawn once; how many
    of each."""
    assert work.tenant is not None
    with work.unit_of_work() as db:
        schedule = brand_schedule(db, work.tenant)
        series = open_due_series(db, work.tenant.id, work.at, work.settings.secret_key, schedule)
    with work.unit_of_work() as db:
        every_game = brand_schedule(db, work.tenant, disabled=True)  # a disabled game's open draws still draw
        drawn = run_due_draws(db, work.tenant.id, work.at, work.settings.secret_key, every_game)
    return {"series_opened": series, "draws_drawn": drawn}


@job("lottery.vn-draws", every=300)
def vn_draws(work: Work) -> dict[str, int]:
    """The brand's games stored (seeded from the official schedule the first time), then today's
    and the next six days' draws (a week) of its enabled Vietnamese games stored where missing."""
    assert work.tenant is not None
    with work.unit_of_work() as db:
        keep_games(db, work.tenant)
        stored = open_vn_draws(db, work.tenant.id, work.at, brand_schedule(db, work.tenant))
    return {"draws_stored": stored}


@job("lottery.results", every=60)
def results(work: Work) -> dict[str, int]:
    """Every open Vietnamese draw past its time asked of the brand's results feed and its result
    stored once; a feed that could not answer makes the run try again with growing delays."""
    assert work.tenant is not None
    return store_official_results(work.unit_of_work, work.tenant, work.plugins, work.at)


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
