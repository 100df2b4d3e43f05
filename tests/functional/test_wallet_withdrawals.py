"""Withdrawals: held at once, rejected (the hold comes back) or approved and paid, then
confirmed by the member (received, not received with proof, partly), counted as received when
the member says nothing in time or when the brand confirms at once, and claims settled by an
operator."""

import pytest
import webtest
from sqlalchemy import func, select

from tessera.core.db import ALL_TENANTS, operator_session
from tessera.identity.accounts.models import AGENT_TYPES, FREE_PLAY, AuditEvent
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import Ledger
from tessera.wallet.operators.models import OperatorKey
from tessera.wallet.operators.services import key_hash
from tessera.wallet.pages import stamp
from tessera.wallet.payments.models import BankAccount, Withdrawal
from wallet_helpers import (
    PAYMENT_PASSWORD,
    RACERS,
    balance,
    jpeg,
    long_sessions,
    png,
    race,
    request_id,
    set_payment_password,
    set_wallet,
)

WITHDRAWALS, SETTINGS = "/wps/wallet/withdrawals", "/wps/wallet/withdrawal/settings"
ACCOUNTS = "/wps/wallet/bank-accounts"
ACCOUNT = {"bankName": "City Bank", "accountName": "Rahim", "accountNumber": "5555123456"}


@pytest.fixture
def customer(member_of):
    """``customer(slug, funds)``: a real member with money, a saved bank account and (where the
    brand asks for one) a payment password; returns (member, caller, bank account id)."""

    def make(slug="demo-bd", funds=1_000_000):
        member, caller = member_of(slug, funds=funds)
        set_payment_password(caller)
        account = caller.post(ACCOUNTS, ACCOUNT)
        return member, caller, account["value"]["id"]

    return make


def ask(caller, account_id, amount="600.00", status=200, password=PAYMENT_PASSWORD, **fields):
    body = {"bankAccountId": account_id, "amount": amount, "requestId": fields.pop("requestId", request_id()), **fields}
    if password is not None:
        body["paymentPassword"] = password
    return caller.post(WITHDRAWALS, body, status=status)


def house(db, member, name) -> int:
    db.expire_all()
    return Ledger(db, member.tenant_id).house_balance(name)


def paid_withdrawal(customer, operator_of, slug="demo-bd", amount="600.00"):
    member, caller, account_id = customer(slug)
    withdrawal = ask(caller, account_id, amount, password=PAYMENT_PASSWORD if slug == "demo-bd" else None)["value"]
    operator = operator_of(slug)
    operator.post(f"/ops/withdrawals/{withdrawal['id']}/approve")
    operator.post(f"/ops/withdrawals/{withdrawal['id']}/pay", {"reference": "BANK-REF-1"})
    return member, caller, operator, withdrawal["id"]


def key_name(db, operator) -> str:
    return db.scalar(select(OperatorKey.name).where(OperatorKey.key_hash == key_hash(operator.token)))


def resolve(operator, withdrawal_id, outcome="refund", status=200, **fields):
    return operator.post(f"/ops/withdrawals/{withdrawal_id}/resolve", {"outcome": outcome, **fields}, status=status)


def confirm(caller, withdrawal_id, result, status=200, files=(), **fields):
    return caller.upload(
        f"{WITHDRAWALS}/{withdrawal_id}/confirmation", {"result": result, **fields}, files, status=status
    )


