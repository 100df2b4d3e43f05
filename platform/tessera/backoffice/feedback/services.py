"""A brand's feedback for its staff (the session scoped to the brand): found by status, type,
member and period, read with its images and replies, answered and given a status."""

import mimetypes
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import func, select

from tessera.core.envelope import ApiError
from tessera.core.timeutil import iso
from tessera.identity.accounts.models import Member
from tessera.system.feedback.models import ANSWERED, CLOSED, Feedback, FeedbackReply
from tessera.system.feedback.services import replies_of, reply_value
from tessera.wallet.balances.history import period

MAX_REPLY = 2000


@dataclass(frozen=True)
class FeedbackQuery:
    status: str | None = None
    type: str | None = None
    member_id: int | None = None
    member: str | None = None  # a username
    since: str | None = None
    until: str | None = None
    page: int = 1
    page_size: int = 50


def summary(feedback: Feedback, username: str | None) -> dict:
    return {
        "id": feedback.id,
        "type": feedback.type,
        "status": feedback.status,
        "content": feedback.content,
        "contact": feedback.contact,
        "memberId": feedback.member_id,
        "username": username,
        "language": feedback.language,
        "ip": feedback.ip,
        "imageCount": len(feedback.images or []),
        "createdAt": iso(feedback.created_at),
    }


def feedback_list(db, tenant, asked: FeedbackQuery) -> tuple[list[dict], int]:
    query = select(Feedback, Member.username).outerjoin(Member, Member.id == Feedback.member_id)
    if asked.status:
        query = query.where(Feedback.status == asked.status)
    if asked.type:
        query = query.where(Feedback.type == asked.type)
    if asked.member_id:
        query = query.where(Feedback.member_id == asked.member_id)
    if asked.member:
        query = query.where(Member.username_key == asked.member.strip().lower())
    since, until = period(tenant, asked.since, asked.until)
    if since is not None:
        query = query.where(Feedback.created_at >= since)
    if until is not None:
        query = query.where(Feedback.created_at < until)
    total = db.scalar(select(func.count()).select_from(query.subquery()))
    rows = db.execute(
        query.order_by(Feedback.created_at.desc(), Feedback.id.desc())
        .offset((asked.page - 1) * asked.page_size)
        .limit(asked.page_size)
    )
    return [summary(feedback, username) for feedback, username in rows], total


def find_feedback(db, feedback_id: int) -> Feedback:
    found = db.get(Feedback, feedback_id)
    if found is None:
        raise ApiError(404, "feedback_not_found", id=feedback_id)
    return found


def detail(db, feedback: Feedback, image_url) -> dict:
    username = db.scalar(select(Member.username).where(Member.id == feedback.member_id)) if feedback.member_id else None
    return {
        **summary(feedback, username),
        "images": [
            {"index": index, "url": image_url(index), "contentType": mimetypes.guess_type(path)[0]}
            for index, path in enumerate(feedback.images or [])
        ],
        "replies": [reply_value(reply) for reply in replies_of(db, [feedback.id]).get(feedback.id, [])],
    }


def image_file(feedback: Feedback, index: int, upload_dir: Path) -> tuple[Path, str]:
    """The stored file of the feedback's ``index``-th image and its content type."""
    images = feedback.images or []
    if not 0 <= index < len(images):
        raise ApiError(404, "feedback_image_not_found", index=index)
    path = (upload_dir / images[index]).resolve()
    if not path.is_relative_to(upload_dir.resolve()) or not path.is_file():
        raise ApiError(404, "feedback_image_not_found", index=index)
    return path, mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def reply(db, feedback: Feedback, content: str, staff: str, at: datetime) -> FeedbackReply:
    """Answer the feedback (the member sees it in their list); it is answered unless closed."""
    content = content.strip()
    if not content:
        raise ApiError(400, "feedback_reply_empty")
    if len(content) > MAX_REPLY:
        raise ApiError(400, "feedback_reply_too_long", max=MAX_REPLY)
    answer = FeedbackReply(feedback_id=feedback.id, content=content, staff=staff, created_at=at)
    db.add(answer)
    if feedback.status != CLOSED:
        feedback.status = ANSWERED
    db.flush()
    return answer


def set_status(db, feedback: Feedback, status: str) -> None:
    feedback.status = status
    db.flush()
