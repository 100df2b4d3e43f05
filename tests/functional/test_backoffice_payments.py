"""The back office's deposit and withdrawal queues: filtered, sorted and paged per brand;
approving a bank deposit credits it once, rejecting one credits nothing; a withdrawal at or
below the brand's threshold is approved and paid by one staff member, one above it waits for a
second; every action writes its audit entry (brand, target, before and after)."""

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.audit.services import verify
from tessera.backoffice.permissions import Permission
from tessera.core.db import ALL_TENANTS
from tessera.core.timeutil import iso, utcnow
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.services import Ledger, Leg
from tessera.wallet.payments.models import BankAccount, Withdrawal

BRAND = "/bo/api/brands/demo-bd"
CASHIER = [Permission.DepositApprove, Permission.WithdrawalApprove]


def call(staff, method: str, path: str, body=None, status=200):
    """A staff member's call (JSON when ``body`` is given, with the session's CSRF token); the
    envelope's value, or the envelope of a refusal."""
    kwargs = {"headers": staff.headers(), "status": status}
    if method == "get":
        response = staff.browser.get(path, **kwargs)
    elif body is None:
        response = getattr(staff.browser, method)(path, **kwargs)
    else:
        response = getattr(staff.browser, f"{method}_json")(path, body, **kwargs)
    return response.json["value"] if status < 300 else response.json


@pytest.fixture
def staff(staff_member):
    """``staff(*permissions)``: a logged-in staff member holding those permissions on demo-bd."""

    def make(*permissions):
        member = staff_member({"demo-bd": list(permissions)})
        member.login()
        return member

    return make


@pytest.fixture
def cashier(staff):
    return staff(*CASHIER)


def main_balance(db, member) -> int:
    db.expire_all()
    return Ledger(db, member.tenant_id).member_balance(member.id)


def entries(db, target: str) -> list[AuditEntry]:
    return list(db.scalars(select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id)))


def held_withdrawal(db, member, amount_minor: int) -> Withdrawal:
    """A member's pending withdrawal with its amount held, as asking for one leaves it."""
    account = BankAccount(
        tenant_id=member.tenant_id,
        member_id=member.id,
        bank_name="City Bank",
        account_name="Rahim",
        account_number="5555123456",
    )
    db.add(account)
    db.flush()
    withdrawal = Withdrawal(
        tenant_id=member.tenant_id,
        member_id=member.id,
        bank_account_id=account.id,
        bank_name=account.bank_name,
        account_name=account.account_name,
        account_number=account.account_number,
        amount_minor=amount_minor,
        status="pending",
        request_key=f"test:{uuid.uuid4().hex}",
    )
    db.add(withdrawal)
    db.flush()
    ledger = Ledger(db, member.tenant_id)
    ledger.post(
        key=f"withdrawal:{withdrawal.id}:hold",
        kind="withdrawal",
        member_id=member.id,
        legs=[
            Leg(ledger.member_account(member.id), -amount_minor),
            Leg(ledger.house_account("withdrawals_payable", member.id), amount_minor),
        ],
        reference=f"withdrawal:{withdrawal.id}",
    )
    return withdrawal


def ledger_clean(db, member) -> bool:
    db.info["tenant_id"] = ALL_TENANTS
    return audit_brand(db, member.tenant_id).clean


# -- Deposits ---------------------------------------------------------------------------------


def test_the_deposit_queue_is_the_brands_filtered_sorted_and_paged(cashier, members, deposits):
    rahim, karim = members(), members()
    old = deposits(rahim, "300.00", bank=True, created_at=utcnow() - timedelta(days=2))
    small = deposits(rahim, "100.00", bank=True)
    large = deposits(karim, "900.00", paid=True)
    elsewhere = deposits(members("demo-ph"), "100.00")
    page = call(cashier, "get", f"{BRAND}/deposits?member={rahim.username}")
    assert (page["total"], [d["id"] for d in page["items"]]) == (2, [small.id, old.id])  # newest first
    first = page["items"][0]
    assert first == {
        "id": small.id,
        "orderNo": f"D{small.id:08d}",
        "memberId": rahim.id,
        "username": rahim.username,
        "channel": "testbank",
        "plugin": "test-payments",
        "amount": "100.00",
        "status": "pending",
        "createdAt": first["createdAt"],
        "paidAt": None,
        "remark": None,
        "hasProof": False,
    }
    paid = call(cashier, "get", f"{BRAND}/deposits?status=paid&member={karim.id}")
    assert [d["id"] for d in paid["items"]] == [large.id]
    since = iso(utcnow() - timedelta(days=1)).replace("+00:00", "Z")
    recent = call(cashier, "get", f"{BRAND}/deposits?member={rahim.username}&from={since}")
    assert [d["id"] for d in recent["items"]] == [small.id]
    by_amount = call(cashier, "get", f"{BRAND}/deposits?sort=amount&order=asc&pageSize=1&page=2")
    assert by_amount["pageSize"] == 1 and by_amount["page"] == 2
    everything = call(cashier, "get", f"{BRAND}/deposits?sort=amount&order=asc&pageSize=200")["items"]
    amounts = [float(d["amount"]) for d in everything]
    assert amounts == sorted(amounts) and by_amount["items"][0]["id"] == everything[1]["id"]
    assert len(everything) == by_amount["total"]
    ids = {d["id"] for d in everything}
    assert {old.id, small.id, large.id} <= ids and elsewhere.id not in ids  # demo-bd's only
    refused = call(cashier, "get", f"{BRAND}/deposits?pageSize=201", status=400)
    assert refused["code"] == "invalid_request"