class TestAsking:
    def test_the_amount_is_held_at_once(self, customer, db_session):
        member, caller, account_id = customer()
        value = ask(caller, account_id, "600.50")["value"]
        assert (value["status"], value["amount"], value["confirmation"], value["receivedAmount"]) == (
            "pending",
            "600.50",
            None,
            None,
        )
        assert value["bankAccount"] == {
            "id": account_id,
            "bankName": "City Bank",
            "accountName": "Rahim",
            "accountNumber": "****3456",
        }
        assert balance(db_session, member) == 1_000_000 - 60050
        assert house(db_session, member, "withdrawals_payable") == 60050
        hold = db_session.scalar(
            select(LedgerTransaction).where(LedgerTransaction.idempotency_key == f"withdrawal:{value['id']}:hold")
        )
        assert (hold.kind, hold.member_id) == ("withdrawal", member.id)
        assert caller.get(SETTINGS)["value"]["mainBalance"] == "9399.50"
        assert caller.get(f"{WITHDRAWALS}/{value['id']}")["value"] == value

    def test_the_settings_a_member_sees(self, customer, member_of):
        _, caller, _ = customer()
        assert caller.get(SETTINGS)["value"] == {
            "minAmount": "500.00",
            "maxAmount": "25000.00",
            "paymentPasswordRequired": True,
            "hasPaymentPassword": True,
            "confirmMinutes": 30,
            "forcedReceived": False,
            "mainBalance": "10000.00",
        }
        _, ph_caller = member_of("demo-ph")
        settings = ph_caller.get(SETTINGS)["value"]
        assert (
            settings["minAmount"],
            settings["paymentPasswordRequired"],
            settings["forcedReceived"],
            settings["mainBalance"],
        ) == ("200.00", False, True, "0.00")

    def test_insufficient_funds_hold_nothing(self, customer, db_session):
        member, caller, account_id = customer(funds=59999)
        assert ask(caller, account_id, "600.00", status=400)["code"] == "insufficient_funds"
        assert balance(db_session, member) == 59999
        assert db_session.scalar(select(func.count()).select_from(Withdrawal)) == 0
        ask(caller, account_id, "599.99")
        assert balance(db_session, member) == 0

    @pytest.mark.parametrize(
        "amount, code",
        [
            ("0", "amount_invalid"),
            (0, "amount_invalid"),
            ("-600", "amount_invalid"),
            ("abc", "amount_invalid"),
            ("600.001", "amount_too_precise"),
            (600.005, "amount_too_precise"),
            ("499.99", "amount_below_minimum"),
            ("25000.01", "amount_above_maximum"),
        ],
    )
    def test_bad_amounts(self, customer, db_session, amount, code):
        member, caller, account_id = customer()
        answer = ask(caller, account_id, amount, status=400)
        assert answer["code"] == code
        assert balance(db_session, member) == 1_000_000

    def test_the_bounds_are_the_brands(self, customer, db_session):
        set_wallet(db_session, "demo-bd", withdrawal_min="1000.00", withdrawal_max="1500.00")
        _, caller, account_id = customer()
        assert ask(caller, account_id, "999.99", status=400)["code"] == "amount_below_minimum"
        assert ask(caller, account_id, "1500.01", status=400)["code"] == "amount_above_maximum"
        ask(caller, account_id, "1500")

    def test_a_replay_answers_the_first_and_holds_once(self, customer, db_session):
        member, caller, account_id = customer()
        first = ask(caller, account_id, "700", requestId="wd-replay-01")["value"]
        assert ask(caller, account_id, 700, requestId="wd-replay-01")["value"] == first
        assert balance(db_session, member) == 1_000_000 - 70000
        assert ask(caller, account_id, "701", requestId="wd-replay-01", status=409)["code"] == "idempotency_conflict"
        assert balance(db_session, member) == 1_000_000 - 70000

    def test_only_the_members_own_live_bank_account(self, customer, db_session):
        member, caller, account_id = customer()
        _, other, other_account = customer()
        assert ask(caller, other_account, status=404)["code"] == "bank_account_not_found"
        caller.delete(f"{ACCOUNTS}/{account_id}")
        assert ask(caller, account_id, status=404)["code"] == "bank_account_not_found"
        assert balance(db_session, member) == 1_000_000

    def test_the_payment_password_is_needed_where_the_brand_asks(self, member_of, db_session):
        member, caller = member_of("demo-bd", funds=1_000_000)
        account_id = caller.post(ACCOUNTS, ACCOUNT)["value"]["id"]
        assert ask(caller, account_id, password=None, status=400)["code"] == "payment_password_not_set"
        set_payment_password(caller)
        assert ask(caller, account_id, password=None, status=400)["code"] == "payment_password_required"
        assert ask(caller, account_id, password="", status=400)["code"] == "payment_password_required"
        assert ask(caller, account_id, password="wrong-one", status=400)["code"] == "payment_password_wrong"
        assert balance(db_session, member) == 1_000_000
        ask(caller, account_id)
        set_wallet(db_session, "demo-bd", payment_password=False)
        ask(caller, account_id, password=None)
        assert balance(db_session, member) == 1_000_000 - 2 * 60000

    @pytest.mark.parametrize("member_type", [FREE_PLAY, *sorted(AGENT_TYPES)])
    def test_only_real_members(self, member_of, member_type):
        _, caller = member_of("demo-bd", member_type=member_type)
        assert ask(caller, 1, status=403)["code"] == "in_need_true_account"
        assert caller.get(WITHDRAWALS, expect=403)["code"] == "in_need_true_account"
        assert caller.get(SETTINGS, expect=403)["code"] == "in_need_true_account"


