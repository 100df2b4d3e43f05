"""A forgotten password: the reset link by email (/wps/member/password/email) and a new password
by reset token or SMS code (/wps/member/password/verification), which logs the member in."""

import re
import threading
import time
import uuid

import pytest
import webtest
from sqlalchemy import delete, func, select

from accounts import bearer, post_sealed, set_brand, tamper
from calls import JOSE, public_key, seal, sealed
from factories import PASSWORD, MemberFactory, building_in
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.core.onetime import OneTimeValue
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.encryption.models import SeenPayload
from tessera.identity.passwords import verify_password
from tessera.identity.recovery.models import PasswordResetRequest
from tessera.identity.sessions.models import MemberSession
from tessera.identity.verification.models import VerificationCode
from tessera.identity.verification.services import code_digest
from tessera.tenancy.models import Tenant

EMAIL, VERIFY, INFO = "/wps/member/password/email", "/wps/member/password/verification", "/wps/member/info"
NEW_PASSWORD = "Fresh456"
LINK = re.compile(r"http://demo-bd\.localhost:6543/forget\?resetToken=([A-Za-z0-9_-]{43})\r?\n")
BD_PHONE = "+8801712345678"


def ask_email(app, username, email, status=200):
    return app.post(EMAIL + "?lang=en", {"username": username, "email": email}, status=status).json


def reset_token(outbox) -> str:
    return LINK.search(outbox.emails[-1]["text"])[1]


def count(db, model, *where) -> int:
    return db.scalar(select(func.count()).select_from(model).where(*where))


def password_is(db, member, password) -> bool:
    db.refresh(member)
    return verify_password(member.password_hash, password)[0]


@pytest.fixture
def member(members):
    return members(
        "demo-bd", email="Rahim@Example.com", phone=BD_PHONE, mobile_num="01712345678", country_dialing_code="880"
    )


class TestResetEmail:
    def test_a_matching_username_and_email_get_a_link_by_email(self, testapp, outbox, member, db_session):
        assert ask_email(testapp, member.username.upper(), " rahim@example.COM ") == {
            "success": True,
            "code": None,
            "message": None,
            "value": None,
        }
        [email] = outbox.emails
        assert (email["brand"], email["to"]) == ("demo-bd", "Rahim@Example.com")
        assert email["subject"] == "Reset your Tessera Demo BD password"
        assert "within 30 minutes" in email["text"] and email["text"].endswith("Tessera Demo BD")
        token = reset_token(outbox)
        kept = db_session.scalars(select(OneTimeValue.key)).all()
        assert len(kept) == 1 and token not in kept[0]
        assert db_session.scalar(select(AuditEvent.kind).where(AuditEvent.member_id == member.id)) == "reset_requested"

    def test_the_link_is_on_the_brands_public_address_whatever_host_was_asked(self, testapp, outbox, member):
        testapp.post(
            EMAIL, {"username": member.username, "email": member.email}, extra_environ={"HTTP_HOST": "localhost"}
        )
        assert LINK.search(outbox.emails[0]["text"])

    def test_the_email_is_in_the_requests_language(self, testapp, outbox, member):
        testapp.post(EMAIL, {"username": member.username, "email": member.email})
        assert outbox.emails[0]["subject"] == "আপনার Tessera Demo BD পাসওয়ার্ড রিসেট করুন"
        assert LINK.search(outbox.emails[0]["text"])

    @pytest.mark.parametrize("username, email", [("nobody-here", "rahim@example.com"), (None, "other@example.com")])
    def test_the_answer_is_the_same_when_nothing_matches_and_nothing_is_sent(
        self, testapp, outbox, member, username, email
    ):
        matching = ask_email(testapp, member.username, member.email)
        assert ask_email(testapp, username or member.username, email) == matching
        assert len(outbox.emails) == 1

    def test_another_brands_member_gets_nothing_here(self, ph, outbox, member):
        assert ask_email(ph, member.username, member.email)["success"] is True
        assert outbox.emails == []

    def test_a_member_without_an_email_gets_nothing(self, testapp, outbox, members):
        ask_email(testapp, members("demo-bd").username, "none@example.com")
        assert outbox.emails == []

    def test_five_an_hour_per_account_name_whether_or_not_it_exists(self, testapp, brand_app, outbox, member, clock):
        for n in range(5):
            other = brand_app("demo-bd.localhost", ip=f"203.0.113.{20 + n}")
            ask_email(other, member.username, member.email), ask_email(other, "nobody-here", "x@example.com")
        known = ask_email(testapp, member.username, member.email, status=429)
        assert known == ask_email(testapp, "nobody-here", "x@example.com", status=429)
        assert known["code"] == "too_many_requests"
        clock.advance(minutes=61)
        ask_email(testapp, member.username, member.email)
        assert len(outbox.emails) == 6

    def test_twenty_an_hour_per_address(self, testapp, outbox, db_session):
        for n in range(20):
            ask_email(testapp, f"someone{n}", "x@example.com")
        assert ask_email(testapp, "someone-else", "x@example.com", status=429)["code"] == "too_many_requests"
        assert count(db_session, PasswordResetRequest) == 20

    def test_a_brand_without_an_email_plugin_says_so_whoever_asks(self, testapp, outbox, member, db_session):
        set_brand(db_session, "demo-bd", plugins={})
        assert ask_email(testapp, member.username, member.email, status=502)["code"] == "email_unavailable"
        assert ask_email(testapp, "nobody-here", "x@example.com", status=502)["code"] == "email_unavailable"

    def test_an_email_that_could_not_be_sent_leaves_no_token_and_tells_nothing(
        self, testapp, outbox, member, db_session
    ):
        outbox.refuse_with("email_send_failed")
        assert ask_email(testapp, member.username, member.email)["success"] is True
        assert count(db_session, OneTimeValue) == 0

    def test_the_form_fields_are_required(self, testapp, outbox):
        answer = testapp.post(EMAIL, {"username": "someone"}, status=400).json
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [("email", "field_required")]


