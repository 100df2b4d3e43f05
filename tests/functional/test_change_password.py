"""A logged-in member changes their password: POST /wps/member/password (encrypted)."""

import time

import pytest
from sqlalchemy import func, select

from accounts import bearer, post_sealed, set_brand, tamper
from calls import JOSE, public_key, seal, sealed
from factories import PASSWORD
from tessera.core.i18n import translate
from tessera.identity.accounts.models import AuditEvent
from tessera.identity.passwords import verify_password
from tessera.identity.recovery.services import MAX_WRONG_OLD_PASSWORDS

CHANGE, INFO = "/wps/member/password", "/wps/member/info"
NEW_PASSWORD = "Fresh456"
PH_PHONE = "+639171234567"


def change(app, token, status=200, **fields):
    form = {"oldPassword": PASSWORD, "newPassword": NEW_PASSWORD, "confirmNewPassword": NEW_PASSWORD, **fields}
    return post_sealed(
        app, CHANGE, {k: v for k, v in form.items() if v is not None}, status=status, headers=bearer(token)
    )


def password_is(db, member, password) -> bool:
    db.refresh(member)
    return verify_password(member.password_hash, password)[0]


@pytest.fixture
def member(members):
    return members("demo-bd")


@pytest.fixture
def token(member, token_of) -> str:
    return token_of(member)


class TestChange:
    def test_the_password_changes_every_session_ends_and_a_new_one_is_answered(
        self, testapp, member, token, token_of, db_session
    ):
        other_device = token_of(member)
        answer = change(testapp, token)
        assert list(answer["value"]) == ["token"]
        assert testapp.get(INFO, headers=bearer(answer["value"]["token"])).json["value"]["id"] == member.id
        for ended in (token, other_device):
            assert testapp.get(INFO, headers=bearer(ended), status=401).json["code"] == "not_logged_in"
        assert password_is(db_session, member, NEW_PASSWORD)
        assert db_session.scalar(select(AuditEvent.kind).where(AuditEvent.member_id == member.id)) == "password_changed"

    def test_a_wrong_old_password(self, testapp, member, token, db_session):
        answer = change(testapp, token, 400, oldPassword="Wrong-password1")
        assert (answer["code"], answer["message"]) == ("old_password_wrong", "The old password is not correct.")
        assert password_is(db_session, member, PASSWORD)
        assert db_session.scalar(select(func.count()).where(AuditEvent.kind == "password_wrong")) == 1

    def test_wrong_old_passwords_are_limited(self, testapp, member, token):
        for _ in range(MAX_WRONG_OLD_PASSWORDS):
            change(testapp, token, 400, oldPassword="Wrong-password1")
        assert change(testapp, token, 429)["code"] == "too_many_attempts"

    def test_the_confirmation_must_match(self, testapp, token):
        answer = change(testapp, token, 400, confirmNewPassword="Fresh457")
        assert (answer["code"], answer["message"]) == ("confirmation_mismatch", "Incorrect confirmation input")
        assert answer["value"] == {"fields": {"confirmNewPassword": ["Incorrect confirmation input"]}}

    @pytest.mark.parametrize("password", ["short", "lettersonly", "12345678", "x" * 21])
    def test_the_new_password_follows_the_brands_rule(self, testapp, token, password):
        answer = change(testapp, token, 400, newPassword=password, confirmNewPassword=password)
        assert answer["code"] == "invalid_fields"
        rule = translate("pattern_lettersAndDigits", "en", min=6, max=20)
        assert answer["value"]["fields"] == {"newPassword": [rule]}

    def test_the_brands_own_rule_applies(self, testapp, token, db_session):
        set_brand(
            db_session,
            "demo-bd",
            register={"fields": {"password": {"pattern_id": "digits", "min_length": 8, "max_length": 8}}},
        )
        refused = change(testapp, token, 400)
        assert refused["value"]["fields"] == {"newPassword": [translate("pattern_digits_exact", "en", length=8)]}
        assert change(testapp, token, newPassword="12345678", confirmNewPassword="12345678")["success"] is True

    def test_the_same_password_again(self, testapp, token, member, db_session):
        answer = change(testapp, token, 400, newPassword=PASSWORD, confirmNewPassword=PASSWORD)
        assert answer["code"] == "password_unchanged"
        assert testapp.get(INFO, headers=bearer(token)).json["success"] is True  # nothing ended

    def test_a_guess_of_the_password_is_judged_as_an_old_password_first(self, testapp, token):
        answer = change(testapp, token, 400, oldPassword="Guess1234", newPassword=PASSWORD, confirmNewPassword=PASSWORD)
        assert answer["code"] == "old_password_wrong"

    def test_the_old_password_is_needed(self, testapp, token):
        answer = change(testapp, token, 400, oldPassword=None)
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [("oldPassword", "field_required")]

    def test_free_play_has_no_password_to_change(self, testapp, members, token_of):
        guest = members("demo-bd", member_type=0, password=None)
        answer = change(testapp, token_of(guest), 403)
        assert answer["code"] == "in_need_true_account"

    def test_a_login_is_needed(self, testapp):
        form = {"oldPassword": PASSWORD, "newPassword": NEW_PASSWORD, "confirmNewPassword": NEW_PASSWORD}
        body = sealed(testapp, form)
        assert testapp.post(CHANGE, body, content_type=JOSE, status=401).json["code"] == "not_logged_in"

    def test_a_token_of_another_brand_does_not_work(self, ph, token):
        assert change(ph, token, 401)["code"] == "not_logged_in"