class TestOperator:
    def test_a_rejection_gives_the_hold_back(self, customer, operator_of, db_session):
        member, caller, account_id = customer()
        withdrawal_id = ask(caller, account_id, "800")["value"]["id"]
        operator = operator_of("demo-bd")
        rejected = operator.post(f"/ops/withdrawals/{withdrawal_id}/reject", {"remark": "name does not match"})["value"]
        assert (rejected["status"], rejected["remark"]) == ("rejected", "name does not match")
        assert balance(db_session, member) == 1_000_000
        assert house(db_session, member, "withdrawals_payable") == 0
        again = operator.post(f"/ops/withdrawals/{withdrawal_id}/reject", {"remark": "twice"})["value"]
        assert again["status"] == "rejected"
        assert balance(db_session, member) == 1_000_000
        for move in ("approve", "pay"):
            assert (
                operator.post(f"/ops/withdrawals/{withdrawal_id}/{move}", status=409)["code"]
                == "withdrawal_state_conflict"
            )
        assert caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]["status"] == "rejected"

    def test_paying_moves_the_money_out_of_the_house_and_starts_the_clock(self, customer, operator_of, db_session):
        member, caller, account_id = customer()
        withdrawal_id = ask(caller, account_id, "800")["value"]["id"]
        operator = operator_of("demo-bd")
        listed = operator.get("/ops/withdrawals", status="pending")["value"]["list"]
        assert [(w["id"], w["bankAccount"]["accountNumber"]) for w in listed] == [(withdrawal_id, "5555123456")]
        assert operator.post(f"/ops/withdrawals/{withdrawal_id}/approve")["value"]["status"] == "approved"
        paid = operator.post(f"/ops/withdrawals/{withdrawal_id}/pay", {"reference": "NPSB-77"})["value"]
        assert (paid["status"], paid["payReference"], paid["confirmation"]) == ("paid", "NPSB-77", None)
        assert paid["confirmBy"] is not None and paid["paidAt"] is not None
        assert house(db_session, member, "withdrawals_payable") == 0
        assert balance(db_session, member) == 1_000_000 - 80000
        paid_transaction = db_session.scalar(
            select(LedgerTransaction).where(LedgerTransaction.idempotency_key == f"withdrawal:{withdrawal_id}:paid")
        )
        assert paid_transaction.member_id == member.id  # house to house, naming whose withdrawal it was
        assert operator.post(f"/ops/withdrawals/{withdrawal_id}/pay")["value"]["status"] == "paid"  # again: the same
        assert (
            operator.post(f"/ops/withdrawals/{withdrawal_id}/reject", {"remark": "x"}, status=409)["code"]
            == "withdrawal_state_conflict"
        )
        shown = caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]
        assert shown["status"] == "paid" and shown["confirmBy"] == paid["confirmBy"]

    def test_an_operator_acts_only_on_their_brands_withdrawals(self, customer, operator_of, db_session):
        member, caller, account_id = customer()
        withdrawal_id = ask(caller, account_id)["value"]["id"]
        ph_operator = operator_of("demo-ph")
        for move, body in (("approve", None), ("pay", None), ("reject", {"remark": "x"})):
            assert (
                ph_operator.post(f"/ops/withdrawals/{withdrawal_id}/{move}", body, status=404)["code"]
                == "withdrawal_not_found"
            )
        assert ph_operator.get("/ops/withdrawals")["value"]["total"] == 0
        assert balance(db_session, member) == 1_000_000 - 60000