def test_the_brands_own_smtp_plugin_delivers(testapp, member, db_session):
    from tessera_sandboxes.smtp_server import SmtpServer

    server = SmtpServer()
    try:
        set_brand(
            db_session,
            "demo-bd",
            plugins={"smtp-email": {"host": "127.0.0.1", "port": server.port, "sender": "no-reply@demo-bd.localhost"}},
        )
        ask_email(testapp, member.username, member.email)
        [message] = server.mailboxes[None].values()
    finally:
        server.close()
    assert (message["To"], message["Subject"]) == ("Rahim@Example.com", "Reset your Tessera Demo BD password")
    assert LINK.search(message.get_content())


class TestResetByToken:
    @pytest.fixture
    def token(self, testapp, outbox, member) -> str:
        ask_email(testapp, member.username, member.email)
        return reset_token(outbox)

    def test_the_token_sets_the_password_ends_every_session_and_logs_in(
        self, testapp, token, member, token_of, db_session
    ):
        old_session = token_of(member)
        answer = post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD})
        value = answer["value"]
        assert (value["firstTimeLogin"], value["passwordExpired"]) == (False, False)
        assert testapp.get(INFO, headers=bearer(value["token"])).json["value"]["id"] == member.id
        assert testapp.get(INFO, headers=bearer(old_session), status=401).json["code"] == "not_logged_in"
        assert password_is(db_session, member, NEW_PASSWORD) and not password_is(db_session, member, PASSWORD)
        kinds = db_session.scalars(
            select(AuditEvent.kind).where(AuditEvent.member_id == member.id).order_by(AuditEvent.id)
        ).all()
        assert kinds[-3:] == ["password_changed", "password_reset", "login"]

    def test_a_token_works_once(self, testapp, token):
        post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD})
        answer = post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": "Another789"}, status=400)
        assert (answer["code"], answer["message"]) == ("verification_failed", "Please enter correct information")

    def test_a_token_expires_after_30_minutes(self, testapp, outbox, member, clock):
        ask_email(testapp, member.username, member.email)
        clock.advance(minutes=30, seconds=1)
        form = {"resetToken": reset_token(outbox), "newPassword": NEW_PASSWORD}
        answer = post_sealed(testapp, VERIFY, form, status=400)
        assert answer["code"] == "verification_failed"

    def test_a_password_changed_since_the_email_kills_the_token(self, testapp, token, member, db_session, clock):
        clock.advance(seconds=5)
        member.password_changed_at = clock.now  # as a change by phone, or by the member, would leave it
        db_session.flush()
        assert (
            post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD}, status=400)["code"]
            == "verification_failed"
        )

    def test_an_unknown_token(self, testapp, token):
        answer = post_sealed(testapp, VERIFY, {"resetToken": token[:-1] + "x", "newPassword": NEW_PASSWORD}, status=400)
        assert answer["code"] == "verification_failed"

    def test_a_token_of_one_brand_does_not_work_on_another(self, ph, token, members):
        members("demo-ph", username="samename")
        assert (
            post_sealed(ph, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD}, status=400)["code"]
            == "verification_failed"
        )

    def test_the_new_password_follows_the_brands_rule_and_the_token_survives(self, testapp, token, member):
        answer = post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": "short"}, status=400)
        assert answer["code"] == "invalid_fields"
        assert list(answer["value"]["fields"]) == ["newPassword"] and answer["value"]["fields"]["newPassword"][0]
        assert post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD})["success"] is True

    def test_a_locked_account_is_not_logged_in(self, testapp, token, member, db_session):
        member.status = "locked"
        db_session.flush()
        assert (
            post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD}, status=403)["code"]
            == "account_locked"
        )
        assert password_is(db_session, member, PASSWORD)
        member.status = "active"
        db_session.flush()
        assert (
            post_sealed(testapp, VERIFY, {"resetToken": token, "newPassword": NEW_PASSWORD}, status=400)["code"]
            == "verification_failed"
        )  # the refused reset used the token up


