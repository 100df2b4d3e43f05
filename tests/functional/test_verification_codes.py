"""Verification codes by SMS: /wps/verification/sms/noLogin and /wps/verification/sms/register."""

import re

import pytest
from sqlalchemy import func, select

from accounts import bearer, enable_captcha, set_brand, solved_captcha
from tessera.identity.accounts.models import AuditEvent
from tessera.identity.verification.models import VerificationCode

NO_LOGIN, REGISTER = "/wps/verification/sms/noLogin", "/wps/verification/sms/register"
BD_PHONE, PH_PHONE = "+8801712345678", "+639171234567"


def ask(app, status=200, path=NO_LOGIN, headers=None, **form):
    return app.post_json(path + "?lang=en", form, status=status, headers=headers or {}).json


def forgot(app, mobile="01712345678", dialing="+880", status=200, **form):
    return ask(app, status, countryDialingCode=dialing, mobileNo=mobile, purpose="forgot", **form)


def count(db, model, *where) -> int:
    return db.scalar(select(func.count()).select_from(model).where(*where))


@pytest.fixture
def bd_member(members):
    return members("demo-bd", phone=BD_PHONE, mobile_num="01712345678", country_dialing_code="880")


@pytest.fixture
def ph_member(members):
    return members("demo-ph", phone=PH_PHONE, mobile_num="9171234567", country_dialing_code="63")


class TestSending:
    def test_a_member_is_sent_a_7_digit_code_naming_the_brand(self, testapp, outbox, bd_member, db_session):
        assert forgot(testapp) == {"success": True, "code": None, "message": None, "value": {"expiredMinutes": 5}}
        [sms] = outbox.sms
        assert (sms["brand"], sms["to"]) == ("demo-bd", BD_PHONE)
        assert sms["message"].startswith("Tessera Demo BD: your verification code is ")
        assert len(outbox.code(BD_PHONE)) == 7
        sent = db_session.scalar(select(VerificationCode))
        assert (sent.purpose, sent.phone, sent.attempts, sent.used_at) == ("forgot", BD_PHONE, 0, None)
        assert outbox.code(BD_PHONE) not in sent.code_hash and len(sent.code_hash) == 64
        audit = db_session.scalar(select(AuditEvent).where(AuditEvent.kind == "verification_sent"))
        assert (audit.member_id, audit.detail) == (bd_member.id, {"purpose": "forgot", "phone": BD_PHONE})

    def test_the_sms_is_in_the_requests_language(self, testapp, outbox, bd_member):
        testapp.post_json(NO_LOGIN, {"countryDialingCode": "880", "mobileNo": "01712345678", "purpose": "forgot"})
        assert outbox.sms[0]["message"].startswith("Tessera Demo BD: আপনার যাচাইকরণ কোড ")

    def test_codes_differ(self, testapp, outbox, bd_member, clock):
        for _ in range(3):
            forgot(testapp)
            clock.advance(seconds=61)
        assert len({m["message"] for m in outbox.sms}) == 3

    def test_the_number_is_read_however_it_is_written(self, testapp, outbox, bd_member, clock):
        for dialing, mobile in (("880", "1712345678"), ("+880", "017-1234 5678"), ("00880", "(0)1712345678")):
            forgot(testapp, mobile, dialing)
            clock.advance(seconds=61)
        assert [m["to"] for m in outbox.sms] == [BD_PHONE] * 3

    def test_the_brand_sets_how_long_a_code_works(self, testapp, outbox, bd_member, db_session):
        set_brand(db_session, "demo-bd", verification={"expired_minutes": 10})
        assert forgot(testapp)["value"] == {"expiredMinutes": 10}
        assert "10 minutes" in outbox.sms[0]["message"]
        sent = db_session.scalar(select(VerificationCode))
        assert (sent.expires_at - sent.created_at).total_seconds() == 600


