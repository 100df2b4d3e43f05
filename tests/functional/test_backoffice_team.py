"""A brand's staff kept by its staff managers: the team list, inviting with a one-time password,
granting and revoking roles within one's own permissions, the brand's own roles, locking, and
resetting a password or two-factor; nobody changes their own standing, another brand's staff are
invisible, every change is audited."""

import pytest
from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import PERMISSIONS, Permission
from tessera.backoffice.sessions.models import StaffSession
from tessera.backoffice.staff.models import RecoveryCode, Role
from tessera.backoffice.staff.services import define_role
from tessera.identity.passwords import verify_password

BRAND = "/bo/api/brands/demo-bd"
TEAM = f"{BRAND}/team"
MANAGE = [Permission.StaffManage, Permission.MemberRead, Permission.MemberEdit]


@pytest.fixture
def manager(staff_member):
    member = staff_member({"demo-bd": MANAGE})
    member.login()
    return member


@pytest.fixture
def support_role(db_session):
    return define_role(db_session, "support-desk", [Permission.MemberRead]).name


def entries(db_session, target: str) -> list[AuditEntry]:
    return db_session.scalars(select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id)).all()


def test_the_team_lists_the_brands_staff_only(manager, staff_member):
    colleague = staff_member({"demo-bd": [Permission.MemberRead]}, enrolled=False)
    elsewhere = staff_member({"demo-ph": [Permission.MemberRead]})
    listed = manager.browser.get(TEAM, {"pageSize": 200}).json["value"]
    names = {s["username"]: s for s in listed["items"]}
    assert manager.username in names and colleague.username in names
    assert elsewhere.username not in names
    assert names[colleague.username]["twoFactorEnrolled"] is False
    assert names[colleague.username]["locked"] is False
    assert len(names[colleague.username]["roles"]) == 1
    assert (listed["page"], listed["pageSize"]) == (1, 200) and listed["total"] >= 2
    found = manager.browser.get(TEAM, {"q": colleague.username.upper()}).json["value"]
    assert [s["username"] for s in found["items"]] == [colleague.username]
    refused = manager.browser.get(f"{TEAM}/{elsewhere.staff.id}", status=404).json
    assert refused["code"] == "staff_not_found"


def test_inviting_gives_a_one_time_password_and_the_roles(manager, support_role, db_session, staff_member):
    made = manager.browser.post_json(
        TEAM, {"username": "New.Agent", "roles": [support_role]}, headers=manager.headers()
    ).json["value"]
    staff = made["staff"]
    assert (staff["username"], staff["roles"], staff["twoFactorEnrolled"]) == ("new.agent", [support_role], False)
    invited = db_session.get(type(manager.staff), staff["id"])
    assert verify_password(invited.password_hash, made["password"])[0]
    [entry] = entries(db_session, f"staff:{staff['id']}")
    assert (entry.action, entry.staff, entry.brand, entry.before) == (
        "staff_invited",
        manager.username,
        "demo-bd",
        None,
    )
    assert entry.after["roles"] == [support_role] and "password" not in entry.after
    again = manager.browser.post_json(
        TEAM, {"username": "new.agent", "roles": [support_role]}, headers=manager.headers(), status=409
    )
    assert again.json["code"] == "staff_username_taken"
    bad = manager.browser.post_json(TEAM, {"username": "x", "roles": []}, headers=manager.headers(), status=400)
    assert bad.json["code"] == "invalid_request"


def test_a_role_beyond_the_managers_own_is_neither_given_nor_defined(manager, staff_member, db_session):
    admin_role = define_role(db_session, "brand-admin", sorted(PERMISSIONS)).name
    colleague = staff_member({"demo-bd": [Permission.MemberRead]})
    refused = manager.browser.put(
        f"{TEAM}/{colleague.staff.id}/roles/{admin_role}", headers=manager.headers(), status=409
    )
    assert refused.json["code"] == "role_beyond_yours"
    refused = manager.browser.post_json(
        TEAM, {"username": "sneaky", "roles": [admin_role]}, headers=manager.headers(), status=409
    )
    assert refused.json["code"] == "role_beyond_yours"
    refused = manager.browser.put_json(
        f"{BRAND}/roles/payouts", {"permissions": ["withdrawal.approve"]}, headers=manager.headers(), status=409
    )
    assert refused.json["code"] == "role_beyond_yours"
    assert db_session.scalar(select(Role).where(Role.name == "payouts")) is None


