"""SMS login (type "sms", MOBILEVERCODELOGIN3 on demo-ph): a code sent with purpose "login", or a
phone-auth token; and the check of logins from an address the member never used (UNREGIPVERIF3)."""

import pytest
from sqlalchemy import func, select

from calls import configure_brand, send
from factories import PASSWORD
from tessera.identity.accounts.models import AuditEvent
from tessera.identity.passwords import DEFAULT_PASSWORD
from tessera.identity.sessions.models import MemberSession

LOGIN, SEND, INFO = "/wps/session/login?lang=en", "/wps/verification/sms/noLogin", "/wps/member/info"
PH_IP, OTHER_PH_IP, NUMBER, PHONE = "192.0.2.44", "192.0.2.45", "9171234567", "+639171234567"


@pytest.fixture
def member(members):
    return members("demo-ph", phone=PHONE, mobile_num=NUMBER, country_dialing_code="63")


def code_for(app, box, purpose="login", **fields) -> str:
    app.post_json(SEND, {"countryDialingCode": "63", "mobileNo": NUMBER, "purpose": purpose, **fields})
    return box.code(PHONE)


def sms_login(app, status=200, **fields) -> dict:
    return send(
        app, "POST", LOGIN, {"type": "sms", "countryDialingCode": "63", "mobileNum": NUMBER, **fields}, status=status
    )


def log_in(app, username, status=200, **fields) -> dict:
    return send(app, "POST", LOGIN, {"username": username, "password": PASSWORD, **fields}, status=status)


def sessions(db) -> int:
    return db.scalar(select(func.count()).select_from(MemberSession))


class TestSmsLogin:
    def test_the_code_sent_logs_the_member_in(self, ph, outbox, member):
        value = sms_login(ph, verificationCode=code_for(ph, outbox))["value"]
        assert (value["firstTimeLogin"], value["passwordExpired"]) == (True, False)
        assert ph.get(INFO, headers={"Authorization": f"Bearer {value['token']}"}).json["value"]["id"] == member.id

    def test_a_default_password_does_not_expire_an_sms_login(self, ph, outbox, members):
        members("demo-ph", phone=PHONE, password=DEFAULT_PASSWORD, password_is_default=True)
        assert sms_login(ph, verificationCode=code_for(ph, outbox))["value"]["passwordExpired"] is False

    def test_a_wrong_code(self, ph, outbox, member, db_session):
        code = code_for(ph, outbox)
        answer = sms_login(ph, status=401, verificationCode=f"{(int(code) + 1) % 10_000_000:07d}")
        assert (answer["code"], answer["message"]) == (
            "sms_login_failed",
            "The mobile number or verification code is not correct.",
        )
        assert sms_login(ph, verificationCode=code)["success"] is True  # one wrong try of five

    def test_a_code_logs_in_once(self, ph, outbox, member):
        code = code_for(ph, outbox)
        sms_login(ph, verificationCode=code)
        assert sms_login(ph, status=401, verificationCode=code)["code"] == "sms_login_failed"

    def test_a_number_without_an_account_gets_the_same_answer(self, ph, outbox, db_session):
        ph.post_json(SEND, {"countryDialingCode": "63", "mobileNo": NUMBER, "purpose": "login"})
        assert outbox.sms == []
        assert sms_login(ph, status=401, verificationCode="1234567")["code"] == "sms_login_failed"
        assert sessions(db_session) == 0

    def test_the_same_number_with_separators_and_trunk_zero(self, ph, outbox, member):
        code = code_for(ph, outbox)
        assert (
            sms_login(ph, mobileNum="0917 123 4567", countryDialingCode="+63", verificationCode=code)["success"] is True
        )

    def test_a_code_for_a_password_change_does_not_log_in(self, ph, outbox, member):
        ph.post_json(SEND, {"countryDialingCode": "63", "mobileNo": NUMBER, "purpose": "forgot"})
        assert sms_login(ph, status=401, verificationCode=outbox.code(PHONE))["code"] == "sms_login_failed"

    def test_no_captcha_is_asked_where_password_logins_need_one(self, ph, outbox, member, db_session):
        code = code_for(ph, outbox)
        configure_brand(db_session, "demo-ph", plugins={"image-captcha": {"secret": "s"}})  # LOGINREQCAPTCHA3 is on
        assert sms_login(ph, verificationCode=code)["success"] is True
        assert log_in(ph, member.username, status=400)["code"] == "captcha_required"

    def test_a_locked_member(self, ph, outbox, member, db_session):
        member.status = "locked"
        db_session.flush()
        assert sms_login(ph, status=403, verificationCode=code_for(ph, outbox))["code"] == "account_locked"

    def test_a_member_who_is_not_an_agent_at_the_agent_entrance(self, ph, outbox, member):
        assert sms_login(ph, status=403, verificationCode=code_for(ph, outbox), agent=True)["code"] == "non_agent_login"

    def test_a_brand_without_sms_login(self, testapp, db_session):
        answer = send(
            testapp,
            "POST",
            LOGIN,
            {"type": "sms", "countryDialingCode": "880", "mobileNum": "1712345678", "verificationCode": "1234567"},
            status=400,
        )
        assert answer["code"] == "login_type_unavailable"

    def test_a_code_of_one_brand_does_not_log_in_on_another(self, ph, testapp, outbox, member, members, db_session):
        configure_brand(db_session, "demo-bd", flags={"MOBILEVERCODELOGIN3": True})
        members("demo-bd", phone=PHONE)
        code = code_for(ph, outbox)
        assert (
            send(
                testapp,
                "POST",
                LOGIN,
                {"type": "sms", "countryDialingCode": "63", "mobileNum": NUMBER, "verificationCode": code},
                status=401,
            )["code"]
            == "sms_login_failed"
        )
        assert sms_login(ph, verificationCode=code)["success"] is True

    def test_an_invalid_number(self, ph, outbox):
        assert sms_login(ph, status=400, mobileNum="12", verificationCode="1234567")["code"] == "invalid_mobile"

    def test_a_code_or_a_token_is_needed(self, ph, outbox):
        assert sms_login(ph, status=400)["code"] == "invalid_request"