def test_approving_a_bank_deposit_credits_it_once_and_is_audited(cashier, members, deposits, db_session):
    member = members()
    deposit = deposits(member, "420.00", bank=True)
    approved = call(cashier, "post", f"{BRAND}/deposits/{deposit.id}/approve", {"remark": "seen on statement"})
    assert (approved["status"], approved["remark"]) == ("paid", "seen on statement")
    assert main_balance(db_session, member) == 42000
    again = call(cashier, "post", f"{BRAND}/deposits/{deposit.id}/approve")
    assert again["status"] == "paid" and main_balance(db_session, member) == 42000
    [entry] = entries(db_session, f"deposit:{deposit.id}")
    assert (entry.brand, entry.staff, entry.action) == ("demo-bd", cashier.username, "deposit_approved")
    assert (entry.before["status"], entry.after["status"], entry.after["remark"]) == (
        "pending",
        "paid",
        "seen on statement",
    )
    assert call(cashier, "post", f"{BRAND}/deposits/{deposit.id}/reject", {"remark": "x"}, status=409)["code"] == (
        "deposit_state_conflict"
    )
    assert ledger_clean(db_session, member)
    assert verify(db_session)[1] is None


def test_rejecting_a_deposit_credits_nothing(cashier, members, deposits, db_session):
    member = members()
    deposit = deposits(member, "420.00", bank=True)
    rejected = call(cashier, "post", f"{BRAND}/deposits/{deposit.id}/reject", {"remark": "no such transfer"})
    assert (rejected["status"], rejected["remark"]) == ("rejected", "no such transfer")
    refused = call(cashier, "post", f"{BRAND}/deposits/{deposit.id}/approve", status=409)
    assert refused["code"] == "deposit_state_conflict"
    assert main_balance(db_session, member) == 0
    [entry] = entries(db_session, f"deposit:{deposit.id}")
    assert (entry.action, entry.before["status"], entry.after["status"]) == ("deposit_rejected", "pending", "rejected")
    assert call(cashier, "post", f"{BRAND}/deposits/{deposit.id}/reject", {}, status=400)["code"] == "invalid_request"


def test_another_brands_deposit_is_not_found(cashier, members, deposits, db_session):
    other = deposits(members("demo-ph"), "100.00", bank=True)
    assert call(cashier, "post", f"{BRAND}/deposits/{other.id}/approve", status=404)["code"] == "deposit_not_found"
    db_session.expire_all()
    assert db_session.get(type(other), other.id).status == "pending"


# -- Withdrawals ------------------------------------------------------------------------------


def test_the_withdrawal_queue(cashier, members, fund, db_session):
    member, other = members(), members("demo-ph")
    fund(member, "5000.00")
    fund(other, "5000.00")
    first, second = held_withdrawal(db_session, member, 60000), held_withdrawal(db_session, member, 70000)
    held_withdrawal(db_session, other, 60000)
    page = call(cashier, "get", f"{BRAND}/withdrawals?member={member.username}&status=pending")
    assert [w["id"] for w in page["items"]] == [second.id, first.id] and page["total"] == 2
    shown = page["items"][1]
    assert shown["bankAccount"] == {"bankName": "City Bank", "accountName": "Rahim", "accountNumber": "5555123456"}
    assert (shown["orderNo"], shown["amount"], shown["receipt"], shown["approval"]) == (
        f"W{first.id:08d}",
        "600.00",
        None,
        None,
    )
    ascending = call(cashier, "get", f"{BRAND}/withdrawals?member={member.id}&sort=amount&order=asc")
    assert [w["id"] for w in ascending["items"]] == [first.id, second.id]
    assert call(cashier, "get", f"{BRAND}/withdrawals?status=paid&member={member.id}")["total"] == 0