def test_the_brand_defines_its_own_roles_and_grants_and_revokes_them(manager, staff_member, db_session):
    defined = manager.browser.put_json(
        f"{BRAND}/roles/bd-readers", {"permissions": ["member.read"]}, headers=manager.headers()
    ).json["value"]
    assert defined == {"name": "bd-readers", "permissions": ["member.read"], "brandOwn": True}
    listed = manager.browser.get(f"{BRAND}/roles").json["value"]["items"]
    assert {"name": "bd-readers", "permissions": ["member.read"], "brandOwn": True} in listed
    colleague = staff_member({"demo-bd": [Permission.ReportRead]})
    url = f"{TEAM}/{colleague.staff.id}/roles/bd-readers"
    assert "bd-readers" in manager.browser.put(url, headers=manager.headers()).json["value"]["roles"]
    assert "bd-readers" not in manager.browser.delete(url, headers=manager.headers()).json["value"]["roles"]
    gone = manager.browser.delete(url, headers=manager.headers(), status=404)
    assert gone.json["code"] == "role_not_held"
    actions = [e.action for e in entries(db_session, f"staff:{colleague.staff.id}")]
    assert actions == ["role_granted", "role_revoked"]
    granted = entries(db_session, f"staff:{colleague.staff.id}")[0]
    assert "bd-readers" not in granted.before["roles"] and "bd-readers" in granted.after["roles"]
    [defined_entry] = entries(db_session, "role:bd-readers")
    assert (defined_entry.before, defined_entry.after["permissions"]) == (None, ["member.read"])


def test_a_brands_own_role_is_invisible_and_unchangeable_from_another_brand(manager, staff_member):
    manager.browser.put_json(f"{BRAND}/roles/bd-only", {"permissions": ["member.read"]}, headers=manager.headers())
    ph = staff_member({"demo-ph": MANAGE})
    ph.login()
    assert "bd-only" not in {r["name"] for r in ph.browser.get("/bo/api/brands/demo-ph/roles").json["value"]["items"]}
    refused = ph.browser.put_json(
        "/bo/api/brands/demo-ph/roles/bd-only", {"permissions": ["member.read"]}, headers=ph.headers(), status=409
    )
    assert refused.json["code"] == "role_not_editable"
    colleague = staff_member({"demo-ph": [Permission.MemberRead]})
    refused = ph.browser.put(
        f"/bo/api/brands/demo-ph/team/{colleague.staff.id}/roles/bd-only", headers=ph.headers(), status=404
    )
    assert refused.json["code"] == "role_not_found"


def test_locking_ends_the_sessions_and_unlocking_lets_them_in(manager, staff_member, db_session):
    colleague = staff_member({"demo-bd": [Permission.MemberRead]}, enrolled=False)  # logs in without a code
    colleague.login()
    locked = manager.browser.put(f"{TEAM}/{colleague.staff.id}/lock", headers=manager.headers()).json["value"]
    assert locked["locked"] is True
    colleague.browser.get(f"{BRAND}/members", status=401)
    assert colleague.login(status=403).json["code"] == "account_locked"
    assert (
        manager.browser.delete(f"{TEAM}/{colleague.staff.id}/lock", headers=manager.headers()).json["value"]["locked"]
        is False
    )
    colleague.login()
    [lock, unlock] = entries(db_session, f"staff:{colleague.staff.id}")
    assert (lock.action, lock.before["locked"], lock.after["locked"]) == ("staff_locked", False, True)
    assert (unlock.action, unlock.after["locked"]) == ("staff_unlocked", False)