class TestConfirmation:
    def test_received(self, customer, operator_of):
        _, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        value = confirm(caller, withdrawal_id, "received")["value"]
        assert (value["confirmation"], value["receivedAmount"]) == ("received", "600.00")
        assert confirm(caller, withdrawal_id, "received", status=409)["code"] == "confirmation_not_allowed"
        assert resolve(operator, withdrawal_id, status=409)["code"] == "withdrawal_state_conflict"

    def test_not_received_needs_a_proof_and_an_operator_refunds(self, customer, operator_of, db_session):
        member, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        assert confirm(caller, withdrawal_id, "not_received", status=400)["code"] == "proof_required"
        answer = confirm(caller, withdrawal_id, "not_received", files=[("proof", "s.pdf", b"%PDF")], status=400)
        assert answer["code"] == "feedback_image_type"
        value = confirm(caller, withdrawal_id, "not_received", files=[("proof", "statement.jpg", jpeg())])["value"]
        assert (value["confirmation"], value["receivedAmount"], value["hasProof"]) == ("not_received", "0.00", True)
        claims = operator.get("/ops/withdrawals", confirmation="not_received")["value"]["list"]
        assert [w["id"] for w in claims] == [withdrawal_id]
        assert operator.get(f"/ops/withdrawals/{withdrawal_id}/proof").body == jpeg()
        before = balance(db_session, member)
        resolved = resolve(operator, withdrawal_id)["value"]
        assert (resolved["resolution"]["outcome"], resolved["resolution"]["refundedAmount"]) == ("refund", "600.00")
        assert balance(db_session, member) == before + 60000
        assert resolve(operator, withdrawal_id, status=409)["code"] == "withdrawal_state_conflict"
        assert balance(db_session, member) == before + 60000
        assert caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]["resolution"]["refundedAmount"] == "600.00"

    def test_partly_received_and_a_partial_refund(self, customer, operator_of, db_session):
        member, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        for wrong, code in (
            ("0", "amount_invalid"),
            ("600.00", "amount_above_maximum"),
            ("700", "amount_above_maximum"),
            ("1.234", "amount_too_precise"),
        ):
            assert confirm(caller, withdrawal_id, "partly_received", receivedAmount=wrong, status=400)["code"] == code
        assert confirm(caller, withdrawal_id, "partly_received", status=400)["code"] == "amount_invalid"
        value = confirm(caller, withdrawal_id, "partly_received", receivedAmount="450.50")["value"]
        assert (value["confirmation"], value["receivedAmount"]) == ("partly_received", "450.50")
        assert value["hasProof"] is False
        before = balance(db_session, member)
        assert resolve(operator, withdrawal_id, amount="149.51", status=400)["code"] == "amount_above_maximum"
        resolved = resolve(operator, withdrawal_id, amount=100)["value"]
        assert (resolved["confirmation"], resolved["receivedAmount"]) == ("partly_received", "450.50")
        assert (resolved["resolution"]["receivedAmount"], resolved["resolution"]["refundedAmount"]) == (
            "500.00",
            "100.00",
        )
        assert balance(db_session, member) == before + 10000

    def test_an_operator_may_hold_that_it_was_received(self, customer, operator_of, db_session):
        member, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        confirm(caller, withdrawal_id, "not_received", files=[("proof", "p.png", png())])
        before = balance(db_session, member)
        resolved = resolve(operator, withdrawal_id, "forced_received")["value"]
        assert (resolved["confirmation"], resolved["receivedAmount"]) == ("not_received", "0.00")
        assert resolved["resolution"]["outcome"] == "forced_received"
        assert (resolved["resolution"]["receivedAmount"], resolved["resolution"]["refundedAmount"]) == ("600.00", None)
        assert balance(db_session, member) == before

    def test_only_a_paid_withdrawal_is_confirmed(self, customer, operator_of):
        _, caller, account_id = customer()
        withdrawal_id = ask(caller, account_id)["value"]["id"]
        assert confirm(caller, withdrawal_id, "received", status=409)["code"] == "confirmation_not_allowed"
        assert confirm(caller, withdrawal_id, "lost", status=400)["code"] == "invalid_request"

    def test_unconfirmed_counts_as_received_after_confirm_minutes(self, customer, operator_of, db_session, clock):
        long_sessions(db_session, "demo-bd")
        _, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        clock.advance(minutes=29, seconds=59)
        assert caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]["confirmation"] is None
        clock.advance(seconds=1)
        value = caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]
        assert (value["confirmation"], value["receivedAmount"]) == ("auto_received", "600.00")
        db_session.expire_all()
        stored = db_session.scalar(select(Withdrawal.confirmation).where(Withdrawal.id == withdrawal_id))
        assert stored == "auto_received"
        answer = confirm(caller, withdrawal_id, "not_received", files=[("proof", "p.png", png())], status=409)
        assert answer["code"] == "confirmation_not_allowed"

    def test_the_deadline_is_worked_out_for_lists_and_operators_too(self, customer, operator_of, db_session, clock):
        set_wallet(db_session, "demo-bd", confirm_minutes=5)
        _, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        clock.advance(minutes=5)
        assert operator.get("/ops/withdrawals", confirmation="auto_received")["value"]["total"] == 1
        assert caller.get(WITHDRAWALS)["value"]["list"][0]["confirmation"] == "auto_received"
        assert confirm(caller, withdrawal_id, "received", status=409)["code"] == "confirmation_not_allowed"

    def test_a_brand_that_confirms_at_once(self, customer, operator_of, db_session):
        member, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of, "demo-ph", "300.00")
        value = caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]
        assert (value["status"], value["confirmation"], value["confirmBy"], value["receivedAmount"]) == (
            "paid",
            "forced_received",
            None,
            "300.00",
        )
        answer = confirm(caller, withdrawal_id, "not_received", files=[("proof", "p.png", png())], status=409)
        assert answer["code"] == "confirmation_not_allowed"