class TestResetByCode:
    @pytest.fixture
    def code(self, testapp, outbox, member) -> str:
        testapp.post_json(
            "/wps/verification/sms/noLogin",
            {"countryDialingCode": "880", "mobileNo": "01712345678", "purpose": "forgot"},
        )
        return outbox.code(BD_PHONE)

    def form(self, code, **fields):
        return {
            "countryDialingCode": "+880",
            "mobileNum": "01712345678",
            "verificationCode": code,
            "newPassword": NEW_PASSWORD,
            **fields,
        }

    def test_the_code_sets_the_password_and_logs_in(self, testapp, code, member, token_of, db_session):
        old_session = token_of(member)
        value = post_sealed(testapp, VERIFY, self.form(code))["value"]
        assert testapp.get(INFO, headers=bearer(value["token"])).json["value"]["id"] == member.id
        assert testapp.get(INFO, headers=bearer(old_session), status=401).json["code"] == "not_logged_in"
        assert password_is(db_session, member, NEW_PASSWORD)
        assert db_session.scalar(select(AuditEvent.detail).where(AuditEvent.kind == "password_reset")) == {"by": "sms"}

    def test_a_code_works_once(self, testapp, code):
        post_sealed(testapp, VERIFY, self.form(code))
        assert (
            post_sealed(testapp, VERIFY, self.form(code, newPassword="Another789"), status=400)["code"]
            == "verification_failed"
        )

    def test_five_wrong_tries_burn_the_code(self, testapp, code, member, db_session):
        wrong = f"{(int(code) + 1) % 10**7:07d}"
        for _ in range(5):
            assert post_sealed(testapp, VERIFY, self.form(wrong), status=400)["code"] == "verification_failed"
        assert post_sealed(testapp, VERIFY, self.form(code), status=400)["code"] == "verification_failed"
        assert password_is(db_session, member, PASSWORD)
        assert db_session.scalar(select(VerificationCode.attempts)) == 5

    def test_a_code_expires(self, testapp, code, clock):
        clock.advance(minutes=5, seconds=1)
        assert post_sealed(testapp, VERIFY, self.form(code), status=400)["code"] == "verification_failed"

    def test_only_the_newest_code_works(self, testapp, code, outbox, clock):
        clock.advance(seconds=61)
        testapp.post_json(
            "/wps/verification/sms/noLogin",
            {"countryDialingCode": "880", "mobileNo": "01712345678", "purpose": "forgot"},
        )
        newest = outbox.code(BD_PHONE)
        assert post_sealed(testapp, VERIFY, self.form(code), status=400)["code"] == "verification_failed"
        assert post_sealed(testapp, VERIFY, self.form(newest))["success"] is True

    def test_a_code_of_another_purpose_does_not_work(self, ph, outbox, members):
        members("demo-ph", phone="+639171234567")
        ph.post_json(
            "/wps/verification/sms/noLogin", {"countryDialingCode": "63", "mobileNo": "9171234567", "purpose": "login"}
        )
        form = {
            "countryDialingCode": "63",
            "mobileNum": "9171234567",
            "verificationCode": outbox.code("+639171234567"),
            "newPassword": NEW_PASSWORD,
        }
        assert post_sealed(ph, VERIFY, form, status=400)["code"] == "verification_failed"

    def test_a_code_of_one_brand_does_not_work_on_another(self, ph, code, members):
        members("demo-ph", phone=BD_PHONE)
        assert post_sealed(ph, VERIFY, self.form(code), status=400)["code"] == "verification_failed"

    def test_a_number_without_an_account_gets_the_same_refusal(self, testapp, code):
        unknown = post_sealed(testapp, VERIFY, self.form(code, mobileNum="01800000000"), status=400)
        assert unknown == post_sealed(testapp, VERIFY, self.form("0000000"), status=400)

    def test_an_over_long_code_is_refused_clearly(self, testapp, code, db_session):
        answer = post_sealed(testapp, VERIFY, self.form("1" * 256), status=400)
        assert answer["code"] == "invalid_request"
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [
            ("verificationCode", "field_max_length")
        ]
        assert db_session.scalar(select(VerificationCode.attempts)) == 0

    def test_the_number_and_code_are_needed_without_a_token(self, testapp, outbox):
        answer = post_sealed(testapp, VERIFY, {"newPassword": NEW_PASSWORD}, status=400)
        assert sorted(f["field"] for f in answer["value"]["fields"]) == [
            "countryDialingCode",
            "mobileNum",
            "verificationCode",
        ]


