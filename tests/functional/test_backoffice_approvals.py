"""Maker-checker in the back office: manual credits and debits and bonuses, each posted once per
requestId; above the brand's threshold they wait for a different staff member holding the same
permission, who approves (the action then happens once, even when two approve at the same
moment) or rejects; the threshold is the brand's, kept in the database."""

import uuid

import pyotp
import pytest
from sqlalchemy import delete, func, select

from backoffice_staff import StaffMember
from factories import MemberFactory, building_in
from tessera.backoffice.approvals.models import Approval
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.audit.services import verify
from tessera.backoffice.permissions import Permission
from tessera.backoffice.staff.models import Grant, Role, Staff
from tessera.backoffice.staff.services import create_staff, define_role, grant_role, seal_totp
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.core.timeutil import utcnow
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.ledger.services import Ledger
from test_backoffice_payments import BRAND, call, entries, ledger_clean, main_balance
from wallet_helpers import forget_member, race, set_wallet

CREDIT = Permission.MemberCredit


@pytest.fixture
def staff(staff_member):
    def make(*permissions):
        member = staff_member({"demo-bd": list(permissions)})
        member.login()
        return member

    return make


@pytest.fixture
def maker(staff):
    return staff(CREDIT)


@pytest.fixture
def checker(staff):
    return staff(CREDIT)


def request_id() -> str:
    return uuid.uuid4().hex


def adjust(staff, member, direction="credit", amount="250.00", status=200, **fields):
    body = {"direction": direction, "amount": amount, "reason": "goodwill", "requestId": request_id(), **fields}
    return call(staff, "post", f"{BRAND}/members/{member.id}/adjustments", body, status=status)


def asked(staff, path: str, body: dict) -> dict:
    """A call above the threshold: 202 and the pending approval."""
    return staff.browser.post_json(path, body, headers=staff.headers(), status=202).json["value"]["approval"]


def transactions(db, key: str) -> int:
    return db.scalar(
        select(func.count()).select_from(LedgerTransaction).where(LedgerTransaction.idempotency_key == key)
    )


# -- Below the threshold ----------------------------------------------------------------------


def test_a_manual_credit_is_posted_once_per_request_id(maker, members, db_session):
    member = members()
    body = {"direction": "credit", "amount": "250.00", "reason": "goodwill", "requestId": request_id()}
    path = f"{BRAND}/members/{member.id}/adjustments"
    done = call(maker, "post", path, body)
    assert (done["direction"], done["amount"], done["mainBalance"]) == ("credit", "250.00", "250.00")
    assert call(maker, "post", path, body)["transactionId"] == done["transactionId"]
    assert main_balance(db_session, member) == 25000
    for changed in ({"amount": "251.00"}, {"reason": "another"}, {"direction": "debit"}):
        assert call(maker, "post", path, {**body, **changed}, status=409)["code"] == "idempotency_conflict"
    transaction = db_session.get(LedgerTransaction, done["transactionId"])
    assert (transaction.kind, transaction.remark, transaction.member_id) == ("adjustment", "goodwill", member.id)
    [entry] = entries(db_session, f"member:{member.id}")
    assert (entry.action, entry.before["balance"], entry.after["balance"]) == ("member_credited", "0.00", "250.00")
    assert ledger_clean(db_session, member)


def test_a_debit_is_posted_once_and_never_beyond_the_balance(maker, members, fund, db_session):
    member = members()
    fund(member, "100.00")
    beyond = adjust(maker, member, "debit", "100.01", status=400)
    assert beyond["code"] == "debit_exceeds_balance" and "(100.00)" in beyond["message"]
    assert main_balance(db_session, member) == 10000
    rid = request_id()
    assert adjust(maker, member, "debit", "60.00", requestId=rid)["mainBalance"] == "40.00"
    assert adjust(maker, member, "debit", "60.00", requestId=rid)["mainBalance"] == "40.00"
    assert main_balance(db_session, member) == 4000 and transactions(db_session, f"adjustment:{rid}") == 1
    assert [e.action for e in entries(db_session, f"member:{member.id}")] == ["member_debited"]
    assert ledger_clean(db_session, member)


