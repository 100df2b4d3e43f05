"""The vendor wallets reconciled against what the vendor says each member holds there: the ledger's
wallet plus the play pulled since the last transfer; money made or lost between Tessera and the
vendor shows as a difference with its member, vendor and amount, and ``tessera ledger audit``
fails on it."""

import uuid
from decimal import Decimal

import pytest
import webtest
from click.testing import CliRunner
from sqlalchemy import select

from tessera.app import make_app
from tessera.commands import ledger
from tessera.games.bets.models import OPEN, ROLLED_BACK, SETTLED
from tessera.games.bets.vendor_wallets import reconcile_vendor_wallets
from tessera.games.vendors import TRANSFER
from tessera.plugins import TenantPlugins, plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.services import Ledger, Leg
from wallet_vendor import DOWN, LOSE_ANSWER, VENDOR, committed_vendor

TRANSFER_CALL = "/wps/relay/GCS_walletTransfer"


def move(app, member, direction, amount=None, status=200):
    body = {"vassalage": VENDOR, "direction": direction, "requestId": f"req-{uuid.uuid4().hex[:12]}"}
    body.update({"amount": amount} if amount else {"all": True})
    return app.post_json(TRANSFER_CALL, body, headers=member.headers, status=status).json


@pytest.fixture
def played(bets):
    """``played(member, bet, payout, status)``: a round of the member's at the vendor, as a pull of
    its bet records keeps it."""

    def make(member, bet: str, payout: str, status: str = SETTLED) -> None:
        bets(
            member,
            bet,
            payout,
            vassalage=VENDOR,
            game_code="SLOT",
            round_id=uuid.uuid4().hex[:16],
            status=status,
            wallet_mode=TRANSFER,
        )

    return make


def audit(db, app, slug="demo-bd"):
    tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == slug)))
    return reconcile_vendor_wallets(db, tenant, TenantPlugins(app.registry["plugin_manager"], tenant), [VENDOR])


def differences(report) -> list[tuple[int, str, int]]:
    return [(d.member_id, d.vassalage, d.amount) for d in report.differences]


def test_transfers_and_the_play_pulled_since_agree_with_the_vendor(testapp, app, vendor, player, db_session, played):
    move(testapp, player, "in", "60")
    vendor.balances[("demo-bd", player.id)] -= Decimal("11.50")  # lost 11.50 there...
    played(player, "20", "8.50")  # ...as its rounds say
    played(player, "1", "0", status=ROLLED_BACK)  # staked nothing
    report = audit(db_session, app)
    assert (report.compared, differences(report), report.unanswered) == (1, [], [])
    move(testapp, player, "out", "10")  # the loss is posted to the wallet with the transfer
    played(player, "5", "0", status=OPEN)  # a round still open has taken its stake
    vendor.balances[("demo-bd", player.id)] -= 5
    report = audit(db_session, app)
    assert (report.compared, differences(report)) == (1, [])


def test_money_the_vendor_does_not_hold_is_a_difference(testapp, app, vendor, player, db_session):
    move(testapp, player, "in", "30")
    ledger = Ledger(db_session, player.tenant_id)  # a wallet raised with no money at the vendor
    ledger.post(
        f"test:mint:{player.id}",
        "adjustment",
        [
            Leg(ledger.house_account("vendor_settlement", player.id), -1000),
            Leg(ledger.member_account(player.id, "vendor", VENDOR), 1000),
        ],
        member_id=player.id,
    )
    assert differences(audit(db_session, app)) == [(player.id, VENDOR, -1000)]
    vendor.balances[("demo-bd", player.id)] += 25  # play the rounds pulled do not show
    assert differences(audit(db_session, app)) == [(player.id, VENDOR, 1500)]


def test_a_transfer_under_way_is_not_compared(testapp, app, vendor, player, db_session):
    vendor.mode = LOSE_ANSWER
    move(testapp, player, "in", "30", status=503)  # the vendor holds it; the ledger waits for its answer
    report = audit(db_session, app)
    assert (report.compared, report.under_way, report.problem_count) == (0, 1, 0)


def test_a_vendor_that_cannot_say_is_a_problem(testapp, app, vendor, player, db_session):
    move(testapp, player, "in", "30")
    vendor.mode = DOWN
    report = audit(db_session, app)
    assert (report.compared, report.unanswered, report.problem_count) == (0, [(player.id, VENDOR)], 1)


@pytest.fixture
def committed(engine):
    """The test vendor in the process's plugin manager, as the command uses it."""
    with committed_vendor(plugin_manager(), engine) as plugin:
        yield plugin


@pytest.fixture(scope="module")
def wsgi(settings, engine):
    wsgi = make_app(settings)
    yield wsgi
    wsgi.registry["db_engine"].dispose()


def test_the_audit_command_lists_each_difference_and_fails(engine, settings, committed, wsgi):
    member_id, headers = committed.member("100.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    app.post_json(
        TRANSFER_CALL,
        {"vassalage": VENDOR, "direction": "in", "amount": "40", "requestId": "audit-in-01"},
        headers=headers,
    )
    run = CliRunner().invoke(ledger, ["audit", "demo-bd"], obj=settings)
    assert run.exit_code == 0, run.output
    assert "demo-bd: vendor wallets: 1 compared, 0 different, 0 not answered, 0 with a transfer under way" in run.output
    committed.balances[("demo-bd", member_id)] -= 7  # gone at the vendor, with no round to say why
    run = CliRunner().invoke(ledger, ["audit", "demo-bd"], obj=settings)
    assert run.exit_code == 1
    assert (
        f"vendor_wallet: member {member_id} (" in run.output
        and f") at {VENDOR}: the vendor holds 33.00, the ledger expects 40.00" in run.output
        and "difference -7.00" in run.output
    )
    skipped = CliRunner().invoke(ledger, ["audit", "demo-bd", "--skip-vendors"], obj=settings)
    assert skipped.exit_code == 0 and "vendor wallets" not in skipped.output
