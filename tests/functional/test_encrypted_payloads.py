"""Encrypted ("E") calls: a JWE for the brand's key, fresh, never seen before, or refused with
nothing changed. Shown on the login call, the first of them."""

import threading
import time
import uuid

import pytest
import webtest
from jwcrypto import jwk
from sqlalchemy import delete, func, select

from calls import captcha_text, seal
from factories import PASSWORD, MemberFactory, building_in
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.encryption.models import SeenPayload
from tessera.identity.sessions.models import FailedLogin, MemberSession

LOGIN = "/wps/session/login"
JOSE = "application/jose"


@pytest.fixture
def key(testapp) -> dict:
    return testapp.get("/wps/system/status").json["value"]["publicKey"]


@pytest.fixture
def member(members):
    return members()


def post(app, body, status=200, content_type=JOSE):
    return app.post(LOGIN + "?lang=en", body, content_type=content_type, status=status).json


def form(member) -> dict:
    return {"username": member.username, "password": PASSWORD}


def nothing_changed(db) -> bool:
    return all(
        db.scalar(select(func.count()).select_from(model)) == 0
        for model in (MemberSession, SeenPayload, AuditEvent, FailedLogin)
    )


def test_a_payload_for_the_brands_key_is_accepted_and_its_jti_kept(testapp, key, member, db_session):
    assert post(testapp, seal(key, form(member), jti="first-payload"))["success"] is True
    assert db_session.scalars(select(SeenPayload.jti)).all() == ["first-payload"]


def test_a_tampered_payload_is_refused(testapp, key, member, db_session):
    header, encrypted_key, iv, ciphertext, tag = seal(key, form(member)).split(".")
    flipped = "A" if ciphertext[5] != "A" else "B"
    body = ".".join((header, encrypted_key, iv, ciphertext[:5] + flipped + ciphertext[6:], tag))
    answer = post(testapp, body, status=400)
    assert (answer["code"], answer["message"]) == (
        "payload_invalid",
        "The request could not be read. Please refresh the page and try again.",
    )
    assert nothing_changed(db_session)


@pytest.mark.parametrize("age", [6 * 60, 301])
def test_a_stale_payload_is_refused(testapp, key, member, db_session, age):
    assert post(testapp, seal(key, form(member), iat=int(time.time()) - age), status=400)["code"] == "payload_expired"
    assert nothing_changed(db_session)


def test_a_payload_from_the_future_is_refused_beyond_a_minutes_skew(testapp, key, member, db_session):
    assert post(testapp, seal(key, form(member), iat=int(time.time()) + 120), status=400)["code"] == "payload_expired"
    assert nothing_changed(db_session)
    assert post(testapp, seal(key, form(member), iat=int(time.time()) + 30))["success"] is True


def test_a_replayed_payload_is_refused(testapp, key, member, db_session):
    body = seal(key, form(member))
    post(testapp, body)
    assert post(testapp, body, status=400)["code"] == "payload_replayed"
    assert post(testapp, seal(key, form(member), jti=uuid.uuid4().hex))["success"] is True
    assert db_session.scalar(select(func.count()).select_from(MemberSession)) == 2


def test_a_jti_is_remembered_per_brand(testapp, brand_app, key, members, monkeypatch):
    monkeypatch.setenv("DEMO_PH_CAPTCHA_SECRET", "jti-test")  # demo-ph asks a captcha at every login
    ph = brand_app("demo-ph.localhost", ip="192.0.2.44")
    ph_key = ph.get("/wps/system/status").json["value"]["publicKey"]
    bd_member, ph_member = members("demo-bd"), members("demo-ph")
    post(testapp, seal(key, form(bd_member), jti="shared-jti"))
    ph_form = {**form(ph_member), "captcha": captcha_text(ph, "jti-test")}
    assert post(ph, seal(ph_key, ph_form, jti="shared-jti"))["success"] is True


def test_a_jti_is_forgotten_once_its_payload_would_be_stale(testapp, key, member, db_session, clock):
    post(testapp, seal(key, form(member), iat=int(clock.now.timestamp()), jti="old-one"))
    clock.advance(minutes=6)
    post(testapp, seal(key, form(member), iat=int(clock.now.timestamp()), jti="new-one"))
    assert db_session.scalars(select(SeenPayload.jti)).all() == ["new-one"]


