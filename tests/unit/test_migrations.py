"""The migrations and the models describe the same schema, on SQLite and on PostgreSQL."""

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from tessera.core.db import Base, make_engine
from tessera.migrate import alembic_config, made_on, upgrade
from tessera.models import load_all_models


def test_migrated_database_matches_the_models(engine):
    load_all_models()
    with engine.connect() as connection:
        opts = {"compare_type": True, "include_object": made_on(connection.dialect.name)}
        context = MigrationContext.configure(connection, opts=opts)
        assert compare_metadata(context, Base.metadata) == []


def test_migrations_go_down_and_up_again(tmp_path):
    url = f"sqlite:///{tmp_path / 'roundtrip.sqlite'}"
    upgrade(url)
    command.downgrade(alembic_config(url), "base")
    engine = make_engine(url)
    assert set(inspect(engine).get_table_names()) == {"alembic_version"}
    upgrade(url)
    assert {"tenants", "tenant_domains", "feedback"} <= set(inspect(make_engine(url)).get_table_names())
