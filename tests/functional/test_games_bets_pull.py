"""``tessera games pull-bets``: transfer-wallet vendors' rounds brought into the betting records
page by page from where the last pull stopped, once per round whatever how often or how many at
once pull them, only for the brand's own members."""

import threading
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import delete, func, select

from factories import MemberFactory, building_in
from games_bets_helpers import BETS, PLUGIN, TRANSFER_VENDOR, BetVendor, enable_bet_vendor
from tessera.core.db import operator_session
from tessera.games.bets.commands import pull_bets
from tessera.games.bets.models import OPEN, SETTLED, BetCursor, GameBet
from tessera.games.bets.pulls import pull_vendor_bets, transfer_offers
from tessera.games.vendors import SEAMLESS, TRANSFER
from tessera.identity.accounts.models import Member
from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

PLACED = datetime(2026, 7, 1, 10, 0, tzinfo=UTC)


def bet_record(member_id, round_id: str, bet="10.00", payout="0.00", game_code="SLOT7", settled=True, **more) -> dict:
    return {
        "roundId": round_id,
        "memberId": member_id,
        "gameCode": game_code,
        "bet": bet,
        "payout": payout,
        "placedAt": PLACED.isoformat(),
        "settledAt": (PLACED + timedelta(minutes=1)).isoformat() if settled else None,
        **more,
    }


def pull(db, app, slug="demo-bd") -> dict:
    """The command's work for one brand's transfer vendor, in the test's transaction, scoped to the brand."""
    tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == slug)))
    plugins = TenantPlugins(app.registry["plugin_manager"], tenant)
    offers, unlisted = transfer_offers(plugins)
    assert ([offer.vassalage for offer in offers], unlisted) == ([TRANSFER_VENDOR], [])
    scope = db.info["tenant_id"]
    db.info["tenant_id"] = tenant.id
    try:
        return dict(pull_vendor_bets(db, tenant, plugins, offers[0]))
    finally:
        db.info["tenant_id"] = scope


def counts(recorded=0, updated=0, unchanged=0, skipped=0, invalid=0) -> dict:
    return {"recorded": recorded, "updated": updated, "unchanged": unchanged, "skipped": skipped, "invalid": invalid}


def rounds_of(db, tenant_id: int) -> list[tuple]:
    found = (
        select(GameBet)
        .where(GameBet.tenant_id == tenant_id, GameBet.vassalage == TRANSFER_VENDOR)
        .order_by(GameBet.round_id)
        .execution_options(populate_existing=True)
    )
    return [
        (r.round_id, r.member_id, r.bet_minor, r.payout_minor, r.status, r.wallet_mode, r.category, r.game_id)
        for r in db.scalars(found)
    ]


