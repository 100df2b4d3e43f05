"""A brand's members in the back office: found with filters, sorts and pages; another brand's
member is not found through this brand's path; frozen members cannot log in and lose their
sessions at once, unfrozen ones can again; labels, notes, logout everywhere, a temporary password
the member logs in with; the ledger and betting record of a member who deposited and played; and
every change in the audit with what it was before and after."""

import threading

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from accounts import bearer, post_sealed
from calls import configure_brand
from databases import demo_brands
from factories import MemberFactory, building_in
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.audit.services import verify
from tessera.backoffice.members.services import Acting, find_member, labels_of, set_labels
from tessera.backoffice.permissions import Permission
from tessera.core.db import make_engine, scope_connection
from tessera.core.timeutil import utcnow
from tessera.identity.sessions.models import FailedLogin
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

BRAND = "demo-bd"
MEMBERS = f"/bo/api/brands/{BRAND}/members"
LOGIN, INFO = "/wps/session/login", "/wps/member/info"
BD_IP = "203.0.113.9"  # where the testapp's members call from


@pytest.fixture(autouse=True)
def without_captchas(db_session):
    for slug in ("demo-bd", "demo-ph"):
        configure_brand(db_session, slug, plugins={"image-captcha": None, "geetest": None})


@pytest.fixture
def reader(staff_member):
    member = staff_member({BRAND: [Permission.MemberRead]})
    member.login()
    return member


@pytest.fixture
def editor(staff_member):
    member = staff_member({BRAND: [Permission.MemberRead, Permission.MemberEdit]})
    member.login()
    return member


def log_in(testapp, username: str, password: str, status: int = 200) -> dict:
    return post_sealed(testapp, LOGIN, {"type": "username", "username": username, "password": password}, status=status)


def member_url(member, tail: str = "") -> str:
    return f"{MEMBERS}/{member.id}{tail}"


def audited(db, member, action: str) -> list[AuditEntry]:
    return list(
        db.scalars(
            select(AuditEntry)
            .where(AuditEntry.target == f"member:{member.id}", AuditEntry.action == action)
            .order_by(AuditEntry.id)
        )
    )


def test_members_are_found_by_name_phone_email_and_real_name_filtered_sorted_and_paged(reader, editor, members, fund):
    tag = utcnow().strftime("%H%M%S%f")
    rich = members(username=f"rich{tag}", email=f"Rich.{tag}@Example.com", payee_name=f"Rahim Uddin {tag}")
    poor = members(username=f"poor{tag}", phone=f"+880171{tag[-7:]}", payee_name=f"Karim {tag}")
    frozen = members(username=f"cold{tag}", status="frozen")
    members("demo-ph", username=f"rich{tag}ph")  # another brand's: never listed here
    fund(rich, "250.00")
    fund(poor, "10.50")
    editor.browser.put_json(member_url(rich, "/labels"), {"labels": ["VIP"]}, headers=editor.headers())

    def found(query: str) -> list[str]:
        return [m["username"] for m in reader.browser.get(f"{MEMBERS}?{query}").json["value"]["items"]]

    assert set(found(f"q={tag}")) == {rich.username, poor.username, frozen.username}
    assert found(f"q=RICH{tag}") == [rich.username]  # a username whatever its case, this brand only
    assert found(f"q=rich.{tag}@example") == [rich.username]  # the email
    assert found(f"q=171{tag[-7:]}") == [poor.username]  # the phone
    assert found(f"q=rahim uddin {tag}") == [rich.username]  # the real name
    assert found(f"q={tag}&status=frozen") == [frozen.username]
    assert found(f"q={tag}&label=VIP") == [rich.username]
    assert found(f"q={tag}&sort=balance&order=desc") == [rich.username, poor.username, frozen.username]
    assert found(f"q={tag}&sort=username&order=asc") == [frozen.username, poor.username, rich.username]
    page = reader.browser.get(f"{MEMBERS}?q={tag}&sort=username&order=asc&page=2&pageSize=2").json["value"]
    assert (page["total"], page["page"], page["pageSize"]) == (3, 2, 2)
    assert [m["username"] for m in page["items"]] == [rich.username]
    listed = page["items"][0]
    assert listed["balance"] == "250.00" and listed["labels"] == ["VIP"] and listed["status"] == "active"
    assert listed["realName"] == f"Rahim Uddin {tag}" and listed["email"] == f"Rich.{tag}@Example.com"
    bad = reader.browser.get(f"{MEMBERS}?sort=password&pageSize=500", status=400).json
    assert bad["code"] == "invalid_request"


