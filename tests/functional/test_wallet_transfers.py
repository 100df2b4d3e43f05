"""/wps/relay/GCS_walletTransfer: money between main and a transfer-wallet vendor's wallet, never
lost whatever the vendor does (refuses, is down, times out, loses its answer), settled once."""

import dataclasses
import json
import re
import threading
import uuid
from datetime import timedelta
from decimal import Decimal
from urllib.parse import urljoin
from urllib.request import Request, urlopen
from wsgiref.simple_server import WSGIRequestHandler, make_server

import pytest
import webtest
from click.testing import CliRunner
from sqlalchemy import func, select
from tessera_sandboxes.transfer_vendor.server import make_app as make_sandbox

from accounts import bearer
from tessera.app import make_app
from tessera.core.db import operator_session
from tessera.games.bets.pulls import pull_vendor_bets, transfer_offers
from tessera.games.bets.vendor_wallets import reconcile_vendor_wallets
from tessera.identity.accounts.models import Member
from tessera.plugins import TenantPlugins
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.transfers.commands import transfers
from tessera.wallet.transfers.models import WalletTransfer
from tessera.wallet.transfers.services import reconcile_transfers
from wallet_vendor import (
    CRASH,
    DOWN,
    LOSE_ANSWER,
    REFUSE,
    SEAMLESS,
    TIMEOUT,
    VENDOR,
    committed_vendor,
    in_flight,
    main_balance,
    wallet_balance,
)

TRANSFER = "/wps/relay/GCS_walletTransfer"
BALANCE = "/wps/v2/wallets/balance"


def rid() -> str:
    return f"req-{uuid.uuid4().hex[:12]}"


def move(app, member, direction="in", amount="30", status=200, **more):
    body = {"vassalage": VENDOR, "direction": direction, "requestId": rid(), **more}
    if amount is not None:
        body["amount"] = amount
    return app.post_json(TRANSFER + "?lang=en", body, headers=member.headers, status=status).json


def reconcile(db_session, app, slug="demo-bd"):
    """``tessera transfers reconcile``'s work, in the test's transaction, with the app's plugins."""
    tenant = TenantContext.from_row(db_session.scalar(select(Tenant).where(Tenant.slug == slug)))
    return reconcile_transfers(db_session, tenant, TenantPlugins(app.registry["plugin_manager"], tenant))


def transfers_of(db_session, member) -> list[WalletTransfer]:
    return list(
        db_session.scalars(
            select(WalletTransfer)
            .where(WalletTransfer.member_id == member.id)
            .execution_options(populate_existing=True)
        )
    )


def posted(db_session, member, kind: str) -> int:
    return db_session.scalar(
        select(func.count())
        .select_from(LedgerTransaction)
        .where(LedgerTransaction.member_id == member.id, LedgerTransaction.kind == kind)
    )


class TestMoving:
    def test_in_moves_money_from_main_to_the_vendor_wallet(self, testapp, vendor, player, db_session):
        value = move(testapp, player, "in", "30.5")["value"]
        assert value == {
            "transferId": value["transferId"],
            "status": "done",
            "mainBalance": "69.50",
            "walletBalance": "30.50",
            "sumBalance": "100.00",
        }
        assert (main_balance(db_session, player), wallet_balance(db_session, player)) == (6950, 3050)
        assert vendor.balance("demo-bd", player.id) == 30.5
        assert vendor.calls[-1]["transferId"] == f"demo-bd-{value['transferId']}"
        assert vendor.calls[-1]["amount"] == "30.50"
        assert in_flight(db_session, player.tenant_id) == 0

    def test_out_moves_money_back_to_main(self, testapp, vendor, player, db_session):
        move(testapp, player, "in", "30")
        value = move(testapp, player, "out", 12)["value"]
        assert (value["status"], value["mainBalance"], value["walletBalance"]) == ("done", "82.00", "18.00")
        assert vendor.balance("demo-bd", player.id) == 18
        assert posted(db_session, player, "transfer_out") == 1

    def test_all_moves_the_whole_balance(self, testapp, vendor, player, db_session):
        assert move(testapp, player, "in", None, all=True)["value"]["walletBalance"] == "100.00"
        assert main_balance(db_session, player) == 0
        value = move(testapp, player, "out", None, all=True)["value"]
        assert (value["mainBalance"], value["walletBalance"]) == ("100.00", "0.00")
        assert vendor.balance("demo-bd", player.id) == 0

    def test_all_of_nothing_is_refused(self, testapp, vendor, player):
        assert move(testapp, player, "out", None, status=400, all=True)["code"] == "insufficient_funds"
        assert vendor.calls == []

    def test_the_balance_shows_both_wallets(self, testapp, vendor, player):
        move(testapp, player, "in", "40")
        value = testapp.get(BALANCE, headers=player.headers).json["value"]
        assert (value["sumBalance"], value["mainBalance"], value["pendingBalance"]) == ("100.00", "60.00", "0.00")
        assert value["wallets"] == [{"vassalage": VENDOR, "displayName": "Transfer Wallet Test", "balance": "40.00"}]


