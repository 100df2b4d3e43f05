"""The database: one declarative base, engines, the request's unit of work, and tenant scoping.

Every model that mixes in :class:`TenantOwned` is scoped automatically: a session whose
``info["tenant_id"]`` is set sees only that tenant's rows in every ORM select, update and
delete (joins, aliases, subqueries and aggregates included), and can only write rows of that
tenant. A session that has no tenant refuses to touch tenant-owned tables unless it was opened
for all tenants (``ALL_TENANTS``), as operator commands do.

Scoping works on mapped classes: code refers to ``Feedback``, never to ``Feedback.__table__``,
except in a statement built once for a hot path and marked :func:`bound_to_tenant`, which names
its brand in a bound parameter that the session checks at every run.
On PostgreSQL, row-level security on every tenant-owned table is the second wall, keyed by the
``tessera.tenant_id`` setting that each request's transaction carries.
"""

import sqlite3
from contextlib import contextmanager
from datetime import datetime
from functools import lru_cache
from typing import cast

import zope.sqlalchemy
from pyramid_retry import mark_error_retryable
from sqlalchemy import DateTime, ForeignKey, MetaData, String, Table, create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    Session,
    declared_attr,
    mapped_column,
    sessionmaker,
    with_loader_criteria,
)
from sqlalchemy.sql.util import find_tables
from zope.sqlalchemy.datamanager import STATUS_ACTIVE, join_transaction

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class TenantScopeError(RuntimeError):
    """Code tried to read or write tenant-owned rows outside its tenant."""


class TenantOwned:
    """Mixin for rows that belong to one brand."""

    @declared_attr
    def tenant_id(cls) -> Mapped[int]:
        return mapped_column(ForeignKey("tenants.id", ondelete="RESTRICT"), index=True, nullable=False)


class SessionRecord:
    """Mixin for a login (a member's or a staff member's): only the SHA-256 of its token is kept,
    with when it began, was last used, ends and was revoked, and the address it came from."""

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ip: Mapped[str | None] = mapped_column(String(45))


ALL_TENANTS = "all"


def tenant_owned_tables() -> frozenset[str]:
    return _owned_tables(len(Base.registry.mappers))


@lru_cache(maxsize=8)
def _owned_tables(mapper_count: int) -> frozenset[str]:
    return frozenset(
        cast(Table, mapper.local_table).name
        for mapper in Base.registry.mappers
        if issubclass(mapper.class_, TenantOwned)
    )


def _touches_tenant_rows(statement) -> bool:
    owned = tenant_owned_tables()
    tables = find_tables(statement, include_crud=True, include_joins=True, include_aliases=True)
    return any(getattr(getattr(t, "element", t), "name", None) in owned for t in tables)


BOUND_TO_TENANT = "tessera_bound_to_tenant"


def bound_to_tenant(statement):
    """A statement built once for every call, that names its tenant itself: each tenant-owned
    table it reads is filtered by the bound parameter ``tenant_id``, which must then be the
    session's tenant. It runs as it was built (no criteria added at each run, so its compiled form
    is found at once); a run for another tenant is refused, and row-level security still holds."""
    return statement.execution_options(**{BOUND_TO_TENANT: True})


@event.listens_for(Session, "do_orm_execute")
def _scope_to_tenant(state):
    if state.is_column_load or state.is_relationship_load:
        return  # the parent row was already scoped
    tenant_id = state.session.info.get("tenant_id")
    if tenant_id == ALL_TENANTS:
        return
    if tenant_id is None:
        if _touches_tenant_rows(state.statement):
            raise TenantScopeError("a query touched tenant-owned rows without a tenant")
        return
    if state.execution_options.get(BOUND_TO_TENANT):
        if not isinstance(state.parameters, dict) or state.parameters.get("tenant_id") != tenant_id:
            raise TenantScopeError("a statement bound to its tenant was given another tenant")
        return
    if not state.is_orm_statement:
        return  # plain SQL or a table's statement: the criteria apply to mapped classes only
    # Criteria for tenant-owned entities; statements without any are left as they are.
    state.statement = state.statement.options(
        with_loader_criteria(TenantOwned, lambda cls: cls.tenant_id == tenant_id, include_aliases=True)
    )


WRITES = "tessera_writes"
TRANSACTION_MANAGER = "tessera_transaction_manager"


def writes(statement):
    """Plain SQL that writes: the request's transaction then commits it (``_mark_written`` sees
    statements on tables and the ORM's writes, not what plain SQL does)."""
    return statement.execution_options(**{WRITES: True})


def _request_manager(session):
    """The transaction manager of the request whose session this is (``request_db``); None for a
    command's or a task's session, which commits itself."""
    return session.info.get(TRANSACTION_MANAGER)


# zope.sqlalchemy's listeners (``zope.sqlalchemy.register``), listening once on every session
# instead of being added to each request's: a request's session joins its request's transaction
# manager, and one that wrote is committed with the request (read-only, it is rolled back).


@event.listens_for(Session, "after_begin")
@event.listens_for(Session, "after_attach")
def _join_request_transaction(session, *_):
    manager = _request_manager(session)
    if manager is not None:
        join_transaction(session, STATUS_ACTIVE, manager)


def _written(session):
    manager = _request_manager(session)
    if manager is not None:
        zope.sqlalchemy.mark_changed(session, manager)


@event.listens_for(Session, "after_flush")
def _flushed(session, _context):
    _written(session)


@event.listens_for(Session, "after_bulk_update")
@event.listens_for(Session, "after_bulk_delete")
def _bulk_written(context):
    _written(context.session)


