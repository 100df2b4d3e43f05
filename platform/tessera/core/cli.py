"""What every feature's commands share: an operator session on TESSERA_DATABASE_URL."""

from contextlib import contextmanager

from tessera.core.db import make_engine, operator_session


@contextmanager
def command_session(settings):
    """An operator session (every brand's rows) on TESSERA_DATABASE_URL, committed when the block
    ends without an error; its engine is closed afterwards."""
    engine = make_engine(settings.database_url)
    try:
        with operator_session(engine) as session:
            yield session
    finally:
        engine.dispose()