class TestRefusals:
    @pytest.mark.parametrize("direction, amount", [("in", "100.01"), ("out", "0.01")])
    def test_more_than_the_balance_moves_nothing(self, testapp, vendor, player, db_session, direction, amount):
        assert move(testapp, player, direction, amount, status=400)["code"] == "insufficient_funds"
        assert vendor.calls == [] and transfers_of(db_session, player) == []
        assert main_balance(db_session, player) == 10000

    def test_all_out_of_an_empty_wallet_is_refused_and_holds_nothing_up(self, testapp, vendor, player, db_session):
        assert move(testapp, player, "out", None, all=True, status=400)["code"] == "insufficient_funds"
        assert [t.status for t in transfers_of(db_session, player)] == ["failed"]
        assert move(testapp, player, "in", "10")["value"]["status"] == "done"

    @pytest.mark.parametrize(
        "amount, code",
        [
            ("0", "amount_invalid"),
            ("-5", "amount_invalid"),
            ("1.001", "amount_too_precise"),
            ("abc", "amount_invalid"),
            (True, "amount_invalid"),
            (None, "amount_invalid"),
            ("NaN", "amount_invalid"),
            ("Infinity", "amount_invalid"),
            ("1e400", "amount_above_maximum"),
        ],
    )
    def test_bad_amounts(self, testapp, vendor, player, amount, code):
        assert move(testapp, player, "in", amount, status=400)["code"] == code
        assert vendor.calls == []

    @pytest.mark.parametrize("request_id", [None, "", "short", "x" * 65, "has space1", "semi;colon", 12345678])
    def test_a_missing_or_malformed_request_id(self, testapp, vendor, player, request_id):
        body = {"vassalage": VENDOR, "direction": "in", "amount": "1"}
        if request_id is not None:
            body["requestId"] = request_id
        answer = testapp.post_json(TRANSFER, body, headers=player.headers, status=400).json
        assert answer["code"] == "request_id_invalid"

    def test_an_unknown_vendor(self, testapp, vendor, player):
        answer = move(testapp, player, vassalage="NOPE", status=404)
        assert (answer["code"], answer["message"]) == ("vendor_unknown", "There is no game vendor NOPE.")
        body = {"vassalage": "NOPE", "direction": "in", "amount": "1", "requestId": rid()}
        answer = testapp.post_json(TRANSFER + "?lang=bn", body, headers=player.headers, status=404).json
        assert answer["message"] == "NOPE নামে কোনো গেম ভেন্ডর নেই।"

    def test_a_seamless_vendor(self, testapp, vendor, player):
        assert move(testapp, player, vassalage=SEAMLESS, status=400)["code"] == "vendor_not_transfer"

    def test_a_bad_direction(self, testapp, vendor, player):
        assert move(testapp, player, "sideways", status=400)["code"] == "invalid_request"

    @pytest.mark.parametrize("member_type", [0, 1])
    def test_only_real_members(self, testapp, vendor, members, db_session, token_of, member_type, fund):
        member = members(member_type=member_type, password=None if member_type == 0 else "Secret123")
        fund(member, "10")
        member.headers = bearer(token_of(member))
        assert move(testapp, member, status=403)["code"] == "in_need_true_account"
        assert vendor.calls == []

    def test_it_needs_a_login(self, testapp, vendor):
        body = {"vassalage": VENDOR, "direction": "in", "amount": "1", "requestId": rid()}
        answer = testapp.post_json(TRANSFER, body, status=401).json
        assert answer["code"] == "not_logged_in"