def test_the_profile_shows_the_wallets_and_balances_as_the_member_api_does(reader, testapp, login, fund):
    member = login(payee_name="Rahim Uddin")
    fund(member, "120.25")
    profile = reader.browser.get(member_url(member)).json["value"]
    assert profile["balance"] == "120.25" and profile["currency"] == "BDT"
    assert {"wallet": "main", "balance": "120.25"} in profile["wallets"]
    assert (profile["memberType"], profile["notesCount"], profile["realName"]) == (4, 0, "Rahim Uddin")
    balance = testapp.get("/wps/v2/wallets/balance", headers=member.headers).json["value"]
    assert balance["sumBalance"] == profile["balance"]


def test_a_member_of_another_brand_is_not_found_through_this_brands_path(staff_member, editor, members):
    other = members("demo-ph")
    missing = editor.browser.get(member_url(other), status=404).json
    assert (missing["code"], missing["message"]) == ("member_not_found", f"This brand has no member {other.id}.")
    refused = editor.browser.put_json(
        member_url(other, "/status"), {"status": "frozen", "reason": "x"}, headers=editor.headers(), status=404
    ).json
    assert refused["code"] == "member_not_found"
    assert editor.browser.get(f"/bo/api/brands/demo-ph/members/{other.id}", status=403).json["code"] == (
        "permission_denied"
    )
    superuser = staff_member(superuser=True)
    superuser.login()
    assert superuser.browser.get(f"/bo/api/brands/demo-ph/members/{other.id}").json["value"]["id"] == other.id
    assert superuser.browser.get("/bo/api/brands/no-such-brand/members", status=404).json["code"] == "unknown_tenant"


def test_a_frozen_member_cannot_log_in_and_loses_their_session_at_once_until_unfrozen(
    editor, testapp, login, db_session
):
    member = login()
    assert testapp.get(INFO, headers=member.headers).status_int == 200
    answer = editor.browser.put_json(
        member_url(member, "/status"), {"status": "frozen", "reason": "chargeback"}, headers=editor.headers()
    ).json["value"]
    assert answer == {"id": member.id, "status": "frozen"}
    assert testapp.get(INFO, headers=member.headers, status=401).json["code"] == "not_logged_in"
    refused = log_in(testapp, member.username, "Secret123", status=403)
    assert refused["code"] == "account_frozen" and refused["message"] == (
        "This account has been frozen. Please contact customer service."
    )
    assert log_in(testapp, member.username, "Secret123", status=403)["code"] == "account_frozen"

    editor.browser.put_json(
        member_url(member, "/status"), {"status": "active", "reason": "cleared"}, headers=editor.headers()
    )
    token = log_in(testapp, member.username, "Secret123")["value"]["token"]
    assert testapp.get(INFO, headers=bearer(token)).json["value"]["id"] == member.id
    shown = editor.browser.get(member_url(member)).json["value"]
    assert (shown["status"], shown["lastLoginIp"]) == ("active", BD_IP) and shown["lastLoginAt"] is not None
    assert testapp.get(INFO, headers=member.headers, status=401).json["code"] == "not_logged_in"  # ended for good

    frozen, unfrozen = audited(db_session, member, "member_status_changed")
    assert (frozen.staff, frozen.brand, frozen.ip) == (editor.username, BRAND, "198.51.100.20")
    assert (frozen.before, frozen.after) == ({"status": "active"}, {"status": "frozen", "reason": "chargeback"})
    assert (unfrozen.before, unfrozen.after) == ({"status": "frozen"}, {"status": "active", "reason": "cleared"})