class TestPulling:
    def test_rounds_are_kept_once(self, app, bet_vendor, login, db_session, games):
        one, two = login(), login()
        esports = games(TRANSFER_VENDOR, "VIRT1", "Virtual League", "ESPORTS", tenant_id=one.tenant_id)
        bet_vendor.records["demo-bd"] = [
            bet_record(one.id, "R1", "10", "25.50"),
            bet_record(str(two.id), "R2", "3", game_code="VIRT1"),
        ]
        assert pull(db_session, app) == counts(recorded=2)
        assert rounds_of(db_session, one.tenant_id) == [
            ("R1", one.id, 1000, 2550, SETTLED, TRANSFER, "RNG", None),
            ("R2", two.id, 300, 0, SETTLED, TRANSFER, "ESPORTS", esports.id),
        ]
        assert pull(db_session, app) == counts()  # nothing new after the cursor
        bet_vendor.records["demo-bd"] += bet_vendor.records["demo-bd"]  # the vendor lists them again
        assert pull(db_session, app) == counts(unchanged=2)
        assert len(rounds_of(db_session, one.tenant_id)) == 2

    def test_a_pull_goes_on_from_where_the_last_one_stopped(self, app, bet_vendor, login, db_session):
        member = login()
        bet_vendor.page = 2
        bet_vendor.records["demo-bd"] = [bet_record(member.id, f"R{n}") for n in range(5)]
        assert pull(db_session, app) == counts(recorded=5)
        assert bet_vendor.asked == [("demo-bd", None), ("demo-bd", "2"), ("demo-bd", "4"), ("demo-bd", "5")]
        kept = db_session.scalar(
            select(BetCursor.position).where(
                BetCursor.vassalage == TRANSFER_VENDOR, BetCursor.tenant_id == member.tenant_id
            )
        )
        assert kept == "5"
        bet_vendor.records["demo-bd"].append(bet_record(member.id, "R5"))
        bet_vendor.asked.clear()
        assert pull(db_session, app) == counts(recorded=1)
        assert bet_vendor.asked == [("demo-bd", "5"), ("demo-bd", "6")]

    @pytest.mark.parametrize(
        "answer",
        [
            [],
            {"records": []},
            {"records": [], "cursor": ""},
            {"records": "R1", "cursor": "1"},
            {"records": [], "cursor": 7},
        ],
    )
    def test_an_answer_without_its_records_and_cursor_is_the_vendor_unable_to_answer(
        self, app, bet_vendor, db_session, answer
    ):
        bet_vendor.answer = answer
        with pytest.raises(AdapterError) as refusal:
            pull(db_session, app)
        assert refusal.value.code == "vendor_unavailable"
        assert db_session.scalar(select(func.count()).select_from(BetCursor)) == 0

    def test_pulled_rounds_are_in_the_members_record(self, bd, app, bet_vendor, login, db_session):
        member = login()
        bet_vendor.records["demo-bd"] = [bet_record(member.id, "R1", "10", "25.50")]
        pull(db_session, app)
        listed = bd.get(BETS, headers=member.headers).json["value"]["list"]
        assert [(e["roundId"], e["walletMode"], e["vendorName"], e["winLoss"], e["settledAt"]) for e in listed] == [
            ("R1", "transfer", "Transfer Bets", "15.50", "2026-07-01T10:01:00Z")
        ]

    def test_a_record_that_changed_updates_its_round(self, app, bet_vendor, login, db_session):
        member = login()
        bet_vendor.records["demo-bd"] = [bet_record(member.id, "R1", "10", settled=False)]
        assert pull(db_session, app) == counts(recorded=1)
        assert rounds_of(db_session, member.tenant_id)[0][2:5] == (1000, 0, OPEN)
        bet_vendor.records["demo-bd"].append(bet_record(member.id, "R1", "10", "40"))  # settled: listed again
        assert pull(db_session, app) == counts(updated=1)
        assert rounds_of(db_session, member.tenant_id)[0][2:5] == (1000, 4000, SETTLED)

    def test_members_not_of_the_brand_are_skipped(self, app, bet_vendor, login, db_session):
        mine, foreign = login(), login("demo-ph")
        bet_vendor.records["demo-bd"] = [
            bet_record(foreign.id, "R1"),
            bet_record(mine.id, "R2"),
            bet_record(999_999_999, "R3"),
        ]
        assert pull(db_session, app) == counts(recorded=1, skipped=2)
        assert [r[0] for r in rounds_of(db_session, mine.tenant_id)] == ["R2"]
        assert rounds_of(db_session, foreign.tenant_id) == []

    def test_a_round_the_brand_knows_otherwise_is_left_alone(self, app, bet_vendor, login, db_session, rounds):
        member, other = login(), login()
        rounds(member, "5", "6", round_id="R1", wallet_mode=SEAMLESS)
        rounds(member, "7", round_id="R2")
        bet_vendor.records["demo-bd"] = [bet_record(member.id, "R1", "10"), bet_record(other.id, "R2", "10")]
        assert pull(db_session, app) == counts(skipped=2)
        assert [r[:4] for r in rounds_of(db_session, member.tenant_id)] == [
            ("R1", member.id, 500, 600),
            ("R2", member.id, 700, 0),
        ]

    @pytest.mark.parametrize(
        "bad",
        [
            {"roundId": ""},
            {"roundId": "  "},
            {"memberId": "x"},
            {"memberId": True},
            {"memberId": -3},
            {"bet": "-1"},
            {"bet": "1.001"},
            {"payout": "NaN"},
            {"payout": None},
            {"bet": True},
            {"placedAt": "yesterday"},
            {"settledAt": "2026-13-01T00:00:00Z"},
            {"gameCode": None},
            {"roundId": "R" * 65},
            {"bet": "1e400"},
        ],
    )
    def test_unreadable_records_are_counted_and_the_rest_kept(self, app, bet_vendor, login, db_session, bad):
        member = login()
        bet_vendor.records["demo-bd"] = [
            {**bet_record(member.id, "RB"), **bad},
            bet_record(member.id, "R1"),
            "not a record",
        ]
        assert pull(db_session, app) == counts(recorded=1, invalid=2)
        assert [r[0] for r in rounds_of(db_session, member.tenant_id)] == ["R1"]

    def test_numbers_and_naive_moments_are_read_too(self, app, bet_vendor, login, db_session):
        member = login()
        bet_vendor.records["demo-bd"] = [
            {
                "roundId": 77,
                "memberId": member.id,
                "gameCode": "SLOT7",
                "bet": 2,
                "payout": "3.5",
                "placedAt": "2026-07-01T10:00:00",
                "settledAt": None,
            }
        ]
        assert pull(db_session, app) == counts(recorded=1)
        row = db_session.scalar(select(GameBet).where(GameBet.round_id == "77", GameBet.tenant_id == member.tenant_id))
        assert (row.bet_minor, row.payout_minor, row.status) == (200, 350, OPEN)
        assert row.placed_at.replace(tzinfo=UTC) == PLACED

    def test_brands_keep_their_own_rounds(self, app, bet_vendor, login, db_session):
        bd_member, ph_member = login(), login("demo-ph")
        bet_vendor.records["demo-bd"] = [bet_record(bd_member.id, "SAME", "1")]
        bet_vendor.records["demo-ph"] = [bet_record(ph_member.id, "SAME", "2")]
        assert pull(db_session, app) == counts(recorded=1)
        assert pull(db_session, app, "demo-ph") == counts(recorded=1)
        assert [r[:3] for r in rounds_of(db_session, bd_member.tenant_id)] == [("SAME", bd_member.id, 100)]
        assert [r[:3] for r in rounds_of(db_session, ph_member.tenant_id)] == [("SAME", ph_member.id, 200)]

    def test_a_vendor_that_cannot_answer_raises_its_refusal(self, app, bet_vendor, db_session):
        bet_vendor.down = True
        with pytest.raises(AdapterError) as refusal:
            pull(db_session, app)
        assert refusal.value.code == "vendor_unavailable"


