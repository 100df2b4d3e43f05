"""Time is UTC everywhere; SQLite hands datetimes back naive, so read them as UTC."""

from datetime import UTC, datetime
from typing import overload


def utcnow() -> datetime:
    return datetime.now(UTC)


@overload
def as_utc(value: datetime) -> datetime: ...


@overload
def as_utc(value: datetime | None) -> datetime | None: ...


def as_utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def iso(value: datetime | None) -> str | None:
    value = as_utc(value)
    return value.isoformat().replace("+00:00", "Z") if value else None


def now(registry) -> datetime:
    """The time as the app sees it: the registry's ``clock`` when one is set (tests move it), else utcnow."""
    return registry.get("clock", utcnow)()