def test_only_a_real_member_of_the_brand(maker, members):
    assert adjust(maker, members(agent=True), status=403)["code"] == "in_need_true_account"
    assert adjust(maker, members("demo-ph"), status=404)["code"] == "member_not_found"
    assert adjust(maker, members(), amount="0", status=400)["code"] == "amount_invalid"
    assert adjust(maker, members(), amount="1.001", status=400)["code"] == "amount_too_precise"


def test_a_bonus_is_granted_once_by_the_bonus_service(maker, members, db_session):
    member = members()
    body = {"amount": "88.50", "reason": "Welcome bonus", "requestId": request_id(), "turnover": "885.00"}
    path = f"{BRAND}/members/{member.id}/bonuses"
    granted = call(maker, "post", path, body)
    assert (granted["amount"], granted["title"], granted["mainBalance"]) == ("88.50", "Welcome bonus", "88.50")
    assert call(maker, "post", path, body)["transactionId"] == granted["transactionId"]
    assert main_balance(db_session, member) == 8850
    assert db_session.get(LedgerTransaction, granted["transactionId"]).kind == "bonus"
    [entry] = entries(db_session, f"member:{member.id}")
    assert (entry.action, entry.after["turnover"]) == ("bonus_granted", "885.00")


# -- Above the threshold ----------------------------------------------------------------------


def test_a_credit_above_the_threshold_waits_for_a_second_staff_member(maker, checker, staff, members, db_session):
    member = members()
    body = {"direction": "credit", "amount": "12000.00", "reason": "VIP refund", "requestId": request_id()}
    path = f"{BRAND}/members/{member.id}/adjustments"
    approval = asked(maker, path, body)
    assert (approval["action"], approval["target"], approval["amount"], approval["reason"]) == (
        "member.adjustment",
        f"member:{member.id}",
        "12000.00",
        "VIP refund",
    )
    assert asked(maker, path, body)["id"] == approval["id"]  # the same request, the same approval
    assert call(maker, "post", path, {**body, "amount": "12000.01"}, status=409)["code"] == "idempotency_conflict"
    assert main_balance(db_session, member) == 0
    decide = f"{BRAND}/approvals/{approval['id']}/approve"
    assert call(maker, "post", decide, status=403)["code"] == "approval_own_request"
    cashier = staff(Permission.WithdrawalApprove)
    assert call(cashier, "post", decide, status=403)["code"] == "permission_denied"
    assert main_balance(db_session, member) == 0
    decided = call(checker, "post", decide)
    assert decided["approval"]["status"] == "approved" and decided["result"]["mainBalance"] == "12000.00"
    assert call(checker, "post", decide, status=409)["code"] == "approval_decided"
    assert asked(maker, path, body)["status"] == "approved"  # a replay answers the decided approval
    assert main_balance(db_session, member) == 1_200_000
    assert transactions(db_session, f"adjustment:{body['requestId']}") == 1
    [credited] = entries(db_session, f"member:{member.id}")
    assert (credited.staff, credited.action) == (checker.username, "member_credited")
    assert [e.action for e in entries(db_session, f"approval:{approval['id']}")] == [
        "approval_requested",
        "approval_approved",
    ]
    assert ledger_clean(db_session, member)
    assert verify(db_session)[1] is None


def test_a_rejected_approval_does_nothing(maker, checker, members, fund, db_session):
    member = members()
    fund(member, "20000.00")
    approval = asked(
        maker,
        f"{BRAND}/members/{member.id}/adjustments",
        {"direction": "debit", "amount": "15000.00", "reason": "chargeback", "requestId": request_id()},
    )
    reject = f"{BRAND}/approvals/{approval['id']}/reject"
    assert call(maker, "post", reject, {"reason": "mine"}, status=403)["code"] == "approval_own_request"
    rejected = call(checker, "post", reject, {"reason": "no evidence"})["approval"]
    assert (rejected["status"], rejected["decidedBy"], rejected["reason"]) == (
        "rejected",
        checker.username,
        "no evidence",
    )
    assert call(checker, "post", f"{BRAND}/approvals/{approval['id']}/approve", status=409)["code"] == (
        "approval_decided"
    )
    assert main_balance(db_session, member) == 2_000_000


