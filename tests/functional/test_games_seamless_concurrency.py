"""The seamless wallet under calls at the same moment, each request in its own transaction on the
real database (SQLite or PostgreSQL): bets never take a balance below zero, a transaction id posts
once however many times it is sent at once, a round's credit and rollback never both win, and the
ledger audit is clean afterwards. And a transfer-wallet launch asks the vendor only about a
transfer the database keeps."""

import dataclasses
import threading

import pytest
import webtest
from sqlalchemy import delete, func, select

from factories import Clock, GameFactory, building_in
from seamless_vendor import PLUGIN, SLOT, TABLE, SeamlessVendor, VendorClient, enable_seamless_vendor
from tessera.app import make_app
from tessera.core.db import operator_session
from tessera.games.bets.models import GameBet
from tessera.games.catalog.models import Game
from tessera.games.launch.models import GameSession
from tessera.games.lobby.models import GameRecent
from tessera.games.seamless.models import SeamlessCall
from tessera.identity.accounts.models import Member
from tessera.plugins import make_plugin_manager
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.transfers.models import WalletTransfer
from wallet_helpers import forget_member
from wallet_vendor import VENDOR as TRANSFER_VENDOR
from wallet_vendor import committed_member, main_balance, wallet_balance

HOST, IP = "demo-bd.localhost", "203.0.113.9"


@pytest.fixture(scope="module")
def wsgi(settings, engine):
    # SQLite refuses at once a writer whose snapshot another writer moved past, and the request is
    # replayed at once; many writers at once need many more replays than the default. PostgreSQL waits.
    attempts = 30 if settings.database_url.startswith("sqlite") else settings.retry_attempts
    wsgi = make_app(dataclasses.replace(settings, retry_attempts=attempts), plugin_manager=make_plugin_manager())
    yield wsgi
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def world(wsgi, engine):
    """demo-bd with the test vendors and a game of each, committed; the members made here and all
    they did are removed afterwards, the house accounts they touched holding the sum of what is left."""
    plugin = SeamlessVendor()
    pm = wsgi.registry["plugin_manager"]
    pm.register(plugin, name=PLUGIN)
    with operator_session(engine) as db:
        original = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config
        enable_seamless_vendor(db, pm, "demo-bd")
        with building_in(db):
            games = [
                GameFactory(vassalage=vassalage, game_code=code, category=category)
                for vassalage, code, category in (("TSV", SLOT, "RNG"), (TRANSFER_VENDOR, TABLE, "LIVE"))
            ]
        game_ids = [game.id for game in games]
    made = []

    plugin.member = lambda amount: committed_member(engine, amount, made)
    yield plugin
    pm.unregister(plugin)
    with operator_session(engine) as db:
        db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
        for model in (SeamlessCall, GameBet, GameSession, GameRecent):
            db.execute(delete(model).where(model.member_id.in_(made)))
        for member_id in made:
            forget_member(db, member_id)
        db.execute(delete(Game).where(Game.id.in_(game_ids)))


