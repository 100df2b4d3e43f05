"""The Vietnamese draws: each brand's games seeded from the official schedule by its [lottery]
section, today's and the next days' draws stored once, their official results taken from the
brand's results feed once (a feed with nothing yet asked again, one that cannot answer retried,
two workers at once on PostgreSQL storing each result once), and the fast draws following the
brand's schedule (a disabled fast game opens no new series)."""

from contextlib import contextmanager
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import delete, select
from tessera_sandboxes.lottery_results import LocalFeed, ResultsFeed, drawn_numbers

from at_once import at_once
from tessera.core.db import operator_session, scope_connection
from tessera.jobs.registry import JOBS, Work
from tessera.jobs.services import passing
from tessera.lottery.draws.games import brand_schedule, keep_games, stored_games
from tessera.lottery.draws.models import DRAWN, OPEN, LotteryDraw, LotteryGame, LotterySeries
from tessera.lottery.draws.services import open_due_series
from tessera.lottery.draws.vietnamese import ResultsUnavailable, open_vn_draws, store_official_results
from tessera.lottery.schedule import OFFICIAL, VIETNAM
from tessera.lottery.tasks import vn_draws as vn_draws_job
from tessera.plugins import TenantPlugins, make_plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera_plugins import results_http

KEY = "test-secret-key-of-at-least-32-bytes"
WEDNESDAY = date(2026, 1, 14)  # MB, DN, CT, ST (south), DNG, KH (central): past, so the feed publishes it
EVENING = datetime(2026, 1, 14, 19, 0, tzinfo=VIETNAM)  # every one of that day's draws is due
NOON = datetime(2026, 1, 14, 12, 0, tzinfo=VIETNAM)  # none is
WEDNESDAY_CODES = ["DN", "CT", "ST", "DNG", "KH", "MB"]  # by time: south 16:15, central 17:15, north 18:15


def brand(db, slug: str) -> TenantContext:
    return TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == slug)))


def with_feed(tenant: TenantContext, feed: LocalFeed) -> tuple[TenantContext, TenantPlugins]:
    """The brand with its results feed pointed at ``feed``, and its plugins."""
    config = {**tenant.config, "plugins": {"results-http": {"base_url": feed.url, "api_key": "feed-key"}}}
    changed = TenantContext(tenant.id, tenant.slug, tenant.name, config, tenant.key_id, tenant.private_key_pem)
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(results_http, name="results-http")
    return changed, TenantPlugins(pm, changed)


@contextmanager
def within(db):
    """A unit of work on the test's own session (rolled back with the test)."""
    yield db


def vn_draws(db, tenant_id: int, day: date = WEDNESDAY) -> list[LotteryDraw]:
    return db.scalars(
        select(LotteryDraw)
        .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.numero == f"{day:%Y%m%d}")
        .order_by(LotteryDraw.draw_at, LotteryDraw.id)
    ).all()


@pytest.fixture
def feed():
    feed = LocalFeed(ResultsFeed(api_key="feed-key"))
    yield feed
    feed.close()


@pytest.fixture
def vn(db_session):
    return brand(db_session, "demo-vn")


# -- The brand's games -----------------------------------------------------------------------


def test_each_brand_is_seeded_with_what_it_sells(db_session):
    vn, bd = brand(db_session, "demo-vn"), brand(db_session, "demo-bd")
    assert stored_games(db_session, vn.id) == []  # read from the seed until first kept
    schedule = brand_schedule(db_session, vn)
    assert [g.code for g in schedule.vn_games] == [g.code for g in OFFICIAL.vn_games]
    assert [g.code for g in schedule.fast_games] == ["ELOTT45S", "ELOTT1M", "ELOTT5M"]
    assert schedule.codes_on(4) == ("MB", "DN", "CT", "ST", "DNG", "KH")  # Wednesday, as the official table
    assert stored_games(db_session, vn.id) == []  # reading never writes
    kept = keep_games(db_session, vn)
    assert len(kept) == 36 + 3 and keep_games(db_session, vn) == kept  # stored once
    mb = next(row for row in kept if row.code == "MB")
    assert (mb.name, mb.region, mb.weekdays, mb.draw_time, mb.lock_minutes) == (
        "Miền Bắc",
        "north",
        "1,2,3,4,5,6,7",
        "18:15",
        15,
    )
    bd_schedule = brand_schedule(db_session, bd)
    assert bd_schedule.vn_games == () and [g.code for g in bd_schedule.fast_games] == ["ELOTT45S", "ELOTT1M", "ELOTT5M"]


def test_a_brand_without_lottery_has_no_games(db_session, vn):
    bare = TenantContext(vn.id, vn.slug, vn.name, {k: v for k, v in vn.config.items() if k != "lottery"}, vn.key_id, "")
    assert brand_schedule(db_session, bare).vn_games == () and keep_games(db_session, bare) == []


