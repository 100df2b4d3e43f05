"""/wps/wallet/upline-transfers: a member sends money from main to the upline's main wallet when
the brand allows it and the member has an upline (member info toUpline); both records show it."""

import uuid

import pytest
from sqlalchemy import func, select

from accounts import bearer
from factories import _hash
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.payments.models import PaymentPassword
from wallet_vendor import main_balance, set_wallet

UPLINE = "/wps/wallet/upline-transfers"
RECORD = "/wps/wallet/transactions"
INFO = "/wps/member/info"
PAY = "Pay54321"


def rid() -> str:
    return f"up-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def family(members, db_session, token_of, fund):
    """An agent of demo-bd and a real member it brought, holding 100.00 with a payment password."""
    agent = members(member_type=1)
    member = members(upline_id=agent.id)
    fund(member, "100.00")
    db_session.add(PaymentPassword(tenant_id=member.tenant_id, member_id=member.id, password_hash=_hash(PAY)))
    db_session.flush()
    agent.headers, member.headers = bearer(token_of(agent)), bearer(token_of(member))
    return agent, member


def send(app, member, amount="30", status=200, **more):
    body = {"amount": amount, "paymentPassword": PAY, "requestId": rid(), **more}
    return app.post_json(UPLINE + "?lang=en", body, headers=member.headers, status=status).json


def upline_postings(db_session, member) -> int:
    return db_session.scalar(
        select(func.count())
        .select_from(LedgerTransaction)
        .where(LedgerTransaction.member_id == member.id, LedgerTransaction.kind == "upline_out")
    )


class TestToUpline:
    def test_member_info_says_so(self, testapp, family):
        agent, member = family
        assert testapp.get(INFO, headers=member.headers).json["value"]["toUpline"] is True
        assert testapp.get(INFO, headers=agent.headers).json["value"]["toUpline"] is False  # it has no upline

    def test_not_when_the_brand_does_not_allow_it(self, testapp, family, db_session):
        member = family[1]
        set_wallet(db_session, "demo-bd", to_upline=False)
        assert testapp.get(INFO, headers=member.headers).json["value"]["toUpline"] is False
        assert send(testapp, member, status=403)["code"] == "upline_transfer_not_allowed"
        assert main_balance(db_session, member) == 10000

    @pytest.mark.parametrize("upline_type", [0, None])
    def test_not_to_free_play_nor_without_an_upline(self, testapp, members, db_session, token_of, upline_type, fund):
        upline = members(member_type=0, password=None) if upline_type == 0 else None
        member = members(upline_id=upline.id if upline else None)
        member.headers = bearer(token_of(member))
        fund(member, "10")
        assert testapp.get(INFO, headers=member.headers).json["value"]["toUpline"] is False
        assert send(testapp, member, "1", status=403)["code"] == "upline_transfer_not_allowed"

    def test_not_to_an_account_of_another_brand(self, testapp, members, db_session, token_of):
        stranger = members("demo-ph", member_type=1)
        member = members(upline_id=stranger.id)
        member.headers = bearer(token_of(member))
        assert testapp.get(INFO, headers=member.headers).json["value"]["toUpline"] is False


class TestSending:
    def test_main_to_the_uplines_main_in_one_transaction(self, testapp, family, db_session):
        agent, member = family
        value = send(testapp, member, "30.25")["value"]
        assert value == {"transferId": value["transferId"], "mainBalance": "69.75"}
        assert (main_balance(db_session, member), main_balance(db_session, agent)) == (6975, 3025)
        transaction = db_session.get(LedgerTransaction, value["transferId"])
        assert (transaction.kind, transaction.member_id, len(transaction.postings)) == ("upline_out", member.id, 2)

    def test_both_records_show_it(self, testapp, family):
        agent, member = family
        send(testapp, member, "30")
        sent = testapp.get(RECORD + "?type=upline", headers=member.headers).json["value"]["list"]
        received = testapp.get(RECORD + "?type=upline", headers=agent.headers).json["value"]["list"]
        shown = [(e["type"], e["amount"], e["balanceAfter"], e["wallet"]) for e in sent + received]
        assert shown == [("upline", "-30.00", "70.00", "main"), ("upline", "30.00", "30.00", "main")]
        assert sent[0]["reference"] == received[0]["reference"] == f"upline:{agent.id}"

    def test_a_replay_answers_the_first_transfer(self, testapp, family, db_session):
        member = family[1]
        body = {"amount": "10", "paymentPassword": PAY, "requestId": rid()}
        first = testapp.post_json(UPLINE, body, headers=member.headers).json["value"]
        again = testapp.post_json(UPLINE, body, headers=member.headers).json["value"]
        assert again == first == {"transferId": first["transferId"], "mainBalance": "90.00"}
        other = testapp.post_json(UPLINE, {**body, "amount": "11"}, headers=member.headers, status=409).json
        assert other["code"] == "idempotency_conflict"
        assert main_balance(db_session, member) == 9000 and upline_postings(db_session, member) == 1
        send(testapp, member, "90")  # main is empty now; the first request still answers what it did
        assert testapp.post_json(UPLINE, body, headers=member.headers).json["value"] == first

    @pytest.mark.parametrize(
        "amount, code",
        [
            ("100.01", "insufficient_funds"),
            ("99999999999999999999999", "amount_above_maximum"),
            ("0", "amount_invalid"),
            ("-1", "amount_invalid"),
            ("0.001", "amount_too_precise"),
            (False, "amount_invalid"),
            ("ten", "amount_invalid"),
        ],
    )
    def test_bad_amounts_move_nothing(self, testapp, family, db_session, amount, code):
        agent, member = family
        assert send(testapp, member, amount, status=400)["code"] == code
        assert (main_balance(db_session, member), main_balance(db_session, agent)) == (10000, 0)

    @pytest.mark.parametrize("request_id", [None, "1234567", "x" * 65, "no spaces!", 123456789])
    def test_a_bad_request_id(self, testapp, family, request_id):
        body = {"amount": "1", "paymentPassword": PAY}
        if request_id is not None:
            body["requestId"] = request_id
        answer = testapp.post_json(UPLINE, body, headers=family[1].headers, status=400).json
        assert answer["code"] == "request_id_invalid"


class TestPaymentPassword:
    def test_a_wrong_or_missing_one_moves_nothing(self, testapp, family, db_session):
        agent, member = family
        assert send(testapp, member, paymentPassword="Wrong999", status=400)["code"] == "payment_password_wrong"
        body = {"amount": "5", "requestId": rid()}
        answer = testapp.post_json(UPLINE, body, headers=member.headers, status=400).json
        assert answer["code"] == "payment_password_required"
        assert (main_balance(db_session, member), main_balance(db_session, agent)) == (10000, 0)

    def test_none_is_asked_when_the_brand_does_not_ask(self, testapp, family, db_session):
        set_wallet(db_session, "demo-bd", payment_password=False)
        body = {"amount": "5", "requestId": rid()}
        assert testapp.post_json(UPLINE, body, headers=family[1].headers).json["value"]["mainBalance"] == "95.00"


class TestWho:
    def test_agents_and_free_play_need_a_real_account(self, testapp, family, members, token_of):
        agent = family[0]
        assert send(testapp, agent, "1", status=403)["code"] == "in_need_true_account"
        guest = members(member_type=0, password=None)
        guest.headers = bearer(token_of(guest))
        assert send(testapp, guest, "1", status=403)["code"] == "in_need_true_account"

    def test_it_needs_a_login(self, testapp):
        answer = testapp.post_json(UPLINE, {"amount": "1", "requestId": rid()}, status=401).json
        assert answer["code"] == "not_logged_in"
