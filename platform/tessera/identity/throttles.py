"""What the identity throttles count: the rows of a kind a brand made since a moment (failed
logins, verification codes, reset emails, registrations, wrong old passwords)."""

import hashlib
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, text

from tessera.core.timeutil import as_utc

HOUR = timedelta(hours=1)  # the window every identity throttle counts over


def count_since(db, model, since: datetime, *criteria) -> int:
    """How many rows of ``model`` (which has ``id`` and ``created_at``) meeting ``criteria`` were
    made at or after ``since``; the request's brand only, as every query of the session."""
    return db.scalar(select(func.count(model.id)).where(model.created_at >= since, *criteria))


LOCK = text("SELECT pg_advisory_xact_lock(:key)")  # a transaction's lock, let go at its end


def attempts_take_turns(db, *names: str) -> None:
    """Attempts counted against the limits ``names`` take turns from here to the end of the
    transaction, on every node: what one counted and kept, the next counts too, so a burst of
    attempts cannot pass a limit together. PostgreSQL: a transaction's advisory lock per name,
    taken in one order (no two attempts wait on each other); SQLite's transactions take turns
    already, each beginning IMMEDIATE."""
    if db.get_bind().dialect.name != "postgresql":
        return
    keys = sorted({int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True) for name in names})
    for key in keys:
        db.execute(LOCK, {"key": key})


def failed_logins_limit(
    db,
    model,
    key: str,
    account,
    ip_column,
    ip: str,
    at: datetime,
    last_login: datetime | None,
    per_account: int,
    per_ip: int,
) -> str | None:
    """Which limit the failed logins of the hour reached, ``account`` or ``ip``, else None.

    ``model`` is the failed logins' table, ``account`` its criterion for the account's name
    ``key``; an account's own successful login (``last_login``) starts its count again, an
    address's runs on. Logins of the account or from the address take turns from here to the end
    of the transaction, so the failures one keeps are counted by the next."""
    scope = f"{model.__tablename__}:{db.info.get('tenant_id')}"
    attempts_take_turns(db, f"{scope}:account:{key}", f"{scope}:ip:{ip}")
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