# -- Against committed data: the command, and pulls at once ---------------------------------------


@pytest.fixture
def committed(engine, tenant_ids):
    """Every demo brand with the test vendor (in the process's plugin manager, as the command
    uses it), committed; members made here and their rounds are removed afterwards."""
    plugin = BetVendor()
    pm = plugin_manager()
    pm.register(plugin, name=PLUGIN)
    with operator_session(engine) as db:
        originals = {t.slug: t.config for t in db.scalars(select(Tenant))}
        for slug in originals:
            enable_bet_vendor(db, slug, pm)
    made = []

    def member(slug="demo-bd") -> int:
        with operator_session(engine) as db:
            with building_in(db):
                row = MemberFactory(brand=slug)
            made.append(row.id)
            return row.id

    plugin.member = member
    yield plugin
    pm.unregister(plugin)
    with operator_session(engine) as db:
        for tenant in db.scalars(select(Tenant).where(Tenant.slug.in_(tuple(originals)))):
            tenant.config = originals[tenant.slug]
        db.execute(delete(GameBet).where(GameBet.member_id.in_(made)))
        db.execute(delete(BetCursor).where(BetCursor.vassalage == TRANSFER_VENDOR))
        db.execute(delete(Member).where(Member.id.in_(made)))


def committed_rounds(engine, member_ids) -> list[tuple]:
    with operator_session(engine) as db:
        return [
            (r.round_id, r.member_id, r.payout_minor)
            for r in db.scalars(select(GameBet).where(GameBet.member_id.in_(member_ids)).order_by(GameBet.round_id))
        ]


def run(settings, *args):
    return CliRunner().invoke(pull_bets, list(args), obj=settings, env={"TESSERA_DATABASE_URL": settings.database_url})


def test_the_pull_bets_command(engine, settings, committed):
    bd_member, ph_member = committed.member(), committed.member("demo-ph")
    committed.records["demo-bd"] = [bet_record(bd_member, "C1", payout="12"), bet_record(ph_member, "C2")]
    committed.records["demo-ph"] = [bet_record(ph_member, "C3")]
    result = run(settings, "demo-bd")
    assert (result.exit_code, result.output) == (
        0,
        "demo-bd: TWB: 1 recorded, 0 updated, 0 unchanged, 1 skipped, 0 invalid\n",
    )
    assert committed_rounds(engine, [bd_member, ph_member]) == [("C1", bd_member, 1200)]
    committed.records["demo-bd"].append(bet_record(bd_member, "C4"))
    result = run(settings)  # every brand, each from where its last pull stopped
    assert result.exit_code == 0
    assert "demo-bd: TWB: 1 recorded, 0 updated, 0 unchanged, 0 skipped, 0 invalid\n" in result.output
    assert "demo-ph: TWB: 1 recorded, 0 updated, 0 unchanged, 0 skipped, 0 invalid\n" in result.output
    assert committed_rounds(engine, [bd_member, ph_member]) == [
        ("C1", bd_member, 1200),
        ("C3", ph_member, 0),
        ("C4", bd_member, 0),
    ]
    committed.down = True
    failed = run(settings, "demo-bd")
    assert failed.exit_code == 1 and "demo-bd: TWB: failed (vendor_unavailable)" in failed.output
    assert run(settings, "nobrand").exit_code == 2
    assert run(settings, "demo-bd", "--every", "0").exit_code == 2


def test_pulls_at_once_keep_each_round_once(engine, settings, committed):
    member = committed.member()
    committed.page = 3
    committed.records["demo-bd"] = [bet_record(member, f"P{n}", payout=str(n)) for n in range(20)]
    results, errors = [], []
    start = threading.Barrier(3)

    def puller():
        try:
            start.wait()
            with operator_session(engine) as db:
                tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")))
                db.info["tenant_id"] = tenant.id
                plugins = TenantPlugins(plugin_manager(), tenant)
                offer = transfer_offers(plugins)[0][0]
                results.append(pull_vendor_bets(db, tenant, plugins, offer))
        except Exception as error:  # noqa: BLE001 -- reported below
            errors.append(error)

    threads = [threading.Thread(target=puller) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert sum(r["recorded"] for r in results) == 20  # a page kept by one pull is left by the others
    assert sum(r["unchanged"] for r in results) == 0
    with operator_session(engine) as db:
        assert db.scalar(select(func.count()).select_from(GameBet).where(GameBet.member_id == member)) == 20
