"""Bets that settle later and the vendor's corrections, through the seamless wallet: a bet stays
open (unsettled) until credited, a cancel voids a round (stakes back, a paid win taken back), a
resettle moves the difference to a corrected payout; each keyed by the vendor's transaction id,
replays answered the same, reaching the betting record and profit/loss exactly once, with the
balance and the ledger agreeing at every step."""

import pytest
from sqlalchemy import func, select

from seamless_vendor import game_bet as round_of
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.ledger.services import Ledger

BETS, PROFIT = "/wps/games/bets?lang=en", "/wps/games/profit?lang=en"


@pytest.fixture
def vendor(seamless_client):
    return seamless_client


@pytest.fixture
def member(login, fund):
    member = login()
    fund(member, "100.00")
    return member


def posts(db_session, member, kind: str) -> int:
    return db_session.scalar(
        select(func.count())
        .select_from(LedgerTransaction)
        .where(LedgerTransaction.member_id == member.id, LedgerTransaction.kind == kind)
    )


def owed(db_session, member) -> int:
    return -Ledger(db_session, member.tenant_id).house_balance("game_receivable")


def balance(vendor, member) -> str:
    return vendor.balance(member.id)["balance"]


def entry(testapp, member, round_id: str) -> dict:
    answer = testapp.get(BETS, headers=member.headers).json["value"]
    return next(row for row in answer["list"] if row["roundId"] == round_id)


def clean(db_session, member):
    report = audit_brand(db_session, member.tenant_id)
    assert report.clean, report.findings


class TestSettledLater:
    def test_a_bet_stays_unsettled_until_credited(self, vendor, member, testapp, db_session):
        vendor.debit(member.id, "d-1", "fixture-1", "10")
        assert balance(vendor, member) == "90.00"
        shown = entry(testapp, member, "fixture-1")
        assert (shown["status"], shown["bet"], shown["winLoss"], shown["settledAt"]) == ("open", "10.00", "0.00", None)
        assert testapp.get(PROFIT, headers=member.headers).json["value"]["rows"] == []
        assert vendor.credit(member.id, "s-1", "fixture-1", "19.50")["balance"] == "109.50"
        shown = entry(testapp, member, "fixture-1")
        assert (shown["status"], shown["payout"], shown["winLoss"]) == ("settled", "19.50", "9.50")
        clean(db_session, member)


class TestCancel:
    def test_an_open_bet_gets_its_stake_back(self, vendor, member, testapp, db_session):
        vendor.debit(member.id, "d-1", "fixture-1", "10")
        answer = vendor.cancel(member.id, "x-1", "fixture-1")
        assert (answer["ok"], answer["balance"]) == (True, "100.00")
        assert round_of(db_session, "fixture-1").status == "cancelled"
        shown = entry(testapp, member, "fixture-1")
        assert (shown["status"], shown["winLoss"]) == ("cancelled", "0.00")
        summary = testapp.get(BETS, headers=member.headers).json["value"]["summary"]
        assert (summary["count"], summary["bet"], summary["payout"]) == (1, "0.00", "0.00")
        clean(db_session, member)

    def test_a_settled_win_is_taken_back(self, vendor, member, testapp, db_session):
        vendor.debit(member.id, "d-1", "fight-1", "10")
        vendor.credit(member.id, "s-1", "fight-1", "25")
        assert vendor.cancel(member.id, "x-1", "fight-1")["balance"] == "100.00"
        profit = testapp.get(PROFIT, headers=member.headers).json["value"]
        assert profit["rows"] == [] and profit["totals"]["winLoss"] == "0.00"
        clean(db_session, member)

    def test_replays_and_further_cancels_move_nothing(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "fixture-1", "10")
        first = vendor.cancel(member.id, "x-1", "fixture-1")
        assert vendor.cancel(member.id, "x-1", "fixture-1") == first
        assert vendor.cancel(member.id, "x-2", "fixture-1")["balance"] == "100.00"
        assert posts(db_session, member, "game_cancel") == 1

    def test_a_cancelled_round_takes_no_other_call(self, vendor, member):
        vendor.debit(member.id, "d-1", "fixture-1", "10")
        vendor.cancel(member.id, "x-1", "fixture-1")
        assert vendor.credit(member.id, "s-1", "fixture-1", "20")["code"] == "round_cancelled"
        assert vendor.resettle(member.id, "r-1", "fixture-1", "20")["code"] == "round_cancelled"
        assert vendor.debit(member.id, "d-2", "fixture-1", "5")["code"] == "round_cancelled"
        assert vendor.rollback(member.id, "rb-1", "d-1")["code"] == "round_cancelled"
        assert balance(vendor, member) == "100.00"

    def test_what_cannot_be_cancelled(self, vendor, member, members, fund):
        assert vendor.cancel(member.id, "x-1", "nothing")["code"] == "round_unknown"
        other = members()
        fund(other, "50")
        vendor.debit(other.id, "d-9", "theirs", "10")
        assert vendor.cancel(member.id, "x-2", "theirs")["code"] == "round_unknown"
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.rollback(member.id, "rb-1", "d-1")
        assert vendor.cancel(member.id, "x-3", "r-1")["code"] == "round_rolled_back"
        assert vendor.call("cancel", memberId=member.id, transactionId="x-4")["code"] == "request_invalid"