class TestPhoneAuthLogin:
    def test_a_token_for_the_members_number_logs_in(self, ph, phone_auth, member):
        value = sms_login(ph, firebaseIdToken=phone_auth.issue(PHONE))["value"]
        assert value["passwordExpired"] is False
        assert ph.get(INFO, headers={"Authorization": f"Bearer {value['token']}"}).json["value"]["id"] == member.id

    def test_a_token_for_another_number(self, ph, phone_auth, member):
        answer = sms_login(ph, status=400, firebaseIdToken=phone_auth.issue("+639170000000"))
        assert answer["code"] == "phone_auth_failed"

    def test_a_token_for_a_number_without_an_account(self, ph, phone_auth, db_session):
        assert sms_login(ph, status=401, firebaseIdToken=phone_auth.issue(PHONE))["code"] == "sms_login_failed"


class TestUnknownAddress:
    """UNREGIPVERIF3: a password login from an address the member never used needs a code sent to
    the member's phone (purpose "ip")."""

    @pytest.fixture(autouse=True)
    def checked(self, db_session, outbox):
        configure_brand(db_session, "demo-ph", flags={"UNREGIPVERIF3": True, "LOGINREQCAPTCHA3": False})

    def test_the_first_login_from_an_address_asks_for_a_code(self, ph, member, db_session):
        answer = log_in(ph, member.username, status=403)
        assert (answer["code"], answer["message"], answer["value"]) == (
            "ip_verification_required",
            "Please complete verification first",
            {"mobileNum": "+63•••••4567"},
        )
        assert sessions(db_session) == 0
        assert (
            db_session.scalar(select(AuditEvent.kind).where(AuditEvent.member_id == member.id)) == "verification_asked"
        )

    def test_the_code_sent_to_the_member_lets_the_login_through(self, ph, brand_app, outbox, member):
        log_in(ph, member.username, status=403)
        code = code_for(ph, outbox, purpose="ip", username=member.username)
        assert log_in(ph, member.username, verificationCode=code)["success"] is True
        assert log_in(ph, member.username)["success"] is True  # a known address now
        assert (
            log_in(brand_app("demo-ph.localhost", ip=OTHER_PH_IP), member.username, status=403)["code"]
            == "ip_verification_required"
        )

    def test_a_wrong_code(self, ph, outbox, member, db_session):
        code = code_for(ph, outbox, purpose="ip", username=member.username)
        answer = log_in(ph, member.username, status=400, verificationCode=f"{(int(code) + 1) % 10_000_000:07d}")
        assert answer["code"] == "verification_code_invalid"
        assert sessions(db_session) == 0

    def test_the_registration_address_is_known(self, ph, member, db_session):
        member.registered_ip = PH_IP
        db_session.flush()
        assert log_in(ph, member.username)["success"] is True

    def test_a_member_without_a_number_is_not_asked(self, ph, members):
        assert log_in(ph, members("demo-ph").username)["success"] is True

    def test_a_wrong_password_tells_nothing_of_the_check(self, ph, member):
        assert log_in(ph, member.username, status=401, password="Wrong-password1")["code"] == "login_failed"

    def test_brands_without_the_flag_do_not_check(self, ph, member, db_session):
        configure_brand(db_session, "demo-ph", flags={"UNREGIPVERIF3": False})
        assert log_in(ph, member.username)["success"] is True