class TestClaimAndResolution:
    """The member's claim (what they said arrived, when, their proof) and the operator's
    resolution (the outcome, what it settles as received, who, when, a note) are kept apart:
    settling a claim never rewrites it."""

    def test_a_claim_held_received_keeps_what_the_member_said(self, customer, operator_of, db_session, clock):
        long_sessions(db_session, "demo-bd")
        _, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        claimed_at = stamp(clock.now)
        confirm(caller, withdrawal_id, "not_received", files=[("proof", "p.png", png())])
        clock.advance(hours=2)
        resolve(operator, withdrawal_id, "forced_received", note="The bank confirms the transfer NPSB-77.")
        shown = caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]
        assert {key: shown[key] for key in ("status", "confirmation", "receivedAmount", "confirmedAt", "hasProof")} == {
            "status": "paid",
            "confirmation": "not_received",
            "receivedAmount": "0.00",
            "confirmedAt": claimed_at,
            "hasProof": True,
        }
        assert shown["resolution"] == {
            "outcome": "forced_received",
            "receivedAmount": "600.00",
            "refundedAmount": None,
            "resolvedAt": stamp(clock.now),
            "note": "The bank confirms the transfer NPSB-77.",
        }
        listed = operator.get("/ops/withdrawals", confirmation="not_received")["value"]["list"]
        assert [w["id"] for w in listed] == [withdrawal_id]
        assert listed[0]["resolution"] == {**shown["resolution"], "resolvedBy": key_name(db_session, operator)}
        assert operator.get(f"/ops/withdrawals/{withdrawal_id}/proof").body == png()

    def test_a_partial_claim_and_its_refund(self, customer, operator_of, db_session):
        _, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        confirm(caller, withdrawal_id, "partly_received", receivedAmount="450.50")
        resolved = resolve(operator, withdrawal_id, amount="149.50")["value"]
        assert (resolved["confirmation"], resolved["receivedAmount"]) == ("partly_received", "450.50")
        assert {
            key: resolved["resolution"][key]
            for key in ("outcome", "receivedAmount", "refundedAmount", "note", "resolvedBy")
        } == {
            "outcome": "refund",
            "receivedAmount": "450.50",
            "refundedAmount": "149.50",
            "note": None,
            "resolvedBy": key_name(db_session, operator),
        }
        assert "resolvedBy" not in caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]["resolution"]

    def test_what_no_claim_has(self, customer, operator_of, db_session, clock):
        long_sessions(db_session, "demo-bd")
        _, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        assert caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]["confirmedAt"] is None
        clock.advance(minutes=30)
        value = caller.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]
        assert (value["confirmation"], value["confirmedAt"], value["resolution"]) == (
            "auto_received",
            value["confirmBy"],
            None,
        )
        _, _, ph_operator, _ = paid_withdrawal(customer, operator_of, "demo-ph", "300.00")
        value = ph_operator.get("/ops/withdrawals")["value"]["list"][0]
        assert (value["confirmation"], value["confirmedAt"], value["resolution"]) == (
            "forced_received",
            value["paidAt"],
            None,
        )

    def test_the_open_claims(self, customer, operator_of):
        _, caller, operator, first = paid_withdrawal(customer, operator_of)
        confirm(caller, first, "not_received", files=[("proof", "p.png", png())])
        _, other, _, second = paid_withdrawal(customer, operator_of)
        confirm(other, second, "not_received", files=[("proof", "p.png", png())])
        resolve(operator, first, "forced_received")
        claims = operator.get("/ops/withdrawals", confirmation="not_received", resolution="unresolved")["value"]
        assert [w["id"] for w in claims["list"]] == [second]
        held = operator.get("/ops/withdrawals", resolution="forced_received")["value"]["list"]
        assert [w["id"] for w in held] == [first]

    def test_a_note_is_at_most_255_characters(self, customer, operator_of, db_session):
        member, caller, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        confirm(caller, withdrawal_id, "not_received", files=[("proof", "p.png", png())])
        before = balance(db_session, member)
        assert resolve(operator, withdrawal_id, note="x" * 256, status=400)["code"] == "invalid_request"
        assert resolve(operator, withdrawal_id, note=7, status=400)["code"] == "invalid_request"
        assert balance(db_session, member) == before
        assert resolve(operator, withdrawal_id, note="x" * 255)["value"]["resolution"]["note"] == "x" * 255