class TestChangeByCode:
    """CHNGPASSVERIF3 (demo-ph): a code sent to the member's own number instead of the old password."""

    @pytest.fixture
    def member(self, members):
        return members("demo-ph", phone=PH_PHONE)

    @pytest.fixture
    def code(self, ph, outbox, token) -> str:
        ph.post_json("/wps/verification/sms/noLogin", {"purpose": "password"}, headers=bearer(token))
        return outbox.code(PH_PHONE)

    def test_the_code_replaces_the_old_password(self, ph, code, token, member, db_session):
        answer = change(ph, token, oldPassword=None, verificationCode=code)
        assert ph.get(INFO, headers=bearer(answer["value"]["token"])).json["value"]["id"] == member.id
        assert password_is(db_session, member, NEW_PASSWORD)

    def test_a_code_works_once(self, ph, code, token):
        new_token = change(ph, token, oldPassword=None, verificationCode=code)["value"]["token"]
        answer = change(
            ph,
            new_token,
            400,
            oldPassword=None,
            verificationCode=code,
            newPassword="Other789",
            confirmNewPassword="Other789",
        )
        assert answer["code"] == "verification_failed"

    def test_five_wrong_codes_burn_it(self, ph, code, token, member, db_session):
        wrong = f"{(int(code) + 1) % 10**7:07d}"
        for _ in range(5):
            assert change(ph, token, 400, oldPassword=None, verificationCode=wrong)["code"] == "verification_failed"
        assert change(ph, token, 400, oldPassword=None, verificationCode=code)["code"] == "verification_failed"
        assert password_is(db_session, member, PASSWORD)

    def test_a_code_of_another_member_does_not_work(self, ph, outbox, members, token_of, token):
        other = members("demo-ph", phone="+639170000000")
        ph.post_json("/wps/verification/sms/noLogin", {"purpose": "password"}, headers=bearer(token_of(other)))
        answer = change(ph, token, 400, oldPassword=None, verificationCode=outbox.code("+639170000000"))
        assert answer["code"] == "verification_failed"

    def test_an_over_long_code_is_refused_clearly(self, ph, token):
        answer = change(ph, token, 400, oldPassword=None, verificationCode="1" * 256)
        assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [
            ("verificationCode", "field_max_length")
        ]

    def test_brands_without_the_flag_refuse_codes(self, testapp, members, token_of, db_session):
        member = members("demo-bd", phone="+8801712345678")
        answer = change(testapp, token_of(member), 403, oldPassword=None, verificationCode="1234567")
        assert answer["code"] == "verification_unavailable"


class TestEncryptedPayloads:
    def form(self):
        return {"oldPassword": PASSWORD, "newPassword": NEW_PASSWORD, "confirmNewPassword": NEW_PASSWORD}

    def test_a_tampered_payload(self, testapp, token, member, db_session):
        tampered = tamper(sealed(testapp, self.form()))
        answer = testapp.post(CHANGE, tampered, content_type=JOSE, headers=bearer(token), status=400).json
        assert answer["code"] == "payload_invalid"
        assert password_is(db_session, member, PASSWORD)

    def test_a_stale_payload(self, testapp, token, member, db_session):
        body = seal(public_key(testapp), self.form(), iat=int(time.time()) - 301)
        assert (
            testapp.post(CHANGE, body, content_type=JOSE, headers=bearer(token), status=400).json["code"]
            == "payload_expired"
        )
        assert password_is(db_session, member, PASSWORD)

    def test_a_replayed_payload(self, testapp, member, token, token_of):
        body = sealed(testapp, self.form())
        testapp.post(CHANGE, body, content_type=JOSE, headers=bearer(token))
        replayed = testapp.post(CHANGE, body, content_type=JOSE, headers=bearer(token_of(member)), status=400)
        assert replayed.json["code"] == "payload_replayed"
