"""Login, sessions, logout, member info and free play (/wps/session/* and /wps/member/info), and
the calls only real members may make."""

from datetime import timedelta

import pytest
import webtest
from sqlalchemy import func, select

from calls import configure_brand, seal
from factories import PASSWORD
from tessera import hookimpl
from tessera.app import make_app
from tessera.core.security import ISessionLookup
from tessera.core.timeutil import now
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.passwords import DEFAULT_PASSWORD
from tessera.identity.permissions import Permissions
from tessera.identity.sessions import services
from tessera.identity.sessions.logins import MAX_FREE_PLAY_PER_IP
from tessera.identity.sessions.models import FailedLogin, MemberSession
from tessera.identity.sessions.views import SessionLookup
from tessera.plugins import make_plugin_manager
from tessera.tenancy.models import Tenant

LOGIN, INFO, LOGOUT, FREE_PLAY = (
    "/wps/session/login",
    "/wps/member/info",
    "/wps/session/logout",
    "/wps/session/login/freeplay",
)
PH_IP, OTHER_BD_IP = "192.0.2.44", "203.0.113.77"
JOSE = "application/jose"


def public_key(app) -> dict:
    return app.get("/wps/system/status").json["value"]["publicKey"]


def log_in(app, username, password=PASSWORD, status=200, **fields):
    iat = int(now(app.app.registry).timestamp())  # the app's time, which a test may have moved
    body = seal(public_key(app), {"type": "username", "username": username, "password": password, **fields}, iat=iat)
    return app.post(LOGIN, body, content_type=JOSE, status=status).json


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def token_of(app, member) -> str:
    return log_in(app, member.username)["value"]["token"]


def count(db, model, *where) -> int:
    return db.scalar(select(func.count()).select_from(model).where(*where))


@pytest.fixture(autouse=True)
def without_captchas(db_session):
    """Sessions and throttles as a brand without a captcha plugin has them (test_login_captcha.py
    adds the captcha)."""
    for slug in ("demo-bd", "demo-ph"):
        configure_brand(db_session, slug, plugins={"image-captcha": None, "geetest": None})


def set_brand_config(db, slug, **sections):
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    tenant.config = {**tenant.config, **sections}
    db.flush()


