"""Registration by username (demo-bd): PUT /wps/member/register, every rule of SPEC §5 on the
server, and nothing left behind by a refusal."""

from datetime import UTC, date, datetime

import pytest
from argon2 import PasswordHasher
from sqlalchemy import func, select

from calls import captcha_text, configure_brand, send
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.registration.models import Referral, RefusedCheck
from tessera.identity.registration.services import MAX_PER_IP, MAX_REFUSALS_PER_BRAND, MAX_REFUSALS_PER_IP
from tessera.identity.sessions.models import MemberSession

REGISTER, MOBILE = "/wps/member/register?lang=en", "/wps/member/register/mobile?lang=en"
INFO = "/wps/member/info"
BD_SECRET, PH_SECRET = "bd-captcha-secret", "ph-captcha-secret"
PASSWORD = "abc12345"


@pytest.fixture(autouse=True)
def captchas(db_session):
    """Both brands with an image captcha whose answers the tests can work out."""
    configure_brand(db_session, "demo-bd", plugins={"image-captcha": {"secret": BD_SECRET}})
    configure_brand(db_session, "demo-ph", plugins={"image-captcha": {"secret": PH_SECRET}})


def form(**fields) -> dict:
    return {
        "username": "rahim01",
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "registerMethod": "WEB",
        "login": False,
        **fields,
    }


def register(app, status=200, path=REGISTER, **fields) -> dict:
    return send(app, "PUT", path, form(**fields), status=status)


def count(db, model=Member, *where) -> int:
    return db.scalar(select(func.count()).select_from(model).where(*where))


def refused(app, db, status, code, **fields) -> dict:
    """A registration refused with ``code``, having created nothing."""
    answer = register(app, status=status, **fields)
    assert answer["code"] == code
    assert count(db) == 0 and count(db, MemberSession) == 0
    return answer


def fields_of(answer) -> dict:
    assert answer["code"] == "invalid_fields"
    return answer["value"]["fields"]


def the_member(db, username="rahim01") -> Member:
    return db.scalar(select(Member).where(Member.username_key == username.lower()))


class TestRegistering:
    def test_a_visitor_registers_and_can_log_in(self, testapp, db_session):
        answer = register(testapp)
        assert answer == {"success": True, "code": None, "message": None, "value": None}
        member = the_member(db_session)
        assert (member.member_type, member.nickname, member.register_method, member.registered_ip) == (
            4,
            "rahim01",
            "WEB",
            "203.0.113.9",
        )
        assert member.password_hash.startswith("$argon2id$") and PasswordHasher().verify(member.password_hash, PASSWORD)
        login = send(testapp, "POST", "/wps/session/login", {"username": "rahim01", "password": PASSWORD})
        assert (
            testapp.get(INFO, headers={"Authorization": f"Bearer {login['value']['token']}"}).json["value"]["id"]
            == member.id
        )

    def test_login_true_answers_a_session(self, testapp, db_session):
        value = register(testapp, login=True)["value"]
        assert (value["firstTimeLogin"], value["passwordExpired"]) == (True, False)
        info = testapp.get(INFO, headers={"Authorization": f"Bearer {value['token']}"}).json["value"]
        assert (info["account"], info["type"]) == ("rahim01", 4)

    def test_each_member_gets_a_referral_code_of_their_own(self, testapp, db_session):
        register(testapp)
        register(testapp, username="karim02")
        codes = {the_member(db_session).referral_code, the_member(db_session, "karim02").referral_code}
        assert len(codes) == 2 and all(len(c) == 8 and c.isalnum() and c.isupper() for c in codes)

    def test_the_registration_is_audited(self, testapp, db_session):
        register(testapp)
        event = db_session.scalar(select(AuditEvent).where(AuditEvent.kind == "register"))
        assert (event.member_id, event.ip, event.detail["mode"]) == (
            the_member(db_session).id,
            "203.0.113.9",
            "username",
        )

    def test_values_are_trimmed(self, testapp, db_session):
        register(testapp, username="  rahim01 ", email=" rahim@example.com  ")
        member = the_member(db_session)
        assert (member.username, member.email) == ("rahim01", "rahim@example.com")

    def test_the_extra_fields_the_brand_enables_are_kept(self, testapp, db_session):
        enabled = {
            name: {"enabled": True}
            for name in ("payeeName", "qqNum", "line", "whatsapp", "facebook", "wechat", "idNumber", "recommenderId")
        }
        configure_brand(db_session, "demo-bd", fields={**enabled, "birthday": {"enabled": True}})
        register(
            testapp,
            payeeName="Rahim Uddin",
            qqNum="12345",
            line="rahim.line",
            whatsapp="8801700000000",
            facebook="rahim.fb",
            wechat="rahimwx",
            idNumber="1990123456",
            recommenderId="friend7",
            birthday="1990-05-17",
            email="rahim@example.com",
        )
        member = the_member(db_session)
        assert (
            member.payee_name,
            member.qq_num,
            member.line,
            member.whatsapp,
            member.facebook,
            member.wechat,
            member.id_number,
            member.recommender,
            member.birthday,
            member.email,
        ) == (
            "Rahim Uddin",
            "12345",
            "rahim.line",
            "8801700000000",
            "rahim.fb",
            "rahimwx",
            "1990123456",
            "friend7",
            date(1990, 5, 17),
            "rahim@example.com",
        )

    def test_disabled_fields_are_ignored_whatever_they_carry(self, testapp, db_session):
        register(testapp, qqNum="not digits at all", payeeName="!!", mobileNum="abc")
        member = the_member(db_session)
        assert (member.qq_num, member.payee_name, member.mobile_num, member.phone) == (None, None, None, None)