class TestVendorTrouble:
    def test_a_refusal_gives_the_money_back(self, testapp, vendor, player, db_session):
        vendor.mode = REFUSE
        value = move(testapp, player, "in", "30")["value"]
        assert (value["status"], value["mainBalance"], value["walletBalance"]) == ("failed", "100.00", "0.00")
        assert in_flight(db_session, player.tenant_id) == 0
        assert [t.status for t in transfers_of(db_session, player)] == ["failed"]
        assert posted(db_session, player, "transfer_refund") == 1

    @pytest.mark.parametrize("mode", [DOWN, TIMEOUT])
    def test_a_vendor_out_of_reach_leaves_the_transfer_pending(self, testapp, app, vendor, player, db_session, mode):
        vendor.mode = mode
        answer = move(testapp, player, "in", "30", status=503)
        assert answer["code"] == "transfer_unavailable"
        assert answer["value"]["status"] == "pending" and answer["value"]["mainBalance"] == "70.00"
        assert in_flight(db_session, player.tenant_id) == 3000
        balance = testapp.get(BALANCE, headers=player.headers).json["value"]
        assert (balance["mainBalance"], balance["pendingBalance"], balance["sumBalance"]) == ("70.00", "30.00", "70.00")
        vendor.mode = None
        assert reconcile(db_session, app) == {"done": 1, "failed": 0, "pending": 0}
        assert (main_balance(db_session, player), wallet_balance(db_session, player)) == (7000, 3000)
        assert in_flight(db_session, player.tenant_id) == 0
        assert reconcile(db_session, app) == {"done": 0, "failed": 0, "pending": 0}
        assert vendor.moves("demo-bd") == 1 and posted(db_session, player, "transfer_settle") == 1
        report = audit_brand(db_session, player.tenant_id)
        assert report.clean, report.findings

    def test_a_refusal_found_by_reconciling_gives_the_money_back(self, testapp, app, vendor, player, db_session):
        vendor.mode = DOWN
        move(testapp, player, "in", "30", status=503)
        vendor.mode = REFUSE
        assert reconcile(db_session, app) == {"done": 0, "failed": 1, "pending": 0}
        assert main_balance(db_session, player) == 10000 and in_flight(db_session, player.tenant_id) == 0

    @pytest.mark.parametrize("mode", [LOSE_ANSWER, CRASH])
    def test_a_lost_answer_after_the_vendor_moved_the_money(self, testapp, app, vendor, player, db_session, mode):
        vendor.mode = mode
        move(testapp, player, "in", "30", status=503)
        assert vendor.balance("demo-bd", player.id) == 30  # the vendor has it; the ledger does not know yet
        assert wallet_balance(db_session, player) == 0 and in_flight(db_session, player.tenant_id) == 3000
        vendor.mode = None
        assert reconcile(db_session, app)["done"] == 1
        assert (main_balance(db_session, player), wallet_balance(db_session, player)) == (7000, 3000)
        assert vendor.balance("demo-bd", player.id) == 30 and vendor.moves("demo-bd") == 1

    def test_out_with_a_lost_answer_credits_main_once(self, testapp, app, vendor, player, db_session):
        move(testapp, player, "in", "50")
        vendor.mode = LOSE_ANSWER
        answer = move(testapp, player, "out", "20", status=503)
        assert answer["value"]["mainBalance"] == "50.00" and answer["value"]["walletBalance"] == "50.00"
        vendor.mode = None
        reconcile(db_session, app)
        reconcile(db_session, app)
        assert (main_balance(db_session, player), wallet_balance(db_session, player)) == (7000, 3000)
        assert vendor.balance("demo-bd", player.id) == 30 and posted(db_session, player, "transfer_out") == 1

    def test_sending_the_request_again_settles_a_pending_transfer(self, testapp, vendor, player, db_session):
        vendor.mode = DOWN
        body = {"vassalage": VENDOR, "direction": "in", "amount": "25", "requestId": rid()}
        first = testapp.post_json(TRANSFER, body, headers=player.headers, status=503).json["value"]
        vendor.mode = None
        again = testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]
        assert (again["transferId"], again["status"], again["walletBalance"]) == (first["transferId"], "done", "25.00")
        assert vendor.moves("demo-bd") == 1

    def test_a_vendor_that_cannot_list_itself_keeps_the_member_wallet(self, testapp, vendor, player):
        move(testapp, player, "in", "30")
        vendor.listing_down = True
        assert move(testapp, player, "out", "10", status=503)["code"] == "transfer_unavailable"
        balance = testapp.get(BALANCE, headers=player.headers).json["value"]
        assert balance["sumBalance"] == "100.00"
        assert balance["wallets"] == [{"vassalage": VENDOR, "displayName": VENDOR, "balance": "30.00"}]

    def test_winnings_at_the_vendor_come_out_with_the_transfer(self, testapp, vendor, player, db_session):
        move(testapp, player, "in", "30")
        vendor.balances[("demo-bd", player.id)] += 15  # the member won at the vendor
        value = move(testapp, player, "out", "40")["value"]  # more than the mirror: the vendor is asked
        # The wallet is what the vendor holds after it: the winnings came with the transfer.
        assert (value["status"], value["mainBalance"], value["walletBalance"]) == ("done", "110.00", "5.00")
        assert vendor.balance("demo-bd", player.id) == 5 and posted(db_session, player, "game_vendor_result") == 1
        value = move(testapp, player, "out", None, all=True)["value"]
        assert (value["mainBalance"], value["walletBalance"]) == ("115.00", "0.00")
        assert vendor.balance("demo-bd", player.id) == 0
        assert move(testapp, player, "out", "0.01", status=400)["code"] == "insufficient_funds"

    def test_a_stuck_transfer_is_asked_about_before_the_next_one(self, testapp, vendor, player, db_session):
        vendor.mode = LOSE_ANSWER
        move(testapp, player, "in", "30", status=503)  # the vendor took it; its answer was lost
        vendor.mode = None
        assert move(testapp, player, "in", "10", status=409)["code"] == "transfer_in_progress"  # maybe still under way
        (stuck,) = transfers_of(db_session, player)
        stuck.created_at = stuck.created_at - timedelta(minutes=1)
        db_session.flush()
        value = move(testapp, player, "in", "10")["value"]
        assert (value["status"], value["mainBalance"], value["walletBalance"]) == ("done", "60.00", "40.00")
        assert [t.status for t in transfers_of(db_session, player)] == ["done", "done"]

    def test_losses_at_the_vendor_go_out_of_the_wallet(self, testapp, vendor, player, db_session):
        move(testapp, player, "in", "100")
        vendor.balances[("demo-bd", player.id)] -= 11  # the member lost 11.00 at the vendor
        value = move(testapp, player, "out", None, all=True)["value"]
        assert (value["status"], value["mainBalance"], value["walletBalance"], value["sumBalance"]) == (
            "done",
            "89.00",
            "0.00",
            "89.00",
        )
        assert vendor.balance("demo-bd", player.id) == 0 and posted(db_session, player, "game_vendor_result") == 1
        record = testapp.get("/wps/wallet/transactions?type=game", headers=player.headers).json["value"]["list"]
        assert [(entry["amount"], entry["wallet"]) for entry in record] == [("-11.00", VENDOR)]
        assert move(testapp, player, "out", "0.01", status=400)["code"] == "insufficient_funds"

    def test_a_refusal_says_what_the_vendor_holds(self, testapp, vendor, player, db_session):
        move(testapp, player, "in", "50")
        vendor.balances[("demo-bd", player.id)] -= 20
        assert move(testapp, player, "out", "40")["value"]["status"] == "failed"  # it holds 30.00
        assert (main_balance(db_session, player), wallet_balance(db_session, player)) == (5000, 3000)


