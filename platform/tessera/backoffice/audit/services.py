"""Appending to the audit log inside the action's own transaction, reading it, and proving the
chain unbroken."""

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, text

from tessera.backoffice.audit.models import GENESIS, AuditEntry
from tessera.core.timeutil import as_utc, iso

COMMAND_LINE = "command line"  # the staff an action of the ``tessera`` command is written under
# Appends take turns on PostgreSQL behind this transaction-scoped lock (SQLite's writers already do).
CHAIN_LOCK = 0x7E55E2A0D17


def _told(entry: AuditEntry) -> dict:
    """What the entry tells: who, which brand, what, before and after, from where, when."""
    return {
        "at": iso(entry.at),
        "staff": entry.staff,
        "brand": entry.brand,
        "action": entry.action,
        "target": entry.target,
        "before": entry.before,
        "after": entry.after,
        "ip": entry.ip,
    }


def canonical(entry: AuditEntry) -> str:
    """The entry's fields as one JSON text, keys sorted, no spaces: what its hash is made of."""
    fields = {**_told(entry), "previous": entry.previous_hash}
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(entry: AuditEntry) -> str:
    return hashlib.sha256(canonical(entry).encode()).hexdigest()


def _take_turn(db) -> None:
    if db.get_bind().dialect.name == "postgresql":
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": CHAIN_LOCK})


def audit(
    db,
    staff: str,
    action: str,
    at: datetime,
    *,
    brand: str | None = None,
    target: str | None = None,
    before: dict | None = None,
    after: dict | None = None,
    ip: str | None = None,
) -> AuditEntry:
    """Append an entry after the chain's last; it commits (or not) with the action it records."""
    _take_turn(db)
    tail = db.scalar(select(AuditEntry.hash).order_by(AuditEntry.id.desc()).limit(1))
    entry = AuditEntry(
        at=as_utc(at),
        staff=staff,
        brand=brand,
        action=action,
        target=target,
        before=before,
        after=after,
        ip=ip,
        previous_hash=tail or GENESIS,
    )
    entry.hash = entry_hash(entry)
    db.add(entry)
    db.flush()
    return entry


@dataclass(frozen=True)
class Break:
    """The first entry that does not hold: its id and why."""

    entry_id: int
    reason: str


def verify(db, batch: int = 1000) -> tuple[int, Break | None]:
    """Walk the chain from its start: how many entries hold, and the first that does not."""
    previous, checked, after_id = GENESIS, 0, 0
    while True:
        entries = db.scalars(select(AuditEntry).where(AuditEntry.id > after_id).order_by(AuditEntry.id).limit(batch))
        page = list(entries)
        if not page:
            return checked, None
        for entry in page:
            if entry.previous_hash != previous:
                return checked, Break(entry.id, "it does not name the entry before it")
            if entry_hash(entry) != entry.hash:
                return checked, Break(entry.id, "its fields do not match its hash")
            previous, checked, after_id = entry.hash, checked + 1, entry.id
        db.expunge_all()


@dataclass(frozen=True)
class AuditQuery:
    brand: str | None = None
    staff: str | None = None
    action: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    page: int = 1
    page_size: int = 50


def as_value(entry: AuditEntry) -> dict:
    return {"id": entry.id, **_told(entry), "hash": entry.hash}


def entries(db, query: AuditQuery) -> dict:
    """A page of the log, newest first, and how many entries the filters match."""
    criteria = []
    if query.brand is not None:
        criteria.append(AuditEntry.brand == query.brand)
    if query.staff is not None:
        criteria.append(AuditEntry.staff == query.staff)
    if query.action is not None:
        criteria.append(AuditEntry.action == query.action)
    if query.since is not None:
        criteria.append(AuditEntry.at >= query.since)
    if query.until is not None:
        criteria.append(AuditEntry.at < query.until)
    total = db.scalar(select(func.count(AuditEntry.id)).where(*criteria))
    found = db.scalars(
        select(AuditEntry)
        .where(*criteria)
        .order_by(AuditEntry.id.desc())
        .offset((query.page - 1) * query.page_size)
        .limit(query.page_size)
    )
    return {
        "entries": [as_value(e) for e in found],
        "total": total,
        "page": query.page,
        "pageSize": query.page_size,
    }
