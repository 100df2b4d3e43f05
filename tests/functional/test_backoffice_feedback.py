"""The brand's feedback and complaints in the back office: the list with its filters and paging,
one item with its images, a staff reply the member reads in their own feedback list, and its
status; audited, and another brand's feedback is invisible."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from accounts import bearer
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import iso, utcnow
from tessera.system.feedback.models import Feedback
from test_feedback import image, send

FEEDBACK = "/bo/api/brands/demo-bd/feedback"


@pytest.fixture
def answerer(staff_member):
    member = staff_member({"demo-bd": [Permission.FeedbackReply]})
    member.login()
    return member


@pytest.fixture
def member(members):
    return members("demo-bd")


def test_a_reply_reaches_the_member_and_answers_the_feedback(answerer, testapp, member, token_of, db_session):
    login = bearer(token_of(member))
    sent = send(testapp, "My withdrawal is late", type="complaint", headers=login).json["value"]["id"]
    item = answerer.browser.get(f"{FEEDBACK}/{sent}").json["value"]
    assert (item["type"], item["status"], item["memberId"], item["username"]) == (
        "complaint",
        "open",
        member.id,
        member.username,
    )
    answered = answerer.browser.post_json(
        f"{FEEDBACK}/{sent}/replies", {"content": "It was paid at 14:00."}, headers=answerer.headers()
    ).json["value"]
    assert answered["status"] == "answered"
    assert [r["content"] for r in answered["replies"]] == ["It was paid at 14:00."]
    mine = testapp.get("/wps/feedback", headers=login).json["value"]
    assert mine["total"] == 1
    [seen] = mine["items"]
    assert (seen["id"], seen["status"], seen["type"]) == (sent, "answered", "complaint")
    assert [r["content"] for r in seen["replies"]] == ["It was paid at 14:00."]
    assert "staff" not in seen["replies"][0]
    [entry] = db_session.scalars(select(AuditEntry).where(AuditEntry.target == f"feedback:{sent}")).all()
    assert (entry.action, entry.staff, entry.brand, entry.before, entry.after) == (
        "feedback_replied",
        answerer.username,
        "demo-bd",
        {"status": "open"},
        {"status": "answered", "reply": "It was paid at 14:00."},
    )


def test_the_members_list_is_their_own_and_needs_a_login(testapp, members, token_of):
    one, other = members("demo-bd"), members("demo-bd")
    send(testapp, "From one", headers=bearer(token_of(one)))
    send(testapp, "From a visitor")
    assert [
        f["content"] for f in testapp.get("/wps/feedback", headers=bearer(token_of(one))).json["value"]["items"]
    ] == ["From one"]
    assert testapp.get("/wps/feedback", headers=bearer(token_of(other))).json["value"]["items"] == []
    assert testapp.get("/wps/feedback", status=401).json["code"] == "not_logged_in"


def test_status_changes_are_kept_and_audited(answerer, testapp, db_session):
    sent = send(testapp, "Thanks for the quick payout").json["value"]["id"]
    closed = answerer.browser.put_json(f"{FEEDBACK}/{sent}/status", {"status": "closed"}, headers=answerer.headers())
    assert closed.json["value"]["status"] == "closed"
    still = answerer.browser.post_json(
        f"{FEEDBACK}/{sent}/replies", {"content": "You're welcome"}, headers=answerer.headers()
    )
    assert still.json["value"]["status"] == "closed"  # a reply does not reopen it
    refused = answerer.browser.put_json(
        f"{FEEDBACK}/{sent}/status", {"status": "solved"}, headers=answerer.headers(), status=400
    )
    assert refused.json["code"] == "invalid_request"
    actions = db_session.scalars(
        select(AuditEntry.action).where(AuditEntry.target == f"feedback:{sent}").order_by(AuditEntry.id)
    ).all()
    assert actions == ["feedback_status_changed", "feedback_replied"]


def test_the_list_filters_and_pages(answerer, testapp, member, token_of, db_session):
    first = send(testapp, "Slow games", headers=bearer(token_of(member))).json["value"]["id"]
    second = send(testapp, "Cheated", type="complaint").json["value"]["id"]
    old = db_session.get(Feedback, first)
    old.created_at = utcnow() - timedelta(days=10)
    db_session.flush()

    def ids(**asked) -> list[int]:
        return [f["id"] for f in answerer.browser.get(FEEDBACK, asked).json["value"]["items"]]

    assert ids(type="complaint")[0] == second and first not in ids(type="complaint")
    assert ids(memberId=member.id) == [first]
    assert ids(member=member.username.upper()) == [first]
    assert first not in ids(**{"from": iso(utcnow() - timedelta(days=1))}) and second in ids(status="open")
    before = ids(to=iso(utcnow() - timedelta(days=5)))
    assert first in before and second not in before
    paged = answerer.browser.get(FEEDBACK, {"pageSize": 1, "page": 2}).json["value"]
    assert (paged["page"], paged["pageSize"], len(paged["items"])) == (2, 1, 1) and paged["total"] >= 2
    bad = answerer.browser.get(FEEDBACK, {"from": "yesterday"}, status=400).json
    assert bad["code"] == "date_invalid"


def test_an_image_is_served_to_staff_as_it_was_sent(answerer, testapp):
    png = image()
    sent = send(testapp, "See the screen", images=[("screen.png", png)]).json["value"]["id"]
    item = answerer.browser.get(f"{FEEDBACK}/{sent}").json["value"]
    [shown] = item["images"]
    assert (shown["index"], shown["contentType"]) == (0, "image/png")
    served = answerer.browser.get(shown["url"])
    assert (served.content_type, served.body) == ("image/png", png)
    assert served.headers["Cache-Control"] == "private, no-store"
    assert answerer.browser.get(f"{FEEDBACK}/{sent}/images/1", status=404).json["code"] == "feedback_image_not_found"


def test_another_brands_feedback_is_invisible(answerer, ph, staff_member):
    theirs = send(ph, "From the Philippines").json["value"]["id"]
    assert answerer.browser.get(f"{FEEDBACK}/{theirs}", status=404).json["code"] == "feedback_not_found"
    refused = answerer.browser.post_json(
        f"{FEEDBACK}/{theirs}/replies", {"content": "Hello"}, headers=answerer.headers(), status=404
    )
    assert refused.json["code"] == "feedback_not_found"
    assert theirs not in [f["id"] for f in answerer.browser.get(FEEDBACK, {"pageSize": 200}).json["value"]["items"]]


def test_an_empty_reply_is_refused(answerer, testapp):
    sent = send(testapp, "Hello").json["value"]["id"]
    refused = answerer.browser.post_json(
        f"{FEEDBACK}/{sent}/replies", {"content": "   "}, headers=answerer.headers(), status=400
    )
    assert refused.json["code"] == "feedback_reply_empty"