class TestReplays:
    def test_the_same_request_answers_the_first_transfer(self, testapp, vendor, player, db_session):
        body = {"vassalage": VENDOR, "direction": "in", "amount": "10", "requestId": rid()}
        first = testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]
        again = testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]
        assert again == first
        assert len(vendor.calls) == 1 and main_balance(db_session, player) == 9000

    @pytest.mark.parametrize("change", [{"amount": "11"}, {"direction": "out"}, {"all": True}])
    def test_the_same_request_with_other_fields_is_refused(self, testapp, vendor, player, db_session, change):
        body = {"vassalage": VENDOR, "direction": "in", "amount": "10", "requestId": rid()}
        testapp.post_json(TRANSFER, body, headers=player.headers)
        answer = testapp.post_json(TRANSFER, {**body, **change}, headers=player.headers, status=409).json
        assert answer["code"] == "idempotency_conflict"
        assert len(vendor.calls) == 1 and main_balance(db_session, player) == 9000

    def test_a_failed_transfer_stays_failed(self, testapp, vendor, player):
        vendor.mode = REFUSE
        body = {"vassalage": VENDOR, "direction": "in", "amount": "10", "requestId": rid()}
        assert testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]["status"] == "failed"
        vendor.mode = None
        assert testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]["status"] == "failed"
        assert vendor.balance("demo-bd", player.id) == 0


