"""What the identity throttles count: the rows of a kind a brand made since a moment (failed
logins, verification codes, reset emails, registrations, wrong old passwords)."""

from datetime import datetime, timedelta

from sqlalchemy import func, select

HOUR = timedelta(hours=1)  # the window every identity throttle counts over


def count_since(db, model, since: datetime, *criteria) -> int:
    """How many rows of ``model`` (which has ``id`` and ``created_at``) meeting ``criteria`` were
    made at or after ``since``; the request's brand only, as every query of the session."""
    return db.scalar(select(func.count(model.id)).where(model.created_at >= since, *criteria))
