"""Lottery bets on the real database, each request and job in its own transaction (SQLite, where
transactions take turns, or PostgreSQL, where they meet at the draw's lock and the settlement's
claim): demo-vn's fast draw bet on from the API, drawn by its job and settled by the settle job;
two workers settling one draw at once pay each bet once and leave the ledger audit clean; bets at
once on one number never pass the house's cap."""

import dataclasses
from datetime import UTC, datetime, time, timedelta

import pytest
import webtest
from sqlalchemy import delete, select

from accounts import bearer
from at_once import at_once
from factories import Clock, CreditFactory, MemberFactory, building_in
from lottery_bets_helpers import BETS, GAME, KEY, order
from tessera.app import make_app
from tessera.core.db import operator_session
from tessera.core.timeutil import utcnow
from tessera.games.bets.models import GameBet
from tessera.games.seamless.models import SeamlessCall
from tessera.identity.accounts.models import Member
from tessera.identity.sessions.services import start_session
from tessera.jobs.registry import Work
from tessera.lottery.bets.models import LotteryBet, LotteryBetNumber
from tessera.lottery.draws.models import LotteryDraw, LotterySeries
from tessera.lottery.draws.services import open_series
from tessera.lottery.schedule import OFFICIAL, VIETNAM
from tessera.lottery.tasks import fast_draws, settle_bets
from tessera.plugins import make_plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from wallet_helpers import forget_member
from wallet_vendor import main_balance

HOST, IP = "demo-vn.localhost", "203.0.113.9"


@pytest.fixture(scope="module")
def wsgi(settings, engine):
    attempts = 30 if settings.database_url.startswith("sqlite") else settings.retry_attempts
    wsgi = make_app(dataclasses.replace(settings, retry_attempts=attempts), plugin_manager=make_plugin_manager())
    wsgi.registry["clock"] = Clock()
    yield wsgi
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def world(wsgi, engine, request):
    """demo-vn with one fast game's day committed (a day of its own for each test), members made
    on demand, the clock a minute before the day's first draw locks; all of it removed afterwards."""
    offset = 100 + sum(map(ord, request.node.name)) % 200  # days on: no other test's (a record reaches a year)
    day = (utcnow() + timedelta(days=offset)).astimezone(VIETNAM).date()
    game = next(g for g in OFFICIAL.fast_games if g.code == GAME)
    eve = datetime.combine(day - timedelta(days=1), time(23), tzinfo=VIETNAM).astimezone(UTC)
    with operator_session(engine) as db:
        tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == "demo-vn")))
        series, _ = open_series(db, tenant.id, game, day, KEY, eve)
        series_id = series.id
    first_draw = datetime.combine(day, time(), tzinfo=VIETNAM).astimezone(UTC)
    wsgi.registry["clock"].now = first_draw - timedelta(seconds=70)
    made: list[int] = []

    def member(amount="10000000"):
        with operator_session(engine) as db, building_in(db):
            row = MemberFactory(brand="demo-vn")
            CreditFactory(member=row, amount=amount)
            token = start_session(db, tenant, row, None, wsgi.registry["clock"].now)  # the app's time
            for new in db.new:
                new.tenant_id = tenant.id
            made.append(row.id)
            return row.id, bearer(token)

    yield dataclasses.make_dataclass("World", ["tenant", "day", "first_draw", "member"])(
        tenant, day, first_draw, member
    )
    with operator_session(engine) as db:
        db.execute(delete(LotteryBetNumber).where(LotteryBetNumber.member_id.in_(made)))
        db.execute(delete(LotteryBet).where(LotteryBet.member_id.in_(made)))
        for model in (SeamlessCall, GameBet):
            db.execute(delete(model).where(model.member_id.in_(made)))
        for member_id in made:
            forget_member(db, member_id)
        db.execute(delete(LotteryDraw).where(LotteryDraw.series_id == series_id))
        db.execute(delete(LotterySeries).where(LotterySeries.id == series_id))


def app(wsgi) -> webtest.TestApp:
    return webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})


def numero(world, rank=1) -> str:
    return f"{world.day:%Y%m%d}-{rank:04d}"


def audit_is_clean(engine, tenant_id):
    with operator_session(engine) as db:
        report = audit_brand(db, tenant_id)
        assert report.clean, report.findings