def test_a_disabled_fast_game_opens_no_new_series(db_session):
    bd = brand(db_session, "demo-bd")
    for row in keep_games(db_session, bd):
        row.enabled = row.code != "ELOTT45S"
    db_session.flush()
    eve = datetime(2030, 1, 14, 23, 0, tzinfo=VIETNAM)
    assert open_due_series(db_session, bd.id, eve, KEY, brand_schedule(db_session, bd)) == 4  # two games, two days
    games = set(db_session.scalars(select(LotterySeries.game_code).where(LotterySeries.tenant_id == bd.id)))
    assert games == {"ELOTT1M", "ELOTT5M"}


# -- Stored draws ----------------------------------------------------------------------------


def test_the_days_draws_are_stored_once_with_their_times(db_session, vn):
    keep_games(db_session, vn)
    schedule = brand_schedule(db_session, vn)
    made = open_vn_draws(db_session, vn.id, NOON, schedule)
    assert made == 6 + 7 + 6 + 8 + 7 + 6 + 6  # a week: Wednesday's to next Tuesday's
    assert open_vn_draws(db_session, vn.id, NOON, schedule) == 0
    rows = vn_draws(db_session, vn.id)
    assert [row.game_code for row in rows] == WEDNESDAY_CODES
    mb = rows[-1]
    assert (mb.numero, mb.state, mb.series_id, mb.rank, mb.result_version) == ("20260114", OPEN, None, None, 0)
    assert mb.draw_at.replace(tzinfo=UTC) == datetime(2026, 1, 14, 11, 15, tzinfo=UTC)  # 18:15 in Vietnam
    assert mb.lock_at.replace(tzinfo=UTC) == datetime(2026, 1, 14, 11, 0, tzinfo=UTC)  # 15 minutes before


def test_open_draws_follow_a_changed_draw_time_until_they_lock(db_session, vn):
    kept = keep_games(db_session, vn)
    open_vn_draws(db_session, vn.id, NOON, brand_schedule(db_session, vn))
    mb = next(row for row in kept if row.code == "MB")
    mb.draw_time, mb.lock_minutes = "18:30", 5
    db_session.flush()
    open_vn_draws(db_session, vn.id, NOON, brand_schedule(db_session, vn))
    db_session.expire_all()
    draw = vn_draws(db_session, vn.id)[-1]
    assert draw.draw_at.replace(tzinfo=UTC) == datetime(2026, 1, 14, 11, 30, tzinfo=UTC)
    assert draw.lock_at.replace(tzinfo=UTC) == datetime(2026, 1, 14, 11, 25, tzinfo=UTC)
    mb.draw_time = "18:45"
    db_session.flush()
    open_vn_draws(db_session, vn.id, EVENING, brand_schedule(db_session, vn))  # locked by now: kept as it was
    db_session.expire_all()
    assert vn_draws(db_session, vn.id)[-1].draw_at.replace(tzinfo=UTC) == datetime(2026, 1, 14, 11, 30, tzinfo=UTC)


# -- Results from the feed -------------------------------------------------------------------


def test_due_draws_take_their_results_from_the_feed_once(db_session, vn, feed):
    keep_games(db_session, vn)
    open_vn_draws(db_session, vn.id, NOON, brand_schedule(db_session, vn))
    tenant, plugins = with_feed(vn, feed)
    assert store_official_results(lambda: within(db_session), tenant, plugins, NOON) == {
        "due": 0,
        "stored": 0,
        "waiting": 0,
        "refused": 0,
    }
    counts = store_official_results(lambda: within(db_session), tenant, plugins, EVENING)
    assert counts == {"due": 6, "stored": 6, "waiting": 0, "refused": 0}
    db_session.expire_all()
    for row in vn_draws(db_session, vn.id):
        assert (row.state, row.result_version) == (DRAWN, 1)
        assert row.prizes == drawn_numbers(row.game_code, "20260114")
        assert row.drawn_at.replace(tzinfo=UTC) == EVENING.astimezone(UTC)
    assert store_official_results(lambda: within(db_session), tenant, plugins, EVENING)["due"] == 0


def test_a_result_not_published_yet_is_asked_again_next_run(db_session, vn, feed):
    keep_games(db_session, vn)
    future_noon = datetime(2030, 1, 16, 12, 0, tzinfo=VIETNAM)  # a Wednesday the feed has not drawn yet
    open_vn_draws(db_session, vn.id, future_noon, brand_schedule(db_session, vn))
    tenant, plugins = with_feed(vn, feed)
    counts = store_official_results(lambda: within(db_session), tenant, plugins, future_noon.replace(hour=19))
    assert counts == {"due": 6, "stored": 0, "waiting": 6, "refused": 0}
    feed.publish("MB", "20300116", drawn_numbers("MB", "20300115"))  # now it has one
    counts = store_official_results(lambda: within(db_session), tenant, plugins, future_noon.replace(hour=19))
    assert counts == {"due": 6, "stored": 1, "waiting": 5, "refused": 0}


