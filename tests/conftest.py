"""Shared fixtures: one migrated database per run with the demo brands synced, a
savepoint-wrapped session per test, and a webtest app sharing that test's transaction.

TESSERA_TEST_DATABASE_URL picks the database (SQLite in a temporary folder by default).
"""

import os
import uuid
from pathlib import Path

import pytest
import webtest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool

from apps import app_with_plugins
from databases import own_database
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.core.settings import ROOT, Settings
from tessera.migrate import upgrade
from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.services import sync_tenants

# Addresses from the demo brands' CIDR ranges (documentation ranges).
BD_IP, US_IP, PH_IP = "203.0.113.9", "198.51.100.7", "192.0.2.44"

# The factories' fixtures (members, money, deposits, games, game sessions, bets), and the
# functional tests' fixtures beside the helpers they use: accounts (the outbox), payments, the
# transfer-wallet, seamless and betting-record test vendors, the game catalog, back-office staff.
pytest_plugins = [
    "factories",
    "accounts",
    "wallet_helpers",
    "wallet_vendor",
    "seamless_vendor",
    "games_helpers",
    "games_bets_helpers",
    "backoffice_staff",
]


def _reset(engine):
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))


def worker_database(url: str, worker: str) -> str:
    """On PostgreSQL, each pytest-xdist worker's own database beside the one named (made when
    missing), since each run starts by emptying its database."""
    if worker in ("", "master") or not url.startswith("postgresql"):
        return url
    name = f"{make_url(url).database}_{worker}"
    admin = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            if not connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}):
                connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def settings(tmp_path_factory, worker_id) -> Settings:
    tmp = tmp_path_factory.mktemp("tessera")
    url = os.environ.get("TESSERA_TEST_DATABASE_URL")
    url = worker_database(url, worker_id) if url else f"sqlite:///{tmp / 'test.sqlite'}"
    return Settings(
        database_url=url,
        tenants_dir=ROOT / "tenants",
        upload_dir=tmp / "uploads",
        validate_responses=True,
        log_format="text",
        secret_key="test-secret-key-of-at-least-32-bytes",
        cache_seconds=0,
    )


@pytest.fixture(scope="session")
def engine(settings):
    engine = make_engine(settings.database_url)
    _reset(engine)
    upgrade(settings.database_url)
    sources = load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
    with Session(engine) as session:
        session.info["tenant_id"] = ALL_TENANTS
        sync_tenants(session, sources, settings.secret_key)
        session.commit()
    yield engine
    engine.dispose()


@pytest.fixture
def postgresql_database(settings):
    """A PostgreSQL database of the test's own (for work that commits for real), dropped afterwards;
    the test is skipped when the suite does not run on PostgreSQL."""
    if not settings.database_url.startswith("postgresql"):
        pytest.skip("needs PostgreSQL: set TESSERA_TEST_DATABASE_URL to a postgresql+psycopg:// URL")
    with own_database(settings.database_url, f"tessera_own_{uuid.uuid4().hex[:8]}") as url:
        yield url


@pytest.fixture
def connection(engine):
    # DEFERRED on SQLite: this transaction only wraps the test's savepoints; taking the write lock
    # at once would keep the test's own other connections waiting.
    connection = engine.connect().execution_options(sqlite_begin="DEFERRED")
    transaction = connection.begin()
    yield connection
    transaction.rollback()
    connection.close()


@pytest.fixture
def db_session(connection) -> Session:
    """A session for arranging and checking data; everything it does is rolled back."""
    session = Session(bind=connection, join_transaction_mode="create_savepoint")
    session.info["tenant_id"] = ALL_TENANTS
    yield session
    session.close()


@pytest.fixture
def serve_connection(connection):
    """``serve_connection(wsgi)``: point a built app at this test's connection; afterwards, undo
    what the test changed in its registry."""
    restore = []

    def attach(wsgi):
        restore.append((wsgi, wsgi.registry["db_engine"]))
        wsgi.registry["db_sessionmaker"] = sessionmaker(bind=connection, join_transaction_mode="create_savepoint")
        return wsgi

    yield attach
    for wsgi, engine in restore:
        wsgi.registry["db_engine"] = engine


@pytest.fixture(scope="session")
def built_app(settings, engine):
    """Building the app (and its OpenAPI description) takes a while: once per run."""
    yield from app_with_plugins(settings)


@pytest.fixture
def app(built_app, serve_connection):
    return serve_connection(built_app)


@pytest.fixture
def testapp(app) -> webtest.TestApp:
    """The app as demo-bd's members see it from Bangladesh."""
    return webtest.TestApp(app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": BD_IP})


@pytest.fixture
def brand_app(app):
    """``brand_app("demo-ph.localhost", ip=...)``: the app as seen on another host or from elsewhere."""

    def make(host: str, ip: str = BD_IP) -> webtest.TestApp:
        return webtest.TestApp(app, extra_environ={"HTTP_HOST": host, "REMOTE_ADDR": ip})

    return make


@pytest.fixture
def ph(brand_app) -> webtest.TestApp:
    """The app as demo-ph's members see it from the Philippines."""
    return brand_app("demo-ph.localhost", ip=PH_IP)


@pytest.fixture
def tenant_ids(db_session) -> dict[str, int]:
    from tessera.tenancy.models import Tenant

    return {t.slug: t.id for t in db_session.query(Tenant)}


def pytest_configure(config):
    Path(ROOT / "var").mkdir(exist_ok=True)


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="only the tests that can reach the database (those using the settings fixture): a second "
        "run on another database repeats what depends on it and nothing else",
    )


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--database-tests-only"):
        return
    kept = [item for item in items if "settings" in getattr(item, "fixturenames", ())]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept
