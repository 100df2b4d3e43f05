"""Deposits: the channels a brand offers, starting a deposit by bank transfer or through a
gateway, proof images, the member's list, an operator's approval or rejection (credited once,
even when approved twice at the same moment), and who may see what."""

import pytest
import webtest
from sqlalchemy import func, select

from tessera.core.db import ALL_TENANTS, operator_session
from tessera.identity.accounts.models import AGENT_TYPES, FREE_PLAY, AuditEvent
from tessera.system.feedback.services import MAX_IMAGE_BYTES
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.payments.models import Deposit
from wallet_helpers import (
    BANK,
    GATEWAY,
    PLUGIN,
    RACERS,
    Caller,
    balance,
    jpeg,
    png,
    postings,
    race,
    request_id,
    set_brand,
    set_wallet,
)

DEPOSITS, CHANNELS = "/wps/wallet/deposits", "/wps/wallet/deposit/channels"


def manual(caller, amount="500.00", reference="TRX-1001", status=200, **fields):
    return caller.post(
        DEPOSITS,
        {
            "channel": BANK,
            "amount": amount,
            "reference": reference,
            "requestId": fields.pop("requestId", request_id()),
            **fields,
        },
        status=status,
    )


def gateway(caller, amount="500.00", status=200, **fields):
    body = {"channel": GATEWAY, "amount": amount, "requestId": fields.pop("requestId", request_id()), **fields}
    return caller.post(DEPOSITS, body, status=status)


class TestChannels:
    def test_every_channel_with_the_narrower_of_its_limits_and_the_brands(self, payments, member_of):
        _, caller = member_of("demo-bd")
        value = caller.get(CHANNELS)["value"]
        assert (value["currency"], value["currencySymbol"]) == ("BDT", "৳")
        by_id = {c["channel"]: c for c in value["channels"]}
        # demo-bd takes 100.00 to 50000.00; the bank 50.00 to 20000.00, the gateway 200 to 100000.
        assert (by_id[BANK]["minAmount"], by_id[BANK]["maxAmount"]) == ("100.00", "20000.00")
        assert (by_id[GATEWAY]["minAmount"], by_id[GATEWAY]["maxAmount"]) == ("200.00", "50000.00")
        assert by_id[BANK]["kind"] == "manual" and by_id[BANK]["instructions"]["accountNumber"] == "0123456789"
        assert by_id[GATEWAY]["kind"] == "redirect" and "instructions" not in by_id[GATEWAY]
        assert {c["plugin"] for c in value["channels"]} == {PLUGIN}

    def test_a_channel_the_brand_bounds_leave_no_room_in_is_not_offered(self, payments, member_of, db_session):
        set_wallet(db_session, "demo-bd", deposit_min="30000.00")
        _, caller = member_of("demo-bd")
        assert [c["channel"] for c in caller.get(CHANNELS)["value"]["channels"]] == [GATEWAY]

    def test_a_brand_without_payment_plugins_offers_none(self, member_of, db_session):
        set_brand(db_session, "demo-bd", plugins={})
        _, caller = member_of("demo-bd")
        assert caller.get(CHANNELS)["value"]["channels"] == []


