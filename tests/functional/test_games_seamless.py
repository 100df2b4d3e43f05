"""POST /vendors/{vassalage}/wallet/{operation}: a seamless-wallet vendor's signed calls, read and
answered by the vendor's plugin (tessera_seamless_decode, tessera_seamless_encode); idempotent by
transaction id (a replay gets the first answer, a mismatched replay is refused); forged, replayed
and out-of-order calls, and the rounds they leave in game_bets."""

import json
import time

import pytest
from sqlalchemy import func, select

from seamless_vendor import SECRETS, SIGNATURE, SLOT, TIMESTAMP, VendorClient, signature
from seamless_vendor import game_bet as bet
from tessera.core.db import Base
from tessera.core.timeutil import utcnow
from tessera.games.bets.models import GameBet
from tessera.games.catalog.models import Game
from tessera.games.launch.services import open_session
from tessera.games.seamless.models import SeamlessCall
from tessera.identity.accounts.models import AGENT_TYPES, FREE_PLAY
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.balances import history
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg
from wallet_vendor import VENDOR as TRANSFER_VENDOR
from wallet_vendor import main_balance


@pytest.fixture
def vendor(seamless_client):
    return seamless_client


@pytest.fixture
def member(members, fund):
    member = members()
    fund(member, "100.00")
    return member


def posted(db_session, member, kind: str | None = None) -> int:
    criteria = [LedgerTransaction.member_id == member.id, LedgerTransaction.kind.like("game%")]
    if kind:
        criteria.append(LedgerTransaction.kind == kind)
    return db_session.scalar(select(func.count()).select_from(LedgerTransaction).where(*criteria))


def rows(db_session) -> dict[str, int]:
    """How many rows each table holds, as the test's transaction sees them."""
    db_session.flush()
    return {
        table.name: db_session.scalar(select(func.count()).select_from(table)) for table in Base.metadata.sorted_tables
    }


def house(db_session, member) -> int:
    return Ledger(db_session, member.tenant_id).house_balance("vendor_settlement")


