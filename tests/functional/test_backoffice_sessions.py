"""Staff sessions: a login with a password and a second factor on the back office's own host sets
a strict cookie; the session answers the staff member's brands; unsafe calls need the CSRF token;
idle and overall limits end a session; failures are throttled and audited; member tokens and
staff cookies never cross."""

import hashlib
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import select

from accounts import bearer
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.backoffice.sessions.models import StaffSession
from tessera.backoffice.sessions.services import MAX_FAILURES_PER_ACCOUNT
from tessera.backoffice.staff.models import LOCKED
from tessera.backoffice.staff.services import create_staff, reset_password
from tessera.core.timeutil import utcnow


def refused(response, status: int, code: str) -> None:
    assert (response.status_int, response.json["code"]) == (status, code), response.body[:300]


def actions(db_session, username: str) -> list[str]:
    return list(
        db_session.scalars(select(AuditEntry.action).where(AuditEntry.staff == username).order_by(AuditEntry.id))
    )


def test_a_login_sets_a_strict_cookie_and_the_session_answers_the_brands(staff_member, db_session):
    member = staff_member(
        {"demo-bd": [Permission.AuditRead, Permission.MemberRead], "demo-ph": [Permission.ReportRead]}
    )
    response = member.login()
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/bo/api" in cookie
    assert "secure" not in cookie.lower()  # plain HTTP here: a Secure cookie would never come back
    session = member.browser.get("/bo/api/session").json["value"]
    assert session["staff"] == {
        "id": member.staff.id,
        "username": member.username,
        "superuser": False,
        "twoFactor": True,
        "mustChangePassword": False,
    }
    assert {b["slug"]: b["permissions"] for b in session["brands"]} == {
        "demo-bd": ["audit.read", "member.read"],
        "demo-ph": ["report.read"],
    }
    # Each brand's days are its own zone's: the reports and the dashboard count them there.
    assert {b["slug"]: b["timeZone"] for b in session["brands"]} == {"demo-bd": "Asia/Dhaka", "demo-ph": "Asia/Manila"}
    assert session["csrfToken"] == member.csrf
    assert actions(db_session, member.username) == ["login"]
    token = member.browser.cookies["tessera_staff"]
    kept = db_session.scalars(select(StaffSession.token_hash).where(StaffSession.staff_id == member.staff.id)).all()
    assert kept == [hashlib.sha256(token.encode()).hexdigest()]  # only the token's hash is kept


def test_the_cookie_is_secure_when_the_call_came_over_tls(staff_member):
    member = staff_member()
    member.browser.extra_environ["REMOTE_ADDR"] = "127.0.0.1"  # the trusted proxy that ended TLS
    form = {"username": member.username, "password": member.password, "code": member.code()}
    response = member.browser.post_json("/bo/api/session", form, headers={"X-Forwarded-Proto": "https"})
    assert "secure" in response.headers["Set-Cookie"].lower()


def test_a_superuser_works_on_every_brand_with_every_permission(staff_member):
    member = staff_member(superuser=True)
    brands = member.login().json["value"]["brands"]
    assert {"demo-bd", "demo-ph"} <= {b["slug"] for b in brands}
    assert all(b["permissions"] == sorted(p.value for p in Permission) for b in brands)


@pytest.mark.parametrize("wrong", ["password", "code", "no code", "unknown"])
def test_every_wrong_login_gets_the_same_answer_and_is_audited(staff_member, backoffice, db_session, wrong):
    member = staff_member()
    form = {"username": member.username, "password": member.password, "code": member.code()}
    if wrong == "password":
        form["password"] = "not-the-password"
    elif wrong == "code":
        form["code"] = f"{(int(form['code']) + 1) % 1000000:06d}"
    elif wrong == "no code":
        del form["code"]
    else:
        form["username"] = member.username + "x"
    refused(backoffice.post_json("/bo/api/session", form, status=401), 401, "login_failed")
    assert actions(db_session, form["username"]) == ["login_failed"]
    refused(backoffice.get("/bo/api/session", status=401), 401, "not_logged_in")


