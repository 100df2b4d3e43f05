"""What deposits, withdrawals and the operator API share: the brand's [wallet] bounds, request
keys, pages of a list, time stamps, locked rows and proof images."""
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from sqlalchemy import func, select

from tessera.core.envelope import ApiError
from tessera.system.feedback.services import MAX_IMAGE_BYTES, check_image, store_image
from tessera.core.timeutil import as_utc
from tessera.wallet.money import to_minor

PROOF_FIELD = "proof"
PROOF_MAX_BODY = MAX_IMAGE_BYTES + 1024 * 1024  # the image and the form around it


def wallet_settings(tenant) -> dict:
    return tenant.section("wallet")


def setting_minor(tenant, key: str) -> int | None:
    """An amount of the brand's [wallet] section ("100.00") in minor units, None when not set."""
    value = wallet_settings(tenant).get(key)
    return None if value is None else to_minor(Decimal(value))


def narrowed(low: int | None, high: int | None, brand_low: int | None,
             brand_high: int | None) -> tuple[int, int | None]:
    """The narrower of a channel's and the brand's bounds; at least one minor unit."""
    lows = [x for x in (low, brand_low, 1) if x is not None]
    highs = [x for x in (high, brand_high) if x is not None]
    return max(lows), min(highs) if highs else None


def request_key(member_id: int, call: str, request_id: str) -> str:
    """The key a member's request is known by: a replay finds the row it made."""
    return f"member:{member_id}:{call}:{request_id}"


def stamp(value) -> str | None:
    """A moment as the API writes it: ISO 8601 UTC to the second (``2026-11-23T05:01:02Z``)."""
    value = as_utc(value)
    return value.replace(microsecond=0).isoformat().replace("+00:00", "Z") if value else None


@dataclass(frozen=True)
class Page:
    rows: list
    page_no: int
    page_size: int
    total: int

    @property
    def total_pages(self) -> int:
        return (self.total + self.page_size - 1) // self.page_size

    def value(self, show) -> dict:
        return {"list": [show(row) for row in self.rows], "pageNo": self.page_no, "totalPages": self.total_pages,
                "total": self.total}


def page_of(db, query, order, page_no: int = 1, page_size: int = 20) -> Page:
    """One page of ``query`` (a select of one entity) in ``order``, with the count of all its rows."""
    total = db.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = db.scalars(query.order_by(*order).offset((page_no - 1) * page_size).limit(page_size)).all()
    return Page(list(rows), page_no, page_size, total)


def locked(db, model, row_id: int, *criteria):
    """The row, read again and locked until the transaction ends (PostgreSQL), so two requests
    moving the same deposit or withdrawal take turns; SQLite transactions take turns already
    (each begins IMMEDIATE)."""
    query = select(model).where(model.id == row_id, *criteria).with_for_update()
    return db.scalars(query.execution_options(populate_existing=True)).one_or_none()


def field_refusal(request, fields: list[str], code: str, **params) -> ApiError:
    """The refusal the API description's checks give, for a field checked here instead."""
    message = request.translate(code, **params)
    return ApiError(400, "invalid_request", value={"fields": [
        {"field": field, "code": code, "message": message} for field in fields]})


def masked(account_number: str) -> str:
    return f"****{account_number[-4:]}"


# Proof images: checked as feedback images are (PNG or JPEG by content, 5 MB), kept apart from them.

def uploaded_file(request, field: str = PROOF_FIELD) -> tuple[str, bytes] | None:
    """The file sent under ``field`` of a multipart form, None when there is none; text sent
    there is refused."""
    value = request.POST.get(field)
    if value is None or value == "":
        return None
    if not hasattr(value, "file"):
        raise field_refusal(request, [field], "field_type", type="file")
    return value.filename or field, value.file.read(MAX_IMAGE_BYTES + 1)


def store_proof(request, upload: tuple[str, bytes], folder: str) -> str:
    """Check a proof image and keep it under the brand's ``folder``; its path under the upload folder."""
    name, data = upload
    extension = check_image(data, name)
    return store_image(request.registry.settings["tessera"].upload_dir, request.tenant.slug, data, extension, folder)


def proof_path(request, relative: str | None) -> Path | None:
    if not relative:
        return None
    path = request.registry.settings["tessera"].upload_dir / relative
    return path if path.is_file() else None
