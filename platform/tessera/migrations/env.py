"""Alembic environment: the core's models plus any plugin's, on SQLite or PostgreSQL."""

from alembic import context

from tessera.core.db import Base, make_engine
from tessera.migrate import made_on
from tessera.models import load_all_models

load_all_models()
target_metadata = Base.metadata


def run_migrations_online():
    connectable = context.config.attributes.get("connection")
    if connectable is not None:
        _run(connectable)
        return
    engine = make_engine(context.config.get_main_option("sqlalchemy.url"))
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


def _run(connection):
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        include_object=made_on(connection.dialect.name),
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
