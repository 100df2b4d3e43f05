"""Driver errors that mean "run the transaction again" are marked for pyramid_retry, on the
embedded SQLite and on PostgreSQL, by the engine itself."""

import threading

import pytest
from pyramid_retry import IRetryableError
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError

from tessera.core.db import make_engine


def test_sqlite_transactions_that_read_then_write_wait_their_turn(tmp_path):
    """Each transaction takes the write lock when it begins (BEGIN IMMEDIATE): one that read a
    value and then writes cannot have been overtaken by another writer in between."""
    engine = make_engine(f"sqlite:///{tmp_path / 'turns.sqlite'}")
    with engine.begin() as setup:
        setup.exec_driver_sql("CREATE TABLE counter (n INTEGER)")
        setup.exec_driver_sql("INSERT INTO counter VALUES (0)")
    start = threading.Barrier(4)

    def add_one():
        start.wait(10)
        with engine.begin() as connection:
            n = connection.exec_driver_sql("SELECT n FROM counter").scalar()
            connection.exec_driver_sql("UPDATE counter SET n = ?", (n + 1,))

    threads = [threading.Thread(target=add_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT n FROM counter").scalar() == 4  # no update lost, none refused
    finally:
        engine.dispose()


def test_sqlite_waiting_longer_than_the_busy_timeout_is_transient(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'locks.sqlite'}")
    holder = engine.connect()
    waiter = engine.connect()
    try:
        holder.begin()  # holds the write lock
        waiter.connection.driver_connection.execute("PRAGMA busy_timeout=50")
        with pytest.raises(OperationalError, match="database is locked") as refused:
            waiter.exec_driver_sql("SELECT 1")
        assert IRetryableError.providedBy(refused.value)
    finally:
        holder.close()
        waiter.close()
        engine.dispose()


def test_sqlite_begin_modes_are_checked(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'modes.sqlite'}")
    try:
        with engine.connect().execution_options(sqlite_begin="NOW") as connection, pytest.raises(ValueError):
            connection.exec_driver_sql("SELECT 1")
    finally:
        engine.dispose()


def test_an_ordinary_sqlite_error_is_not_transient(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'plain.sqlite'}")
    with engine.connect() as connection, pytest.raises(OperationalError) as refused:
        connection.exec_driver_sql("SELECT * FROM no_such_table")
    assert not IRetryableError.providedBy(refused.value)
    engine.dispose()


@pytest.mark.parametrize("sqlstate, transient", [("40001", True), ("40P01", True), ("22012", False)])
def test_postgresql_serialization_failures_and_deadlocks_are_transient(engine, sqlstate, transient):
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLSTATE classes are PostgreSQL's")
    raised = f"DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '{sqlstate}'; END $$"
    with engine.connect() as connection, pytest.raises(DBAPIError) as refused:
        connection.execute(text(raised))
    assert IRetryableError.providedBy(refused.value) is transient