class TestLogin:
    def test_a_member_logs_in_and_the_token_works(self, testapp, members):
        member = members()
        answer = log_in(testapp, member.username)
        assert answer["success"] is True
        assert set(answer["value"]) == {"token", "firstTimeLogin", "passwordExpired"}
        assert (answer["value"]["firstTimeLogin"], answer["value"]["passwordExpired"]) == (True, False)
        assert testapp.get(INFO, headers=bearer(answer["value"]["token"])).json["value"]["id"] == member.id

    def test_only_the_first_login_is_the_first(self, testapp, members):
        member = members()
        assert log_in(testapp, member.username)["value"]["firstTimeLogin"] is True
        assert log_in(testapp, member.username)["value"]["firstTimeLogin"] is False

    def test_each_login_is_a_new_session_with_only_the_tokens_hash_kept(self, testapp, members, db_session):
        member = members()
        first, second = token_of(testapp, member), token_of(testapp, member)
        assert first != second and len(first) >= 43
        stored = set(db_session.scalars(select(MemberSession.token_hash).where(MemberSession.member_id == member.id)))
        assert stored == {services.token_hash(first), services.token_hash(second)}

    def test_the_username_is_matched_whatever_its_case(self, testapp, members):
        member = members(username="CricketFan7")
        assert log_in(testapp, "cricketfan7")["success"] is True
        assert log_in(testapp, " CRICKETFAN7 ")["success"] is True
        assert member.username == "CricketFan7"

    def test_a_wrong_password_and_an_unknown_user_get_the_same_answer(self, testapp, members):
        member = members()
        wrong = log_in(testapp, member.username, "Wrong-password1", status=401)
        unknown = log_in(testapp, "nobody-here", PASSWORD, status=401)
        assert (
            wrong
            == unknown
            == {"success": False, "code": "login_failed", "message": "ব্যবহারকারীর নাম বা পাসওয়ার্ড সঠিক নয়।", "value": None}
        )
        assert (
            testapp.post(
                LOGIN + "?lang=en",
                seal(public_key(testapp), {"username": "x", "password": "y"}),
                content_type=JOSE,
                status=401,
            ).json["message"]
            == "The username or password is not correct."
        )

    @pytest.mark.parametrize("member_type", [0, 3, 5])
    def test_an_account_that_is_not_a_member_is_refused(self, testapp, members, member_type):
        member = members(member_type=member_type)
        answer = testapp.post(
            LOGIN + "?lang=en",
            seal(public_key(testapp), {"username": member.username, "password": PASSWORD}),
            content_type=JOSE,
            status=403,
        ).json
        assert (answer["code"], answer["message"]) == ("non_member_login", "Non-member account unable to login")

    def test_with_a_wrong_password_a_non_member_gets_login_failed_like_anyone(self, testapp, members):
        member = members(member_type=0)
        assert log_in(testapp, member.username, "Wrong-password1", status=401)["code"] == "login_failed"

    @pytest.mark.parametrize("member_type", [1, 2, 41, 42])
    def test_agents_log_in_as_members(self, testapp, members, member_type):
        member = members(member_type=member_type)
        token = token_of(testapp, member)
        assert testapp.get(INFO, headers=bearer(token)).json["value"]["type"] == member_type

    def test_a_locked_account_is_refused(self, testapp, members):
        member = members(status="locked")
        assert log_in(testapp, member.username, status=403)["code"] == "account_locked"

    def test_a_brand_without_sms_login_refuses_the_sms_type(self, testapp):
        body = seal(public_key(testapp), {"type": "sms", "mobileNum": "01700000000", "verificationCode": "123456"})
        assert testapp.post(LOGIN, body, content_type=JOSE, status=400).json["code"] == "login_type_unavailable"

    def test_username_and_password_are_required(self, testapp):
        body = seal(public_key(testapp), {"type": "username", "username": "someone"})
        answer = testapp.post(LOGIN, body, content_type=JOSE, status=400).json
        assert answer["code"] == "invalid_request"
        assert [f["field"] for f in answer["value"]["fields"]] == ["password"]

    def test_the_default_password_must_be_changed(self, testapp, members):
        member = members(password=DEFAULT_PASSWORD, password_is_default=True)
        assert log_in(testapp, member.username, DEFAULT_PASSWORD)["value"]["passwordExpired"] is True

    def test_a_password_older_than_the_brand_allows_has_expired(self, testapp, members, db_session, clock):
        set_brand_config(
            db_session,
            "demo-bd",
            whitelabel={"PWDEXPIRY3": True},
            sessions={"idle_minutes": 30, "lifetime_hours": 24, "password_expiry_days": 30},
        )
        old = members(created_at=clock.now - timedelta(days=31))
        recent = members(created_at=clock.now - timedelta(days=29))
        assert log_in(testapp, old.username)["value"]["passwordExpired"] is True
        assert log_in(testapp, recent.username)["value"]["passwordExpired"] is False

    def test_without_the_flag_passwords_do_not_expire(self, testapp, members, db_session, clock):
        set_brand_config(
            db_session, "demo-bd", sessions={"idle_minutes": 30, "lifetime_hours": 24, "password_expiry_days": 30}
        )
        old = members(created_at=clock.now - timedelta(days=400))
        assert log_in(testapp, old.username)["value"]["passwordExpired"] is False

    def test_an_old_hash_is_replaced_at_login(self, testapp, members, db_session):
        from argon2 import PasswordHasher

        member = members(password=None)
        member.password_hash = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PASSWORD)
        db_session.flush()
        token_of(testapp, member)
        db_session.refresh(member)
        assert member.password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")


