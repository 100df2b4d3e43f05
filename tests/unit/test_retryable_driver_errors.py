"""Driver errors that mean "run the transaction again" are marked for pyramid_retry, on the
embedded SQLite and on PostgreSQL, by the engine itself."""
import pytest
from pyramid_retry import IRetryableError
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError

from tessera.db import make_engine


def test_sqlite_refusing_a_write_from_an_old_snapshot_is_transient(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'locks.sqlite'}")
    with engine.begin() as setup:
        setup.exec_driver_sql("CREATE TABLE counter (n INTEGER)")
        setup.exec_driver_sql("INSERT INTO counter VALUES (0)")
    reader = engine.connect()
    try:
        reader.begin()
        reader.exec_driver_sql("SELECT n FROM counter").all()  # the snapshot this transaction reads
        with engine.begin() as other:
            other.exec_driver_sql("UPDATE counter SET n = 1")
        with pytest.raises(OperationalError, match="database is locked") as refused:
            reader.exec_driver_sql("UPDATE counter SET n = 2")  # at once, whatever the busy timeout
        assert IRetryableError.providedBy(refused.value)
    finally:
        reader.close()
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
