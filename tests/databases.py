"""Real databases for the tests and the benches: a PostgreSQL database of their own, one migrated
with the demo brands, and work committed in a session of its own, run again when the database
refuses it for now, and a killer of backends for the tests that prove what survives one."""

import itertools
import random
import threading
from contextlib import contextmanager

from alembic import command
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from tessera.core.db import ALL_TENANTS, is_transient, make_engine, scope_connection
from tessera.core.settings import ROOT
from tessera.migrate import alembic_config, upgrade
from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.services import sync_tenants


@contextmanager
def own_database(server: str, name: str):
    """The URL of a new database ``name`` on the PostgreSQL server of the URL ``server`` (one a
    stopped run left is dropped first); dropped afterwards, whoever is still connected."""
    admin = create_engine(server, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    drop = text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    try:
        with admin.connect() as connection:
            connection.execute(drop)
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield make_url(server).set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.execute(drop)
    finally:
        admin.dispose()


@contextmanager
def demo_brands(url: str, secret_key: str, pm=None, tenants_dir=ROOT / "tenants"):
    """A session over every brand of the database at ``url``, migrated, with the demo brands
    (``tenants_dir``, by default tenants/) synced, their plugins' settings checked by ``pm`` (the
    installed plugins when None). The caller commits; the engine is disposed afterwards
    (``db.get_bind()`` until then)."""
    upgrade(url)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            db.info["tenant_id"] = ALL_TENANTS
            schemas = settings_schemas(plugin_manager() if pm is None else pm)
            sync_tenants(db, load_tenants(tenants_dir, schemas), secret_key)
            yield db
    finally:
        engine.dispose()


def brands_at_revision(url: str, revision: str) -> None:
    """The database at ``url`` at migration ``revision``, with the demo brands: synced at the newest
    revision, since the sync writes today's tables, then taken back to ``revision``."""
    upgrade(url)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            db.info["tenant_id"] = ALL_TENANTS
            sync_tenants(db, load_tenants(ROOT / "tenants", settings_schemas(plugin_manager())), "secret")
            db.commit()
    finally:
        engine.dispose()
    command.downgrade(alembic_config(url), revision)


def run_committed(engine, tenant_id: int, work, attempts: int | None = None) -> None:
    """``work(db)`` in a session of its own scoped to the brand, committed; run again (at most
    ``attempts`` times in all, or until it commits) when the database refuses it for now, as
    pyramid_retry replays a request. Any other error, or the last refusal, is raised."""
    for attempt in itertools.count(1):
        try:
            with Session(engine) as db:
                scope_connection(db, tenant_id)
                work(db)
                db.commit()
            return
        except DBAPIError as exc:
            if attempt == attempts or not is_transient(exc.orig):
                raise


def kill_backends(url: str, stop: threading.Event, rng: random.Random, kills: list[int]) -> None:
    """Terminate a random backend of the database that is inside a transaction, now and then."""
    database = make_url(url).database
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    busy = text(
        "SELECT pid FROM pg_stat_activity WHERE datname = :db AND pid <> pg_backend_pid() "
        "AND backend_type = 'client backend' AND xact_start IS NOT NULL ORDER BY pid"
    )
    try:
        with engine.connect() as connection:
            while not stop.wait(rng.uniform(0.05, 0.25)):
                pids = connection.execute(busy, {"db": database}).scalars().all()
                if pids and connection.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": rng.choice(pids)}):
                    kills.append(1)
    finally:
        engine.dispose()