def test_a_fast_draw_is_bet_on_drawn_and_settled_by_the_jobs(wsgi, engine, settings, world):
    member_id, headers = world.member()
    client = app(wsgi)
    placed = client.post_json(
        f"{BETS}?lang=vi", order(["00"], stake="1", bet_type="lo_2", numero=numero(world)), headers=headers
    )
    assert placed.json["value"]["cost"] == "27000"
    drawn_at = world.first_draw + timedelta(seconds=1)
    assert fast_draws(Work(settings, drawn_at, world.tenant))["draws_drawn"] >= 1
    assert settle_bets(Work(settings, drawn_at, world.tenant)) == {"draws_settled": 1, "bets_settled": 1}
    assert settle_bets(Work(settings, drawn_at, world.tenant)) == {"draws_settled": 0, "bets_settled": 0}
    mine = client.get(BETS, headers=headers).json["value"]["content"]
    assert mine[0]["state"] in ("won", "lost") and mine[0]["resultVersion"] == 1
    day = f"{world.day - timedelta(days=1)}"
    record = client.get("/wps/games/bets", {"startDate": day, "endDate": f"{world.day}"}, headers=headers).json["value"]
    assert [r["status"] for r in record["list"]] == ["settled"] and record["list"][0]["payout"] == mine[0]["payout"]
    with operator_session(engine) as db:
        expected = 10_000_000 - 27_000 + int(mine[0]["payout"])
        assert main_balance(db, db.get(Member, member_id)) == expected
    audit_is_clean(engine, world.tenant.id)


def test_two_workers_settle_each_bet_once(wsgi, engine, settings, world):
    members = [world.member() for _ in range(6)]
    client = app(wsgi)
    for n, (_, headers) in enumerate(members):
        for number in (f"{n:02d}", f"{n + 50:02d}"):
            client.post_json(f"{BETS}?lang=en", order([number], stake="1000", numero=numero(world)), headers=headers)
    drawn_at = world.first_draw + timedelta(seconds=1)
    fast_draws(Work(settings, drawn_at, world.tenant))
    counts = at_once([lambda: settle_bets(Work(settings, drawn_at, world.tenant))] * 2)
    assert sum(c["bets_settled"] for c in counts) == 12
    with operator_session(engine) as db:
        bets = db.scalars(select(LotteryBet).where(LotteryBet.member_id.in_([m for m, _ in members]))).all()
        assert {b.settled_version for b in bets} == {1}
        paid = sum(b.payout_minor for b in bets)
        credits = db.scalars(
            select(SeamlessCall).where(
                SeamlessCall.member_id.in_([m for m, _ in members]), SeamlessCall.operation == "credit"
            )
        ).all()
        assert len(credits) == 12 and sum(c.amount_minor for c in credits) == paid
        balances = sum(main_balance(db, db.get(Member, m)) for m, _ in members)
        assert balances == 6 * 10_000_000 - 12 * 1000 + paid
    audit_is_clean(engine, world.tenant.id)


def test_bets_at_once_on_one_number_never_pass_the_cap(wsgi, engine, world, settings):
    # The cap lets 3 đề of 10,000 dong on one number through (each pays 990,000): the fourth is refused.
    with operator_session(engine) as db:
        row = db.scalar(select(Tenant).where(Tenant.slug == "demo-vn"))
        original = row.config
        row.config = {**original, "lottery": {**original["lottery"], "number_cap": "2970000"}}
    try:
        members = [world.member() for _ in range(6)]
        client = app(wsgi)
        sent = [order(["27"], stake="10000", numero=numero(world)) for _ in members]
        answers = at_once(
            [
                lambda headers=headers, body=body: client.post_json(
                    f"{BETS}?lang=en", body, headers=headers, expect_errors=True
                )
                for (_, headers), body in zip(members, sent, strict=True)
            ]
        )
    finally:
        with operator_session(engine) as db:
            db.scalar(select(Tenant).where(Tenant.slug == "demo-vn")).config = original
    assert sorted(a.status_int for a in answers) == [200] * 3 + [409] * 3
    assert {a.json["code"] for a in answers if a.status_int == 409} == {"number_limit_reached"}
    with operator_session(engine) as db:
        placed = db.scalars(
            select(LotteryBetNumber).where(LotteryBetNumber.member_id.in_([m for m, _ in members]))
        ).all()
        assert sum(p.liability_minor for p in placed) == 2_970_000
    audit_is_clean(engine, world.tenant.id)