def test_a_withdrawal_below_the_threshold_is_approved_and_paid_by_one(cashier, members, fund, db_session):
    member = members()
    fund(member, "5000.00")
    withdrawal = held_withdrawal(db_session, member, 60000)
    path = f"{BRAND}/withdrawals/{withdrawal.id}"
    assert call(cashier, "post", f"{path}/pay", status=409)["code"] == "withdrawal_not_approved"
    assert call(cashier, "post", f"{path}/approve")["status"] == "approved"
    paid = call(cashier, "post", f"{path}/pay", {"remark": "BANK-REF-7"})
    assert paid["status"] == "paid" and paid["receipt"]["reference"] == "BANK-REF-7"
    assert call(cashier, "post", f"{path}/pay")["status"] == "paid"  # paying again changes nothing
    assert main_balance(db_session, member) == 500000 - 60000
    db_session.expire_all()
    assert Ledger(db_session, member.tenant_id).house_account("withdrawals_payable", member.id).balance_minor == 0
    actions = [
        (e.action, e.before["status"], e.after["status"]) for e in entries(db_session, f"withdrawal:{withdrawal.id}")
    ]
    assert actions == [("withdrawal_approved", "pending", "approved"), ("withdrawal_paid", "approved", "paid")]
    assert (
        call(cashier, "post", f"{path}/reject", {"remark": "late"}, status=409)["code"] == "withdrawal_state_conflict"
    )
    assert ledger_clean(db_session, member)


def test_a_rejected_withdrawal_gives_the_hold_back(cashier, members, fund, db_session):
    member = members()
    fund(member, "5000.00")
    withdrawal = held_withdrawal(db_session, member, 60000)
    assert main_balance(db_session, member) == 440000
    rejected = call(cashier, "post", f"{BRAND}/withdrawals/{withdrawal.id}/reject", {"remark": "wrong account"})
    assert rejected["status"] == "rejected" and main_balance(db_session, member) == 500000
    [entry] = entries(db_session, f"withdrawal:{withdrawal.id}")
    assert (entry.action, entry.after["remark"]) == ("withdrawal_rejected", "wrong account")
    assert ledger_clean(db_session, member)


def test_above_the_threshold_a_second_staff_member_approves(cashier, staff, members, fund, db_session):
    member = members()
    fund(member, "50000.00")
    withdrawal = held_withdrawal(db_session, member, 1_500_000)  # 15000.00 taka, above 10000.00
    path = f"{BRAND}/withdrawals/{withdrawal.id}"
    asked = cashier.browser.post_json(f"{path}/approve", {}, headers=cashier.headers(), status=202).json["value"]
    approval = asked["approval"]
    assert (approval["action"], approval["target"], approval["amount"], approval["status"]) == (
        "withdrawal.approve",
        f"withdrawal:{withdrawal.id}",
        "15000.00",
        "pending",
    )
    assert (approval["requestedBy"], approval["permission"]) == (cashier.username, "withdrawal.approve")
    again = cashier.browser.post_json(f"{path}/approve", {}, headers=cashier.headers(), status=202).json["value"]
    assert again["approval"]["id"] == approval["id"]
    listed = call(cashier, "get", f"{BRAND}/withdrawals?member={member.id}")["items"][0]
    assert (listed["status"], listed["approval"]["id"]) == ("pending", approval["id"])
    assert call(cashier, "post", f"{path}/pay", status=409)["code"] == "withdrawal_not_approved"
    decide = f"{BRAND}/approvals/{approval['id']}/approve"
    assert call(cashier, "post", decide, status=403)["code"] == "approval_own_request"
    crediting = staff(Permission.MemberCredit)
    assert call(crediting, "post", decide, status=403)["code"] == "permission_denied"
    checker = staff(*CASHIER)
    decided = call(checker, "post", decide)
    assert (decided["approval"]["status"], decided["approval"]["decidedBy"]) == ("approved", checker.username)
    assert decided["result"]["status"] == "approved"
    assert call(checker, "post", decide, status=409)["code"] == "approval_decided"
    assert call(cashier, "post", f"{path}/pay")["status"] == "paid"
    actions = [(e.staff, e.action) for e in entries(db_session, f"withdrawal:{withdrawal.id}")]
    assert actions == [(checker.username, "withdrawal_approved"), (cashier.username, "withdrawal_paid")]
    assert [e.action for e in entries(db_session, f"approval:{approval['id']}")] == [
        "approval_requested",
        "approval_approved",
    ]
    assert ledger_clean(db_session, member)


def test_rejecting_a_withdrawal_closes_its_pending_approval(cashier, staff, members, fund, db_session):
    member = members()
    fund(member, "50000.00")
    withdrawal = held_withdrawal(db_session, member, 1_500_000)
    path = f"{BRAND}/withdrawals/{withdrawal.id}"
    approval = cashier.browser.post_json(f"{path}/approve", {}, headers=cashier.headers(), status=202).json
    approval_id = approval["value"]["approval"]["id"]
    call(cashier, "post", f"{path}/reject", {"remark": "fraud check"})
    refused = call(staff(*CASHIER), "post", f"{BRAND}/approvals/{approval_id}/approve", status=409)
    assert refused["code"] == "approval_decided"
    assert main_balance(db_session, member) == 5_000_000
