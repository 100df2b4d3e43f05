"""Sign-in through a provider the brand's plugins offer: POST /wps/session/login/federated, and the
providers in the status call."""

import threading
import uuid

import pytest
import webtest
from sqlalchemy import delete, func, select

from calls import SignInProvider, configure_brand, public_key, seal, send
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.encryption.models import SeenPayload
from tessera.identity.sessions.models import FederatedAccount, MemberSession

FEDERATED, INFO = "/wps/session/login/federated?lang=en", "/wps/member/info"
BD_SECRET, PH_SECRET = "bd-sign-in-secret", "ph-sign-in-secret"
PLUGIN = "tessera-test-sign-in"


@pytest.fixture
def provider(app, db_session):
    """The example provider, enabled on both brands, each with its own secret."""
    adapter = SignInProvider()
    pm = app.registry["plugin_manager"]
    pm.register(adapter, name=PLUGIN)
    configure_brand(db_session, "demo-bd", plugins={PLUGIN: {"secret": BD_SECRET, "client_id": "bd-client"}})
    configure_brand(db_session, "demo-ph", plugins={PLUGIN: {"secret": PH_SECRET, "client_id": "ph-client"}})
    yield adapter
    pm.unregister(name=PLUGIN)


def sign_in(app, credential, status=200, provider="example") -> dict:
    return send(app, "POST", FEDERATED, {"provider": provider, "credential": credential}, status=status)


def members_count(db) -> int:
    return db.scalar(select(func.count()).select_from(Member))


def test_the_status_call_lists_the_brands_providers(testapp, provider):
    providers = testapp.get("/wps/system/status").json["value"]["federatedProviders"]
    assert providers == [{"provider": "example", "title": "Example", "clientId": "bd-client"}]


def test_a_brand_without_providers_lists_none(testapp):
    assert testapp.get("/wps/system/status").json["value"]["federatedProviders"] == []


def test_the_first_sign_in_makes_the_member_and_logs_in(testapp, provider, db_session):
    value = sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1", "Rahim Uddin"))["value"]
    assert (value["firstTimeLogin"], value["passwordExpired"]) == (True, False)
    info = testapp.get(INFO, headers={"Authorization": f"Bearer {value['token']}"}).json["value"]
    member = db_session.get(Member, info["id"])
    assert (info["nickname"], info["type"], member.email, member.register_method, member.password_hash) == (
        "Rahim Uddin",
        4,
        "subject-1@example.com",
        "FEDERATED",
        None,
    )
    assert (
        db_session.scalar(select(AuditEvent.kind).where(AuditEvent.member_id == member.id).order_by(AuditEvent.id))
        == "register"
    )


def test_later_sign_ins_are_the_same_member(testapp, provider, db_session):
    credential = SignInProvider.credential(BD_SECRET, "subject-1")
    first = sign_in(testapp, credential)["value"]
    second = sign_in(testapp, credential)["value"]
    assert second["firstTimeLogin"] is False
    ids = {
        testapp.get(INFO, headers={"Authorization": f"Bearer {v['token']}"}).json["value"]["id"]
        for v in (first, second)
    }
    assert len(ids) == 1 and members_count(db_session) == 1


def test_a_credential_that_does_not_verify(testapp, provider, db_session):
    answer = sign_in(testapp, SignInProvider.credential("forged", "subject-1"), status=401)
    assert (answer["code"], answer["message"]) == (
        "federated_invalid",
        "The sign-in could not be verified. Please try again.",
    )
    assert members_count(db_session) == 0


def test_another_brands_credential_does_not_verify(testapp, provider, db_session):
    sign_in(testapp, SignInProvider.credential(PH_SECRET, "subject-1"), status=401)
    assert members_count(db_session) == 0


def test_the_same_person_is_two_members_on_two_brands(testapp, brand_app, provider, db_session):
    sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1"))
    sign_in(brand_app("demo-ph.localhost", ip="192.0.2.44"), SignInProvider.credential(PH_SECRET, "subject-1"))
    assert len(set(db_session.scalars(select(FederatedAccount.tenant_id)))) == 2
    assert members_count(db_session) == 2