def test_a_feed_that_cannot_answer_is_retried_and_the_others_are_kept(db_session, vn, feed):
    keep_games(db_session, vn)
    open_vn_draws(db_session, vn.id, NOON, brand_schedule(db_session, vn))
    tenant, plugins = with_feed(vn, feed)
    feed.feed.fail_next(503, count=2)
    with pytest.raises(ResultsUnavailable) as failed:
        store_official_results(lambda: within(db_session), tenant, plugins, EVENING)
    assert passing(failed.value)  # the job's run is tried again with growing delays
    db_session.expire_all()
    assert [row.state for row in vn_draws(db_session, vn.id)] == [OPEN, OPEN] + [DRAWN] * 4
    assert store_official_results(lambda: within(db_session), tenant, plugins, EVENING)["stored"] == 2


def test_an_answer_not_of_the_format_is_refused_and_asked_again(db_session, vn, feed):
    keep_games(db_session, vn)
    open_vn_draws(db_session, vn.id, NOON, brand_schedule(db_session, vn))
    tenant, plugins = with_feed(vn, feed)
    feed.publish("MB", "20260114", ["1234"] * 27)  # four digits where five are drawn
    counts = store_official_results(lambda: within(db_session), tenant, plugins, EVENING)
    assert counts == {"due": 6, "stored": 5, "waiting": 0, "refused": 1}
    db_session.expire_all()
    assert vn_draws(db_session, vn.id)[-1].state == OPEN


def test_without_a_feed_the_draws_wait_for_an_operator(db_session, vn):
    keep_games(db_session, vn)
    open_vn_draws(db_session, vn.id, NOON, brand_schedule(db_session, vn))
    plugins = TenantPlugins(make_plugin_manager(load_entry_points=False), vn)
    counts = store_official_results(lambda: within(db_session), vn, plugins, EVENING)
    assert counts == {"due": 6, "stored": 0, "waiting": 6, "refused": 0}


@pytest.fixture
def committed_vn(engine, settings):
    """demo-vn's games and Wednesday's draws committed for real, removed afterwards."""
    if not settings.database_url.startswith("postgresql"):
        pytest.skip("needs PostgreSQL: set TESSERA_TEST_DATABASE_URL to a postgresql+psycopg:// URL")
    with operator_session(engine) as db:
        tenant = brand(db, "demo-vn")
        keep_games(db, tenant)
        open_vn_draws(db, tenant.id, NOON, brand_schedule(db, tenant))
    yield tenant
    with operator_session(engine) as db:
        db.execute(delete(LotteryDraw).where(LotteryDraw.tenant_id == tenant.id, LotteryDraw.series_id.is_(None)))
        db.execute(delete(LotteryGame).where(LotteryGame.tenant_id == tenant.id))


def test_two_workers_at_once_store_each_result_once(engine, committed_vn, feed):
    tenant, plugins = with_feed(committed_vn, feed)

    @contextmanager
    def unit_of_work():
        with operator_session(engine) as db:
            scope_connection(db, tenant.id)
            yield db

    counts = at_once([lambda: store_official_results(unit_of_work, tenant, plugins, EVENING)] * 2)
    assert sum(c["stored"] for c in counts) == 6
    with operator_session(engine) as db:
        rows = vn_draws(db, tenant.id)
        assert [(row.state, row.result_version) for row in rows] == [(DRAWN, 1)] * 6


@pytest.fixture
def committed_games(engine):
    """demo-vn's games and draws the job commits for real, removed afterwards."""
    yield
    with operator_session(engine) as db:
        tenant = brand(db, "demo-vn")
        db.execute(delete(LotteryDraw).where(LotteryDraw.tenant_id == tenant.id, LotteryDraw.series_id.is_(None)))
        db.execute(delete(LotteryGame).where(LotteryGame.tenant_id == tenant.id))


def test_the_job_stores_the_games_and_the_coming_draws(engine, settings, committed_games):
    with operator_session(engine) as db:
        tenant = brand(db, "demo-vn")
    at = NOON.astimezone(UTC)
    assert JOBS["lottery.vn-draws"].work is vn_draws_job and "lottery.results" in JOBS
    assert vn_draws_job(Work(settings, at, tenant)) == {"draws_stored": 46}  # a week of draws
    assert vn_draws_job(Work(settings, at, tenant)) == {"draws_stored": 0}
    with operator_session(engine) as db:
        assert len(stored_games(db, tenant.id)) == 39
        assert [row.game_code for row in vn_draws(db, tenant.id)] == WEDNESDAY_CODES
