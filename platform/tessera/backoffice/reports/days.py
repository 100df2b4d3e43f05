"""The days a report covers, in the brand's time zone, and the SQL that puts a moment on its day.

A report asks for whole days (``from`` and ``to``, both included) and answers every day between,
empty ones too. On PostgreSQL a moment's day is read in the brand's zone itself, daylight saving
included; the embedded SQLite database shifts moments by the zone's offset at the period's start,
which is exact for zones without daylight saving (every demo brand's)."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import String, literal
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from tessera.core.envelope import ApiError

MAX_DAYS = 92  # the longest period one report answers (a quarter)
DEFAULT_DAYS = 30  # what the dashboard shows when no period is asked


@dataclass(frozen=True)
class Period:
    """Whole days of the brand's zone: ``first`` to ``last`` included, and the UTC moments they span."""

    first: date
    last: date
    zone: ZoneInfo

    @property
    def since(self) -> datetime:
        return datetime.combine(self.first, time(), self.zone)

    @property
    def until(self) -> datetime:
        return datetime.combine(self.last + timedelta(days=1), time(), self.zone)

    @property
    def days(self) -> list[date]:
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]

    def day_of(self, column):
        """``column`` (a UTC moment) as the ISO day it falls on in this period's zone, in SQL."""
        offset = self.since.utcoffset() or timedelta()
        minutes = int(offset.total_seconds() // 60)
        return local_day(column, literal(self.zone.key), literal(f"{minutes:+d} minutes"))


def brand_zone(tenant) -> ZoneInfo:
    return ZoneInfo(tenant.config.get("timezone") or "UTC")


def brand_today(tenant, at: datetime) -> date:
    return at.astimezone(brand_zone(tenant)).date()


def _day(value: str | None, field: str) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ApiError(400, "date_invalid", field=field) from None


def asked_period(tenant, at: datetime, first: str | None, last: str | None, default_days: int = 1) -> Period:
    """The period a call asks for (``from`` and ``to`` as ISO days); without ``to`` it ends today,
    without ``from`` it is the ``default_days`` ending then. No more than MAX_DAYS days."""
    today = brand_today(tenant, at)
    end = _day(last, "to") or today
    start = _day(first, "from") or end - timedelta(days=default_days - 1)
    if start > end:
        raise ApiError(400, "date_invalid", field="to")
    if (end - start).days + 1 > MAX_DAYS:
        raise ApiError(400, "period_too_long", limit=MAX_DAYS)
    return Period(start, end, brand_zone(tenant))


class local_day(FunctionElement):  # noqa: N801 -- a SQL function's name
    """The ISO day (YYYY-MM-DD) of a UTC moment in a zone: (moment, zone name, SQLite's offset)."""

    type = String()
    inherit_cache = True
    name = "local_day"


@compiles(local_day, "postgresql")
def _local_day_postgresql(element, compiler, **kw):
    moment, zone, _ = list(element.clauses)
    return f"to_char(timezone({compiler.process(zone, **kw)}, {compiler.process(moment, **kw)}), 'YYYY-MM-DD')"


@compiles(local_day)
def _local_day_sqlite(element, compiler, **kw):
    moment, _, offset = list(element.clauses)
    return f"date({compiler.process(moment, **kw)}, {compiler.process(offset, **kw)})"