class TestStart:
    def test_a_bank_transfer_answers_where_to_pay_and_waits_for_an_operator(self, payments, member_of, db_session):
        member, caller = member_of("demo-bd")
        value = manual(caller, amount="1500.5", reference=" TRX-77 ")["value"]
        deposit = value["deposit"]
        assert deposit["status"] == "pending" and deposit["kind"] == "manual"
        assert (deposit["amount"], deposit["currency"], deposit["reference"]) == ("1500.50", "BDT", "TRX-77")
        assert deposit["channelTitle"] == "Test Bank transfer" and deposit["hasProof"] is False
        assert value["instructions"]["bankName"] == "Test Bank"
        assert deposit["createdAt"].endswith("Z") and "." not in deposit["createdAt"]
        assert balance(db_session, member) == 0
        started = payments.started[-1]
        assert (started["depositId"], started["amount"], started["currency"]) == (str(deposit["id"]), "1500.50", "BDT")
        assert started["member"] == {"id": member.id, "username": member.username}

    def test_a_gateway_deposit_sends_the_member_to_the_gateway_and_back(self, payments, member_of):
        _, caller = member_of("demo-bd")
        value = gateway(caller, amount=750)["value"]
        deposit_id = value["deposit"]["id"]
        assert value["redirectUrl"] == f"https://pay.test/checkout/demo-bd/{deposit_id}"
        assert value["deposit"]["reference"] is None and value["deposit"]["amount"] == "750.00"
        started = payments.started[-1]
        assert started["returnUrl"] == f"http://demo-bd.localhost:6543/?memberCentre=depositv2&deposit={deposit_id}"
        assert started["notifyUrl"] == f"http://demo-bd.localhost:6543/wps/payments/webhook/{PLUGIN}/{GATEWAY}"

    def test_the_gateway_gets_the_brands_public_addresses_not_the_requests_host(
        self, payments, member_of, db_session, testapp
    ):
        set_brand(db_session, "demo-bd", public_url="https://www.demo-bd.example")
        _, caller = member_of("demo-bd")
        testapp.extra_environ = {**testapp.extra_environ, "HTTP_HOST": "127.0.0.1:8080"}
        deposit_id = gateway(caller, amount=750)["value"]["deposit"]["id"]
        started = payments.started[-1]
        assert started["returnUrl"] == f"https://www.demo-bd.example/?memberCentre=depositv2&deposit={deposit_id}"
        assert started["notifyUrl"] == f"https://www.demo-bd.example/wps/payments/webhook/{PLUGIN}/{GATEWAY}"

    def test_a_bank_transfer_needs_the_members_reference(self, payments, member_of):
        _, caller = member_of("demo-bd")
        for reference in (None, "   "):
            body = {"channel": BANK, "amount": "500", "requestId": request_id()}
            if reference is not None:
                body["reference"] = reference
            answer = caller.post(DEPOSITS, body, status=400)
            assert answer["code"] == "invalid_request"
            assert answer["value"]["fields"][0]["field"] == "reference"
        answer = manual(caller, reference="x" * 65, status=400)
        assert answer["value"]["fields"][0]["code"] == "field_max_length"

    @pytest.mark.parametrize(
        "amount, code",
        [
            ("0", "amount_invalid"),
            (-5, "amount_invalid"),
            ("abc", "amount_invalid"),
            ("NaN", "amount_invalid"),
            ("100.001", "amount_too_precise"),
            ("99.99", "amount_below_minimum"),
            ("20000.01", "amount_above_maximum"),
        ],
    )
    def test_amounts_out_of_bounds_or_not_amounts_are_refused(self, payments, member_of, db_session, amount, code):
        _, caller = member_of("demo-bd")
        answer = manual(caller, amount=amount, status=400)
        assert answer["code"] == code
        assert db_session.scalar(select(func.count()).select_from(Deposit)) == 0
        assert payments.started == []

    def test_bounds_are_named_in_the_message(self, payments, member_of):
        _, caller = member_of("demo-bd")
        assert "100.00" in manual(caller, amount="5", status=400)["message"]
        assert "50000.00" in gateway(caller, amount="50000.01", status=400)["message"]

    @pytest.mark.parametrize("amount", [True, None, [], {"v": 1}])
    def test_an_amount_that_is_no_number_is_refused_by_the_description(self, payments, member_of, amount):
        _, caller = member_of("demo-bd")
        assert manual(caller, amount=amount, status=400)["code"] == "invalid_request"

    def test_an_unknown_channel(self, payments, member_of):
        _, caller = member_of("demo-bd")
        answer = caller.post(DEPOSITS, {"channel": "nope", "amount": "500", "requestId": request_id()}, status=404)
        assert answer["code"] == "payment_channel_unknown"

    @pytest.mark.parametrize("request_id_", ["short", "x" * 65, "has space1", "ümlaut123"])
    def test_a_request_id_of_8_to_64_plain_characters(self, payments, member_of, request_id_):
        _, caller = member_of("demo-bd")
        assert manual(caller, requestId=request_id_, status=400)["value"]["fields"][0]["field"] == "requestId"

    def test_a_replay_answers_the_first_deposit_and_starts_nothing(self, payments, member_of, db_session):
        _, caller = member_of("demo-bd")
        first = gateway(caller, amount="600", requestId="replay-0001")["value"]
        again = gateway(caller, amount=600, requestId="replay-0001")["value"]
        assert again == first
        assert len(payments.started) == 1
        assert db_session.scalar(select(func.count()).select_from(Deposit)) == 1

    def test_a_replay_with_other_fields_is_refused(self, payments, member_of, db_session):
        _, caller = member_of("demo-bd")
        manual(caller, amount="600", reference="A-1", requestId="replay-0002")
        assert (
            manual(caller, amount="601", reference="A-1", requestId="replay-0002", status=409)["code"]
            == "idempotency_conflict"
        )
        assert (
            manual(caller, amount="600", reference="A-2", requestId="replay-0002", status=409)["code"]
            == "idempotency_conflict"
        )
        assert gateway(caller, amount="600", requestId="replay-0002", status=409)["code"] == "idempotency_conflict"
        assert db_session.scalar(select(func.count()).select_from(Deposit)) == 1

    def test_request_ids_are_each_members_own(self, payments, member_of, db_session):
        _, first = member_of("demo-bd")
        _, second = member_of("demo-bd")
        one = manual(first, requestId="shared-0001")["value"]["deposit"]["id"]
        two = manual(second, requestId="shared-0001", amount="700")["value"]["deposit"]["id"]
        assert one != two

    def test_an_unreachable_gateway_keeps_nothing(self, payments, member_of, db_session):
        _, caller = member_of("demo-bd")
        payments.unavailable = True
        assert gateway(caller, status=503, requestId="retry-00001")["code"] == "payment_unavailable"
        assert db_session.scalar(select(func.count()).select_from(Deposit)) == 0
        payments.unavailable = False
        assert gateway(caller, requestId="retry-00001")["value"]["deposit"]["status"] == "pending"