class TestRounds:
    def test_a_lost_round(self, vendor, member, db_session):
        before = house(db_session, member)
        assert vendor.debit(member.id, "d-1", "r-1", "10")["balance"] == "90.00"
        assert vendor.credit(member.id, "c-1", "r-1", "0") == {
            "ok": True,
            "balance": "90.00",
            "currency": "BDT",
            "transactionId": "c-1",
            "memberId": member.id,
        }
        round_ = bet(db_session, "r-1")
        assert (round_.bet_minor, round_.payout_minor, round_.status) == (1000, 0, "settled")
        assert round_.settled_at is not None
        assert posted(db_session, member) == 1  # a credit of nothing posts nothing
        assert house(db_session, member) == before + 1000

    def test_a_round_of_several_bets_and_wins(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.debit(member.id, "d-2", "r-1", "5.5")
        assert bet(db_session, "r-1").status == "open"
        vendor.credit(member.id, "c-1", "r-1", "20")
        assert vendor.credit(member.id, "c-2", "r-1", "1.25")["balance"] == "105.75"
        round_ = bet(db_session, "r-1")
        assert (round_.bet_minor, round_.payout_minor, round_.status) == (1550, 2125, "settled")
        assert posted(db_session, member, "game_bet") == 2 and posted(db_session, member, "game_payout") == 2

    def test_no_debit_into_a_settled_round(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "0")
        assert vendor.debit(member.id, "d-2", "r-1", "10") == {"ok": False, "code": "round_settled", "balance": "90.00"}
        assert bet(db_session, "r-1").bet_minor == 1000

    def test_a_credit_for_a_round_never_debited(self, vendor, member, db_session):
        assert vendor.credit(member.id, "c-1", "r-9", "50") == {
            "ok": False,
            "code": "round_unknown",
            "balance": "100.00",
        }
        vendor.debit(member.id, "d-1", "r-9", "1")
        # The first answer stands for that credit, even now that the round exists.
        assert vendor.credit(member.id, "c-1", "r-9", "50")["code"] == "round_unknown"
        assert main_balance(db_session, member) == 9900

    def test_a_round_of_another_member(self, vendor, member, members, db_session, fund):
        other = members()
        fund(other, "10")
        vendor.debit(member.id, "d-1", "r-1", "1")
        assert vendor.debit(other.id, "d-2", "r-1", "1")["code"] == "round_unknown"
        assert vendor.credit(other.id, "c-1", "r-1", "5")["code"] == "round_unknown"
        assert main_balance(db_session, other) == 1000

    def test_a_round_names_its_game_as_the_catalog_has_it(self, vendor, member, db_session):
        """A round keeps the game its first debit named: the catalog's game and its category, or
        for a game the catalog does not have yet, the code alone and the vendor's category."""
        game = db_session.scalars(
            select(Game).where(Game.tenant_id == member.tenant_id, Game.vassalage == "TSV", Game.game_code == SLOT)
        ).one()
        game.category = "FISH"  # the catalog's lane, not the vendor's (RNG)
        db_session.flush()
        vendor.debit(member.id, "d-1", "r-1", "1")
        vendor.debit(member.id, "d-2", "r-2", "1", game="TSV-NEW-9")
        known, unknown = bet(db_session, "r-1"), bet(db_session, "r-2")
        assert (known.game_id, known.game_code, known.category) == (game.id, SLOT, "FISH")
        assert (unknown.game_id, unknown.game_code, unknown.category) == (None, "TSV-NEW-9", "RNG")
        assert (known.member_id, known.vassalage, known.wallet_mode, known.bet_minor, known.payout_minor) == (
            member.id,
            "TSV",
            "seamless",
            100,
            0,
        )

    def test_the_account_record_shows_game_money(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "4")
        tenant = TenantContext.from_row(db_session.get(Tenant, member.tenant_id))
        record = history.transactions(db_session, tenant, member.id, {"type": "game"})
        assert [(e["type"], e["amount"], e["reference"], e["remark"]) for e in record["list"]] == [
            ("game", "4.00", "r-1", f"TSV {SLOT}"),
            ("game", "-10.00", "r-1", f"TSV {SLOT}"),
        ]


class TestLateCredits:
    """A credit names a round the wallet knows for the member and vendor; into an open round it
    settles it, however late; into a settled round it is a late win, paid only within the
    vendor's window after the round settled (24 hours unless the vendor's protocol says)."""

    def test_a_late_win_within_the_window_is_paid(self, vendor, member, db_session, clock):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "0")
        settled_at = bet(db_session, "r-1").settled_at
        clock.advance(hours=23, minutes=59, seconds=59)
        assert vendor.credit(member.id, "c-2", "r-1", "5")["balance"] == "95.00"
        round_ = bet(db_session, "r-1")
        assert (round_.payout_minor, round_.status, round_.settled_at) == (500, "settled", settled_at)

    def test_a_credit_after_the_window_is_refused_and_stays_refused(self, vendor, member, db_session, clock):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "2")
        clock.advance(hours=24)
        assert vendor.credit(member.id, "c-2", "r-1", "5") == {"ok": False, "code": "round_closed", "balance": "92.00"}
        assert vendor.status == 200  # the wallet's answer for the transaction: final
        clock.advance(minutes=-1)  # a replay gets the first answer, whatever the time
        assert vendor.credit(member.id, "c-2", "r-1", "5")["code"] == "round_closed"
        assert bet(db_session, "r-1").payout_minor == 200
        assert main_balance(db_session, member) == 9200 and posted(db_session, member, "game_payout") == 1

    def test_an_open_round_is_settled_however_late(self, vendor, member, db_session, clock):
        vendor.debit(member.id, "d-1", "r-1", "10")
        clock.advance(days=30)
        assert vendor.credit(member.id, "c-1", "r-1", "40")["balance"] == "130.00"
        assert (bet(db_session, "r-1").status, bet(db_session, "r-1").payout_minor) == ("settled", 4000)

    def test_an_accepted_credit_replayed_after_the_window_answers_as_first(self, vendor, member, db_session, clock):
        vendor.debit(member.id, "d-1", "r-1", "10")
        first = vendor.credit(member.id, "c-1", "r-1", "25")
        clock.advance(days=30)
        assert vendor.credit(member.id, "c-1", "r-1", "25") == first
        assert main_balance(db_session, member) == 11500 and bet(db_session, "r-1").payout_minor == 2500

    def test_the_window_is_the_vendors(self, vendor, seamless_vendor, member, db_session, clock):
        seamless_vendor.late_credit_hours = 1
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "0")
        clock.advance(minutes=59)
        assert vendor.credit(member.id, "c-2", "r-1", "1")["ok"] is True
        clock.advance(minutes=1)
        assert vendor.credit(member.id, "c-3", "r-1", "1")["code"] == "round_closed"
        assert bet(db_session, "r-1").payout_minor == 100

    def test_a_credit_for_a_round_of_another_vendor_is_unknown(self, vendor, member, db_session, bets):
        bets(
            member,
            "1.00",
            vassalage=TRANSFER_VENDOR,
            game_code="TWT-TABLE-1",
            category="LIVE",
            round_id="r-7",
            open=True,
            wallet_mode="transfer",
        )
        assert vendor.credit(member.id, "c-1", "r-7", "5")["code"] == "round_unknown"
        assert main_balance(db_session, member) == 10000


