"""What the identity throttles count: the rows of a kind a brand made since a moment (failed
logins, verification codes, reset emails, registrations, wrong old passwords)."""

from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from tessera.core.timeutil import as_utc

HOUR = timedelta(hours=1)  # the window every identity throttle counts over


def count_since(db, model, since: datetime, *criteria) -> int:
    """How many rows of ``model`` (which has ``id`` and ``created_at``) meeting ``criteria`` were
    made at or after ``since``; the request's brand only, as every query of the session."""
    return db.scalar(select(func.count(model.id)).where(model.created_at >= since, *criteria))


def failed_logins_limit(
    db, model, account, ip_column, ip: str, at: datetime, last_login: datetime | None, per_account: int, per_ip: int
) -> str | None:
    """Which limit the failed logins of the hour reached, ``account`` or ``ip``, else None.

    ``model`` is the failed logins' table, ``account`` its criterion for the account's name; an
    account's own successful login (``last_login``) starts its count again, an address's runs on."""
    since = at - HOUR
    account_since = max(since, as_utc(last_login)) if last_login else since
    if count_since(db, model, account_since, account) >= per_account:
        return "account"
    if count_since(db, model, since, ip_column == ip) >= per_ip:
        return "ip"
    return None


def keep_failed_login(db, row) -> None:
    """Count a failed login (``row``, of a table of them) and forget those the hour no longer counts."""
    db.add(row)
    model = type(row)
    db.execute(
        delete(model).where(model.created_at < row.created_at - HOUR).execution_options(synchronize_session=False)
    )