class TestWhoMayDeposit:
    @pytest.mark.parametrize("member_type", [FREE_PLAY, *sorted(AGENT_TYPES)])
    def test_only_real_members(self, payments, member_of, member_type):
        _, caller = member_of("demo-bd", member_type=member_type)
        for answer in (caller.get(CHANNELS, expect=403), caller.get(DEPOSITS, expect=403), manual(caller, status=403)):
            assert answer["code"] == "in_need_true_account"

    def test_without_a_login(self, payments, bd):
        caller = Caller(bd, None)
        assert caller.get(CHANNELS, expect=401)["code"] == "not_logged_in"
        assert manual(caller, status=401)["code"] == "not_logged_in"

    def test_a_member_sees_only_their_own_deposits(self, payments, member_of):
        _, owner = member_of("demo-bd")
        _, other = member_of("demo-bd")
        deposit = manual(owner)["value"]["deposit"]
        assert other.get(f"{DEPOSITS}/{deposit['id']}", expect=404)["code"] == "deposit_not_found"
        assert other.get(DEPOSITS)["value"]["total"] == 0
        proof = other.upload(f"{DEPOSITS}/{deposit['id']}/proof", {}, [("proof", "p.png", png())], status=404)
        assert proof["code"] == "deposit_not_found"
        assert owner.get(f"{DEPOSITS}/{deposit['id']}")["value"] == deposit
        for wrong in ("0", "2147483648", "abc"):
            assert owner.get(f"{DEPOSITS}/{wrong}", expect=400)["code"] == "invalid_request"

    def test_a_brand_never_sees_another_brands_deposits(self, payments, member_of, ph):
        _, bd_member = member_of("demo-bd")
        deposit = manual(bd_member)["value"]["deposit"]
        # The same session token on another brand's host is no session there.
        assert Caller(ph, bd_member.token).get(f"{DEPOSITS}/{deposit['id']}", expect=401)["code"] == "not_logged_in"
        _, ph_member = member_of("demo-ph")
        assert ph_member.get(f"{DEPOSITS}/{deposit['id']}", expect=404)["code"] == "deposit_not_found"