class TestFieldRules:
    def test_every_problem_is_answered_at_once_under_its_field(self, testapp, db_session):
        answer = refused(
            testapp,
            db_session,
            400,
            "invalid_fields",
            username="1rahim",
            confirmPassword="abc99999",
            email="not-an-email",
        )
        assert answer["message"] == "Please check the fields marked."
        assert fields_of(answer) == {
            "username": ["Please enter 6 - 16 characters: a letter first, then letters and digits"],
            "confirmPassword": ["Incorrect confirmation input"],
            "email": ["Please enter 5 - 64 characters: an email address"],
        }

    def test_required_fields(self, testapp, db_session):
        answer = refused(testapp, db_session, 400, "invalid_fields", username="   ", password="", confirmPassword="")
        assert fields_of(answer) == {name: ["Required"] for name in ("username", "password", "confirmPassword")}

    def test_lengths_count_with_the_pattern(self, testapp, db_session):
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields", username="rahim"))["username"] == [
            "Please enter 6 - 16 characters: a letter first, then letters and digits"
        ]
        refused(testapp, db_session, 400, "invalid_fields", username="r" * 17)
        register(testapp, username="r" * 16)

    def test_a_password_needs_letters_and_digits(self, testapp, db_session):
        answer = refused(testapp, db_session, 400, "invalid_fields", password="abcdefgh", confirmPassword="abcdefgh")
        assert fields_of(answer) == {"password": ["Please enter 6 - 20 characters: both letters and digits"]}

    def test_a_single_length_reads_as_one_number(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", flags={"PAYMENTPASSWORD3": True})
        answer = refused(testapp, db_session, 400, "invalid_fields", paymentPassword="12345")
        assert fields_of(answer) == {"paymentPassword": ["Please enter 6 characters: digits only"]}

    def test_messages_are_in_the_requests_language(self, testapp, db_session):
        answer = send(testapp, "PUT", "/wps/member/register", form(username="1rahim"), status=400)
        assert answer["value"]["fields"]["username"] == ["অনুগ্রহ করে 6 - 16 অক্ষর লিখুন: প্রথমে একটি বর্ণ, তারপর বর্ণ ও সংখ্যা"]

    def test_a_field_the_brand_requires(self, testapp, db_session):
        configure_brand(
            db_session,
            "demo-bd",
            fields={"payeeName": {"enabled": True, "required": True, "pattern_id": "fullName", "max_length": 40}},
        )
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields"))["payeeName"] == ["Required"]
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields", payeeName="Rahim"))["payeeName"] == [
            "Please enter 1 - 40 characters: your full name, with a space between the names"
        ]
        register(testapp, payeeName="Rahim Uddin")

    def test_an_optional_field_may_be_left_out(self, testapp, db_session):
        register(testapp, email="")
        assert the_member(db_session).email is None

    def test_the_any_pattern_accepts_anything_within_the_lengths(self, testapp, db_session):
        configure_brand(
            db_session, "demo-bd", fields={"line": {"enabled": True, "pattern_id": "any", "max_length": 16}}
        )
        register(testapp, line="#€ any ~ thing")
        assert the_member(db_session).line == "#€ any ~ thing"
        answer = register(testapp, status=400, username="karim02", line="x" * 17)
        assert fields_of(answer) == {"line": ["Please enter 1 - 16 characters"]}

    def test_a_brands_own_pattern_is_applied_with_its_pattern_id_message(self, testapp, db_session):
        configure_brand(
            db_session,
            "demo-bd",
            fields={"qqNum": {"enabled": True, "pattern_id": "digits", "accepted_pattern": "^[1-9][0-9]{4,}$"}},
        )
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields", qqNum="01234"))["qqNum"] == [
            "Please enter 1 - 64 characters: digits only"
        ]
        register(testapp, qqNum="12345")

    def test_a_birthday_must_be_a_real_date_of_someone_21(self, testapp, db_session, clock):
        configure_brand(db_session, "demo-bd", fields={"birthday": {"enabled": True}})
        clock.now = datetime(2026, 6, 15, 12, tzinfo=UTC)
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields", birthday="2005-06-16")) == {
            "birthday": ["Please confirm you are 21 years old"]
        }
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields", birthday="2001-02-30")) == {
            "birthday": ["Please enter a real date."]
        }
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields", birthday="17-05-1990")) == {
            "birthday": ["Please enter 10 characters: a date as yyyy-MM-dd"]
        }
        register(testapp, birthday="2005-06-15")
        assert the_member(db_session).birthday == date(2005, 6, 15)

    def test_a_birthday_written_month_first(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", fields={"birthday": {"enabled": True, "pattern_id": "dateMdy"}})
        register(testapp, birthday="05-17-1990")
        assert the_member(db_session).birthday == date(1990, 5, 17)

    def test_values_longer_than_any_brand_allows_are_refused_before_anything(self, testapp, db_session):
        answer = refused(testapp, db_session, 400, "invalid_request", username="r" * 256, verificationCode="1" * 256)
        assert sorted((f["field"], f["code"]) for f in answer["value"]["fields"]) == [
            ("username", "field_max_length"),
            ("verificationCode", "field_max_length"),
        ]

    def test_a_verification_code_may_have_255_characters(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", fields={"verificationCode": {"enabled": True, "max_length": 255}})
        register(testapp, verificationCode="7" * 255)  # kept nowhere: the brand proves no numbers (no REGMOBVERF3)

    @pytest.mark.parametrize(
        "fields", [{"login": "yes"}, {"username": 5}, {"registerMethod": "FAX"}, {"geetest": "solved"}]
    )
    def test_values_of_the_wrong_kind_are_refused(self, testapp, db_session, fields):
        refused(testapp, db_session, 400, "invalid_request", **fields)


class TestFlags:
    def test_no_registration_without_directreg3(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", flags={"DIRECTREG3": False})
        answer = refused(testapp, db_session, 403, "registration_unavailable")
        assert answer["message"] == "Registration is not available."

    def test_username_registration_needs_usernamereg3(self, brand_app, db_session):
        refused(brand_app("demo-ph.localhost", ip="192.0.2.44"), db_session, 403, "registration_unavailable")

    def test_mobile_registration_needs_mobilenumreg3(self, testapp, db_session):
        refused(
            testapp,
            db_session,
            403,
            "registration_unavailable",
            path=MOBILE,
            mobileNum="01712345678",
            countryDialingCode="880",
        )

    def test_a_payment_password_is_required_and_kept_hashed(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", flags={"PAYMENTPASSWORD3": True})
        assert fields_of(refused(testapp, db_session, 400, "invalid_fields")) == {"paymentPassword": ["Required"]}
        register(testapp, paymentPassword="654321")
        stored = the_member(db_session).payment_password_hash
        assert stored.startswith("$argon2id$") and PasswordHasher().verify(stored, "654321")
        assert the_member(db_session).password_hash != stored


class TestTaken:
    def test_a_username_is_taken_whatever_its_case(self, testapp, db_session, members):
        members(username="Rahim01")
        answer = register(testapp, status=409, username="RAHIM01")
        assert (answer["code"], answer["message"]) == ("username_taken", "This username is already taken.")
        assert count(db_session) == 1

    def test_the_same_username_on_another_brand_is_free(self, testapp, db_session, members):
        members("demo-ph", username="rahim01")
        register(testapp)
        assert count(db_session) == 2

    def test_a_mobile_number_has_one_account_per_brand(self, testapp, db_session, members):
        configure_brand(db_session, "demo-bd", fields={"mobileNum": {"enabled": True}})
        register(testapp, mobileNum="01712345678", countryDialingCode="880")
        assert the_member(db_session).phone == "+8801712345678"
        answer = register(testapp, status=409, username="karim02", mobileNum="1712345678", countryDialingCode="+880")
        assert answer["code"] == "mobile_taken"
        assert count(db_session) == 1

    def test_a_number_is_kept_as_typed_and_in_e164(self, testapp, db_session):
        configure_brand(
            db_session, "demo-bd", fields={"mobileNum": {"enabled": True, "pattern_id": "any", "max_length": 40}}
        )
        answer = register(testapp, status=400, mobileNum="0171 234 5678 0000 0000", countryDialingCode="880")
        assert fields_of(answer) == {"mobileNum": ["Please enter a valid mobile number."]}
        register(testapp, mobileNum="0171 234 5678", countryDialingCode="00880")
        member = the_member(db_session)
        assert (member.mobile_num, member.country_dialing_code, member.phone) == (
            "0171 234 5678",
            "880",
            "+8801712345678",
        )


class TestTies:
    def test_an_affiliate_code_makes_its_agent_the_upline(self, testapp, db_session, members):
        agent = members(member_type=1, affiliate_code="JOIN01")
        register(testapp, affiliateCode="join01")
        assert the_member(db_session).upline_id == agent.id

    @pytest.mark.parametrize("owner", ["nobody", "real member", "other brand", "locked agent"])
    def test_a_code_that_is_not_an_agents_here_is_refused(self, testapp, db_session, members, owner):
        if owner == "real member":
            members(member_type=4, affiliate_code="JOIN01")
        elif owner == "other brand":
            members("demo-ph", member_type=1, affiliate_code="JOIN01")
        elif owner == "locked agent":
            members(member_type=2, affiliate_code="JOIN01", status="locked")
        answer = register(testapp, status=400, affiliateCode="JOIN01")
        assert (answer["code"], answer["message"]) == ("invitation_code_error", "The invitation code is not valid.")
        assert count(db_session, Member, Member.username_key == "rahim01") == 0

    def test_a_referral_code_records_who_invited_whom(self, testapp, db_session, members):
        configure_brand(db_session, "demo-bd", fields={"referralCode": {"enabled": True}})
        friend = members(referral_code="FRND2345")
        register(testapp, referralCode="frnd2345")
        referral = db_session.scalar(select(Referral))
        assert (referral.member_id, referral.referrer_id) == (the_member(db_session).id, friend.id)

    def test_a_referral_code_of_another_brands_member_is_refused(self, testapp, db_session, members):
        configure_brand(db_session, "demo-bd", fields={"referralCode": {"enabled": True}})
        members("demo-ph", referral_code="FRND2345")
        answer = register(testapp, status=400, referralCode="FRND2345")
        assert fields_of(answer) == {"referralCode": ["This referral code is not valid."]}
        assert count(db_session, Member, Member.username_key == "rahim01") == 0

    def test_an_unknown_referral_code_is_refused_under_its_field(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", fields={"referralCode": {"enabled": True}})
        answer = register(testapp, status=400, referralCode="NOBODY22")
        assert fields_of(answer) == {"referralCode": ["This referral code is not valid."]}
        assert count(db_session) == 0 and count(db_session, Referral) == 0


class TestCaptcha:
    @pytest.fixture
    def asked(self, db_session):
        configure_brand(db_session, "demo-bd", fields={"captcha": {"enabled": True}})

    def test_without_the_captcha_field_none_is_asked(self, testapp):
        register(testapp)

    def test_a_missing_captcha(self, testapp, db_session, asked):
        answer = refused(testapp, db_session, 400, "captcha_required")
        assert answer["value"] == {"captcha": True}

    def test_a_wrong_captcha_uses_the_challenge_up(self, testapp, db_session, asked):
        text = captcha_text(testapp, BD_SECRET)
        assert refused(testapp, db_session, 400, "captcha_invalid", captcha="WRONG")["value"] == {"captcha": True}
        refused(testapp, db_session, 400, "captcha_invalid", captcha=text)

    def test_the_right_captcha_registers(self, testapp, db_session, asked):
        register(testapp, captcha=captcha_text(testapp, BD_SECRET).lower())
        assert count(db_session) == 1

    def test_a_captcha_is_not_used_by_a_form_with_problems(self, testapp, db_session, asked):
        text = captcha_text(testapp, BD_SECRET)
        register(testapp, status=400, captcha=text, username="1rahim")
        register(testapp, captcha=text)

    def test_a_solved_captcha_buys_one_try_at_a_taken_name(self, testapp, db_session, members, asked):
        members(username="rahim01")
        text = captcha_text(testapp, BD_SECRET)
        assert register(testapp, status=409, captcha=text)["code"] == "username_taken"
        assert register(testapp, status=400, captcha=text)["code"] == "captcha_invalid"

    def test_a_brand_without_a_captcha_plugin_asks_none(self, testapp, db_session):
        configure_brand(db_session, "demo-bd", fields={"captcha": {"enabled": True}}, plugins={"image-captcha": None})
        register(testapp)


class TestPace:
    def test_one_address_registers_at_most_twenty_an_hour(self, testapp, brand_app, db_session, clock):
        for n in range(MAX_PER_IP):
            register(testapp, username=f"player{n:03d}")
        answer = register(testapp, status=429, username="onemore1")
        assert answer["code"] == "too_many_requests"
        register(brand_app("demo-bd.localhost", ip="203.0.113.10"), username="onemore1")
        clock.advance(hours=1, seconds=1)
        register(testapp, username="onemore2")


class TestNameChecks:
    """A refusal past the name check tells whether a name or number has an account: an address,
    and the brand as a whole, gets only so many an hour."""

    def test_after_30_refusals_an_hour_an_address_is_refused_unchecked(
        self, testapp, brand_app, db_session, members, clock
    ):
        members(username="rahim01")
        for n in range(MAX_REFUSALS_PER_IP):
            # Taken names, and unknown codes after a free name: each tells what exists.
            register(testapp, status=409) if n % 2 else register(
                testapp, 400, username="karim02", affiliateCode="NONE1"
            )
        answer = register(testapp, status=429, username="karim02")
        assert (answer["code"], answer["message"]) == (
            "too_many_attempts",
            "Too many failed attempts. Please try again in an hour.",
        )
        assert count(db_session) == 1
        assert register(brand_app("demo-bd.localhost", ip="203.0.113.10"), status=409)["code"] == "username_taken"
        clock.advance(hours=1, seconds=1)
        register(testapp, username="karim02")

    def test_past_1000_refusals_an_hour_on_the_brand_every_address_is_refused_unchecked(
        self, testapp, brand_app, db_session, tenant_ids
    ):
        at = utcnow()
        db_session.add_all(
            [
                RefusedCheck(
                    tenant_id=tenant_ids["demo-bd"], kind="register", ip=f"10.0.{n // 200}.{n % 200}", created_at=at
                )
                for n in range(MAX_REFUSALS_PER_BRAND)
            ]
        )
        db_session.flush()
        assert register(brand_app("demo-bd.localhost", ip="203.0.113.77"), status=429)["code"] == "too_many_attempts"
        assert count(db_session) == 0

    def test_registrations_that_succeed_are_not_counted(self, testapp, db_session):
        register(testapp)
        assert count(db_session, RefusedCheck) == 0


class TestPayloads:
    @pytest.mark.parametrize("path", [REGISTER, MOBILE])
    def test_a_tampered_payload_is_refused(self, testapp, db_session, path):
        from calls import public_key, seal

        header, key, iv, ciphertext, tag = seal(public_key(testapp), form()).split(".")
        body = ".".join(
            (header, key, iv, ciphertext[:5] + ("A" if ciphertext[5] != "A" else "B") + ciphertext[6:], tag)
        )
        answer = testapp.put(path, body, content_type="application/jose", status=400).json
        assert answer["code"] == "payload_invalid" and count(db_session) == 0

    @pytest.mark.parametrize("path", [REGISTER, MOBILE])
    def test_a_stale_payload_is_refused(self, testapp, db_session, clock, path):
        assert (
            send(testapp, "PUT", path, form(), status=400, iat=int(clock.now.timestamp()) - 301)["code"]
            == "payload_expired"
        )
        assert count(db_session) == 0

    def test_a_replayed_payload_is_refused(self, testapp, db_session):
        from calls import public_key, seal

        body = seal(public_key(testapp), form())
        testapp.put(REGISTER, body, content_type="application/jose")
        assert (
            testapp.put(REGISTER, body, content_type="application/jose", status=400).json["code"] == "payload_replayed"
        )
        assert count(db_session) == 1

    def test_plain_json_is_refused(self, testapp, db_session):
        assert testapp.put_json(REGISTER, form(), status=415).json["code"] == "unsupported_media_type"
        assert count(db_session) == 0

    def test_the_description_says_the_body_is_encrypted(self, testapp):
        paths = testapp.get("/api/openapi.json").json["paths"]
        for path in ("/wps/member/register", "/wps/member/register/mobile"):
            assert paths[path]["put"]["requestBody"]["content"]["application/jose"]["x-plaintext"] == {
                "$ref": "#/components/schemas/RegisterForm"
            }