class TestIsolation:
    def test_request_ids_are_each_members_own(self, testapp, vendor, player, members, db_session, token_of, fund):
        other = members()
        fund(other, "50")
        other.headers = bearer(token_of(other))
        body = {"vassalage": VENDOR, "direction": "in", "amount": "10", "requestId": rid()}
        mine = testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]
        theirs = testapp.post_json(TRANSFER, body, headers=other.headers).json["value"]
        assert mine["transferId"] != theirs["transferId"]
        assert (theirs["mainBalance"], theirs["walletBalance"]) == ("40.00", "10.00")
        assert main_balance(db_session, player) == 9000

    def test_brands_keep_their_own_transfers(self, app, brand_app, vendor, members, db_session, token_of, fund):
        ph = brand_app("demo-ph.localhost", ip="192.0.2.44")
        member = members("demo-ph")
        fund(member, "80")
        member.headers = bearer(token_of(member))
        value = move(ph, member, "in", "30")["value"]
        assert vendor.calls[-1]["transferId"] == f"demo-ph-{value['transferId']}"
        assert vendor.balance("demo-ph", member.id) == 30
        # Reconciling demo-bd never touches demo-ph's transfers.
        vendor.mode = DOWN
        move(ph, member, "in", "10", status=503)
        vendor.mode = None
        assert reconcile(db_session, app)["done"] == 0
        assert reconcile(db_session, app, "demo-ph")["done"] == 1

    def test_a_login_works_on_its_own_brand_only(self, brand_app, vendor, player):
        ph = brand_app("demo-ph.localhost", ip="192.0.2.44")
        assert move(ph, player, status=401)["code"] == "not_logged_in"


# -- Against committed data: each request and each reconciler in its own transaction ---------------


@pytest.fixture(scope="module")
def wsgi(settings, engine):
    # SQLite refuses at once a writer whose snapshot another writer moved past, and the request is
    # replayed at once; five writers at once need many more replays than the default three. PostgreSQL waits.
    attempts = 30 if settings.database_url.startswith("sqlite") else settings.retry_attempts
    wsgi = make_app(dataclasses.replace(settings, retry_attempts=attempts))
    yield wsgi
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def world(wsgi, engine):
    with committed_vendor(wsgi.registry["plugin_manager"], engine) as plugin:
        yield plugin


