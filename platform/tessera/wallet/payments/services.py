"""What deposits, withdrawals and bank accounts share: rows locked while they move, refusals of
fields checked here, masked account numbers, and proof images."""

from pathlib import Path

from sqlalchemy import select

from tessera.core.envelope import ApiError
from tessera.system.feedback.services import MAX_IMAGE_BYTES, check_image, store_image

PROOF_FIELD = "proof"
PROOF_MAX_BODY = MAX_IMAGE_BYTES + 1024 * 1024  # the image and the form around it


def locked(db, model, row_id: int, *criteria):
    """The row, read again and locked until the transaction ends (PostgreSQL), so two requests
    moving the same deposit or withdrawal take turns; SQLite transactions take turns already
    (each begins IMMEDIATE)."""
    query = select(model).where(model.id == row_id, *criteria).with_for_update()
    return db.scalars(query.execution_options(populate_existing=True)).one_or_none()


def field_refusal(call, fields: list[str], code: str, **params) -> ApiError:
    """The refusal the API description's checks give, for a field checked here instead, in the
    call's language."""
    message = call.translate(code, **params)
    return ApiError(
        400,
        "invalid_request",
        value={"fields": [{"field": field, "code": code, "message": message} for field in fields]},
    )


def masked(account_number: str) -> str:
    return f"****{account_number[-4:]}"


# Proof images: checked as feedback images are (PNG or JPEG by content, 5 MB), kept apart from them.


def store_proof(upload_dir: Path, slug: str, upload: tuple[str, bytes], folder: str) -> str:
    """Check a proof image and keep it under the brand's ``folder``; its path under the upload folder."""
    name, data = upload
    extension = check_image(data, name)
    return store_image(upload_dir, slug, data, extension, folder)


def proof_path(upload_dir: Path, relative: str | None) -> Path | None:
    if not relative:
        return None
    path = upload_dir / relative
    return path if path.is_file() else None
