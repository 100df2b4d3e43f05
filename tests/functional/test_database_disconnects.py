"""A connection the database server closed while it waited in the pool (a restart, a failover, an
idle timeout) costs a request nothing: the app does not ping each connection before use, so the
request's first statement fails, the pool drops its connections, and the request runs again on a
new one. A connection lost in the middle of a transaction is the same: the server rolled it back."""

import dataclasses

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool
from webtest import TestApp

from databases import demo_brands
from tessera.app import make_app

STATUS = "/wps/system/status"
BD = {"Host": "demo-bd.localhost"}


@pytest.fixture
def served(settings, postgresql_database):
    with demo_brands(postgresql_database, settings.secret_key) as db:
        db.commit()
    app = make_app(dataclasses.replace(settings, database_url=postgresql_database))
    try:
        yield TestApp(app), postgresql_database
    finally:
        app.registry["db_engine"].dispose()


def terminate_others(url: str) -> int:
    """Close every other connection to the database at ``url`` from the server's side: how many."""
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    others = text(
        "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE datname = :db AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
    )
    try:
        with engine.connect() as connection:
            return connection.execute(others, {"db": make_url(url).database}).scalar_one()
    finally:
        engine.dispose()


def test_a_connection_closed_in_the_pool_is_replaced_and_the_request_answered(served):
    app, url = served
    assert app.get(STATUS, headers=BD).json["success"]
    engine = app.app.registry["db_engine"]
    assert not engine.pool._pre_ping  # the behaviour under test: no ping before each use
    assert terminate_others(url) >= 1
    for _ in range(3):
        assert app.get(STATUS, headers=BD).json["success"]