def race(wsgi, calls: list[tuple[dict, dict]]) -> list[tuple[int, str | None]]:
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    start, answers = threading.Barrier(len(calls)), []

    def attempt(body, headers):
        start.wait()
        response = app.post_json(TRANSFER, body, headers=headers, expect_errors=True)
        answers.append((response.status_int, response.json["code"]))

    threads = [threading.Thread(target=attempt, args=call) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(answers, key=lambda a: (a[0], a[1] or ""))


def committed_balances(engine, member_id: int) -> tuple[int, int, int]:
    """Main, the vendor wallet's mirror, and money in flight, as committed."""
    with operator_session(engine) as db:
        tenant_id = db.get(Member, member_id).tenant_id
        member = db.get(Member, member_id)
        return main_balance(db, member), wallet_balance(db, member), in_flight(db, tenant_id)


def test_transfers_at_once_never_overdraw(wsgi, engine, world):
    """One transfer with a vendor at a time: the others are refused while it is under way."""
    member_id, headers = world.member("100.00")
    flying = committed_balances(engine, member_id)[2]
    calls = [({"vassalage": VENDOR, "direction": "in", "amount": "30", "requestId": rid()}, headers) for _ in range(5)]
    answers = race(wsgi, calls)
    done = answers.count((200, None))
    assert 1 <= done <= 3 and set(answers) <= {(200, None), (409, "transfer_in_progress"), (400, "insufficient_funds")}
    assert committed_balances(engine, member_id) == (10000 - 3000 * done, 3000 * done, flying)
    assert world.balance("demo-bd", member_id) == 30 * done


@pytest.mark.parametrize("first, then", [("in", "out"), ("out", "in"), ("in", "in"), ("out", "out")])
def test_a_transfer_while_another_is_at_the_vendor_makes_no_money(wsgi, engine, world, first, then):
    """An "all" transfer sent while another one's money has moved at the vendor but is not settled
    yet: the vendor wallet's mirror still ends as what the vendor holds, and the member's money is
    what it was."""
    member_id, headers = world.member("1000.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    if first == "out":
        app.post_json(
            TRANSFER, {"vassalage": VENDOR, "direction": "in", "amount": "600", "requestId": rid()}, headers=headers
        )
    answered = []

    def meanwhile(transfer_id):
        world.on_moved = None
        thread = threading.Thread(
            target=lambda: answered.append(
                app.post_json(
                    TRANSFER,
                    {"vassalage": VENDOR, "direction": then, "all": True, "requestId": rid()},
                    headers=headers,
                    expect_errors=True,
                ).json["code"]
            )
        )
        thread.start()
        thread.join(timeout=30)

    world.on_moved = meanwhile
    app.post_json(TRANSFER, {"vassalage": VENDOR, "direction": first, "all": True, "requestId": rid()}, headers=headers)
    main, mirror, _ = committed_balances(engine, member_id)
    held = int(world.balance("demo-bd", member_id) * 100)
    assert (mirror, main + held) == (held, 100000)
    # One transfer at a time; all in of an empty main wallet has nothing to move anyway.
    assert answered == ["insufficient_funds" if (first, then) == ("in", "in") else "transfer_in_progress"]


def test_one_request_sent_at_once_moves_money_once(wsgi, engine, world):
    member_id, headers = world.member("100.00")
    body = {"vassalage": VENDOR, "direction": "in", "amount": "30", "requestId": rid()}
    answers = race(wsgi, [(body, headers)] * 4)
    assert answers == [(200, None)] * 4
    assert committed_balances(engine, member_id)[:2] == (7000, 3000)
    assert world.moves("demo-bd") == 1


def test_the_vendor_is_asked_only_about_a_committed_transfer(wsgi, engine, world):
    member_id, headers = world.member("100.00")
    seen = []

    def look(transfer_id):
        with operator_session(engine) as db:  # another connection: it sees only what is committed
            transfer = db.get(WalletTransfer, int(transfer_id.rsplit("-", 1)[1]))
            status, amount = transfer.status, transfer.amount_minor
        seen.append((status, amount, committed_balances(engine, member_id)[0]))  # one connection at a time

    world.on_call = look
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    body = {"vassalage": VENDOR, "direction": "in", "amount": "30", "requestId": rid()}
    app.post_json(TRANSFER, body, headers=headers)
    assert seen == [("pending", 3000, 7000)]


def test_reconcilers_at_once_settle_each_transfer_once(wsgi, engine, world, tenant_ids):
    members = [world.member("100.00") for _ in range(3)]
    flying = committed_balances(engine, members[0][0])[2]
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    world.mode = LOSE_ANSWER
    for (_, headers), amount in zip(members, ("10", "20", "30"), strict=True):
        app.post_json(
            TRANSFER,
            {"vassalage": VENDOR, "direction": "in", "amount": amount, "requestId": rid()},
            headers=headers,
            status=503,
        )
    assert [committed_balances(engine, member_id)[:2] for member_id, _ in members] == [(9000, 0), (8000, 0), (7000, 0)]
    assert committed_balances(engine, members[0][0])[2] == flying + 6000
    world.mode = None
    start, results = threading.Barrier(3), []

    def reconciler():
        with operator_session(engine, tenant_ids["demo-bd"]) as db:
            tenant = TenantContext.from_row(db.get(Tenant, tenant_ids["demo-bd"]))
            db.commit()  # no transaction held while waiting for the others (SQLite's begins take the write lock)
            start.wait(30)
            results.append(reconcile_transfers(db, tenant, TenantPlugins(wsgi.registry["plugin_manager"], tenant)))

    threads = [threading.Thread(target=reconciler) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sum(r["done"] for r in results) == 3 and len(results) == 3
    assert [committed_balances(engine, member_id)[:2] for member_id, _ in members] == [
        (9000, 1000),
        (8000, 2000),
        (7000, 3000),
    ]
    assert committed_balances(engine, members[0][0])[2] == flying
    assert world.moves("demo-bd") == 3 and [world.balance("demo-bd", m) for m, _ in members] == [10, 20, 30]
    with operator_session(engine) as db:
        settles = (
            select(func.count())
            .select_from(LedgerTransaction)
            .where(
                LedgerTransaction.member_id.in_([m for m, _ in members]), LedgerTransaction.kind == "transfer_settle"
            )
        )
        assert db.scalar(settles) == 3
        report = audit_brand(db, tenant_ids["demo-bd"])
        assert report.clean, report.findings


def test_the_reconcile_command(wsgi, engine, settings, world):
    member_id, headers = world.member("50.00")
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    world.mode = DOWN
    app.post_json(
        TRANSFER,
        {"vassalage": VENDOR, "direction": "in", "amount": "20", "requestId": rid()},
        headers=headers,
        status=503,
    )
    world.mode = None
    env = {"TESSERA_DATABASE_URL": settings.database_url}
    young = CliRunner().invoke(transfers, ["reconcile", "demo-bd"], obj=settings, env=env)
    assert (young.exit_code, young.output) == (0, "demo-bd: 0 done, 0 failed, 0 still pending\n")
    result = CliRunner().invoke(transfers, ["reconcile", "demo-bd", "--min-age", "0"], obj=settings, env=env)
    assert (result.exit_code, result.output) == (0, "demo-bd: 1 done, 0 failed, 0 still pending\n")
    assert committed_balances(engine, member_id)[:2] == (3000, 2000)
    unknown = CliRunner().invoke(transfers, ["reconcile", "nobrand"], obj=settings)
    assert unknown.exit_code == 2 and "no brand 'nobrand'" in unknown.output


# -- The brand's own vendor plugin, over HTTP, against the vendor sandbox ---------------------------


class SandboxVendor:
    """``tessera_plugins.transfer_vendor``'s sandbox on a free port of 127.0.0.1; ``lose_next``
    makes it act on the next request and answer 503 instead (an answer lost on the way back)."""

    def __init__(self):
        self.secrets = {"demo-bd": "sandbox-secret-for-tests"}
        self.app = make_sandbox(self.secrets)
        self.lose_next = False
        self.server = make_server("127.0.0.1", 0, self.serve, handler_class=QuietHandler)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def serve(self, environ, start_response):
        if not self.lose_next:
            return self.app(environ, start_response)
        self.lose_next = False
        b"".join(self.app(environ, lambda *args: None))
        start_response("503 Service Unavailable", [("Content-Type", "application/json")])
        return [b'{"error": "maintenance"}']

    def settings(self) -> dict:
        return {
            "base_url": f"http://127.0.0.1:{self.server.server_address[1]}",
            "operator_id": "demo-bd",
            "secret": self.secrets["demo-bd"],
            "vassalage": "TWV",
            "display_name": "Tessera Wallet Vendor",
            "timeout_seconds": 5,
        }

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 -- the base class's name
        pass


@pytest.fixture
def sandbox(db_session):
    vendor = SandboxVendor()
    row = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
    row.config = {**row.config, "plugins": {**row.config["plugins"], "transfer-vendor": vendor.settings()}}
    db_session.flush()
    yield vendor
    vendor.close()


def test_the_brands_vendor_plugin_over_http(testapp, app, sandbox, player, db_session):
    body = {"vassalage": "TWV", "direction": "in", "amount": "30", "requestId": rid()}
    value = testapp.post_json(TRANSFER, body, headers=player.headers).json["value"]
    assert (value["status"], value["mainBalance"], value["walletBalance"]) == ("done", "70.00", "30.00")
    sandbox.lose_next = True
    answer = testapp.post_json(
        TRANSFER, {**body, "direction": "out", "amount": "12.5", "requestId": rid()}, headers=player.headers, status=503
    ).json
    assert (answer["code"], answer["value"]["mainBalance"]) == ("transfer_unavailable", "70.00")
    tenant = TenantContext.from_row(db_session.scalar(select(Tenant).where(Tenant.slug == "demo-bd")))
    plugins = TenantPlugins(app.registry["plugin_manager"], tenant)
    assert plugins.first("tessera_game_balance", vassalage="TWV", player={"id": player.id}) == "17.50"  # it acted
    assert reconcile(db_session, app) == {"done": 1, "failed": 0, "pending": 0}
    assert reconcile(db_session, app)["done"] == 0
    assert (main_balance(db_session, player), wallet_balance(db_session, player, "TWV")) == (8250, 1750)
    assert plugins.first("tessera_game_balance", vassalage="TWV", player={"id": player.id}) == "17.50"


def spins(app, tenant, member, count: int) -> list[dict]:
    """``count`` spins of the vendor's Lucky Lanterns at 0.20 a line, through the page its launch link opens."""
    plugins = TenantPlugins(app.registry["plugin_manager"], tenant)
    url = plugins.first(
        "tessera_game_launch",
        vassalage="TWV",
        game_code="lucky-lanterns",
        language="en",
        player={"id": member.id, "username": member.username, "currency": "BDT"},
        device="WEB",
        free_play=False,
    )
    with urlopen(url, timeout=5) as page:
        config = json.loads(re.search(r'id="slot-config">(.*?)</script>', page.read().decode(), re.S).group(1))
    answers = []
    for _ in range(count):
        spin = Request(urljoin(url, config["spinUrl"]), data=b'{"lineBet": "0.20"}', method="POST")
        with urlopen(spin, timeout=5) as answer:
            answers.append(json.load(answer))
    return answers


def test_rounds_played_at_the_vendor_reach_the_wallet_and_the_record_once(testapp, app, sandbox, player, db_session):
    row = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
    row.config = {**row.config, "plugins": {**row.config["plugins"], "demo-vendor": {"enabled": False}}}
    db_session.flush()  # the brand's other vendor plugin has no server here
    tenant = TenantContext.from_row(row)
    body = {"vassalage": "TWV", "direction": "in", "amount": "100", "requestId": rid()}
    testapp.post_json(TRANSFER, body, headers=player.headers)
    played = spins(app, tenant, player, 6)
    held = Decimal(played[-1]["balance"])
    won = sum(Decimal(spin["payout"]) - Decimal(spin["bet"]) for spin in played)
    assert held == 100 + won
    value = testapp.post_json(
        TRANSFER, {**body, "direction": "out", "all": True, "requestId": rid()}, headers=player.headers
    ).json["value"]
    assert (value["mainBalance"], value["walletBalance"], value["sumBalance"]) == (f"{held:.2f}", "0.00", f"{held:.2f}")
    record = testapp.get("/wps/wallet/transactions?type=game", headers=player.headers).json["value"]["list"]
    assert [Decimal(entry["amount"]) for entry in record] == ([won] if won else [])
    plugins = TenantPlugins(app.registry["plugin_manager"], tenant)
    offer = next(offer for offer in transfer_offers(plugins)[0] if offer.vassalage == "TWV")
    db_session.info["tenant_id"] = tenant.id
    assert pull_vendor_bets(db_session, tenant, plugins, offer)["recorded"] == 6
    assert pull_vendor_bets(db_session, tenant, plugins, offer)["recorded"] == 0  # from where the last one stopped
    bets = testapp.get("/wps/games/bets?lang=en", headers=player.headers).json["value"]
    assert sorted(entry["roundId"] for entry in bets["list"]) == sorted(spin["roundId"] for spin in played)
    assert Decimal(bets["summary"]["winLoss"]) == won
    profit = testapp.get("/wps/games/profit?lang=en", headers=player.headers).json["value"]
    assert [(row["vassalage"], row["count"], Decimal(row["winLoss"])) for row in profit["rows"]] == [("TWV", 6, won)]
    wallets = reconcile_vendor_wallets(db_session, tenant, plugins, ["TWV"])
    assert (wallets.compared, wallets.differences) == (1, [])