def test_a_debit_approved_when_the_balance_no_longer_covers_it_stays_pending(maker, checker, members, fund, db_session):
    member = members()
    fund(member, "20000.00")
    body = {"direction": "debit", "amount": "15000.00", "reason": "chargeback", "requestId": request_id()}
    approval = asked(maker, f"{BRAND}/members/{member.id}/adjustments", body)
    adjust(maker, member, "debit", "6000.00")
    refused = call(checker, "post", f"{BRAND}/approvals/{approval['id']}/approve", status=400)
    assert refused["code"] == "debit_exceeds_balance"
    db_session.expire_all()
    assert db_session.get(Approval, approval["id"]).status == "pending"
    assert main_balance(db_session, member) == 1_400_000


def test_a_bonus_above_the_threshold(maker, checker, members, db_session):
    member = members()
    body = {"amount": "10000.01", "reason": "Jackpot", "requestId": request_id()}
    approval = asked(maker, f"{BRAND}/members/{member.id}/bonuses", body)
    assert approval["action"] == "member.bonus"
    decided = call(checker, "post", f"{BRAND}/approvals/{approval['id']}/approve")
    assert decided["result"]["mainBalance"] == "10000.01"
    assert transactions(db_session, f"bonus:{body['requestId']}") == 1


def test_the_threshold_is_the_brands(maker, staff, members, db_session):
    assert call(maker, "get", f"{BRAND}/settings/approvals") == {"threshold": "10000.00", "currency": "BDT"}
    member = members()
    assert adjust(maker, member, amount="10000.00")["mainBalance"] == "10000.00"  # at the threshold: done
    admin = staff(Permission.SettingsEdit)
    assert call(admin, "put", f"{BRAND}/settings/approvals", {"threshold": "500"})["threshold"] == "500.00"
    assert call(maker, "get", f"{BRAND}/settings/approvals")["threshold"] == "500.00"
    assert call(admin, "put", f"{BRAND}/settings/approvals", {"threshold": "-1"}, status=400)["code"] == (
        "amount_invalid"
    )
    asked(
        maker,
        f"{BRAND}/members/{member.id}/adjustments",
        {"direction": "credit", "amount": "500.01", "reason": "x", "requestId": request_id()},
    )
    [entry] = [e for e in entries(db_session, "brand:demo-bd") if e.action == "approval_threshold_set"]
    assert (entry.before, entry.after) == ({"threshold": "10000.00"}, {"threshold": "500.00"})
    set_wallet(db_session, "demo-ph", approval_threshold="2500")  # tenant.toml's, until staff set one
    superuser = staff()
    superuser.staff.superuser = True
    db_session.flush()
    assert call(superuser, "get", "/bo/api/brands/demo-ph/settings/approvals")["threshold"] == "2500.00"
    reader = staff(Permission.AuditRead)
    assert call(reader, "get", f"{BRAND}/settings/approvals", status=403)["code"] == "permission_denied"