class TestResettle:
    @pytest.fixture
    def settled(self, vendor, member):
        """A 10.00 bet paid 30.00: the member holds 120.00."""
        vendor.debit(member.id, "d-1", "fixture-1", "10")
        vendor.credit(member.id, "s-1", "fixture-1", "30")
        return "fixture-1"

    def test_down_then_up(self, vendor, member, settled, testapp, db_session):
        assert vendor.resettle(member.id, "rs-1", settled, "0")["balance"] == "90.00"
        shown = entry(testapp, member, settled)
        assert (shown["status"], shown["payout"], shown["winLoss"]) == ("resettled", "0.00", "-10.00")
        assert vendor.resettle(member.id, "rs-2", settled, "15")["balance"] == "105.00"
        profit = testapp.get(PROFIT, headers=member.headers).json["value"]
        assert [(row["count"], row["bet"], row["payout"], row["winLoss"]) for row in profit["rows"]] == [
            (1, "10.00", "15.00", "5.00")
        ]
        assert testapp.get(BETS, headers=member.headers).json["value"]["summary"]["winLoss"] == "5.00"
        clean(db_session, member)

    def test_a_replay_answers_the_same_and_posts_once(self, vendor, member, settled, db_session):
        first = vendor.resettle(member.id, "rs-1", settled, "12")
        assert vendor.resettle(member.id, "rs-1", settled, "12") == first and first["balance"] == "102.00"
        assert vendor.resettle(member.id, "rs-1", settled, "13")["code"] == "transaction_conflict"
        # Another id to the same payout: nothing to move.
        assert vendor.resettle(member.id, "rs-2", settled, "12")["balance"] == "102.00"
        assert posts(db_session, member, "game_resettle") == 1

    def test_an_open_round_is_credited_not_resettled(self, vendor, member):
        vendor.debit(member.id, "d-1", "fixture-1", "10")
        assert vendor.resettle(member.id, "rs-1", "fixture-1", "20")["code"] == "round_open"
        assert vendor.resettle(member.id, "rs-2", "nothing", "20")["code"] == "round_unknown"
        assert balance(vendor, member) == "90.00"

    def test_a_resettled_round_is_not_rolled_back(self, vendor, member, settled):
        vendor.resettle(member.id, "rs-1", settled, "0")
        assert vendor.rollback(member.id, "rb-1", "d-1")["code"] == "round_settled"

    def test_a_win_already_spent_becomes_a_debt(self, vendor, member, settled, db_session):
        vendor.debit(member.id, "d-2", "slot-1", "115")  # the member spends the win
        vendor.credit(member.id, "s-2", "slot-1", "0")
        assert balance(vendor, member) == "5.00"
        # The 30.00 paid is corrected to nothing: 5.00 comes back from the wallet, 25.00 is owed.
        assert vendor.resettle(member.id, "rs-1", settled, "0")["balance"] == "0.00"
        assert owed(db_session, member) == 2500
        clean(db_session, member)
        assert vendor.debit(member.id, "d-3", "slot-2", "1")["code"] == "insufficient_funds"
        # Corrected back up to 40.00: the debt is paid first, the rest reaches the wallet.
        assert vendor.resettle(member.id, "rs-2", settled, "40")["balance"] == "15.00"
        assert owed(db_session, member) == 0
        clean(db_session, member)

    def test_a_cancel_of_a_spent_win_becomes_a_debt(self, vendor, member, settled, db_session):
        vendor.debit(member.id, "d-2", "slot-1", "120")
        vendor.credit(member.id, "s-2", "slot-1", "0")
        assert vendor.cancel(member.id, "x-1", settled)["balance"] == "0.00"
        assert owed(db_session, member) == 2000
        clean(db_session, member)

    def test_amounts_a_resettle_cannot_take(self, vendor, member, settled):
        for amount in ("-1", "abc", "0.001"):
            assert vendor.resettle(member.id, f"rs-{amount}", settled, amount)["code"] == "amount_invalid"
        assert balance(vendor, member) == "120.00"
