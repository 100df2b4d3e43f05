"""Two registrations of one username, or of one number, at the same moment, each in its own
request and transaction against the real database (PostgreSQL where the suite runs there): one
member, the others refused with 409, never a 500."""

import threading
import uuid

import pytest
import webtest
from sqlalchemy import delete, func, select

from calls import configure_brand, public_key, seal
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.encryption.models import SeenPayload
from tessera.identity.registration.services import _insert
from tessera.identity.sessions.models import MemberSession
from tessera.tenancy.models import Tenant

REGISTER = "/wps/member/register"
ATTEMPTS = 4


@pytest.fixture
def committed(engine):
    """demo-bd asking for a mobile number, committed; afterwards its config back and the racers gone."""
    with operator_session(engine) as db:
        tenant = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
        original = tenant.config
        configure_brand(db, "demo-bd", fields={"mobileNum": {"enabled": True}})
    racers = f"racer{uuid.uuid4().hex[:8]}"
    yield racers
    with operator_session(engine, ALL_TENANTS) as db:
        db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
        ids = db.scalars(select(Member.id).where(Member.username_key.like(f"{racers}%"))).all()
        for model in (SeenPayload, AuditEvent, MemberSession):
            db.execute(delete(model))
        db.execute(delete(Member).where(Member.id.in_(ids)))


def race(wsgi, forms: list[dict]) -> list[tuple[int, str | None]]:
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    key = public_key(app)
    bodies = [seal(key, form) for form in forms]  # sealed before the start: only the calls race
    start, answers = threading.Barrier(len(bodies)), []

    def attempt(body):
        start.wait()
        response = app.put(REGISTER, body, content_type="application/jose", expect_errors=True)
        answers.append((response.status_int, response.json["code"]))

    threads = [threading.Thread(target=attempt, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(answers)


def form(username: str, **fields) -> dict:
    return {"username": username, "password": "abc12345", "confirmPassword": "abc12345", **fields}


def registered(engine, racers: str) -> int:
    with operator_session(engine, ALL_TENANTS) as db:
        return db.scalar(select(func.count()).select_from(Member).where(Member.username_key.like(f"{racers}%")))


def test_one_username_registered_at_once(wsgi, engine, committed):
    answers = race(wsgi, [form(committed) for _ in range(ATTEMPTS)])
    assert answers == [(200, None)] + [(409, "username_taken")] * (ATTEMPTS - 1)
    assert registered(engine, committed) == 1


def test_one_number_registered_at_once(wsgi, engine, committed):
    forms = [form(f"{committed}{n}", mobileNum="01799999999", countryDialingCode="880") for n in range(ATTEMPTS)]
    answers = race(wsgi, forms)
    assert answers == [(200, None)] + [(409, "mobile_taken")] * (ATTEMPTS - 1)
    assert registered(engine, committed) == 1


def test_a_name_taken_between_the_check_and_the_write_is_refused_as_taken(db_session, members, tenant_ids):
    """What the losers of a race meet: the unique index refuses the write, and the answer says why."""
    members(username="Taken01")
    db_session.info["tenant_id"] = tenant_ids["demo-bd"]
    late = Member(username="taken01", username_key="taken01", nickname="taken01", member_type=4, created_at=utcnow())
    with pytest.raises(KeptRefusal) as refused:
        _insert(db_session, late, None, utcnow())
    assert (refused.value.status, refused.value.code) == (409, "username_taken")
    assert db_session.scalar(select(func.count()).select_from(Member)) == 1  # the session goes on