def test_the_approvals_queue_shows_what_the_staff_member_may_decide(
    maker, staff, staff_member, members, fund, db_session
):
    member = members()
    fund(member, "50000.00")
    approval = asked(
        maker,
        f"{BRAND}/members/{member.id}/adjustments",
        {"direction": "credit", "amount": "20000.00", "reason": "x", "requestId": request_id()},
    )
    page = call(maker, "get", f"{BRAND}/approvals?status=pending")
    assert approval["id"] in [a["id"] for a in page["items"]] and page["pageSize"] == 50
    cashier = staff(Permission.WithdrawalApprove)
    assert approval["id"] not in [a["id"] for a in call(cashier, "get", f"{BRAND}/approvals")["items"]]
    assert call(maker, "get", f"{BRAND}/approvals?status=approved")["total"] == 0
    reader = staff(Permission.AuditRead)
    assert call(reader, "get", f"{BRAND}/approvals", status=403)["code"] == "permission_denied"
    assert call(reader, "post", f"{BRAND}/approvals/{approval['id']}/approve", status=403)["code"] == (
        "permission_denied"
    )
    assert call(maker, "post", f"{BRAND}/approvals/999999/approve", status=404)["code"] == "approval_not_found"
    unenrolled = staff_member({"demo-bd": [CREDIT]}, enrolled=False)
    unenrolled.login()
    assert call(unenrolled, "get", f"{BRAND}/approvals", status=403)["code"] == "two_factor_required"


# -- Two approvals at the same moment, each in its own request and transaction --------------


@pytest.fixture
def committed(engine, settings):
    """A member of demo-bd, and three staff members holding member.credit there (a maker and two
    checkers), committed; afterwards all of it gone."""
    with operator_session(engine, ALL_TENANTS) as db:
        with building_in(db):
            member = MemberFactory(username=f"racer{uuid.uuid4().hex[:8]}")
        tenant = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
        role = define_role(db, f"racer{uuid.uuid4().hex[:8]}", [CREDIT.value])
        made = []
        for _ in range(3):
            row, password = create_staff(db, f"racer{uuid.uuid4().hex[:8]}", utcnow())
            seal_totp(row, settings.secret_key, pyotp.random_base32())
            row.totp_enrolled_at = utcnow()
            row.must_change_password = False  # as if they had chosen their own
            grant_role(db, row, tenant, role.name)
            db.flush()
            made.append((row.id, password))
        member_id, role_id = member.id, role.id
    yield {"member_id": member_id, "staff": made}
    with operator_session(engine, ALL_TENANTS) as db:
        usernames = [db.get_one(Staff, staff_id).username for staff_id, _ in made]
        db.execute(delete(Approval).where(Approval.target == f"member:{member_id}"))
        db.execute(delete(AuditEntry).where(AuditEntry.staff.in_(usernames)))  # the chain's newest entries
        forget_member(db, member_id)
        db.execute(delete(Grant).where(Grant.role_id == role_id))
        for staff_id, _ in made:
            db.execute(delete(Staff).where(Staff.id == staff_id))
        db.execute(delete(Role).where(Role.id == role_id))


def test_two_staff_members_approving_at_once_credit_once(race_app, engine, committed):
    with operator_session(engine, ALL_TENANTS) as db:
        rows = [(db.get_one(Staff, staff_id), password) for staff_id, password in committed["staff"]]
        db.expunge_all()  # kept loaded: each browser reads its staff member's sealed secret
    maker, *checkers = [StaffMember(race_app, row, password) for row, password in rows]
    for browser in (maker, *checkers):
        browser.login()
    body = {"direction": "credit", "amount": "15000.00", "reason": "race", "requestId": request_id()}
    approval = asked(maker, f"{BRAND}/members/{committed['member_id']}/adjustments", body)
    decide = f"{BRAND}/approvals/{approval['id']}/approve"
    answers = race([lambda c=c: c.browser.post(decide, headers=c.headers(), expect_errors=True) for c in checkers])
    assert answers == [200, 409]
    with operator_session(engine, ALL_TENANTS) as db:
        assert db.scalar(select(Approval.status).where(Approval.id == approval["id"])) == "approved"
        key = f"adjustment:{body['requestId']}"
        assert db.scalar(select(func.count()).where(LedgerTransaction.idempotency_key == key)) == 1
        tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == "demo-bd"))
        assert Ledger(db, tenant_id).member_balance(committed["member_id"]) == 1_500_000
        decisions = select(func.count()).where(
            AuditEntry.target == f"approval:{approval['id']}", AuditEntry.action == "approval_approved"
        )
        assert db.scalar(decisions) == 1
        assert audit_brand(db, tenant_id).clean