class TestInsufficientFunds:
    def test_a_bet_beyond_the_balance(self, vendor, member, db_session):
        assert vendor.debit(member.id, "d-1", "r-1", "100.01") == {
            "ok": False,
            "code": "insufficient_funds",
            "balance": "100.00",
        }
        assert main_balance(db_session, member) == 10000 and posted(db_session, member) == 0
        assert db_session.scalar(select(func.count()).select_from(GameBet).where(GameBet.member_id == member.id)) == 0

    def test_the_whole_balance(self, vendor, member, db_session):
        assert vendor.debit(member.id, "d-1", "r-1", "100")["balance"] == "0.00"
        assert vendor.debit(member.id, "d-2", "r-2", "0.01")["code"] == "insufficient_funds"

    def test_a_replayed_refusal_stays_refused(self, vendor, member, db_session, fund):
        vendor.debit(member.id, "d-1", "r-1", "150")
        fund(member, "100")
        assert vendor.debit(member.id, "d-1", "r-1", "150") == {
            "ok": False,
            "code": "insufficient_funds",
            "balance": "100.00",
        }  # the first answer
        assert main_balance(db_session, member) == 20000 and posted(db_session, member) == 0


class TestReplays:
    def test_the_same_call_gets_the_first_answer(self, vendor, member, db_session):
        first = vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.debit(member.id, "d-2", "r-1", "10")
        assert vendor.debit(member.id, "d-1", "r-1", "10") == first  # its balance then, not now
        assert main_balance(db_session, member) == 8000 and posted(db_session, member, "game_bet") == 2
        assert bet(db_session, "r-1").bet_minor == 2000

    def test_a_replayed_credit_pays_once(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        first = vendor.credit(member.id, "c-1", "r-1", "25")
        for _ in range(3):
            assert vendor.credit(member.id, "c-1", "r-1", "25") == first
        assert main_balance(db_session, member) == 11500 and bet(db_session, "r-1").payout_minor == 2500

    @pytest.mark.parametrize("change", [{"amount": "11"}, {"roundId": "r-2"}, {"gameCode": "OTHER"}])
    def test_the_same_id_with_other_fields_is_refused(self, vendor, member, db_session, change):
        call = {"memberId": member.id, "transactionId": "d-1", "roundId": "r-1", "gameCode": SLOT, "amount": "10"}
        vendor.call("debit", **call)
        assert vendor.call("debit", **{**call, **change}) == {
            "ok": False,
            "code": "transaction_conflict",
            "balance": "90.00",
        }
        assert main_balance(db_session, member) == 9000 and posted(db_session, member) == 1

    def test_the_same_id_for_another_operation_or_member(self, vendor, member, members, db_session):
        other = members()
        vendor.debit(member.id, "d-1", "r-1", "10")
        assert vendor.credit(member.id, "d-1", "r-1", "10")["code"] == "transaction_conflict"
        assert vendor.debit(other.id, "d-1", "r-1", "10")["code"] == "transaction_conflict"
        assert main_balance(db_session, member) == 9000

    def test_a_debit_whose_post_stands_without_its_call_moves_nothing_more(self, vendor, member, db_session):
        """The ledger holds the post of a debit's key but no call was kept (an answer lost before
        calls were kept): the debit is answered from that post, moves nothing, and its round holds
        its stake once."""
        ledger = Ledger(db_session, member.tenant_id)
        legs = [
            Leg(ledger.member_account(member.id), -1000),
            Leg(ledger.house_account("vendor_settlement", member.id), 1000),
        ]
        ledger.post("seamless:TSV:d-1", "game_bet", legs, member_id=member.id, reference="r-1", remark=f"TSV {SLOT}")
        assert vendor.debit(member.id, "d-1", "r-1", "10")["balance"] == "90.00"
        assert main_balance(db_session, member) == 9000 and posted(db_session, member, "game_bet") == 1
        assert bet(db_session, "r-1").bet_minor == 1000
        assert vendor.debit(member.id, "d-1", "r-1", "10")["balance"] == "90.00"  # and it is kept now

    def test_each_call_is_kept_once_with_its_answer(self, vendor, member, db_session):
        answer = vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.debit(member.id, "d-1", "r-1", "10")
        kept = db_session.scalars(select(SeamlessCall).where(SeamlessCall.member_id == member.id)).all()
        assert [(c.transaction_id, c.operation, c.amount_minor, json.loads(c.answer)) for c in kept] == [
            ("d-1", "debit", 1000, answer)
        ]
        assert kept[0].ledger_transaction_id is not None


class TestRollbacks:
    def test_a_rollback_gives_the_bet_back(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        assert vendor.rollback(member.id, "rb-1", "d-1", roundId="r-1") == {
            "ok": True,
            "balance": "100.00",
            "currency": "BDT",
            "transactionId": "rb-1",
            "memberId": member.id,
        }
        round_ = bet(db_session, "r-1")
        assert (round_.bet_minor, round_.status) == (0, "rolled_back")
        assert posted(db_session, member, "game_rollback") == 1
        # Again, under the same id or another: undone once.
        assert vendor.rollback(member.id, "rb-1", "d-1", roundId="r-1")["balance"] == "100.00"
        assert vendor.rollback(member.id, "rb-2", "d-1")["ok"] is True
        assert main_balance(db_session, member) == 10000 and posted(db_session, member, "game_rollback") == 1

    def test_one_bet_of_a_round_undone(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.debit(member.id, "d-2", "r-1", "5")
        vendor.rollback(member.id, "rb-1", "d-2")
        assert (bet(db_session, "r-1").bet_minor, bet(db_session, "r-1").status) == (1000, "open")
        assert vendor.credit(member.id, "c-1", "r-1", "30")["balance"] == "120.00"

    def test_no_rollback_after_a_credit(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "0")
        assert vendor.rollback(member.id, "rb-1", "d-1") == {"ok": False, "code": "round_settled", "balance": "90.00"}
        assert main_balance(db_session, member) == 9000 and bet(db_session, "r-1").status == "settled"
        assert vendor.rollback(member.id, "rb-1", "d-1")["code"] == "round_settled"  # kept

    def test_a_rollback_before_its_debit(self, vendor, member, db_session):
        assert vendor.rollback(member.id, "rb-1", "d-1", roundId="r-1")["ok"] is True
        assert vendor.debit(member.id, "d-1", "r-1", "10") == {
            "ok": False,
            "code": "round_rolled_back",
            "balance": "100.00",
        }
        assert vendor.debit(member.id, "d-1", "r-1", "10")["code"] == "round_rolled_back"
        assert main_balance(db_session, member) == 10000 and posted(db_session, member) == 0
        assert vendor.rollback(member.id, "rb-2", "d-1")["ok"] is True  # nothing to undo
        assert vendor.rollback(member.id, "rb-1", "d-1", roundId="r-1")["balance"] == "100.00"

    def test_no_credit_into_a_rolled_back_round(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.rollback(member.id, "rb-1", "d-1")
        assert vendor.credit(member.id, "c-1", "r-1", "50")["code"] == "round_rolled_back"
        assert vendor.debit(member.id, "d-2", "r-1", "5")["code"] == "round_rolled_back"
        assert main_balance(db_session, member) == 10000

    def test_a_rollback_of_a_refused_debit_moves_nothing(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "500")
        assert vendor.rollback(member.id, "rb-1", "d-1")["balance"] == "100.00"
        assert posted(db_session, member) == 0

    def test_what_a_rollback_cannot_undo(self, vendor, member, members, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        vendor.credit(member.id, "c-1", "r-1", "10")
        assert vendor.rollback(member.id, "rb-1", "c-1")["code"] == "transaction_conflict"  # a credit
        vendor.debit(member.id, "d-2", "r-2", "10")
        assert vendor.rollback(members().id, "rb-2", "d-2")["code"] == "transaction_conflict"  # another's bet
        assert vendor.rollback(member.id, "rb-3", "rb-3")["code"] == "request_invalid"  # an id of its own
        assert main_balance(db_session, member) == 9000


class TestBadCalls:
    def test_a_forged_signature(self, vendor, member, db_session):
        answer = vendor.call(
            "debit",
            secret="not-the-secret",
            memberId=member.id,
            transactionId="d-1",
            roundId="r-1",
            gameCode=SLOT,
            amount="10",
        )
        assert (vendor.status, answer) == (401, {"ok": False, "code": "signature_invalid"})
        assert main_balance(db_session, member) == 10000
        assert db_session.scalar(select(func.count()).select_from(SeamlessCall)) == 0

    def test_a_stale_call(self, vendor, member):
        assert vendor.call("balance", stamp=int(time.time()) - 3600, memberId=member.id)["code"] == "signature_invalid"
        assert vendor.status == 401

    def test_a_body_changed_on_the_way(self, vendor, member, db_session):
        body = json.dumps(
            {"memberId": member.id, "transactionId": "d-1", "roundId": "r-1", "gameCode": SLOT, "amount": "1"}
        ).encode()
        stamp = str(int(time.time()))
        headers = {TIMESTAMP: stamp, SIGNATURE: signature(SECRETS["demo-bd"], stamp, body)}
        assert vendor.send("debit", body.replace(b'"1"', b'"99"'), headers)["code"] == "signature_invalid"
        assert main_balance(db_session, member) == 10000

    def test_an_unreadable_call(self, vendor):
        stamp = str(int(time.time()))
        for body in (b"not json", b"[1, 2]"):
            headers = {TIMESTAMP: stamp, SIGNATURE: signature(SECRETS["demo-bd"], stamp, body)}
            assert vendor.send("debit", body, headers) == {"ok": False, "code": "request_invalid"}
            assert vendor.status == 400

    @pytest.mark.parametrize(
        "change",
        [
            {"memberId": None},
            {"memberId": "7"},
            {"memberId": True},
            {"memberId": 0},
            {"transactionId": ""},
            {"transactionId": "x" * 65},
            {"transactionId": 12},
            {"transactionId": "a\nb"},
            {"roundId": None},
            {"gameCode": None},
            {"currency": "USD"},
        ],
    )
    def test_malformed_fields(self, vendor, member, db_session, change):
        call = {"memberId": member.id, "transactionId": "d-1", "roundId": "r-1", "gameCode": SLOT, "amount": "1"}
        call = {name: value for name, value in {**call, **change}.items() if value is not None}
        assert vendor.call("debit", **call) == {"ok": False, "code": "request_invalid"}
        assert vendor.status == 400 and main_balance(db_session, member) == 10000

    @pytest.mark.parametrize("amount", ["0", "-1", "1.001", "abc", "NaN", "Infinity", True, None, 1.5, "1e400", ""])
    def test_amounts_a_debit_cannot_take(self, vendor, member, db_session, amount):
        answer = vendor.debit(member.id, "d-1", "r-1", amount)
        assert answer == {"ok": False, "code": "amount_invalid"} and vendor.status == 200
        assert main_balance(db_session, member) == 10000

    @pytest.mark.parametrize("amount", ["-0.01", "0.001", "x"])
    def test_amounts_a_credit_cannot_take(self, vendor, member, db_session, amount):
        vendor.debit(member.id, "d-1", "r-1", "1")
        assert vendor.credit(member.id, "c-1", "r-1", amount)["code"] == "amount_invalid"
        assert vendor.credit(member.id, "c-1", "r-1", 2)["balance"] == "101.00"  # an integer amount is exact

    def test_a_currency_of_the_brand(self, vendor, member):
        assert vendor.debit(member.id, "d-1", "r-1", "1", currency="BDT")["ok"] is True

    @pytest.mark.parametrize("vassalage", ["NOPE", TRANSFER_VENDOR])
    def test_a_vendor_without_a_seamless_wallet(self, testapp, seamless_vendor, vassalage):
        client = VendorClient(testapp, vassalage=vassalage)
        answer = client.call("balance", memberId=1)
        assert (client.status, answer["success"], answer["code"]) == (404, False, "vendor_unknown")

    def test_an_operation_that_does_not_exist(self, testapp, vendor):
        answer = testapp.post("/vendors/TSV/wallet/withdraw", b"{}", status=404).json
        assert answer["code"] == "not_found"

    def test_only_post(self, testapp, vendor):
        assert testapp.get("/vendors/TSV/wallet/balance", status=405).json["code"] == "method_not_allowed"

    def test_an_unknown_host(self, brand_app, seamless_vendor):
        answer = brand_app("nobrand.example").post("/vendors/TSV/wallet/balance", b"{}", status=404).json
        assert answer["code"] == "unknown_tenant"


class TestPlayers:
    def test_a_member_that_does_not_exist(self, vendor):
        assert vendor.balance(10**9) == {"ok": False, "code": "player_unknown"}

    def test_the_balance(self, vendor, member):
        assert vendor.balance(member.id) == {"ok": True, "balance": "100.00", "currency": "BDT", "memberId": member.id}

    def test_the_balance_of_a_member_without_money_makes_no_account(self, vendor, members, db_session):
        newcomer = members()
        assert vendor.balance(newcomer.id)["balance"] == "0.00"
        assert Ledger(db_session, newcomer.tenant_id).existing_account(f"member:{newcomer.id}:main") is None

    def test_a_locked_account_does_not_bet(self, vendor, members, db_session, fund):
        other = members(status="locked")
        fund(other, "10")
        assert vendor.debit(other.id, "d-1", "r-1", "1") == {"ok": False, "code": "player_unknown", "balance": "10.00"}
        assert main_balance(db_session, other) == 1000

    @pytest.mark.parametrize("member_type", [FREE_PLAY, *sorted(AGENT_TYPES)])
    @pytest.mark.parametrize("operation", ["authenticate", "balance", "debit", "credit", "rollback"])
    def test_a_call_for_an_account_that_never_plays_for_money_writes_nothing(
        self, vendor, members, db_session, catalog, member_type, operation
    ):
        """Free play and agents never play for money: whatever the vendor asks about one is
        refused before the ledger is looked at, and leaves no row anywhere (no ledger account,
        no kept call, no round)."""
        other = members(member_type=member_type, password=None if member_type == FREE_PLAY else "Secret123")
        token = open_session(db_session, other.tenant_id, other.id, "TSV", catalog[("demo-bd", SLOT)].id, utcnow())
        before = rows(db_session)
        calls = {
            "authenticate": lambda: vendor.authenticate(token),
            "balance": lambda: vendor.balance(other.id),
            "debit": lambda: vendor.debit(other.id, "d-1", "r-1", "1"),
            "credit": lambda: vendor.credit(other.id, "c-1", "r-1", "1"),
            "rollback": lambda: vendor.rollback(other.id, "rb-1", "d-1"),
        }
        answer = calls[operation]()
        assert rows(db_session) == before
        assert answer == {"ok": False, "code": "player_unknown"}

    def test_a_win_is_paid_to_a_member_locked_since_the_bet(self, vendor, member, db_session):
        vendor.debit(member.id, "d-1", "r-1", "10")
        member.status = "locked"
        db_session.flush()
        assert vendor.credit(member.id, "c-1", "r-1", "40")["balance"] == "130.00"

    def test_the_ledger_holds_together(self, vendor, member, members, db_session, fund):
        other = members()
        fund(other, "50")
        for n, who in enumerate((member, other, member, other)):
            vendor.debit(who.id, f"d-{n}", f"r-{n}", "7.77")
            vendor.credit(who.id, f"c-{n}", f"r-{n}", str(n * 3))
        vendor.debit(member.id, "d-9", "r-9", "1")
        vendor.rollback(member.id, "rb-9", "d-9")
        report = audit_brand(db_session, member.tenant_id)
        assert report.clean, report.findings


class TestTheBrandsStep:
    """The protocol's answer to an amount finer than the brand's step is ``amount_invalid``: the
    wallet cannot hold it, and nothing is posted."""

    @pytest.fixture
    def whole_taka(self, db_session):
        row = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
        row.config = {**row.config, "wallet": {**row.config.get("wallet", {}), "step": "1"}}
        db_session.flush()

    def test_a_debit_or_credit_between_steps_is_refused(self, whole_taka, vendor, member, db_session):
        assert vendor.debit(member.id, "d-1", "r-1", "1.50") == {"ok": False, "code": "amount_invalid"}
        assert main_balance(db_session, member) == 10000 and posted(db_session, member) == 0
        assert vendor.debit(member.id, "d-2", "r-1", "2")["balance"] == "98.00"
        assert vendor.credit(member.id, "c-1", "r-1", "0.50")["code"] == "amount_invalid"
        assert vendor.credit(member.id, "c-2", "r-1", "3.00")["balance"] == "101.00"