def test_a_totp_code_is_good_once_and_a_recovery_code_once(staff_member, db_session):
    member = staff_member(enrolled=False)
    member.login()
    started = member.browser.post("/bo/api/session/two-factor", headers=member.headers()).json["value"]
    assert started["uri"].startswith("otpauth://totp/") and started["qrSvg"].startswith("<svg")
    db_session.refresh(member.staff)
    secret = parse_qs(urlsplit(started["uri"]).query)["secret"][0]
    assert member.staff.totp_secret.startswith("v1.") and secret not in member.staff.totp_secret  # kept sealed
    code = member.code()
    codes = member.browser.put_json("/bo/api/session/two-factor", {"code": code}, headers=member.headers()).json[
        "value"
    ]["recoveryCodes"]
    assert len(set(codes)) == 10
    refused(member.login(code=code, status=401), 401, "login_failed")  # the enrolment used it
    member.login(code=codes[0])
    refused(member.login(code=codes[0], status=401), 401, "login_failed")
    member.login(code=codes[1])


def test_two_factor_is_needed_before_any_permission(staff_member):
    member = staff_member({"demo-bd": [Permission.AuditRead]}, enrolled=False)
    member.login()
    refused(member.browser.get("/bo/api/audit?brand=demo-bd", status=403), 403, "two_factor_required")
    enrolled = staff_member({"demo-bd": [Permission.AuditRead]})
    enrolled.login()
    refused(
        enrolled.browser.post("/bo/api/session/two-factor", headers=enrolled.headers(), status=409),
        409,
        "two_factor_enrolled",
    )


def test_unsafe_calls_need_the_csrf_token_then_logout_ends_the_session(staff_member, db_session):
    member = staff_member()
    member.login()
    refused(member.browser.delete("/bo/api/session", status=403), 403, "csrf_failed")
    refused(
        member.browser.delete("/bo/api/session", headers={"X-CSRF-Token": "0" * 64}, status=403), 403, "csrf_failed"
    )
    response = member.browser.delete("/bo/api/session", headers=member.headers())
    assert "Max-Age=0" in response.headers["Set-Cookie"]
    cookie = member.browser.cookies  # a copy of the cookie kept past logout opens nothing
    assert "tessera_staff" not in cookie
    assert actions(db_session, member.username) == ["login", "logout"]


def test_a_session_ends_when_idle_and_at_its_lifetime(staff_member, clock):
    member = staff_member()
    member.login()
    clock.advance(minutes=29)
    member.browser.get("/bo/api/session")
    clock.advance(minutes=29)
    member.browser.get("/bo/api/session")  # used within the idle limit: still alive
    clock.advance(minutes=31)
    refused(member.browser.get("/bo/api/session", status=401), 401, "not_logged_in")
    other = staff_member()
    other.login()
    for _ in range(35):  # used every 20 minutes: never idle, but 12 hours is the most a session lasts
        clock.advance(minutes=20)
        other.browser.get("/bo/api/session")
    clock.advance(minutes=20)
    refused(other.browser.get("/bo/api/session", status=401), 401, "not_logged_in")


def test_failures_are_throttled_per_account_and_a_locked_account_refused(staff_member, backoffice, db_session):
    member = staff_member()
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        backoffice.post_json("/bo/api/session", {"username": member.username, "password": "wrong"}, status=401)
    refused(member.login(status=429), 429, "too_many_attempts")
    assert actions(db_session, member.username)[-1] == "lockout"
    locked = staff_member()
    locked.staff.status = LOCKED
    db_session.flush()
    refused(locked.login(status=403), 403, "account_locked")


def test_the_back_office_is_not_on_a_brands_host_and_members_have_no_way_in(
    staff_member, backoffice, testapp, members, token_of
):
    refused(testapp.post_json("/bo/api/session", {"username": "x", "password": "y"}, status=404), 404, "not_found")
    member = staff_member({"demo-bd": [Permission.AuditRead]})
    member.login()
    token = member.browser.cookies["tessera_staff"]
    # The staff cookie on a brand's host, or as a member's token, opens nothing of a member's.
    refused(testapp.get("/wps/member/info", headers=bearer(token), status=401), 401, "not_logged_in")
    testapp.set_cookie("tessera_staff", token)
    refused(testapp.get("/bo/api/session", status=404), 404, "not_found")
    # A member's token opens nothing of the back office's.
    refused(
        backoffice.get("/bo/api/session", headers=bearer(token_of(members("demo-bd"))), status=401),
        401,
        "not_logged_in",
    )