def test_locked_is_the_lock_out_and_active_lifts_it_with_the_failed_logins(editor, testapp, members, db_session):
    member = members()
    editor.browser.put_json(
        member_url(member, "/status"), {"status": "locked", "reason": "x"}, headers=editor.headers()
    )
    assert log_in(testapp, member.username, "Secret123", status=403)["code"] == "account_locked"
    db_session.add(
        FailedLogin(tenant_id=member.tenant_id, username_key=member.username_key, ip="192.0.2.9", created_at=utcnow())
    )
    db_session.flush()
    editor.browser.put_json(
        member_url(member, "/status"), {"status": "active", "reason": "x"}, headers=editor.headers()
    )
    assert log_in(testapp, member.username, "Secret123")["success"] is True
    left = db_session.scalars(select(FailedLogin).where(FailedLogin.username_key == member.username_key)).all()
    assert left == []


def test_a_status_change_needs_a_known_status_and_a_reason(editor, members):
    member = members()
    url = member_url(member, "/status")
    for form in ({"status": "banned", "reason": "x"}, {"status": "frozen"}, {"status": "frozen", "reason": ""}):
        assert (
            editor.browser.put_json(url, form, headers=editor.headers(), status=400).json["code"] == "invalid_request"
        )


def test_labels_are_a_set_replaced_whole_and_audited(editor, reader, members, db_session):
    member = members()
    url = member_url(member, "/labels")
    first = editor.browser.put_json(url, {"labels": ["VIP", " high-roller ", "VIP"]}, headers=editor.headers()).json
    assert first["value"] == {"id": member.id, "labels": ["VIP", "high-roller"]}
    editor.browser.put_json(url, {"labels": ["watch"]}, headers=editor.headers())
    assert reader.browser.get(member_url(member)).json["value"]["labels"] == ["watch"]
    assert editor.browser.put_json(url, {"labels": ["x" * 33]}, headers=editor.headers(), status=400).json["code"] == (
        "invalid_request"
    )
    assert reader.browser.put_json(url, {"labels": []}, headers=reader.headers(), status=403).json["code"] == (
        "permission_denied"
    )
    entries = audited(db_session, member, "member_labels_changed")
    assert [(e.before, e.after) for e in entries] == [
        ({"labels": []}, {"labels": ["VIP", "high-roller"]}),
        ({"labels": ["VIP", "high-roller"]}, {"labels": ["watch"]}),
    ]
    assert {(e.staff, e.brand) for e in entries} == {(editor.username, BRAND)}
    assert verify(db_session)[1] is None  # the entries chain on like every other


def test_notes_are_added_and_read_newest_first(editor, reader, members, db_session):
    member = members()
    url = member_url(member, "/notes")
    editor.browser.post_json(url, {"text": "Called about a late deposit."}, headers=editor.headers())
    second = editor.browser.post_json(url, {"text": "  Asked for a limit.  "}, headers=editor.headers()).json["value"]
    assert (second["staff"], second["text"]) == (editor.username, "Asked for a limit.")
    listed = reader.browser.get(url).json["value"]
    assert listed["total"] == 2 and [n["text"] for n in listed["items"]] == [
        "Asked for a limit.",
        "Called about a late deposit.",
    ]
    assert reader.browser.get(member_url(member)).json["value"]["notesCount"] == 2
    assert (
        editor.browser.post_json(url, {"text": "   "}, headers=editor.headers(), status=400).json["code"]
        == "note_empty"
    )
    entry = audited(db_session, member, "member_note_added")[-1]
    assert (entry.before, entry.after) == (None, {"note": second["id"], "text": "Asked for a limit."})


def test_a_member_is_logged_out_everywhere(editor, testapp, login, db_session):
    member = login()
    other_token = log_in(testapp, member.username, "Secret123")["value"]["token"]
    listed = editor.browser.get(member_url(member, "/sessions")).json["value"]
    assert listed["total"] == 2 and [s["ip"] for s in listed["items"]] == [BD_IP, None]  # the most recent first
    ended = editor.browser.delete(member_url(member, "/sessions"), headers=editor.headers()).json["value"]
    assert ended == {"ended": 2}
    for headers in (member.headers, bearer(other_token)):
        assert testapp.get(INFO, headers=headers, status=401).json["code"] == "not_logged_in"
    assert editor.browser.get(member_url(member, "/sessions")).json["value"]["items"] == []
    entry = audited(db_session, member, "member_logged_out")[-1]
    assert (entry.before, entry.after) == ({"sessions": 2}, {"sessions": 0})