class TestThrottles:
    def fail(self, db, key, ip, n, tenant_id, at):
        db.add_all(FailedLogin(tenant_id=tenant_id, username_key=key, ip=ip, created_at=at) for _ in range(n))
        db.flush()

    def test_each_failed_check_is_counted(self, testapp, members, db_session):
        member = members()
        for _ in range(3):
            log_in(testapp, member.username, "Wrong-password1", status=401)
        assert count(db_session, FailedLogin, FailedLogin.username_key == member.username_key) == 3

    def test_after_100_failures_an_hour_even_the_right_password_is_refused_unchecked(
        self, testapp, members, db_session, tenant_ids, clock
    ):
        member = members()
        # From many addresses, so only the account's count can refuse it.
        for n in range(100):
            self.fail(
                db_session, member.username_key, f"10.0.{n // 250}.{n % 250}", 1, tenant_ids["demo-bd"], clock.now
            )
        answer = log_in(testapp, member.username, status=429)
        assert answer["code"] == "too_many_attempts"
        assert count(db_session, FailedLogin, FailedLogin.username_key == member.username_key) == 100  # not checked
        assert count(db_session, MemberSession, MemberSession.member_id == member.id) == 0
        lockouts = select(AuditEvent.detail).where(AuditEvent.kind == "lockout", AuditEvent.member_id == member.id)
        assert [detail["limit"] for detail in db_session.scalars(lockouts)] == ["account"]
        # An unknown name is throttled the same way: the answer tells nothing of existence.
        self.fail(db_session, "ghost-account", "10.9.9.9", 100, tenant_ids["demo-bd"], clock.now)
        assert log_in(testapp, "ghost-account", status=429)["code"] == "too_many_attempts"

    def test_99_failures_still_allow_the_right_password(self, testapp, members, db_session, tenant_ids, clock):
        member = members()
        for n in range(99):
            self.fail(db_session, member.username_key, f"10.1.0.{n}", 1, tenant_ids["demo-bd"], clock.now)
        assert log_in(testapp, member.username)["success"] is True

    def test_failures_older_than_an_hour_no_longer_count(self, testapp, members, db_session, tenant_ids, clock):
        member = members()
        for n in range(100):
            self.fail(db_session, member.username_key, f"10.2.0.{n}", 1, tenant_ids["demo-bd"], clock.now)
        clock.advance(minutes=61)
        assert log_in(testapp, member.username)["success"] is True

    def test_after_30_failures_an_hour_from_one_address_it_is_refused(
        self, testapp, brand_app, members, db_session, tenant_ids, clock
    ):
        member = members()
        self.fail(db_session, "someone-else", "203.0.113.9", 30, tenant_ids["demo-bd"], clock.now)
        assert log_in(testapp, member.username, status=429)["code"] == "too_many_attempts"
        assert log_in(brand_app("demo-bd.localhost", ip=OTHER_BD_IP), member.username)["success"] is True

    def test_an_addresss_failures_on_one_brand_do_not_count_on_another(
        self, ph, members, db_session, tenant_ids, clock
    ):
        member = members("demo-ph")
        self.fail(db_session, member.username_key, PH_IP, 100, tenant_ids["demo-bd"], clock.now)
        assert log_in(ph, member.username)["success"] is True