def test_a_provider_the_brand_does_not_offer(testapp, provider, db_session):
    answer = sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1"), status=400, provider="other")
    assert (answer["code"], answer["message"]) == (
        "federated_provider_unknown",
        "This way of signing in is not available.",
    )


def test_without_direct_registration_only_linked_members_sign_in(testapp, provider, db_session):
    sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1"))
    configure_brand(db_session, "demo-bd", flags={"DIRECTREG3": False})
    assert (
        sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-2"), status=403)["code"]
        == "registration_unavailable"
    )
    assert sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1"))["success"] is True
    assert members_count(db_session) == 1


def test_a_locked_member_is_refused(testapp, provider, db_session):
    sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1"))
    db_session.scalar(select(Member)).status = "locked"
    db_session.flush()
    assert sign_in(testapp, SignInProvider.credential(BD_SECRET, "subject-1"), status=403)["code"] == "account_locked"


@pytest.mark.parametrize(
    "fields",
    [
        {"provider": "example"},
        {"credential": "x"},
        {"provider": "exa mple", "credential": "x"},
        {"provider": "example", "credential": ""},
    ],
)
def test_the_form_is_checked(testapp, provider, fields):
    answer = testapp.post(
        FEDERATED, seal(public_key(testapp), fields), content_type="application/jose", status=400
    ).json
    assert answer["code"] == "invalid_request"


def test_tampered_stale_and_replayed_payloads_are_refused(testapp, provider, db_session, clock):
    fields = {"provider": "example", "credential": SignInProvider.credential(BD_SECRET, "subject-1")}
    header, key, iv, ciphertext, tag = seal(public_key(testapp), fields).split(".")
    tampered = ".".join(
        (header, key, iv, ciphertext[:5] + ("A" if ciphertext[5] != "A" else "B") + ciphertext[6:], tag)
    )
    assert (
        testapp.post(FEDERATED, tampered, content_type="application/jose", status=400).json["code"] == "payload_invalid"
    )
    stale = send(testapp, "POST", FEDERATED, fields, status=400, iat=int(clock.now.timestamp()) - 301)
    assert stale["code"] == "payload_expired"
    body = seal(public_key(testapp), fields, iat=int(clock.now.timestamp()))
    testapp.post(FEDERATED, body, content_type="application/jose")
    assert testapp.post(FEDERATED, body, content_type="application/jose", status=400).json["code"] == "payload_replayed"
    assert members_count(db_session) == 1


class TestConcurrentFirstSignIn:
    """Two first sign-ins of one person at once, each in its own transaction: one member."""

    @pytest.fixture
    def committed_provider(self, wsgi, engine):
        from tessera.tenancy.models import Tenant

        adapter = SignInProvider()
        pm = wsgi.registry["plugin_manager"]
        pm.register(adapter, name=PLUGIN)
        with operator_session(engine) as db:
            tenant = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
            original = tenant.config
            tenant.config = {
                **original,
                "plugins": {PLUGIN: {"secret": BD_SECRET, "client_id": "bd"}, **original["plugins"]},
            }
        yield adapter
        pm.unregister(name=PLUGIN)
        with operator_session(engine, ALL_TENANTS) as db:
            db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
            linked = db.scalars(select(FederatedAccount.member_id)).all()
            for model in (SeenPayload, AuditEvent, MemberSession, FederatedAccount):
                db.execute(delete(model))
            db.execute(delete(Member).where(Member.id.in_(linked)))

    def test_one_member_and_two_sessions(self, wsgi, committed_provider, engine):
        app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
        credential = SignInProvider.credential(BD_SECRET, f"racer-{uuid.uuid4().hex}")
        key, start, answers = public_key(app), threading.Barrier(2), []

        def attempt():
            body = seal(key, {"provider": "example", "credential": credential})
            start.wait()
            response = app.post(FEDERATED, body, content_type="application/jose", expect_errors=True)
            answers.append(response.status_int)

        threads = [threading.Thread(target=attempt) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert answers == [200, 200]
        with operator_session(engine, ALL_TENANTS) as db:
            assert db.scalar(select(func.count()).select_from(FederatedAccount)) == 1
            linked = db.scalar(select(FederatedAccount.member_id))
            assert (
                db.scalar(select(func.count()).select_from(MemberSession).where(MemberSession.member_id == linked)) == 2
            )
