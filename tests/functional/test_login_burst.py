"""A burst of wrong passwords at once, from one address, meets the limit exactly: the attempts take
turns at the throttle (PostgreSQL: advisory locks, across nodes; SQLite: its transactions), so
no more passwords are checked than the limit allows."""

import dataclasses

import pytest
import webtest
from sqlalchemy import delete, func, select

from at_once import at_once
from calls import JOSE, configure_brand, sealed
from tessera.app import make_app
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.identity.accounts.models import AuditEvent
from tessera.identity.encryption.models import SeenPayload
from tessera.identity.sessions.logins import MAX_FAILURES_PER_IP
from tessera.identity.sessions.models import FailedLogin
from tessera.tenancy.models import Tenant

HOST, IP, LOGIN = "demo-bd.localhost", "203.0.113.66", "/wps/session/login"
BURST = MAX_FAILURES_PER_IP + 10


@pytest.fixture
def wsgi(settings, engine):
    """demo-bd without captchas (committed, and put back after, with what the attempts kept), and an
    app on the real database."""
    with operator_session(engine, ALL_TENANTS) as db:
        original = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config
        configure_brand(db, "demo-bd", plugins={"image-captcha": None, "geetest": None})
    # SQLite refuses a writer that comes while another writes, and the request is run again.
    attempts = BURST if settings.database_url.startswith("sqlite") else settings.retry_attempts
    wsgi = make_app(dataclasses.replace(settings, retry_attempts=attempts))
    yield wsgi
    wsgi.registry["db_engine"].dispose()
    with operator_session(engine, ALL_TENANTS) as db:
        db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
        for model in (FailedLogin, AuditEvent):
            db.execute(delete(model).where(model.ip == IP))
        db.execute(delete(SeenPayload))  # the attempts' sealed bodies


def test_a_burst_of_wrong_passwords_checks_no_more_than_the_limit(wsgi, engine):
    def attempt(n):
        app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": IP})
        body = sealed(app, {"type": "username", "username": f"burst{n}", "password": "not-the-password"})
        return app.post(LOGIN, body, content_type=JOSE, status="*").json["code"]

    codes = at_once([lambda n=n: attempt(n) for n in range(BURST)])
    assert sorted(codes) == ["login_failed"] * MAX_FAILURES_PER_IP + ["too_many_attempts"] * 10
    with operator_session(engine, ALL_TENANTS) as db:
        assert (
            db.scalar(select(func.count()).select_from(FailedLogin).where(FailedLogin.ip == IP)) == MAX_FAILURES_PER_IP
        )