@event.listens_for(Session, "before_commit")
def _committed_by_its_manager(session):
    """A request's session is committed by its transaction manager, never by the application."""
    manager = _request_manager(session)
    if manager is not None:
        zope.sqlalchemy.ZopeTransactionEvents(transaction_manager=manager).before_commit(session)


@event.listens_for(Session, "do_orm_execute")
def _mark_written(state):
    """A request's session whose statements wrote (on a table or an entity, or plain SQL said to
    write) is committed with the request; its transaction manager otherwise takes it for a read."""
    if state.is_insert or state.is_update or state.is_delete or state.execution_options.get(WRITES):
        _written(state.session)


@event.listens_for(Session, "before_flush")
def _guard_tenant_writes(session, flush_context, instances):
    tenant_id = session.info.get("tenant_id")
    if tenant_id == ALL_TENANTS:
        return
    for obj in list(session.new) + list(session.dirty) + list(session.deleted):
        if not isinstance(obj, TenantOwned):
            continue
        if tenant_id is None:
            raise TenantScopeError("a write touched tenant-owned rows without a tenant")
        if obj.tenant_id is None and obj in session.new:
            obj.tenant_id = tenant_id
        if obj.tenant_id != tenant_id:
            raise TenantScopeError("a write crossed into another tenant")


SET_TENANT = "SELECT set_config('tessera.tenant_id', %s, true)"


def scope_connection(session: Session, tenant_id: int) -> None:
    """Scope the session to one tenant, and on PostgreSQL its transaction's row-level security too."""
    session.info["tenant_id"] = tenant_id
    if session.get_bind().dialect.name == "postgresql":
        # On the session's connection, past the ORM's steps: every request of a brand runs it first.
        session.connection().exec_driver_sql(SET_TENANT, (str(tenant_id),))


def enable_row_level_security(op, table: str) -> None:
    """For a migration creating a tenant-owned table: on PostgreSQL, rows are visible only to
    their tenant's transactions (or to operator transactions, which carry no tenant)."""
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
    op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
    op.execute(
        f"CREATE POLICY {table}_tenant ON {table} USING ("
        "nullif(current_setting('tessera.tenant_id', true), '') IS NULL "
        "OR tenant_id = nullif(current_setting('tessera.tenant_id', true), '')::integer)"
    )


def _sqlite_pragmas(dbapi_connection, connection_record):
    # Let SQLAlchemy, not the driver, begin transactions, so SAVEPOINT works (SQLAlchemy's pysqlite recipe).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def is_transient(error: BaseException) -> bool:
    """Whether a driver error means "run the whole transaction again": PostgreSQL's serialization
    failures and deadlocks (SQLSTATE class 40), and SQLite's lock refusals, which come at once,
    whatever the busy timeout, when a transaction that read an older snapshot tries to write."""
    if isinstance(error, sqlite3.OperationalError):
        return "database is locked" in str(error) or "database table is locked" in str(error)
    return (getattr(error, "sqlstate", None) or "").startswith("40")


def _mark_transient(context) -> None:
    # pyramid_retry then replays the request (TESSERA_RETRY_ATTEMPTS) instead of answering 500.
    # A connection lost on a statement is run again too: the server rolled its transaction back
    # (and the pool drops its connections). One lost while committing is not: it may have committed.
    if context.sqlalchemy_exception is None:
        return
    lost = context.is_disconnect and context.statement is not None
    if lost or is_transient(context.original_exception):
        mark_error_retryable(context.sqlalchemy_exception)


SQLITE_BEGIN_MODES = frozenset({"IMMEDIATE", "DEFERRED", "EXCLUSIVE"})


def _begin_sqlite(connection) -> None:
    # IMMEDIATE: a transaction takes the write lock when it begins, so one that reads and then
    # writes (a balance check, then a posting) waits its turn instead of failing at its first
    # write after another writer moved the database on. A connection may ask for another mode with
    # the ``sqlite_begin`` execution option (the test suite's outer transaction, which only holds
    # savepoints, begins DEFERRED so that other connections can still read and write).
    mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
    if mode not in SQLITE_BEGIN_MODES:
        raise ValueError(f"sqlite_begin must be one of {sorted(SQLITE_BEGIN_MODES)}")
    connection.exec_driver_sql(f"BEGIN {mode}")


def make_engine(url: str, ping: bool = True) -> Engine:
    """The engine of the database at ``url``. ``ping``: test each pooled connection before use (a
    round trip), for commands and jobs; the app's requests do without, as a connection the server
    closed fails at the request's first statement and the request is run again (``_mark_transient``)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _begin_sqlite)
    else:
        engine = create_engine(url, pool_pre_ping=ping, pool_size=10, max_overflow=10)
    event.listen(engine, "handle_error", _mark_transient)
    return engine


def request_db(request) -> Session:
    """The request's session, joined to its transaction manager (application code never commits).

    It is made on first use, scoped to the request's brand when the host has one.
    """
    session = request.registry["db_sessionmaker"]()
    session.info[TRANSACTION_MANAGER] = request.tm  # joined by ``_join_request_transaction``
    tenant = request.tenant_or_none
    if tenant is not None:
        scope_connection(session, tenant.id)
    return session


@contextmanager
def operator_session(engine: Engine, tenant_id=ALL_TENANTS):
    """A session for commands and tasks: commits on success, rolls back on error."""
    session = sessionmaker(bind=engine)()
    session.info["tenant_id"] = tenant_id
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def includeme(config):
    engine = make_engine(config.registry.settings["tessera"].database_url, ping=False)
    config.registry["db_engine"] = engine
    config.registry["db_sessionmaker"] = sessionmaker(bind=engine)
    config.add_request_method(request_db, "db", reify=True)
