"""The fast games' draws: a day's series committed before its first draw opens, the due draws run
once (late ones too, two workers at once too), and the public proofs anyone checks with fair.verify."""

import hashlib
from datetime import UTC, date, datetime, timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import delete, func, select

from at_once import at_once
from tessera.core.db import operator_session
from tessera.core.sealing import SealBroken
from tessera.core.timeutil import utcnow
from tessera.jobs.registry import Work
from tessera.lottery.commands import lottery
from tessera.lottery.draws.models import DRAWN, OPEN, LotteryDraw, LotterySeries
from tessera.lottery.draws.services import fast_game, open_due_series, open_series, run_due_draws, vietnam_day
from tessera.lottery.fair import verify
from tessera.lottery.prizes import NORTH
from tessera.lottery.schedule import OFFICIAL, VIETNAM
from tessera.lottery.tasks import fast_draws
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

KEY = "test-secret-key-of-at-least-32-bytes"  # the suite's deployment key (conftest)
DAY = date(2030, 1, 15)
EVE = datetime(2030, 1, 14, 23, 0, tzinfo=VIETNAM)  # the evening before DAY
PAST_THREE = datetime(2030, 1, 15, 0, 2, 10, tzinfo=VIETNAM)  # ELOTT1M's 00:00, 00:01, 00:02 are due


def draws(db, tenant_id, game="ELOTT1M", day=DAY):
    return db.scalars(
        select(LotteryDraw)
        .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.game_code == game)
        .where(LotteryDraw.numero.like(f"{day:%Y%m%d}-%"))
        .order_by(LotteryDraw.rank)
    ).all()


@pytest.fixture
def bd(tenant_ids):
    return tenant_ids["demo-bd"]


def test_the_series_is_committed_the_evening_before_its_first_draw(db_session, bd, testapp):
    assert open_due_series(db_session, bd, EVE, KEY) == 6  # today's and tomorrow's, for three games
    assert open_due_series(db_session, bd, EVE, KEY) == 0  # a second call finds them
    series = db_session.scalars(
        select(LotterySeries).where(LotterySeries.tenant_id == bd, LotterySeries.game_code == "ELOTT1M")
    ).all()
    assert sorted(s.day for s in series) == [date(2030, 1, 14), DAY]
    tomorrow = next(s for s in series if s.day == DAY)
    secret = tomorrow.chain(KEY).secret
    assert tomorrow.length == 1440 and "secret" not in repr(tomorrow) and secret not in repr(tomorrow)
    assert secret not in tomorrow.secret  # kept sealed: the database alone does not give it away
    moved = LotterySeries(tenant_id=bd, game_code="ELOTT45S", day=DAY, length=1440, secret=tomorrow.secret)
    with pytest.raises(SealBroken):  # nor does a sealed secret copied to another series' row
        moved.chain(KEY)
    rows = draws(db_session, bd)
    assert len(rows) == 1440 and {row.state for row in rows} == {OPEN}
    first = rows[0]
    assert first.numero == "20300115-0001" and first.rank == 1
    assert first.draw_at.replace(tzinfo=UTC) == datetime(2030, 1, 14, 17, 0, tzinfo=UTC)  # midnight in Vietnam
    assert first.lock_at.replace(tzinfo=UTC) == datetime(2030, 1, 14, 16, 59, 50, tzinfo=UTC)
    answer = testapp.get("/lgw/fair/series", {"gameCode": "ELOTT1M", "day": "2030-01-15"}).json["value"]
    assert answer == {
        "gameCode": "ELOTT1M",
        "day": "2030-01-15",
        "length": 1440,
        "commitment": tomorrow.commitment,
        "committedAt": "2030-01-14T16:00:00Z",  # the eve's 23:00 in Vietnam, before any of its draws
        "firstDrawAt": "2030-01-14T17:00:00Z",
    }
    assert secret not in testapp.get("/lgw/fair/series", {"gameCode": "ELOTT1M", "day": "2030-01-15"}).text
    # At 23:00 the eve's own draws so far are drawn (23 hours of each game), none of DAY's.
    assert run_due_draws(db_session, bd, EVE, KEY) == 23 * 60 + 1 + 23 * 80 + 1 + 23 * 12 + 1
    db_session.expire_all()
    assert {row.state for row in draws(db_session, bd)} == {OPEN}