class TestNoExistenceLeak:
    def test_a_number_without_an_account_gets_the_same_answer_and_no_sms(self, testapp, outbox, bd_member, clock):
        unknown = forgot(testapp, "01800000000")
        assert unknown == forgot(testapp)
        assert [m["to"] for m in outbox.sms] == [BD_PHONE]

    def test_and_the_same_throttles(self, testapp, outbox, bd_member):
        forgot(testapp), forgot(testapp, "01800000000")
        known, unknown = forgot(testapp, status=429), forgot(testapp, "01800000000", status=429)
        assert known == unknown
        assert known["code"] == "sms_too_soon"

    def test_a_number_of_another_brands_member_has_no_account_here(self, testapp, ph, outbox, ph_member):
        assert forgot(ph, "9171234567", "63") == forgot(testapp, "9171234567", "63")
        assert [m["brand"] for m in outbox.sms] == ["demo-ph"]

    def test_an_address_check_names_only_this_brands_accounts(self, testapp, outbox, ph_member, db_session):
        set_brand(db_session, "demo-bd", whitelabel={"UNREGIPVERIF3": True})
        assert ask(testapp, purpose="ip", username=ph_member.username)["success"] is True
        assert outbox.sms == []

    def test_a_login_on_another_brand_asks_no_password_code(self, testapp, outbox, ph_member, token_of, db_session):
        set_brand(db_session, "demo-bd", whitelabel={"CHNGPASSVERIF3": True})
        assert ask(testapp, 401, headers=bearer(token_of(ph_member)), purpose="password")["code"] == "not_logged_in"
        assert outbox.sms == []


class TestThrottles:
    def test_one_code_a_minute_per_number_and_purpose(self, ph, outbox, ph_member, clock):
        form = {"countryDialingCode": "63", "mobileNo": "9171234567"}
        ask(ph, purpose="forgot", **form)
        clock.advance(seconds=20)
        refused = ph.post_json(NO_LOGIN + "?lang=en", {"purpose": "forgot", **form}, status=429)
        assert (refused.json["code"], refused.json["value"]) == ("sms_too_soon", {"retryAfter": 40})
        assert refused.json["message"] == "Please wait 40 seconds before asking for another code."
        assert refused.headers["Retry-After"] == "40"
        ask(ph, purpose="login", **form)  # another purpose: its own minute
        clock.advance(seconds=40)
        ask(ph, purpose="forgot", **form)
        assert len(outbox.sms) == 3

    def test_five_codes_an_hour_per_number(self, testapp, outbox, bd_member, clock):
        for _ in range(5):
            forgot(testapp)
            clock.advance(minutes=2)
        assert forgot(testapp, status=429)["code"] == "too_many_requests"
        clock.advance(minutes=51)  # the first is an hour old
        forgot(testapp)
        assert len(outbox.sms) == 6

    def test_twenty_code_requests_an_hour_per_address(self, testapp, brand_app, outbox, clock):
        for n in range(20):
            forgot(testapp, f"0180000{n:04d}")
        assert forgot(testapp, "01900000000", status=429)["code"] == "too_many_requests"
        other_address = brand_app("demo-bd.localhost", ip="203.0.113.10")
        assert forgot(other_address, "01900000000")["success"] is True

    def test_throttles_count_per_brand(self, testapp, ph, outbox, bd_member, ph_member):
        forgot(testapp)
        assert ask(ph, countryDialingCode="880", mobileNo="01712345678", purpose="forgot")["success"] is True


class TestPurposes:
    def test_a_purpose_the_brand_does_not_offer_is_refused(self, testapp, outbox, bd_member):
        answer = ask(testapp, 403, countryDialingCode="880", mobileNo="01712345678", purpose="login")
        assert (answer["code"], answer["message"]) == (
            "verification_unavailable",
            "Verification by text message is not offered here.",
        )
        assert outbox.sms == []

    def test_a_login_code_goes_to_the_number_given(self, ph, outbox, ph_member):
        ask(ph, countryDialingCode="+63", mobileNo="09171234567", purpose="login")
        assert outbox.sms[0]["to"] == PH_PHONE

    def test_a_password_code_needs_a_login(self, ph, outbox, ph_member):
        assert ask(ph, 401, purpose="password")["code"] == "not_logged_in"

    def test_a_password_code_goes_to_the_members_own_number(self, ph, outbox, ph_member, members, token_of):
        members("demo-ph", phone="+639170000000")
        ask(ph, headers=bearer(token_of(ph_member)), purpose="password", countryDialingCode="63", mobileNo="9170000000")
        assert [m["to"] for m in outbox.sms] == [PH_PHONE]

    def test_a_member_without_a_number_is_told(self, ph, outbox, members, token_of):
        member = members("demo-ph")
        assert ask(ph, 400, headers=bearer(token_of(member)), purpose="password")["code"] == "mobile_not_set"

    def test_an_address_check_code_goes_to_the_named_members_number(self, ph, outbox, ph_member, db_session, clock):
        set_brand(db_session, "demo-ph", whitelabel={"UNREGIPVERIF3": True})
        known = ask(ph, purpose="ip", username=ph_member.username.upper())
        unknown = ask(ph, purpose="ip", username="nobody-here")
        assert known == unknown
        assert [m["to"] for m in outbox.sms] == [PH_PHONE]
        throttled = ask(ph, 429, purpose="ip", username=ph_member.username)
        assert throttled == ask(ph, 429, purpose="ip", username="nobody-here")

    def test_an_address_check_names_the_account(self, ph, outbox, db_session):
        set_brand(db_session, "demo-ph", whitelabel={"UNREGIPVERIF3": True})
        answer = ask(ph, 400, purpose="ip")
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [("username", "field_required")]

    def test_a_number_is_needed_for_login_and_recovery(self, ph, outbox):
        answer = ask(ph, 400, purpose="forgot", countryDialingCode="63")
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [("mobileNo", "field_required")]

    def test_an_unknown_purpose_is_refused(self, ph, outbox):
        answer = ask(ph, 400, purpose="wire-money", countryDialingCode="63", mobileNo="9171234567")
        assert answer["code"] == "invalid_request"