def test_nobody_locks_or_strips_themselves(manager):
    me = manager.staff.id
    assert manager.browser.put(f"{TEAM}/{me}/lock", headers=manager.headers(), status=409).json["code"] == "staff_self"
    role = manager.browser.get(f"{TEAM}/{me}").json["value"]["roles"][0]
    refused = manager.browser.delete(f"{TEAM}/{me}/roles/{role}", headers=manager.headers(), status=409)
    assert refused.json["code"] == "staff_self"


def test_an_account_working_on_brands_the_manager_does_not_manage_is_left_alone(manager, staff_member):
    both = staff_member({"demo-bd": [Permission.MemberRead], "demo-ph": [Permission.MemberRead]})
    for call in (f"{TEAM}/{both.staff.id}/lock", f"{TEAM}/{both.staff.id}/password"):
        method = manager.browser.put if call.endswith("lock") else manager.browser.post
        assert method(call, headers=manager.headers(), status=409).json["code"] == "staff_beyond_brand"
    superuser = staff_member(superuser=True)
    superuser.login()
    locked = superuser.browser.put(f"{TEAM}/{both.staff.id}/lock", headers=superuser.headers()).json["value"]
    assert locked["locked"] is True


def test_a_password_reset_gives_a_new_one_time_password(manager, staff_member, db_session):
    colleague = staff_member({"demo-bd": [Permission.MemberRead]}, enrolled=False)
    colleague.login()
    password = manager.browser.post(f"{TEAM}/{colleague.staff.id}/password", headers=manager.headers()).json["value"][
        "password"
    ]
    assert colleague.browser.get(f"{BRAND}/members", status=401).json["code"] == "not_logged_in"
    assert colleague.login(status=401).json["code"] == "login_failed"
    colleague.password = password
    assert colleague.login().json["value"]["staff"]["mustChangePassword"] is True  # theirs to choose first
    [entry] = entries(db_session, f"staff:{colleague.staff.id}")
    assert entry.action == "staff_password_reset" and password not in str(entry.after)


def test_a_two_factor_reset_makes_them_enrol_again(manager, staff_member, db_session):
    colleague = staff_member({"demo-bd": [Permission.MemberRead]})
    colleague.login()
    db_session.add(RecoveryCode(staff_id=colleague.staff.id, code_hash="0" * 64))
    db_session.flush()
    reset = manager.browser.delete(f"{TEAM}/{colleague.staff.id}/two-factor", headers=manager.headers()).json["value"]
    assert reset["twoFactorEnrolled"] is False
    db_session.refresh(colleague.staff)
    assert colleague.staff.totp_secret is None
    assert db_session.scalars(select(RecoveryCode).where(RecoveryCode.staff_id == colleague.staff.id)).all() == []
    assert (
        db_session.scalars(
            select(StaffSession).where(StaffSession.staff_id == colleague.staff.id, StaffSession.revoked_at.is_(None))
        ).all()
        == []
    )
    colleague.login()  # no code asked
    assert colleague.browser.get(f"{BRAND}/members", status=403).json["code"] == "two_factor_required"
    [entry] = entries(db_session, f"staff:{colleague.staff.id}")
    assert (entry.action, entry.before["twoFactorEnrolled"], entry.after["twoFactorEnrolled"]) == (
        "staff_two_factor_reset",
        True,
        False,
    )


def test_a_staff_member_of_another_brand_is_invisible(manager, staff_member):
    elsewhere = staff_member({"demo-ph": [Permission.MemberRead]})
    for method, path in (
        ("get", ""),
        ("put", "/lock"),
        ("post", "/password"),
        ("delete", "/two-factor"),
        ("put", "/roles/whatever"),
    ):
        answer = getattr(manager.browser, method)(
            f"{TEAM}/{elsewhere.staff.id}{path}", headers=manager.headers(), status=404
        )
        assert answer.json["code"] == "staff_not_found"


def test_the_description_names_every_permission(app):
    described = app.registry["openapi_spec"]["components"]["schemas"]["StaffPermission"]["enum"]
    assert set(described) == PERMISSIONS