class TestIsolation:
    def test_a_member_never_sees_or_confirms_anothers_withdrawal(self, customer, operator_of):
        _, owner, operator, withdrawal_id = paid_withdrawal(customer, operator_of)
        _, other, _ = customer()
        assert other.get(f"{WITHDRAWALS}/{withdrawal_id}", expect=404)["code"] == "withdrawal_not_found"
        assert other.get(WITHDRAWALS)["value"]["total"] == 0
        assert confirm(other, withdrawal_id, "received", status=404)["code"] == "withdrawal_not_found"
        _, ph_member, _ = customer("demo-ph")
        assert ph_member.get(f"{WITHDRAWALS}/{withdrawal_id}", expect=404)["code"] == "withdrawal_not_found"
        assert owner.get(f"{WITHDRAWALS}/{withdrawal_id}")["value"]["confirmation"] is None

    def test_the_members_list_newest_first_and_by_status(self, customer, operator_of):
        _, caller, account_id = customer()
        ids = [ask(caller, account_id)["value"]["id"] for _ in range(3)]
        operator_of("demo-bd").post(f"/ops/withdrawals/{ids[1]}/reject", {"remark": "no"})
        assert [w["id"] for w in caller.get(WITHDRAWALS)["value"]["list"]] == ids[::-1]
        assert [w["id"] for w in caller.get(WITHDRAWALS, status="rejected")["value"]["list"]] == [ids[1]]
        page = caller.get(WITHDRAWALS, pageNo=2, pageSize=2)["value"]
        assert (page["list"][0]["id"], page["totalPages"], page["total"]) == (ids[0], 2, 3)


# -- Two resolutions at the same moment, each in its own request and transaction ------------


def test_a_claim_is_resolved_once_whoever_asks_at_once(race_app, engine, committed):
    with operator_session(engine, ALL_TENANTS) as db:
        account = BankAccount(
            tenant_id=committed["tenant_id"],
            member_id=committed["member_id"],
            **{
                "bank_name": ACCOUNT["bankName"],
                "account_name": ACCOUNT["accountName"],
                "account_number": ACCOUNT["accountNumber"],
            },
        )
        db.add(account)
        db.flush()
        claimed = Withdrawal(
            tenant_id=committed["tenant_id"],
            member_id=committed["member_id"],
            bank_account_id=account.id,
            bank_name=account.bank_name,
            account_name=account.account_name,
            account_number=account.account_number,
            amount_minor=60000,
            status="paid",
            confirmation="not_received",
            received_minor=0,
            request_key=f"race:{request_id()}",
        )
        db.add(claimed)
        db.flush()
        withdrawal_id = claimed.id
    app = webtest.TestApp(race_app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    operator = {"Authorization": f"Bearer {committed['key']}"}
    path = f"/ops/withdrawals/{withdrawal_id}/resolve"
    answers = race(
        [
            lambda outcome=outcome: app.post_json(path, {"outcome": outcome}, headers=operator, expect_errors=True)
            for outcome in ("refund", "forced_received") * (RACERS // 2)
        ]
    )
    assert answers == [200] + [409] * (RACERS - 1)
    with operator_session(engine, ALL_TENANTS) as db:
        resolved = db.get(Withdrawal, withdrawal_id)
        claim, outcome = (resolved.confirmation, resolved.received_minor), resolved.resolution
        refunds = db.scalar(
            select(func.count())
            .select_from(LedgerTransaction)
            .where(LedgerTransaction.idempotency_key == f"withdrawal:{withdrawal_id}:refund")
        )
        main = (
            db.scalar(
                select(LedgerAccount.balance_minor).where(LedgerAccount.code == f"member:{committed['member_id']}:main")
            )
            or 0
        )
        resolutions = db.scalar(
            select(func.count()).where(
                AuditEvent.kind == "withdrawal_resolved", AuditEvent.member_id == committed["member_id"]
            )
        )
    assert claim == ("not_received", 0)
    assert (refunds, main) == ((1, 60000) if outcome == "refund" else (0, 0))
    assert resolutions == 1