def test_a_temporary_password_is_shown_once_and_the_member_logs_in_with_it(editor, testapp, login, db_session):
    member = login()
    answer = editor.browser.post(member_url(member, "/password-reset"), headers=editor.headers()).json["value"]
    temporary = answer["temporaryPassword"]
    assert len(temporary) >= 12
    assert testapp.get(INFO, headers=member.headers, status=401).json["code"] == "not_logged_in"
    assert log_in(testapp, member.username, "Secret123", status=401)["code"] == "login_failed"
    logged_in = log_in(testapp, member.username, temporary)["value"]
    assert logged_in["passwordExpired"] is True  # the member chooses their own next
    entry = audited(db_session, member, "member_password_reset")[-1]
    assert temporary not in str(entry.before) + str(entry.after)


def test_the_ledger_and_betting_record_of_a_member_who_deposited_and_played(reader, members, fund, bets, games):
    member = members()
    fund(member, "500.00", reference="DEP-1")
    fund(member, "20.00", kind="bonus")
    game = games("TEST", name="Lucky Sevens")
    bets(member, "10.00", "25.00", game=game)
    bets(member, "5.00", "0", open=True)
    ledger = reader.browser.get(member_url(member, "/ledger?pageSize=1")).json["value"]
    assert (ledger["total"], ledger["page"], ledger["pageSize"]) == (2, 1, 1)
    newest = ledger["items"][0]
    assert (newest["kind"], newest["amount"], newest["balanceAfter"], newest["wallet"]) == (
        "bonus",
        "20.00",
        "520.00",
        "main",
    )
    second = reader.browser.get(member_url(member, "/ledger?page=2&pageSize=1")).json["value"]["items"][0]
    assert (second["kind"], second["amount"], second["balanceAfter"], second["reference"]) == (
        "deposit",
        "500.00",
        "500.00",
        "DEP-1",
    )
    record = reader.browser.get(member_url(member, "/bets")).json["value"]
    assert record["total"] == 2
    rounds = {r["game"]: r for r in record["items"]}
    won = rounds["Lucky Sevens"]
    assert (won["stake"], won["payout"], won["profit"], won["status"]) == ("10.00", "25.00", "15.00", "settled")
    assert [r["profit"] for r in record["items"] if r["game"] != "Lucky Sevens"] == ["0.00"]
    tomorrow = reader.browser.get(member_url(member, "/bets?from=2099-01-01"), status=400).json
    assert tomorrow["code"] == "date_out_of_range"


@pytest.fixture
def own_brands(settings, request, tmp_path):
    """A database of the test's own with the demo brands, where changes commit for real:
    PostgreSQL when the suite runs on it, else a SQLite file."""
    if settings.database_url.startswith("postgresql"):
        url = request.getfixturevalue("postgresql_database")
    else:
        url = f"sqlite:///{tmp_path / 'members.sqlite'}"
    with demo_brands(url, settings.secret_key) as db:
        tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == BRAND)))
        with building_in(db):
            member_id = MemberFactory(brand=BRAND).id
        db.commit()
    engine = make_engine(url)
    yield engine, tenant, member_id
    engine.dispose()


def test_concurrent_label_changes_take_turns_each_audited_with_what_it_found(own_brands):
    engine, tenant, member_id = own_brands
    writers = 6
    start = threading.Barrier(writers)
    failures = []

    def change(writer: int):
        start.wait()
        try:
            with Session(engine) as db:
                scope_connection(db, tenant.id)
                member = find_member(db, tenant, member_id, to_change=True)
                acting = Acting(f"writer{writer}", None, utcnow())
                set_labels(db, tenant, member, ["shared", f"writer{writer}"], acting)
                db.commit()
        except Exception as error:  # a failure is reported by the test, not lost in its thread
            failures.append(error)

    threads = [threading.Thread(target=change, args=(w,)) for w in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with Session(engine) as db:
        scope_connection(db, tenant.id)
        entries = db.scalars(
            select(AuditEntry).where(AuditEntry.target == f"member:{member_id}").order_by(AuditEntry.id)
        )
        changes = [(e.before["labels"], e.after["labels"]) for e in entries]
        assert len(changes) == writers
        assert changes[0][0] == [] and all(changes[i][0] == changes[i - 1][1] for i in range(1, writers))
        assert labels_of(db, [member_id])[member_id] == changes[-1][1]
        assert verify(db)[1] is None