def test_a_payload_for_another_key_id_is_refused(testapp, key, member, db_session):
    assert post(testapp, seal(key, form(member), kid="some-other-key"), status=400)["code"] == "payload_invalid"
    assert nothing_changed(db_session)


def test_a_payload_for_another_brands_key_is_refused(testapp, brand_app, key, member, db_session):
    ph_key = brand_app("demo-ph.localhost").get("/wps/system/status").json["value"]["publicKey"]
    # Made for demo-ph's key but naming demo-bd's: decryption fails.
    assert post(testapp, seal(ph_key, form(member), kid=key["kid"]), status=400)["code"] == "payload_invalid"
    assert nothing_changed(db_session)


def test_a_payload_with_another_algorithm_is_refused(testapp, key, member, db_session):
    from jwcrypto import jwe

    token = jwe.JWE(
        b'{"username": "x", "password": "y", "iat": 1, "jti": "j"}',
        protected={"alg": "RSA-OAEP", "enc": "A128GCM", "kid": key["kid"]},
    )
    token.add_recipient(jwk.JWK(**key))
    assert post(testapp, token.serialize(compact=True), status=400)["code"] == "payload_invalid"
    assert nothing_changed(db_session)


@pytest.mark.parametrize("body", ["not a jwe", "a.b.c.d.e", '{"username": "x"}', "\u00e9t\u00e9"])
def test_a_body_that_is_not_a_jwe_is_refused(testapp, body, db_session):
    assert post(testapp, body.encode(), status=400)["code"] == "payload_invalid"
    assert nothing_changed(db_session)


@pytest.mark.parametrize(
    "claims",
    [
        {"iat": "now", "jti": "x"},
        {"jti": "x"},
        {"iat": 1},
        {"iat": True, "jti": "x"},
        {"jti": "", "iat": 1},
        {"jti": "x" * 129, "iat": 1},
    ],
)
def test_a_payload_without_a_proper_iat_and_jti_is_refused(testapp, key, claims, db_session):
    import json

    from jwcrypto import jwe

    token = jwe.JWE(json.dumps(claims).encode(), protected={"alg": "RSA-OAEP-256", "enc": "A256GCM", "kid": key["kid"]})
    token.add_recipient(jwk.JWK(**key))
    assert post(testapp, token.serialize(compact=True), status=400)["code"] == "payload_invalid"
    assert nothing_changed(db_session)


def test_plain_json_is_refused_by_content_type(testapp, member, db_session):
    answer = testapp.post_json(LOGIN, form(member), status=415).json
    assert answer["code"] == "unsupported_media_type"
    assert nothing_changed(db_session)


def test_the_plaintext_is_checked_against_the_description(testapp, key, db_session):
    answer = post(testapp, seal(key, {"username": "x" * 65, "password": "y"}), status=400)
    assert [(f["field"], f["code"]) for f in answer["value"]["fields"]] == [("username", "field_max_length")]
    assert nothing_changed(db_session)


def test_the_description_says_the_body_is_encrypted(testapp):
    body = testapp.get("/api/openapi.json").json["paths"][LOGIN]["post"]["requestBody"]["content"]
    assert list(body) == [JOSE]
    assert body[JOSE]["x-plaintext"] == {"$ref": "#/components/schemas/LoginForm"}


class TestConcurrentReplay:
    """Two logins carrying the same payload at the same moment, each in its own request and
    transaction against the real database: the unique constraint lets exactly one through."""

    @pytest.fixture
    def committed_member(self, engine, wsgi):
        with operator_session(engine) as db:
            with building_in(db):
                member = MemberFactory(username=f"racer{uuid.uuid4().hex[:8]}")
            member_id, username = member.id, member.username
        yield member_id, username
        with operator_session(engine, ALL_TENANTS) as db:
            for model in (SeenPayload, FailedLogin, AuditEvent, MemberSession):
                db.execute(delete(model))
            db.execute(delete(Member).where(Member.id == member_id))

    def test_one_succeeds_and_one_is_a_replay(self, wsgi, committed_member):
        _, username = committed_member
        app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
        body = seal(
            app.get("/wps/system/status").json["value"]["publicKey"], {"username": username, "password": PASSWORD}
        )
        start, answers = threading.Barrier(2), []

        def attempt():
            start.wait()
            response = app.post(LOGIN, body, content_type=JOSE, expect_errors=True)
            answers.append((response.status_int, response.json["code"]))

        threads = [threading.Thread(target=attempt) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(answers) == [(200, None), (400, "payload_replayed")]