class TestSessions:
    def test_a_session_idle_longer_than_the_brand_allows_ends(self, testapp, members, clock):
        token = token_of(testapp, members())
        clock.advance(minutes=29)
        testapp.get(INFO, headers=bearer(token))
        clock.advance(minutes=29)  # idle time counts from the last call
        testapp.get(INFO, headers=bearer(token))
        clock.advance(minutes=31)
        assert testapp.get(INFO, headers=bearer(token), status=401).json["code"] == "not_logged_in"

    def test_each_brand_has_its_idle_time(self, ph, members, clock):
        token = token_of(ph, members("demo-ph"))
        clock.advance(minutes=21)  # demo-ph: 20 minutes
        ph.get(INFO, headers=bearer(token), status=401)

    def test_a_session_ends_at_its_lifetime_however_busy(self, testapp, members, clock):
        token = token_of(testapp, members())
        for _ in range(48):  # 24 hours in steps of half an hour, less a minute
            clock.advance(minutes=29, seconds=59)
            testapp.get(INFO, headers=bearer(token))
        clock.advance(minutes=20)
        testapp.get(INFO, headers=bearer(token), status=401)

    def test_last_seen_is_written_at_most_once_a_minute(self, testapp, members, db_session, clock):
        member = members()
        token = token_of(testapp, member)
        session = db_session.scalar(select(MemberSession).where(MemberSession.member_id == member.id))
        started = session.last_seen_at
        clock.advance(seconds=50)
        testapp.get(INFO, headers=bearer(token))
        db_session.refresh(session)
        assert session.last_seen_at == started
        clock.advance(seconds=20)
        testapp.get(INFO, headers=bearer(token))
        db_session.refresh(session)
        assert session.last_seen_at > started

    def test_logout_revokes_the_session(self, testapp, members, db_session):
        member = members()
        token, other = token_of(testapp, member), token_of(testapp, member)
        assert testapp.delete(LOGOUT, headers=bearer(token)).json == {
            "success": True,
            "code": None,
            "message": None,
            "value": None,
        }
        assert testapp.get(INFO, headers=bearer(token), status=401).json["code"] == "not_logged_in"
        testapp.delete(LOGOUT, headers=bearer(token), status=401)
        assert testapp.get(INFO, headers=bearer(other)).json["value"]["id"] == member.id  # only that session
        assert count(db_session, AuditEvent, AuditEvent.kind == "logout", AuditEvent.member_id == member.id) == 1

    def test_a_password_change_ends_every_session(self, testapp, members, db_session, tenant_ids, clock):
        member = members()
        tokens = [token_of(testapp, member), token_of(testapp, member)]
        db_session.info["tenant_id"] = tenant_ids["demo-bd"]
        services.set_password(db_session, member, "NewSecret456", "203.0.113.9", clock.now)
        db_session.flush()
        for token in tokens:
            testapp.get(INFO, headers=bearer(token), status=401)
        assert log_in(testapp, member.username, "NewSecret456")["success"] is True
        assert count(db_session, AuditEvent, AuditEvent.kind == "password_changed") == 1

    def test_a_locked_members_sessions_stop_working(self, testapp, members, db_session):
        member = members()
        token = token_of(testapp, member)
        member.status = "locked"
        db_session.flush()
        testapp.get(INFO, headers=bearer(token), status=401)

    @pytest.mark.parametrize("header", ["Bearer", "Bearer not-a-token", "Basic dXNlcjpwdw==", "Bearer  "])
    def test_no_or_an_unknown_token_is_not_logged_in(self, testapp, header):
        assert testapp.get(INFO, headers={"Authorization": header}, status=401).json["code"] == "not_logged_in"
        testapp.delete(LOGOUT, headers={"Authorization": header}, status=401)

    def test_a_token_of_one_brand_is_nothing_on_another(self, testapp, ph, members):
        token = token_of(testapp, members())
        assert ph.get(INFO, headers=bearer(token), status=401).json["code"] == "not_logged_in"
        ph.delete(LOGOUT, headers=bearer(token), status=401)
        testapp.get(INFO, headers=bearer(token))  # still good at home

    def test_the_same_username_on_two_brands_is_two_accounts(self, testapp, ph, members):
        bd, other = (
            members("demo-bd", username="samename"),
            members("demo-ph", username="samename", password="Other789"),
        )
        assert testapp.get(INFO, headers=bearer(token_of(testapp, bd))).json["value"]["id"] == bd.id
        log_in(testapp, "samename", "Other789", status=401)
        assert (
            ph.get(INFO, headers=bearer(log_in(ph, "samename", "Other789")["value"]["token"])).json["value"]["id"]
            == other.id
        )

    def test_relay_operations_that_need_a_token_accept_a_session(self, relay_app, test_wsgi, members, operations):
        original = test_wsgi.registry.getUtility(ISessionLookup)
        test_wsgi.registry.registerUtility(SessionLookup(), ISessionLookup)
        try:
            member = members()
            token = token_of(relay_app, member)
            answer = relay_app.post_json("/wps/relay/TEST_memberEcho", {}, headers=bearer(token)).json
            assert answer["value"] == {"memberId": member.id}
            relay_app.post_json("/wps/relay/TEST_memberEcho", {}, headers=bearer("unknown"), status=401)
        finally:
            test_wsgi.registry.registerUtility(original, ISessionLookup)