class TestRegistrationCodes:
    def test_a_free_number_is_sent_a_code(self, ph, outbox, db_session):
        assert ask(ph, path=REGISTER, countryDialingCode="63", mobileNo="9175550000")["value"] == {"expiredMinutes": 5}
        assert outbox.sms[0]["to"] == "+639175550000"
        assert db_session.scalar(select(VerificationCode.purpose)) == "register"

    def test_a_number_with_an_account_is_taken(self, ph, outbox, ph_member):
        answer = ask(ph, 409, path=REGISTER, countryDialingCode="63", mobileNo="09171234567")
        assert (answer["code"], answer["message"]) == ("mobile_taken", "This mobile number already has an account.")
        assert outbox.sms == []

    def test_only_brands_that_verify_numbers_send_them(self, testapp, outbox):
        assert (
            ask(testapp, 403, path=REGISTER, countryDialingCode="880", mobileNo="01712345678")["code"]
            == "verification_unavailable"
        )

    def test_a_number_with_an_account_on_another_brand_is_free_here(self, ph, outbox, members):
        members("demo-bd", phone="+639175550000")
        assert ask(ph, path=REGISTER, countryDialingCode="63", mobileNo="9175550000")["success"] is True
        assert [m["to"] for m in outbox.sms] == ["+639175550000"]

    def test_the_same_throttles_apply(self, ph, outbox):
        ask(ph, path=REGISTER, countryDialingCode="63", mobileNo="9175550000")
        assert ask(ph, 429, path=REGISTER, countryDialingCode="63", mobileNo="9175550000")["code"] == "sms_too_soon"


class TestBadInput:
    @pytest.mark.parametrize(
        "dialing, mobile",
        [
            ("880", "01712abc678"),
            ("0", "1712345678"),
            ("+88000", "1712345678"),
            ("880", "123"),
            ("880", "0000000"),
            ("880", "1" * 14),
            (" ", "1712345678"),
        ],
    )
    def test_a_number_that_is_not_one(self, testapp, outbox, dialing, mobile):
        answer = forgot(testapp, mobile, dialing, status=400)
        assert (answer["code"], answer["message"]) == ("invalid_mobile", "Please enter a valid mobile number.")

    def test_an_over_long_number_is_refused_by_the_description(self, testapp, outbox):
        answer = forgot(testapp, "1" * 21, status=400)
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [("mobileNo", "field_max_length")]

    def test_a_body_that_is_not_json(self, testapp, outbox):
        answer = testapp.post(NO_LOGIN, b"{purpose", content_type="application/json", status=400).json
        assert answer["code"] == "malformed_json"