def at_once(wsgi, calls) -> list[dict]:
    """Run ``call(vendor)`` for each of ``calls`` in its own thread, all released together; the
    answers in the order of ``calls``."""
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    start, answers, problems = threading.Barrier(len(calls)), [None] * len(calls), []

    def run(n, call):
        vendor = VendorClient(app)
        start.wait()
        try:
            answers[n] = call(vendor)
        except Exception as exc:  # noqa: BLE001 -- reported below
            problems.append(repr(exc))

    threads = [threading.Thread(target=run, args=(n, call)) for n, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert problems == [] and None not in answers
    return answers


def committed(engine, member_id: int, *criteria):
    """The member's main balance and the number of their ledger transactions of the game kinds."""
    with operator_session(engine) as db:
        member = db.get(Member, member_id)
        count = db.scalar(
            select(func.count())
            .select_from(LedgerTransaction)
            .where(LedgerTransaction.member_id == member_id, LedgerTransaction.kind.like("game%"), *criteria)
        )
        return main_balance(db, member), count


def audit_is_clean(engine, tenant_ids):
    with operator_session(engine) as db:
        report = audit_brand(db, tenant_ids["demo-bd"])
        assert report.clean, report.findings


def codes(answers) -> list:
    return sorted(answer.get("code") or "ok" for answer in answers)


def test_bets_at_once_never_overdraw(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    answers = at_once(wsgi, [lambda v, n=n: v.debit(member_id, f"d-{n}", f"r-{n}", "15") for n in range(10)])
    assert codes(answers) == ["insufficient_funds"] * 4 + ["ok"] * 6
    assert committed(engine, member_id, LedgerTransaction.kind == "game_bet") == (1000, 6)
    assert sorted(a["balance"] for a in answers if a["ok"]) == ["10.00", "25.00", "40.00", "55.00", "70.00", "85.00"]
    with operator_session(engine) as db:
        kept = db.scalars(select(SeamlessCall).where(SeamlessCall.member_id == member_id)).all()
        assert len(kept) == 10 and sum(c.ledger_transaction_id is not None for c in kept) == 6
    audit_is_clean(engine, tenant_ids)


def test_one_transaction_sent_at_once_posts_once(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    answers = at_once(wsgi, [lambda v: v.debit(member_id, "d-same", "r-same", "10")] * 6)
    assert all(answer == answers[0] for answer in answers) and answers[0]["balance"] == "90.00"
    assert committed(engine, member_id) == (9000, 1)
    credits = at_once(wsgi, [lambda v: v.credit(member_id, "c-same", "r-same", "35")] * 6)
    assert all(answer == credits[0] for answer in credits) and credits[0]["balance"] == "125.00"
    assert committed(engine, member_id) == (12500, 2)
    audit_is_clean(engine, tenant_ids)


def test_one_id_for_two_members_at_once(wsgi, engine, world, tenant_ids):
    (first, _), (second, _) = world.member("50.00"), world.member("50.00")
    answers = at_once(wsgi, [lambda v, m=m: v.debit(m, "d-shared", f"r-{m}", "10") for m in (first, second) * 3])
    winners = {a["memberId"] for a in answers if a["ok"]}
    assert len(winners) == 1 and codes(answers) == ["ok"] * 3 + ["transaction_conflict"] * 3
    balances = sorted(committed(engine, m)[0] for m in (first, second))
    assert balances == [4000, 5000]
    audit_is_clean(engine, tenant_ids)


def test_bets_and_their_rollbacks_at_once(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    calls = []
    for n in range(5):
        calls.append(lambda v, n=n: v.debit(member_id, f"d-{n}", f"r-{n}", "20"))
        calls.append(lambda v, n=n: v.rollback(member_id, f"rb-{n}", f"d-{n}", roundId=f"r-{n}"))
    answers = at_once(wsgi, calls)
    assert set(codes(answers)) <= {"ok", "round_rolled_back"}
    # Whichever came first, no bet stands: each was undone, or refused because its rollback came first.
    assert committed(engine, member_id)[0] == 10000
    with operator_session(engine) as db:
        rounds = db.scalars(select(GameBet).where(GameBet.member_id == member_id)).all()
        assert all((r.status, r.bet_minor) == ("rolled_back", 0) for r in rounds)
    audit_is_clean(engine, tenant_ids)


def test_a_credit_and_a_rollback_of_one_round_at_once(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    paid = 0
    for n in range(4):
        VendorClient(app).debit(member_id, f"d-{n}", f"r-{n}", "10")
        credit, rollback = at_once(
            wsgi,
            [
                lambda v, n=n: v.credit(member_id, f"c-{n}", f"r-{n}", "25"),
                lambda v, n=n: v.rollback(member_id, f"rb-{n}", f"d-{n}"),
            ],
        )
        # One of them wins: the round is settled and cannot be undone, or undone and cannot be paid.
        assert (credit.get("code"), rollback.get("code")) in {(None, "round_settled"), ("round_rolled_back", None)}
        paid += credit["ok"]
    assert committed(engine, member_id)[0] == 10000 + 1500 * paid
    audit_is_clean(engine, tenant_ids)


def test_late_wins_at_once_within_and_after_the_window(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    wsgi.registry["clock"] = clock = Clock()
    try:
        VendorClient(app).debit(member_id, "d-1", "r-1", "10")
        VendorClient(app).credit(member_id, "c-1", "r-1", "0")
        clock.advance(hours=23)
        answers = at_once(
            wsgi,
            [lambda v, n=n: v.credit(member_id, f"late-{n}", "r-1", "5") for n in range(4)]
            + [lambda v: v.credit(member_id, "late-0", "r-1", "5")] * 2,
        )
        assert codes(answers) == ["ok"] * 6
        assert committed(engine, member_id, LedgerTransaction.kind == "game_payout") == (11000, 4)
        clock.advance(hours=1)
        answers = at_once(
            wsgi,
            [lambda v: v.credit(member_id, "after", "r-1", "5")] * 3
            + [lambda v: v.credit(member_id, "late-1", "r-1", "5")] * 3,
        )
        assert codes(answers) == ["ok"] * 3 + ["round_closed"] * 3  # a replay keeps its first answer
        assert committed(engine, member_id, LedgerTransaction.kind == "game_payout") == (11000, 4)
    finally:
        del wsgi.registry["clock"]
    audit_is_clean(engine, tenant_ids)


def test_a_transfer_launch_asks_the_vendor_about_a_committed_transfer(wsgi, engine, world):
    member_id, headers = world.member("64.00")
    seen = []

    def look(transfer_id):
        with operator_session(engine) as db:  # another connection: it sees only what is committed
            transfer = db.get(WalletTransfer, int(transfer_id.rsplit("-", 1)[1]))
            member = db.get(Member, member_id)
            seen.append((transfer.status, transfer.amount_minor, transfer.whole, main_balance(db, member)))

    world.on_call = look
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    app.get("/wps/game/launchGame", {"gameCode": TABLE, "vassalage": TRANSFER_VENDOR}, headers=headers)
    assert seen == [("pending", 6400, True, 0)]
    with operator_session(engine) as db:
        assert wallet_balance(db, db.get(Member, member_id)) == 6400


def test_a_launch_token_works_before_the_vendor_answers_the_launch(wsgi, engine, world):
    member_id, headers = world.member("5.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    world.on_launch = lambda player: world.seen.append(VendorClient(app).authenticate(player["launchToken"]))
    world.seen = []
    app.get("/wps/game/launchGame", {"gameCode": SLOT, "vassalage": "TSV"}, headers=headers)
    assert [(answer["ok"], answer.get("memberId")) for answer in world.seen] == [(True, member_id)]


def test_two_settlements_of_one_bet_at_once_post_once(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    VendorClient(app).debit(member_id, "d-1", "fixture-1", "10")
    settlements = at_once(wsgi, [lambda v: v.credit(member_id, "s-1", "fixture-1", "25")] * 4)
    assert all(answer == settlements[0] for answer in settlements) and settlements[0]["balance"] == "115.00"
    resettles = at_once(wsgi, [lambda v, n=n: v.resettle(member_id, f"rs-{n % 2}", "fixture-1", "5") for n in range(4)])
    assert codes(resettles) == ["ok"] * 4
    assert committed(engine, member_id, LedgerTransaction.kind == "game_resettle") == (9500, 1)
    cancels = at_once(wsgi, [lambda v, n=n: v.cancel(member_id, f"x-{n % 2}", "fixture-1") for n in range(4)])
    assert codes(cancels) == ["ok"] * 4
    assert committed(engine, member_id, LedgerTransaction.kind == "game_cancel") == (10000, 1)
    with operator_session(engine) as db:
        round_ = db.scalars(select(GameBet).where(GameBet.round_id == "fixture-1")).one()
        assert (round_.status, round_.bet_minor, round_.payout_minor) == ("cancelled", 1000, 500)
    audit_is_clean(engine, tenant_ids)


def test_a_cancel_and_a_resettle_of_one_round_at_once(wsgi, engine, world, tenant_ids):
    member_id, _ = world.member("100.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
    VendorClient(app).debit(member_id, "d-1", "fight-1", "10")
    VendorClient(app).credit(member_id, "s-1", "fight-1", "0")
    cancel, resettle = at_once(
        wsgi,
        [lambda v: v.cancel(member_id, "x-1", "fight-1"), lambda v: v.resettle(member_id, "rs-1", "fight-1", "30")],
    )
    # Either order ends with the round voided and the stake back, whatever the resettle paid.
    assert cancel["ok"] and resettle.get("code") in (None, "round_cancelled")
    assert committed(engine, member_id)[0] == 10000
    audit_is_clean(engine, tenant_ids)