def test_the_back_office_host_is_no_brand(backoffice):
    refused(backoffice.get("/wps/system/status", status=404), 404, "unknown_tenant")


def test_the_back_office_speaks_its_own_messages(staff_member, backoffice):
    answer = backoffice.post_json("/bo/api/session", {"username": "nobody", "password": "x"}, status=401).json
    assert answer["message"] == "The username, password or two-factor code is wrong."
    member = staff_member({"demo-bd": [Permission.MemberRead]})
    member.login()
    denied = member.browser.get("/bo/api/audit?brand=demo-bd", status=403).json
    assert denied["message"] == "You do not have the permission audit.read on this brand."


def test_pyotp_codes_are_checked_against_the_apps_clock(staff_member, clock):
    member = staff_member()
    code = member.code()
    clock.advance(minutes=5)
    refused(member.login(code=code, status=401), 401, "login_failed")


def change(member, current: str, new: str, status: int = 200):
    form = {"currentPassword": current, "newPassword": new}
    return member.browser.put_json("/bo/api/session/password", form, headers=member.headers(), status=status)


def test_a_one_time_password_opens_only_the_session_until_it_is_changed(staff_member, db_session):
    member = staff_member({"demo-bd": [Permission.AuditRead]}, one_time_password=True)
    assert member.login().json["value"]["staff"]["mustChangePassword"] is True
    assert member.browser.get("/bo/api/session").json["value"]["staff"]["mustChangePassword"] is True
    refused(member.browser.get("/bo/api/audit?brand=demo-bd", status=403), 403, "password_change_required")
    changed = change(member, member.password, "a new password of mine").json["value"]
    assert changed["staff"]["mustChangePassword"] is False and changed["csrfToken"] == member.csrf
    assert member.browser.get("/bo/api/session").json["value"]["staff"]["mustChangePassword"] is False
    assert member.browser.get("/bo/api/audit?brand=demo-bd").json["success"] is True
    assert actions(db_session, member.username) == ["login", "password_changed"]
    db_session.refresh(member.staff)
    assert member.staff.password_hash.startswith("$argon2id$") and member.staff.must_change_password is False


def test_enrolment_waits_for_the_password_change_and_logout_does_not(staff_member, db_session):
    member = staff_member(enrolled=False, one_time_password=True)
    member.login()
    for call in (member.browser.post, member.browser.put_json):
        args = ("/bo/api/session/two-factor",) + (({"code": "123456"},) if call == member.browser.put_json else ())
        refused(call(*args, headers=member.headers(), status=403), 403, "password_change_required")
    member.browser.delete("/bo/api/session", headers=member.headers())
    assert actions(db_session, member.username) == ["login", "logout"]


@pytest.mark.parametrize(
    ("current", "new", "code"),
    [
        ("not the password", "a new password of mine", "current_password_wrong"),
        (None, "too short", "password_too_short"),
        (None, None, "password_unchanged"),
    ],
)
def test_a_password_change_is_refused_with_a_reason(staff_member, current, new, code):
    member = staff_member(enrolled=False, one_time_password=True)
    member.login()
    answer = change(member, current or member.password, new or member.password, status=400).json
    assert answer["code"] == code and answer["message"]
    assert member.browser.get("/bo/api/session").json["value"]["staff"]["mustChangePassword"] is True


def test_a_password_change_needs_the_csrf_token_and_ends_the_other_sessions(staff_member, app):
    member = staff_member(enrolled=False)
    member.login()
    elsewhere = type(member)(app, member.staff, member.password)
    elsewhere.login()
    form = {"currentPassword": member.password, "newPassword": "a new password of mine"}
    refused(member.browser.put_json("/bo/api/session/password", form, status=403), 403, "csrf_failed")
    change(member, member.password, "a new password of mine")
    refused(elsewhere.browser.get("/bo/api/session", status=401), 401, "not_logged_in")
    member.browser.get("/bo/api/session")
    member.password = "a new password of mine"
    refused(elsewhere.login(status=401), 401, "login_failed")  # the old password no longer opens
    member.login()


def test_staff_made_from_the_command_line_must_change_their_password(db_session):
    staff, _ = create_staff(db_session, "erin", utcnow())
    assert staff.must_change_password is True
    staff.must_change_password = False
    reset_password(staff)
    assert staff.must_change_password is True
