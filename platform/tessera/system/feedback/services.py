"""Feedback and complaints: up to 140 characters and up to three PNG or JPEG images of 5 MB.

An image is accepted only when Pillow reads it as a PNG or JPEG whatever its name or declared
type says; it is stored under a name derived from its content, never the sender's file name.
"""

import hashlib
import io
import warnings
from datetime import timedelta
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from sqlalchemy import func, select

from tessera.core.envelope import ApiError
from tessera.core.i18n import translate
from tessera.core.timeutil import iso, utcnow
from tessera.system.feedback.models import FEEDBACK, Feedback, FeedbackReply

MAX_CONTENT = 140
MAX_IMAGES = 3
MAX_IMAGE_BYTES = 5 * 1024 * 1024
MAX_PIXELS = 40_000_000
FORMATS = {"PNG": "png", "JPEG": "jpg"}
PER_IP_PER_HOUR = 5


def check_image(data: bytes, name: str) -> str:
    """The stored extension of an acceptable image, or a refusal naming the file."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ApiError(400, "feedback_image_too_large", name=name, limit_mb=5)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.format not in FORMATS:
                    raise ApiError(400, "feedback_image_type", name=name)
                if image.width * image.height > MAX_PIXELS:
                    raise ApiError(400, "feedback_image_too_large", name=name, limit_mb=5)
                image.verify()
                return FORMATS[image.format]
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ApiError(400, "feedback_image_too_large", name=name, limit_mb=5) from None
    except (UnidentifiedImageError, OSError, SyntaxError):
        raise ApiError(400, "feedback_image_type", name=name) from None


def store_image(upload_dir: Path, tenant_slug: str, data: bytes, extension: str, folder: str = "feedback") -> str:
    """Keep an image under the brand's ``folder``, named by its content; its path under ``upload_dir``."""
    digest = hashlib.sha256(data).hexdigest()
    relative = Path(tenant_slug) / folder / f"{digest}.{extension}"
    target = upload_dir / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        temporary = target.with_suffix(".part")
        temporary.write_bytes(data)
        temporary.replace(target)
    return str(relative)


def submit_feedback(
    db,
    tenant,
    content: str,
    contact: str | None,
    uploads: list,
    *,
    ip: str | None,
    language: str,
    upload_dir: Path,
    member_id: int | None = None,
    kind: str = FEEDBACK,
) -> Feedback:
    """Keep a member's or visitor's feedback or complaint (``uploads``: file name and bytes of
    each image), written in ``language`` from ``ip``; its images are stored under ``upload_dir``.
    A logged-in member's (``member_id``) is listed to them with the brand's replies."""
    content = content.strip()
    if not content:
        raise ApiError(
            400,
            "invalid_request",
            value={
                "fields": [
                    {"field": "content", "code": "field_required", "message": translate("field_required", language)}
                ]
            },
        )
    if len(content) > MAX_CONTENT:
        raise ApiError(400, "feedback_too_long", max=MAX_CONTENT)
    if len(uploads) > MAX_IMAGES:
        raise ApiError(400, "feedback_too_many_images", max=MAX_IMAGES)
    ip = ip or ""
    since = utcnow() - timedelta(hours=1)
    recent = db.scalar(select(func.count(Feedback.id)).where(Feedback.ip == ip, Feedback.created_at >= since))
    if recent >= PER_IP_PER_HOUR:
        raise ApiError(429, "too_many_requests")
    checked = [(data, check_image(data, name)) for name, data in uploads]
    images = [store_image(upload_dir, tenant.slug, data, ext) for data, ext in checked]
    feedback = Feedback(
        content=content,
        contact=contact or None,
        images=images,
        language=language,
        ip=ip,
        member_id=member_id,
        type=kind,
    )
    db.add(feedback)
    db.flush()
    return feedback


def reply_value(reply: FeedbackReply) -> dict:
    return {"content": reply.content, "createdAt": iso(reply.created_at)}


def replies_of(db, feedback_ids: list[int]) -> dict[int, list[FeedbackReply]]:
    """The replies to each of the feedback, oldest first."""
    found: dict[int, list[FeedbackReply]] = {}
    if feedback_ids:
        query = (
            select(FeedbackReply)
            .where(FeedbackReply.feedback_id.in_(feedback_ids))
            .order_by(FeedbackReply.created_at, FeedbackReply.id)
        )
        for reply in db.scalars(query):
            found.setdefault(reply.feedback_id, []).append(reply)
    return found


def member_feedback(db, member_id: int, page: int, size: int) -> tuple[list[dict], int]:
    """What the member sent, newest first, each with its status and the brand's replies (who
    replied is not told)."""
    query = select(Feedback).where(Feedback.member_id == member_id)
    total = db.scalar(select(func.count()).select_from(query.subquery()))
    sent = list(
        db.scalars(query.order_by(Feedback.created_at.desc(), Feedback.id.desc()).offset((page - 1) * size).limit(size))
    )
    replies = replies_of(db, [feedback.id for feedback in sent])
    items = [
        {
            "id": feedback.id,
            "type": feedback.type,
            "status": feedback.status,
            "content": feedback.content,
            "imageCount": len(feedback.images or []),
            "createdAt": iso(feedback.created_at),
            "replies": [reply_value(reply) for reply in replies.get(feedback.id, [])],
        }
        for feedback in sent
    ]
    return items, total
