"""How the wallet's lists answer: one page of rows with the count of all, and moments written as
the API writes them."""

from dataclasses import dataclass

from sqlalchemy import func, select

from tessera.core.timeutil import as_utc


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
        return {
            "list": [show(row) for row in self.rows],
            "pageNo": self.page_no,
            "totalPages": self.total_pages,
            "total": self.total,
        }


def page_of(db, query, order, page_no: int = 1, page_size: int = 20) -> Page:
    """One page of ``query`` (a select of one entity) in ``order``, with the count of all its rows."""
    total = db.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = db.scalars(query.order_by(*order).offset((page_no - 1) * page_size).limit(page_size)).all()
    return Page(list(rows), page_no, page_size, total)