class TestMemberInfo:
    def test_the_shape(self, testapp, members):
        member = members(nickname="Tiger")
        assert testapp.get(INFO, headers=bearer(token_of(testapp, member))).json["value"] == {
            "id": member.id,
            "account": member.username,
            "nickname": "Tiger",
            "type": 4,
            "toUpline": False,
            "clubLabel": {"labelName": "VIP0", "rankLevel": 0},
            "memberLabel": [],
            "language": None,
        }

    def test_each_member_sees_their_own_record(self, testapp, members):
        first, second = members(), members()
        assert testapp.get(INFO, headers=bearer(token_of(testapp, first))).json["value"]["id"] == first.id
        assert testapp.get(INFO, headers=bearer(token_of(testapp, second))).json["value"]["id"] == second.id

    def test_it_needs_a_login(self, testapp):
        answer = testapp.get(INFO + "?lang=en", status=401).json
        assert (answer["code"], answer["message"]) == ("not_logged_in", "Please log in first.")


class TestFreePlay:
    def test_a_brand_with_free_play_makes_a_demo_account(self, ph, db_session):
        value = ph.post(FREE_PLAY).json["value"]
        assert (value["firstTimeLogin"], value["passwordExpired"]) == (False, False)
        info = ph.get(INFO, headers=bearer(value["token"])).json["value"]
        assert info["type"] == 0 and info["account"].startswith("guest")
        member = db_session.get(Member, info["id"])
        assert member.password_hash is None
        login = db_session.scalar(select(AuditEvent).where(AuditEvent.member_id == member.id))
        assert (login.kind, login.detail) == ("login", {"freePlay": True})

    def test_each_visitor_gets_their_own_account(self, ph):
        first, second = (
            ph.get(INFO, headers=bearer(ph.post(FREE_PLAY).json["value"]["token"])).json["value"] for _ in range(2)
        )
        assert first["id"] != second["id"] and first["account"] != second["account"]

    def test_a_demo_account_cannot_log_in_with_a_password(self, ph):
        account = ph.get(INFO, headers=bearer(ph.post(FREE_PLAY).json["value"]["token"])).json["value"]["account"]
        assert log_in(ph, account, "", status=400)["code"] == "invalid_request"
        assert log_in(ph, account, "anything", status=401)["code"] == "login_failed"

    def test_one_address_makes_at_most_twenty_an_hour(self, ph, brand_app, db_session, clock):
        for _ in range(MAX_FREE_PLAY_PER_IP):
            ph.post(FREE_PLAY)
        answer = ph.post(FREE_PLAY + "?lang=en", status=429).json
        assert (answer["code"], answer["message"]) == (
            "too_many_requests",
            "Too many requests. Please wait and try again.",
        )
        assert count(db_session, Member) == MAX_FREE_PLAY_PER_IP
        brand_app("demo-ph.localhost", ip="192.0.2.201").post(FREE_PLAY)  # another address is not held back
        clock.advance(hours=1, seconds=1)
        ph.post(FREE_PLAY)
        assert count(db_session, Member) == MAX_FREE_PLAY_PER_IP + 2

    def test_a_brand_without_free_play_refuses(self, testapp, db_session):
        answer = testapp.post(FREE_PLAY + "?lang=en", status=403).json
        assert (answer["code"], answer["message"]) == ("free_play_unavailable", "Free play is not available.")
        assert count(db_session, Member) == 0