class TestSenderFailures:
    def test_a_refusing_gateway_answers_502_and_keeps_no_code(self, testapp, outbox, bd_member, db_session):
        outbox.refuse_with("sms_gateway_refused")
        answer = forgot(testapp, status=502)
        assert answer["code"] == "sms_send_failed"
        assert answer["message"] == "The text message could not be sent (sms_gateway_refused). Please try again later."
        assert count(db_session, VerificationCode) == 0

    def test_a_failed_send_does_not_count_toward_the_throttles(self, testapp, outbox, bd_member):
        outbox.refuse_with("sms_gateway_refused")
        forgot(testapp, status=502)
        outbox.failure = None
        assert forgot(testapp)["success"] is True

    def test_the_gateways_reason_is_told_in_the_members_language(self, testapp, outbox, bd_member):
        outbox.refuse_with("sms_rejected")
        assert (
            forgot(testapp, status=502)["message"]
            == "The text message could not be sent (the gateway refused it). Please try again later."
        )
        bengali = testapp.post_json(
            NO_LOGIN, {"countryDialingCode": "880", "mobileNo": "01712345678", "purpose": "forgot"}, status=502
        ).json
        assert bengali["message"] == "বার্তাটি পাঠানো যায়নি (গেটওয়ে বার্তাটি গ্রহণ করেনি)। পরে আবার চেষ্টা করুন।"

    def test_a_gateway_out_of_reach_is_said_so(self, testapp, outbox, bd_member, db_session):
        outbox.refuse_with("sms_unavailable")
        answer = forgot(testapp, status=502)
        assert (answer["code"], answer["message"]) == (
            "sms_unavailable",
            "Text messages cannot be sent at the moment. Please try again later.",
        )
        assert count(db_session, VerificationCode) == 0

    def test_no_plugin_taking_the_number(self, testapp, outbox, bd_member, db_session):
        outbox.declines = True
        assert forgot(testapp, status=502)["code"] == "sms_unavailable"
        assert count(db_session, VerificationCode) == 0

    def test_a_brand_without_an_sms_plugin_says_so_for_every_number(self, testapp, outbox, bd_member, db_session):
        set_brand(db_session, "demo-bd", plugins={})
        known, unknown = forgot(testapp, status=502), forgot(testapp, "01800000000", status=502)
        assert known["code"] == unknown["code"] == "sms_unavailable"


def test_the_brands_own_sms_outbox_delivers(testapp, bd_member, db_session, tmp_path):
    from tessera_plugins.sms_outbox import read_outbox

    set_brand(db_session, "demo-bd", plugins={"sms-outbox": {"outbox": str(tmp_path / "sms.jsonl")}})
    forgot(testapp)
    [sms] = read_outbox(tmp_path / "sms.jsonl")
    assert (sms["brand"], sms["to"]) == ("demo-bd", BD_PHONE)
    assert re.search(r"verification code is [0-9]{7}\.", sms["message"])


class TestCaptcha:
    @pytest.fixture(autouse=True)
    def captcha(self, db_session, outbox):
        enable_captcha(db_session, "demo-bd")

    def test_required_when_the_brand_has_a_captcha(self, testapp, bd_member):
        answer = forgot(testapp, status=400)
        assert (answer["code"], answer["value"]) == ("captcha_required", {"captcha": True})

    def test_a_wrong_answer_is_refused(self, testapp, bd_member, outbox):
        _, cookie = solved_captcha(testapp)
        answer = ask(
            testapp,
            400,
            headers=cookie,
            countryDialingCode="880",
            mobileNo="01712345678",
            purpose="forgot",
            captcha="WRONG",
        )
        assert (answer["code"], answer["value"]) == ("captcha_invalid", {"captcha": True})
        assert outbox.sms == []

    def test_the_right_answer_sends(self, testapp, bd_member, outbox):
        reply, cookie = solved_captcha(testapp)
        ask(testapp, headers=cookie, countryDialingCode="880", mobileNo="01712345678", purpose="forgot", **reply)
        assert len(outbox.sms) == 1

    def test_a_captcha_is_used_up_even_when_the_request_is_throttled(self, testapp, bd_member, outbox):
        reply, cookie = solved_captcha(testapp)
        ask(testapp, headers=cookie, countryDialingCode="880", mobileNo="01712345678", purpose="forgot", **reply)
        reply, cookie = solved_captcha(testapp)
        form = {"countryDialingCode": "880", "mobileNo": "01712345678", "purpose": "forgot", **reply}
        assert ask(testapp, 429, headers=cookie, **form)["code"] == "sms_too_soon"
        assert ask(testapp, 400, headers=cookie, **{**form, "mobileNo": "01800000000"})["code"] == "captcha_invalid"
