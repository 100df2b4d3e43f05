"""The agent entrance (/agentHome logs in with ``agent: true``) and which brand a login belongs to."""

import pytest
from sqlalchemy import func, select

from calls import configure_brand, send
from factories import PASSWORD
from tessera.identity.accounts.models import AuditEvent
from tessera.identity.sessions.models import MemberSession

LOGIN = "/wps/session/login?lang=en"


@pytest.fixture(autouse=True)
def without_captchas(db_session):
    for slug in ("demo-bd", "demo-ph"):
        configure_brand(db_session, slug, plugins={"image-captcha": None})


def log_in(app, username, password=PASSWORD, status=200, **fields) -> dict:
    return send(app, "POST", LOGIN, {"username": username, "password": password, **fields}, status=status)


@pytest.mark.parametrize("member_type", [1, 2, 41, 42])
def test_agents_log_in_at_the_agent_entrance(testapp, members, member_type):
    assert log_in(testapp, members(member_type=member_type).username, agent=True)["success"] is True


def test_a_member_who_is_not_an_agent_is_refused_there(testapp, members, db_session):
    member = members(member_type=4)
    answer = log_in(testapp, member.username, agent=True, status=403)
    assert (answer["code"], answer["message"]) == ("non_agent_login", "Non-agents cannot log in")
    assert db_session.scalar(select(func.count()).select_from(MemberSession)) == 0
    refusal = db_session.scalar(select(AuditEvent).where(AuditEvent.kind == "login_failed"))
    assert (refusal.member_id, refusal.detail) == (member.id, {"reason": "non_agent"})
    assert log_in(testapp, member.username, agent=False)["success"] is True


def test_a_wrong_password_there_tells_nothing_about_the_account(testapp, members):
    member = members(member_type=4)
    assert log_in(testapp, member.username, "Wrong-password1", agent=True, status=401)["code"] == "login_failed"


def test_a_member_of_one_brand_cannot_log_in_on_the_other(testapp, brand_app, members):
    bd = members("demo-bd")
    ph = brand_app("demo-ph.localhost", ip="192.0.2.44")
    assert log_in(ph, bd.username, status=401)["code"] == "login_failed"
    assert log_in(testapp, members("demo-ph").username, status=401)["code"] == "login_failed"