class TestAudit:
    def test_logins_failures_and_logouts_are_written(self, testapp, members, db_session):
        member = members()
        log_in(testapp, member.username, "Wrong-password1", status=401)
        log_in(testapp, "nobody-here", status=401)
        token = token_of(testapp, member)
        testapp.delete(LOGOUT, headers=bearer(token))
        events = db_session.execute(
            select(AuditEvent.kind, AuditEvent.member_id, AuditEvent.ip).order_by(AuditEvent.id)
        ).all()
        assert events == [
            ("login_failed", member.id, "203.0.113.9"),
            ("login_failed", None, "203.0.113.9"),
            ("login", member.id, "203.0.113.9"),
            ("logout", member.id, "203.0.113.9"),
        ]


FUNDS_DESCRIPTION = """
paths:
  /wps/test/funds:
    get:
      summary: A money call of the test app.
      security: [{bearer: []}]
      parameters: [{$ref: "#/components/parameters/Lang"}]
      responses:
        "200":
          description: The member who may use funds.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Envelope"}
"""


class RealOnlyCall:
    """A money call as the wallet will register it: the RealAccount context, the FundsUse permission."""

    def __init__(self, description):
        self.description = description

    @hookimpl
    def tessera_configure(self, config):
        config.add_route("test.funds", "/wps/test/funds", factory="tessera.identity.permissions.RealAccount")
        config.add_view(
            lambda request: {"memberId": request.authenticated_userid},
            route_name="test.funds",
            request_method="GET",
            renderer="api",
            openapi=True,
            permission=Permissions.FundsUse,
        )
        config.add_openapi(str(self.description))


@pytest.fixture(scope="module")
def funds_wsgi(settings, engine, tmp_path_factory):
    description = tmp_path_factory.mktemp("funds") / "funds.yaml"
    description.write_text(FUNDS_DESCRIPTION)
    pm = make_plugin_manager()
    pm.register(RealOnlyCall(description), name="tessera-test-funds")
    wsgi = make_app(settings, plugin_manager=pm)
    yield wsgi
    wsgi.registry["db_engine"].dispose()


class TestRealAccounts:
    """Member-centre money calls are for real members (type 4) only (SPEC §4, §8)."""

    @pytest.fixture
    def funds(self, funds_wsgi, serve_connection):
        wsgi = serve_connection(funds_wsgi)
        return lambda host="demo-bd.localhost", ip="203.0.113.9": webtest.TestApp(
            wsgi, extra_environ={"HTTP_HOST": host, "REMOTE_ADDR": ip}
        )

    def test_a_real_member_may(self, funds, members):
        app, member = funds(), members()
        assert app.get("/wps/test/funds", headers=bearer(token_of(app, member))).json["value"] == {
            "memberId": member.id
        }

    @pytest.mark.parametrize("member_type", [1, 2, 41, 42])
    def test_an_agent_is_told_it_needs_a_real_account(self, funds, members, member_type):
        app = funds()
        token = token_of(app, members(member_type=member_type))
        answer = app.get("/wps/test/funds?lang=en", headers=bearer(token), status=403).json
        assert (answer["code"], answer["message"]) == (
            "in_need_true_account",
            "Only real accounts can do this. Please register a real account.",
        )
        assert app.get(INFO, headers=bearer(token)).json["value"]["type"] == member_type  # the rest still works

    def test_a_free_play_account_is_told_it_needs_a_real_account(self, funds):
        app = funds("demo-ph.localhost", PH_IP)
        token = app.post(FREE_PLAY).json["value"]["token"]
        assert app.get("/wps/test/funds", headers=bearer(token), status=403).json["code"] == "in_need_true_account"

    def test_without_a_login_it_is_not_logged_in(self, funds):
        assert funds().get("/wps/test/funds", status=401).json["code"] == "not_logged_in"
