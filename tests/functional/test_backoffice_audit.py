"""The back office's audit: each entry chained to the one before by its hash, read with filters
and pages by staff holding audit.read on the brand, proven by ``tessera audit verify``, which
finds a tampered entry; concurrent appends never fork the chain."""

import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from cli_operator import Operator
from tessera.backoffice.audit.models import GENESIS, AuditEntry
from tessera.backoffice.audit.services import audit, entry_hash, verify
from tessera.backoffice.permissions import Permission
from tessera.core.db import make_engine, operator_session
from tessera.core.timeutil import iso, utcnow
from tessera.migrate import upgrade


def test_entries_chain_and_a_changed_entry_breaks_the_chain(db_session):
    at = utcnow()
    first = audit(db_session, "alice", "deposit_approved", at, brand="demo-bd", target="deposit:1", after={"status": 2})
    second = audit(
        db_session, "bob", "member_frozen", at, brand="demo-ph", before={"s": 1}, after={"s": 0}, ip="192.0.2.1"
    )
    assert second.previous_hash == first.hash and second.hash == entry_hash(second)
    checked, broken = verify(db_session)
    assert broken is None and checked >= 2
    db_session.execute(update(AuditEntry).where(AuditEntry.id == first.id).values(after={"status": 3}))
    db_session.expire_all()
    checked, broken = verify(db_session)
    assert broken is not None and broken.entry_id == first.id and "hash" in broken.reason


def test_a_removed_entry_breaks_the_chain_at_the_next(db_session):
    at = utcnow()
    entries = [audit(db_session, "alice", f"action{i}", at) for i in range(3)]
    db_session.delete(entries[1])
    db_session.flush()
    _, broken = verify(db_session)
    assert broken is not None and broken.entry_id == entries[2].id


def test_the_log_is_read_with_filters_and_pages(staff_member, db_session):
    at = utcnow()
    for i in range(5):
        audit(
            db_session, "carol", "deposit_approved", at + timedelta(minutes=i), brand="demo-bd", target=f"deposit:{i}"
        )
    audit(db_session, "carol", "banner_published", at, brand="demo-bd")
    audit(db_session, "carol", "deposit_approved", at, brand="demo-ph")
    reader = staff_member({"demo-bd": [Permission.AuditRead]})
    reader.login()
    since = iso(at + timedelta(minutes=1))
    query = f"/bo/api/audit?brand=demo-bd&staff=carol&action=deposit_approved&pageSize=2&page=2&from={since}"
    page = reader.browser.get(query).json["value"]
    assert (page["total"], page["page"], page["pageSize"]) == (4, 2, 2)
    assert [e["target"] for e in page["entries"]] == ["deposit:2", "deposit:1"]  # newest first
    refused = reader.browser.get("/bo/api/audit?brand=demo-ph", status=403).json
    assert refused["code"] == "permission_denied"
    assert reader.browser.get("/bo/api/audit", status=403).json["code"] == "permission_denied"
    superuser = staff_member(superuser=True)
    superuser.login()
    everything = superuser.browser.get("/bo/api/audit?staff=carol").json["value"]
    assert everything["total"] == 7


@pytest.fixture
def tessera(tmp_path):
    operator = Operator(tmp_path)
    operator("db", "upgrade")
    operator("tenants", "sync")
    return operator


def test_staff_are_made_from_the_command_line_and_the_chain_verified(tessera):
    tessera("staff", "roles", "define", "cashier", "deposit.approve", "withdrawal.approve", "member.read")
    made = tessera("staff", "create", "Dana", "--brand", "demo-bd", "--role", "cashier")
    assert made.output.startswith("staff member 'dana' created; the password is shown only now:\n")
    tessera("staff", "create", "dana", exit_code=1)
    tessera("staff", "create", "root", "--superuser")
    tessera("staff", "grant", "dana", "--brand", "demo-ph", "--role", "cashier")
    tessera("staff", "grant", "dana", "--brand", "demo-ph", "--role", "nobody", exit_code=1)
    assert "cashier\tdeposit.approve, member.read, withdrawal.approve" in tessera("staff", "roles", "list").output
    reset = tessera("staff", "reset-password", "dana")
    assert reset.output.startswith("staff member 'dana' has a new password, shown only now:\n")
    assert tessera("audit", "verify").output == "the audit chain holds: 6 entries\n"
    engine = make_engine(tessera.settings.database_url)
    try:
        with operator_session(engine) as session:
            third = session.scalar(select(AuditEntry.id).order_by(AuditEntry.id).offset(2).limit(1))
            session.execute(update(AuditEntry).where(AuditEntry.id == third).values(staff="someone else"))
    finally:
        engine.dispose()
    broken = tessera("audit", "verify", exit_code=1)
    assert f"the audit chain breaks at entry {third}: its fields do not match its hash" in broken.output


@pytest.fixture
def own_database(settings, request, tmp_path):
    """A database of the test's own, migrated, where appends commit for real: PostgreSQL when the
    suite runs on it, else a SQLite file."""
    if settings.database_url.startswith("postgresql"):
        url = request.getfixturevalue("postgresql_database")
    else:
        url = f"sqlite:///{tmp_path / 'audit.sqlite'}"
    upgrade(url)
    engine = make_engine(url)
    yield engine
    engine.dispose()


def test_concurrent_appends_never_fork_the_chain(own_database):
    writers, each = 8, 10
    start = threading.Barrier(writers)
    failures = []

    def append(writer: int):
        start.wait()
        try:
            for i in range(each):
                with operator_session(own_database) as session:
                    audit(session, f"writer{writer}", "concurrent", utcnow(), target=str(i))
        except Exception as error:  # a failure is reported by the test, not lost in its thread
            failures.append(error)

    threads = [threading.Thread(target=append, args=(w,)) for w in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with operator_session(own_database) as session:
        assert session.scalar(select(func.count(AuditEntry.id))) == writers * each
        checked, broken = verify(session)
        assert (checked, broken) == (writers * each, None)
        assert session.scalar(select(AuditEntry.previous_hash).order_by(AuditEntry.id).limit(1)) == GENESIS