def commit_day(db, tenant_id, day=DAY):
    """DAY's series of every fast game, alone (not the eve's)."""
    for game in OFFICIAL.fast_games:
        open_series(db, tenant_id, game, day, KEY, EVE)


def test_a_moment_past_three_draws_draws_those_three_once(db_session, bd):
    commit_day(db_session, bd)
    assert run_due_draws(db_session, bd, PAST_THREE, KEY) == 3 + 3 + 1  # the 1-minute, 45-second and 5-minute games
    db_session.expire_all()
    rows = draws(db_session, bd)
    assert [row.state for row in rows[:4]] == [DRAWN, DRAWN, DRAWN, OPEN]
    drawn = [(row.seed, row.prizes, row.drawn_at) for row in rows[:3]]
    assert all(len(prizes) == 27 for _, prizes, _ in drawn)
    assert rows[3].seed is None and rows[3].prizes is None
    assert [row.result_version for row in rows[:4]] == [1, 1, 1, 0]
    assert run_due_draws(db_session, bd, PAST_THREE, KEY) == 0  # again: nothing changes
    db_session.expire_all()
    assert [(row.seed, row.prizes, row.drawn_at) for row in draws(db_session, bd)[:3]] == drawn


def test_a_vietnamese_draw_waits_for_its_official_results(db_session, bd):
    """A northern draw past its time is no fast draw: it has no seed to draw from, only results to come."""
    db_session.add(
        LotteryDraw(
            tenant_id=bd,
            game_code="MB",
            numero="20300114",
            draw_at=datetime(2030, 1, 14, 18, 15, tzinfo=VIETNAM),
            lock_at=datetime(2030, 1, 14, 18, 0, tzinfo=VIETNAM),
            state=OPEN,
        )
    )
    db_session.flush()
    commit_day(db_session, bd)
    assert run_due_draws(db_session, bd, PAST_THREE, KEY) == 3 + 3 + 1
    northern = db_session.scalars(
        select(LotteryDraw).where(LotteryDraw.tenant_id == bd, LotteryDraw.game_code == "MB")
    ).one()
    assert (northern.state, northern.prizes, northern.result_version) == (OPEN, None, 0)


def test_a_draw_missed_while_no_worker_ran_is_drawn_late(db_session, bd):
    commit_day(db_session, bd)
    late = datetime(2030, 1, 15, 0, 10, 30, tzinfo=VIETNAM)
    assert (
        run_due_draws(db_session, bd, late, KEY) == 11 + 15 + 3
    )  # 00:00 to 00:10 by minutes, 00:00 to 00:10:30 by 45 s, by 5 minutes
    db_session.expire_all()
    rows = draws(db_session, bd)
    assert [row.rank for row in rows if row.state == DRAWN] == list(range(1, 12))
    assert rows[0].drawn_at.replace(tzinfo=UTC) == late.astimezone(UTC)


