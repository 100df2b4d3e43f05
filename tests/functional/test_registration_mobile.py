"""Registration by mobile number (demo-ph: MOBILENUMREG3 with REGMOBVERF3): PUT
/wps/member/register/mobile with a code sent by /wps/verification/sms/register, or a phone-auth
token instead of the code."""

from sqlalchemy import func, select

from calls import configure_brand, send
from tessera.identity.accounts.models import Member

MOBILE, SEND = "/wps/member/register/mobile?lang=en", "/wps/verification/sms/register?lang=en"
INFO = "/wps/member/info"
PH_IP, NUMBER, PHONE = "192.0.2.44", "9171234567", "+639171234567"
PASSWORD = "abc12345"


def code_for(app, box, number=NUMBER) -> str:
    app.post_json(SEND, {"countryDialingCode": "63", "mobileNo": number})
    return box.code("+63" + number.lstrip("0"))


def form(**fields) -> dict:
    return {
        "mobileNum": NUMBER,
        "countryDialingCode": "63",
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "registerMethod": "WEB",
        **fields,
    }


def register(app, status=200, **fields) -> dict:
    return send(app, "PUT", MOBILE, form(**fields), status=status)


def count_members(db) -> int:
    return db.scalar(select(func.count()).select_from(Member))


def fields_of(answer) -> dict:
    assert answer["code"] == "invalid_fields"
    return answer["value"]["fields"]


class TestWithACode:
    def test_a_visitor_registers_with_the_code_sent_and_is_logged_in(self, ph, outbox, db_session):
        value = register(ph, verificationCode=code_for(ph, outbox), login=True)["value"]
        info = ph.get(INFO, headers={"Authorization": f"Bearer {value['token']}"}).json["value"]
        member = db_session.get(Member, info["id"])
        assert (
            member.username,
            member.phone,
            member.mobile_num,
            member.country_dialing_code,
            member.register_method,
        ) == (NUMBER, PHONE, NUMBER, "63", "WEB")

    def test_a_username_given_is_the_username(self, ph, outbox, db_session):
        register(ph, verificationCode=code_for(ph, outbox), username="juan01")
        assert db_session.scalar(select(Member.username)) == "juan01"

    def test_a_code_is_required(self, ph, outbox, db_session):
        assert fields_of(register(ph, status=400)) == {"verificationCode": ["Required"]}
        assert count_members(db_session) == 0

    def test_the_code_has_the_length_the_brand_says(self, ph, outbox, db_session):
        assert fields_of(register(ph, status=400, verificationCode="123456")) == {
            "verificationCode": ["Please enter 7 characters: digits only"]
        }

    def test_a_wrong_code_is_refused_and_the_right_one_still_works(self, ph, outbox, db_session):
        code = code_for(ph, outbox)
        wrong = f"{(int(code) + 1) % 10_000_000:07d}"
        assert fields_of(register(ph, status=400, verificationCode=wrong)) == {
            "verificationCode": ["The verification code is wrong or has expired."]
        }
        assert count_members(db_session) == 0
        register(ph, verificationCode=code)
        assert count_members(db_session) == 1

    def test_a_code_registers_once(self, ph, outbox, db_session):
        code = code_for(ph, outbox)
        register(ph, verificationCode=code)
        # The number now has an account; another number cannot use the code either.
        assert register(ph, status=409, verificationCode=code)["code"] == "mobile_taken"
        assert fields_of(register(ph, status=400, verificationCode=code, mobileNum="9170000000")) == {
            "verificationCode": ["The verification code is wrong or has expired."]
        }

    def test_a_code_for_another_number_does_not_prove_this_one(self, ph, outbox, db_session):
        code = code_for(ph, outbox, "9170000000")
        register(ph, status=400, verificationCode=code)
        assert count_members(db_session) == 0

    def test_a_code_sent_for_a_login_does_not_register(self, ph, outbox, members, db_session):
        ph.post_json(
            "/wps/verification/sms/noLogin", {"countryDialingCode": "63", "mobileNo": NUMBER, "purpose": "login"}
        )
        assert outbox.sms == []  # no account has the number: nothing is sent, and nothing can be used
        register(ph, status=400, verificationCode="1234567")

    def test_an_expired_code(self, ph, outbox, db_session, clock):
        code = code_for(ph, outbox)
        clock.advance(minutes=5, seconds=1)
        register(ph, status=400, verificationCode=code)
        assert count_members(db_session) == 0

    def test_a_code_of_one_brand_does_not_register_on_another(self, ph, testapp, outbox, db_session):
        configure_brand(db_session, "demo-bd", flags={"MOBILENUMREG3": True, "REGMOBVERF3": True})
        code = code_for(ph, outbox)
        register(testapp, status=400, verificationCode=code)
        register(ph, verificationCode=code)

    def test_the_number_is_checked(self, ph, outbox, db_session):
        assert fields_of(register(ph, status=400, mobileNum="917123456a", verificationCode="1234567")) == {
            "mobileNum": ["Please enter 10 characters: digits only"]
        }
        assert fields_of(register(ph, status=400, countryDialingCode="phl", verificationCode="1234567")) == {
            "mobileNum": ["Please enter a valid mobile number."]
        }

    def test_mobile_registration_requires_the_number(self, ph, outbox, db_session):
        assert fields_of(register(ph, status=400, mobileNum="", verificationCode="1234567")) == {
            "mobileNum": ["Required"]
        }


class TestTaken:
    def test_a_number_with_an_account_is_taken(self, ph, outbox, members, db_session):
        configure_brand(
            db_session, "demo-ph", flags={"REGMOBVERF3": False}, fields={"verificationCode": {"enabled": False}}
        )
        members("demo-ph", phone=PHONE)
        assert register(ph, status=409)["code"] == "mobile_taken"
        assert count_members(db_session) == 1

    def test_the_username_the_number_makes_may_be_taken(self, ph, outbox, members, db_session):
        members("demo-ph", username=NUMBER)
        assert register(ph, status=409, verificationCode=code_for(ph, outbox))["code"] == "username_taken"

    def test_the_same_number_on_another_brand_is_another_account(self, ph, outbox, members, db_session):
        members("demo-bd", phone=PHONE)
        register(ph, verificationCode=code_for(ph, outbox))
        assert count_members(db_session) == 2


class TestWithAPhoneAuthToken:
    def test_a_token_for_the_number_stands_for_the_code(self, ph, phone_auth, db_session):
        register(ph, firebaseChannel="sms", firebaseIdToken=phone_auth.issue(PHONE))
        assert db_session.scalar(select(Member.phone)) == PHONE

    def test_a_token_for_another_number(self, ph, phone_auth, db_session):
        answer = register(ph, status=400, firebaseIdToken=phone_auth.issue("+639170000000"))
        assert (answer["code"], answer["value"]) == ("phone_auth_failed", {"reason": "another_number"})
        assert count_members(db_session) == 0

    def test_a_token_that_does_not_verify(self, ph, phone_auth, db_session):
        answer = register(ph, status=400, firebaseIdToken="forged")
        assert (answer["code"], answer["value"]) == ("phone_auth_failed", {"reason": "auth/invalid-verification-code"})
        assert answer["message"] == "Phone verification failed. Please try again."

    def test_a_brand_without_phone_auth(self, ph, outbox, db_session):
        assert register(ph, status=400, firebaseIdToken="anything")["code"] == "phone_auth_unavailable"
        assert count_members(db_session) == 0