class TestList:
    def test_newest_first_by_page_and_by_status(self, payments, member_of, operator_of):
        _, caller = member_of("demo-bd")
        ids = [manual(caller, reference=f"R{n}")["value"]["deposit"]["id"] for n in range(3)]
        operator_of("demo-bd").post(f"/ops/deposits/{ids[0]}/reject", {"remark": "not seen"})
        page = caller.get(DEPOSITS, pageSize=2)["value"]
        assert [d["id"] for d in page["list"]] == [ids[2], ids[1]]
        assert (page["pageNo"], page["totalPages"], page["total"]) == (1, 2, 3)
        assert [d["id"] for d in caller.get(DEPOSITS, pageNo=2, pageSize=2)["value"]["list"]] == [ids[0]]
        assert [d["id"] for d in caller.get(DEPOSITS, status="rejected")["value"]["list"]] == [ids[0]]
        assert caller.get(DEPOSITS, status="pending")["value"]["total"] == 2
        assert caller.get(DEPOSITS, pageSize=101, expect=400)["code"] == "invalid_request"
        assert caller.get(DEPOSITS, status="lost", status_=None if False else None, **{}) if False else True


class TestProof:
    def test_a_png_or_jpeg_proof_is_kept_for_the_operator(self, payments, member_of, operator_of, db_session):
        _, caller = member_of("demo-bd")
        deposit_id = manual(caller)["value"]["deposit"]["id"]
        answer = caller.upload(f"{DEPOSITS}/{deposit_id}/proof", {}, [("proof", "receipt.png", png())])
        assert answer["value"]["deposit"]["hasProof"] is True
        stored = db_session.scalar(select(Deposit.proof).where(Deposit.id == deposit_id))
        assert stored.startswith("demo-bd/deposit-proofs/") and stored.endswith(".png")
        image = operator_of("demo-bd").get(f"/ops/deposits/{deposit_id}/proof")
        assert image.content_type == "image/png" and image.body == png()
        caller.upload(f"{DEPOSITS}/{deposit_id}/proof", {}, [("proof", "photo.JPG", jpeg())])
        assert db_session.scalar(select(Deposit.proof).where(Deposit.id == deposit_id)).endswith(".jpg")

    @pytest.mark.parametrize(
        "name, data, code",
        [
            ("receipt.png", b"GIF89a" + b"\x00" * 40, "feedback_image_type"),
            ("receipt.pdf", b"%PDF-1.4 not an image", "feedback_image_type"),
            ("big.png", png()[:8] + b"\x00" * MAX_IMAGE_BYTES, "feedback_image_too_large"),
        ],
    )
    def test_anything_else_is_refused(self, payments, member_of, name, data, code):
        _, caller = member_of("demo-bd")
        deposit_id = manual(caller)["value"]["deposit"]["id"]
        answer = caller.upload(f"{DEPOSITS}/{deposit_id}/proof", {}, [("proof", name, data)], status=400)
        assert answer["code"] == code
        assert caller.get(f"{DEPOSITS}/{deposit_id}")["value"]["hasProof"] is False

    def test_a_proof_needs_a_file(self, payments, member_of):
        _, caller = member_of("demo-bd")
        deposit_id = manual(caller)["value"]["deposit"]["id"]
        assert caller.upload(f"{DEPOSITS}/{deposit_id}/proof", {}, status=400)["code"] == "proof_required"
        answer = caller.upload(f"{DEPOSITS}/{deposit_id}/proof", {"proof": "text"}, status=400)
        assert answer["code"] == "invalid_request"

    def test_a_part_without_headers_is_no_proof(self, payments, member_of):
        _, caller = member_of("demo-bd")
        deposit_id = manual(caller)["value"]["deposit"]["id"]
        response = caller.app.request(
            f"{DEPOSITS}/{deposit_id}/proof?lang=en",
            method="POST",
            headers={
                "Host": "demo-bd.localhost",
                "Authorization": f"Bearer {caller.token}",
                "Content-Type": "multipart/form-data; boundary=9cc651",
            },
            body=b"--9cc651\r\nFalse--9cc651--\r\n",
            status=400,
        )
        assert response.json["code"] == "proof_required"

    def test_only_a_pending_bank_transfer_takes_one(self, payments, member_of, operator_of):
        _, caller = member_of("demo-bd")
        redirect_id = gateway(caller)["value"]["deposit"]["id"]
        answer = caller.upload(f"{DEPOSITS}/{redirect_id}/proof", {}, [("proof", "p.png", png())], status=409)
        assert answer["code"] == "deposit_state_conflict"
        approved = manual(caller)["value"]["deposit"]["id"]
        operator_of("demo-bd").post(f"/ops/deposits/{approved}/approve", {})
        answer = caller.upload(f"{DEPOSITS}/{approved}/proof", {}, [("proof", "p.png", png())], status=409)
        assert answer["code"] == "deposit_state_conflict"