def test_the_public_proof_verifies(db_session, bd, testapp):
    commit_day(db_session, bd)
    run_due_draws(db_session, bd, PAST_THREE, KEY)
    commitment = testapp.get("/lgw/fair/series", {"gameCode": "ELOTT1M", "day": "2030-01-15"}).json["value"]
    secret = [
        series.chain(KEY).secret
        for series in db_session.scalars(
            select(LotterySeries).where(LotterySeries.tenant_id == bd, LotterySeries.day == DAY)
        )
    ]
    for rank in (1, 2, 3):
        numero = f"20300115-{rank:04d}"
        response = testapp.get("/lgw/fair/draws", {"gameCode": "ELOTT1M", "numero": numero})
        proof = response.json["value"]
        assert proof["numero"] == numero and proof["commitment"] == commitment["commitment"]
        assert proof["previousHash"] == hashlib.sha256(bytes.fromhex(proof["seed"])).hexdigest()
        check = verify(proof["seed"], proof["previousHash"], numero, proof["prizes"], NORTH)
        assert check.holds and check.mismatches == ()
        value = bytes.fromhex(proof["seed"])
        for _ in range(rank):  # hashing down from h_k reaches the commitment h_0
            value = hashlib.sha256(value).digest()
        assert value.hex() == proof["commitment"]
        assert proof["drawnAt"] == "2030-01-14T17:02:10Z"
        assert proof["committedAt"] == "2030-01-14T16:00:00Z" < proof["lockAt"]  # public before betting closed
        assert (
            proof["lockAt"] == {1: "2030-01-14T16:59:50Z", 2: "2030-01-14T17:00:50Z", 3: "2030-01-14T17:01:50Z"}[rank]
        )
        assert not any(s in response.text for s in secret)


def test_an_undrawn_draw_never_shows_its_seed(db_session, bd, testapp):
    commit_day(db_session, bd)
    run_due_draws(db_session, bd, PAST_THREE, KEY)
    open_draw = draws(db_session, bd)[3]
    series = open_series(db_session, bd, fast_game("ELOTT1M"), DAY, KEY, EVE)[0]
    chain = series.chain(KEY)
    hidden = chain.seed_of(4)
    refused = testapp.get("/lgw/fair/draws", {"gameCode": "ELOTT1M", "numero": open_draw.numero}, status=409)
    assert refused.json["code"] == "draw_not_drawn" and refused.json["message"]
    assert hidden not in refused.text and chain.secret not in refused.text


@pytest.mark.parametrize(
    ("path", "query", "status", "code"),
    [
        ("/lgw/fair/draws", {"gameCode": "NOPE", "numero": "20300115-0001"}, 404, "game_unknown"),
        ("/lgw/fair/draws", {"gameCode": "MB", "numero": "20300115"}, 404, "game_unknown"),
        ("/lgw/fair/draws", {"gameCode": "ELOTT1M", "numero": "20300115-1441"}, 400, "numero_invalid"),
        ("/lgw/fair/draws", {"gameCode": "ELOTT1M", "numero": "20300115-01"}, 400, "numero_invalid"),
        ("/lgw/fair/draws", {"gameCode": "ELOTT1M", "numero": "19990101-0001"}, 404, "draw_unknown"),
        ("/lgw/fair/series", {"gameCode": "ELOTT1M", "day": "15/01/2030"}, 400, "day_invalid"),
        ("/lgw/fair/series", {"gameCode": "ELOTT1M", "day": "1999-01-01"}, 404, "series_unknown"),
        ("/lgw/fair/series", {"gameCode": "XX", "day": "2030-01-15"}, 404, "game_unknown"),
    ],
)
def test_refusals_have_stable_codes(testapp, path, query, status, code):
    answer = testapp.get(path, {**query, "lang": "vi"}, status=status).json
    assert answer["code"] == code and answer["message"] and answer["message"] != code


def test_brands_keep_their_own_draws(db_session, tenant_ids, brand_app):
    commit_day(db_session, tenant_ids["demo-bd"])
    run_due_draws(db_session, tenant_ids["demo-bd"], PAST_THREE, KEY)
    ph = brand_app("demo-ph.localhost")
    assert (
        ph.get("/lgw/fair/draws", {"gameCode": "ELOTT1M", "numero": "20300115-0001"}, status=404).json["code"]
        == "draw_unknown"
    )


@pytest.fixture
def committed(engine):
    """Series and draws committed for real (the job's and two workers'), removed afterwards."""
    yield
    with operator_session(engine) as db:
        db.execute(delete(LotteryDraw).where(LotteryDraw.numero.like("2031%")))
        db.execute(delete(LotterySeries).where(LotterySeries.day >= date(2031, 1, 1)))


def _ph(db):
    return TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == "demo-ph")))