class TestEncryptedPayloads:
    """The call is "E": a payload that is not fresh, not the brand's, or seen before changes nothing."""

    @pytest.fixture
    def form(self, testapp, outbox, member) -> dict:
        ask_email(testapp, member.username, member.email)
        return {"resetToken": reset_token(outbox), "newPassword": NEW_PASSWORD}

    def test_a_tampered_payload(self, testapp, form, member, db_session):
        tampered = tamper(sealed(testapp, form))
        assert testapp.post(VERIFY, tampered, content_type=JOSE, status=400).json["code"] == "payload_invalid"
        assert password_is(db_session, member, PASSWORD)

    def test_a_stale_payload(self, testapp, form, member, db_session):
        body = seal(public_key(testapp), form, iat=int(time.time()) - 301)
        assert testapp.post(VERIFY, body, content_type=JOSE, status=400).json["code"] == "payload_expired"
        assert password_is(db_session, member, PASSWORD)

    def test_a_replayed_payload(self, testapp, form, db_session):
        body = sealed(testapp, form)
        testapp.post(VERIFY, body, content_type=JOSE)
        assert testapp.post(VERIFY, body, content_type=JOSE, status=400).json["code"] == "payload_replayed"
        assert count(db_session, MemberSession) == 1

    def test_plain_json_is_refused(self, testapp, form):
        assert testapp.post_json(VERIFY, form, status=415).json["code"] == "unsupported_media_type"


class TestConcurrentResets:
    """Two resets carrying the same code at the same moment, each in its own request and
    transaction against the real database: only one of them sets the password."""

    @pytest.fixture
    def committed_code(self, engine, settings):
        phone = f"+88017{uuid.uuid4().int % 10**8:08d}"
        with operator_session(engine) as db:
            tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == "demo-bd"))
            with building_in(db):
                member = MemberFactory(username=f"racer{uuid.uuid4().hex[:8]}", phone=phone)
            member_id, now = member.id, member.created_at
            db.add(
                VerificationCode(
                    tenant_id=tenant_id,
                    purpose="forgot",
                    phone=phone,
                    attempts=0,
                    created_at=now,
                    code_hash=code_digest(settings.secret_key.encode(), "forgot", phone, "7654321"),
                    expires_at=now.replace(year=now.year + 1),
                )
            )
        yield phone, "7654321"
        with operator_session(engine, ALL_TENANTS) as db:
            for model in (SeenPayload, AuditEvent, MemberSession, VerificationCode):
                db.execute(delete(model))
            db.execute(delete(Member).where(Member.id == member_id))

    def test_only_one_succeeds(self, wsgi, committed_code):
        phone, code = committed_code
        app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
        key = public_key(app)
        form = {"countryDialingCode": "880", "mobileNum": phone[4:], "verificationCode": code}
        bodies = [seal(key, {**form, "newPassword": password}) for password in ("RaceOne111", "RaceTwo222")]
        start, answers = threading.Barrier(2), []

        def attempt(body):
            start.wait()
            response = app.post(VERIFY, body, content_type=JOSE, expect_errors=True)
            answers.append((response.status_int, response.json["code"]))

        threads = [threading.Thread(target=attempt, args=(body,)) for body in bodies]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(answers) == [(200, None), (400, "verification_failed")]