class TestOperatorDecision:
    def test_approval_credits_the_member_once(self, payments, member_of, operator_of, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = manual(caller, amount="1234.56")["value"]["deposit"]["id"]
        operator = operator_of("demo-bd")
        pending = operator.get("/ops/deposits", status="pending")["value"]["list"]
        assert [(d["id"], d["username"], d["plugin"]) for d in pending] == [(deposit_id, member.username, PLUGIN)]
        approved = operator.post(f"/ops/deposits/{deposit_id}/approve", {"remark": "seen on statement"})["value"]
        assert (approved["status"], approved["remark"]) == ("paid", "seen on statement")
        assert approved["paidAt"] is not None
        assert balance(db_session, member) == 123456
        again = operator.post(f"/ops/deposits/{deposit_id}/approve")["value"]
        assert again["status"] == "paid"
        assert balance(db_session, member) == 123456
        assert caller.get(f"{DEPOSITS}/{deposit_id}")["value"]["status"] == "paid"
        transactions = db_session.scalars(
            select(LedgerTransaction).where(LedgerTransaction.idempotency_key == f"deposit:{deposit_id}:paid")
        ).all()
        assert len(transactions) == 1 and transactions[0].kind == "deposit"
        assert (
            operator.post(f"/ops/deposits/{deposit_id}/reject", {"remark": "late"}, status=409)["code"]
            == "deposit_state_conflict"
        )
        assert db_session.scalar(select(func.count()).where(AuditEvent.kind == "deposit_approved")) == 1

    def test_rejection_credits_nothing_and_tells_the_member_why(self, payments, member_of, operator_of, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = manual(caller)["value"]["deposit"]["id"]
        operator = operator_of("demo-bd")
        rejected = operator.post(f"/ops/deposits/{deposit_id}/reject", {"remark": "no such transfer"})["value"]
        assert rejected["status"] == "rejected"
        shown = caller.get(f"{DEPOSITS}/{deposit_id}")["value"]
        assert (shown["status"], shown["remark"]) == ("rejected", "no such transfer")
        assert operator.post(f"/ops/deposits/{deposit_id}/approve", {}, status=409)["code"] == "deposit_state_conflict"
        assert balance(db_session, member) == 0
        assert operator.post(f"/ops/deposits/{deposit_id}/reject", {}, status=400)["code"] == "invalid_request"

    def test_an_operator_acts_only_on_their_brands_deposits(self, payments, member_of, operator_of, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = manual(caller)["value"]["deposit"]["id"]
        ph_operator = operator_of("demo-ph")
        assert ph_operator.post(f"/ops/deposits/{deposit_id}/approve", {}, status=404)["code"] == "deposit_not_found"
        assert ph_operator.get("/ops/deposits")["value"]["total"] == 0
        assert balance(db_session, member) == 0


# -- Two approvals at the same moment, each in its own request and transaction -------------


def test_two_approvals_at_once_credit_once(race_app, engine, committed):
    app = webtest.TestApp(race_app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    member = {"Authorization": f"Bearer {committed['token']}"}
    body = {"channel": BANK, "amount": "800.00", "reference": "RACE-1", "requestId": request_id()}
    deposit_id = app.post_json(DEPOSITS, body, headers=member).json["value"]["deposit"]["id"]
    operator = {"Authorization": f"Bearer {committed['key']}"}
    answers = race(
        [lambda: app.post_json(f"/ops/deposits/{deposit_id}/approve", {}, headers=operator, expect_errors=True)]
        * RACERS
    )
    assert answers == [200] * RACERS
    with operator_session(engine, ALL_TENANTS) as db:
        main = db.scalar(select(LedgerAccount).where(LedgerAccount.code == f"member:{committed['member_id']}:main"))
        assert main.balance_minor == 80000
        assert postings(db, main) == 1
        assert (
            db.scalar(
                select(func.count()).where(
                    AuditEvent.kind == "deposit_approved", AuditEvent.member_id == committed["member_id"]
                )
            )
            == 1
        )


# -- The bank transfer plugin --------------------------------------------------------------


def test_a_deposit_by_the_bank_transfer_plugin(member_of, operator_of, db_session):
    set_brand(
        db_session,
        "demo-bd",
        plugins={
            "bank-transfer": {
                "channels": [
                    {
                        "channel": "dbbl",
                        "title": {"en": "Bank transfer (DBBL)", "bn": "ব্যাংক ট্রান্সফার (ডিবিবিএল)"},
                        "min": "500",
                        "max": "60000.00",
                        "bank_name": "Dutch-Bangla Bank",
                        "account_name": "Tessera Demo BD Ltd",
                        "account_number": "1011100012345",
                        "note": "Write your username in the reference.",
                    }
                ]
            }
        },
    )
    member, caller = member_of("demo-bd")
    (channel,) = caller.get(CHANNELS)["value"]["channels"]
    assert (channel["channel"], channel["plugin"], channel["kind"], channel["title"]) == (
        "dbbl",
        "bank-transfer",
        "manual",
        "Bank transfer (DBBL)",
    )
    assert (channel["minAmount"], channel["maxAmount"]) == ("500.00", "50000.00")  # the brand's max is lower
    assert caller.get(CHANNELS, lang="bn")["value"]["channels"][0]["title"] == "ব্যাংক ট্রান্সফার (ডিবিবিএল)"
    started = caller.post(
        DEPOSITS, {"channel": "dbbl", "amount": "2500", "reference": member.username, "requestId": request_id()}
    )["value"]
    assert started["instructions"] == {
        "bankName": "Dutch-Bangla Bank",
        "accountName": "Tessera Demo BD Ltd",
        "accountNumber": "1011100012345",
        "note": "Write your username in the reference.",
    }
    deposit_id = started["deposit"]["id"]
    caller.upload(f"{DEPOSITS}/{deposit_id}/proof", {}, [("proof", "receipt.png", png())])
    operator_of("demo-bd").post(f"/ops/deposits/{deposit_id}/approve", {"remark": "seen"})
    assert balance(db_session, member) == 250000
    assert caller.get(f"{DEPOSITS}/{deposit_id}")["value"]["status"] == "paid"