def test_the_job_opens_the_series_and_runs_the_due_draws(engine, settings, committed):
    with operator_session(engine) as db:
        tenant = _ph(db)
    eve = datetime(2031, 3, 2, 23, 0, tzinfo=VIETNAM)
    at = datetime(2031, 3, 3, 0, 2, 10, tzinfo=VIETNAM)
    eve_draws = 23 * 60 + 1 + 23 * 80 + 1 + 23 * 12 + 1  # the eve's own, each game's from midnight to 23:00
    assert fast_draws(Work(settings, eve.astimezone(UTC), tenant)) == {"series_opened": 6, "draws_drawn": eve_draws}
    with operator_session(engine) as db:  # the next day's commitment is out before its first draw
        assert not {row.state for row in draws(db, tenant.id, day=date(2031, 3, 3))} - {OPEN}
        assert len(draws(db, tenant.id, day=date(2031, 3, 3))) == 1440
    rest_of_eve = (1440 + 1920 + 288) - eve_draws
    assert fast_draws(Work(settings, at.astimezone(UTC), tenant)) == {
        "series_opened": 3,  # the day after's
        "draws_drawn": rest_of_eve + 3 + 3 + 1,
    }
    assert fast_draws(Work(settings, at.astimezone(UTC), tenant)) == {"series_opened": 0, "draws_drawn": 0}


def test_two_workers_at_once_draw_each_draw_once(engine, settings, committed):
    with operator_session(engine) as db:
        tenant = _ph(db)
    at = datetime(2031, 5, 5, 0, 2, 10, tzinfo=VIETNAM).astimezone(UTC)
    counts = at_once([lambda: fast_draws(Work(settings, at, tenant))] * 2)
    assert sum(c["series_opened"] for c in counts) == 6
    assert sum(c["draws_drawn"] for c in counts) == 7
    with operator_session(engine) as db:
        drawn = db.scalar(
            select(func.count())
            .select_from(LotteryDraw)
            .where(LotteryDraw.tenant_id == tenant.id, LotteryDraw.state == DRAWN, LotteryDraw.numero.like("2031%"))
        )
    assert drawn == 7


@pytest.fixture
def today_committed(engine):
    """What ``tessera lottery draw-now`` commits for demo-ph today, removed afterwards."""
    yield
    with operator_session(engine) as db:
        tenant = _ph(db)
        series = select(LotterySeries.id).where(
            LotterySeries.tenant_id == tenant.id, LotterySeries.day >= vietnam_day(utcnow()) - timedelta(days=1)
        )
        db.execute(delete(LotteryDraw).where(LotteryDraw.series_id.in_(series)))
        db.execute(delete(LotterySeries).where(LotterySeries.id.in_(series)))


def test_the_draw_now_command(engine, settings, today_committed):
    run = CliRunner().invoke(
        lottery, ["draw-now", "demo-ph"], obj=settings, env={"TESSERA_DATABASE_URL": settings.database_url}
    )
    assert run.exit_code == 0, run.output
    assert run.output.startswith("demo-ph: 6 series committed, ") and run.output.endswith(" draws drawn\n")
    again = CliRunner().invoke(lottery, ["draw-now", "demo-ph"], obj=settings)
    assert again.exit_code == 0 and again.output.startswith("demo-ph: 0 series committed, ")
    with operator_session(engine) as db:
        tenant = _ph(db)
        undrawn_due = db.scalar(
            select(func.count())
            .select_from(LotteryDraw)
            .where(LotteryDraw.tenant_id == tenant.id, LotteryDraw.state == OPEN, LotteryDraw.draw_at <= utcnow())
        )
    assert undrawn_due <= 3  # at most a draw per game came due between the runs and the count
    assert CliRunner().invoke(lottery, ["draw-now", "nobrand"], obj=settings).exit_code == 2
    settled = CliRunner().invoke(lottery, ["settle", "demo-ph"], obj=settings)  # the settle job's work, now
    assert (settled.exit_code, settled.output) == (0, "demo-ph: 0 bets of 0 draws settled\n")
    assert CliRunner().invoke(lottery, ["settle", "nobrand"], obj=settings).exit_code == 2
