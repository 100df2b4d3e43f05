"""Running alembic from Tessera: the core's versions plus every plugin's."""

from pathlib import Path

from alembic import command
from alembic.config import Config

from tessera.plugins import plugin_manager

HERE = Path(__file__).parent


def alembic_config(database_url: str, pm=None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE / "migrations"))
    locations = [str(HERE / "migrations" / "versions")]
    for answer in (pm or plugin_manager()).hook.tessera_migration_locations():
        locations.extend(answer or [])
    config.set_main_option("version_locations", " ".join(locations))
    config.set_main_option("path_separator", "space")
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def made_on(dialect_name: str):
    """Alembic's include_object for comparing a database of DIALECT_NAME with the models: an
    object declared for other databases only (``.ddl_if(dialect=...)``) is not expected there."""

    def include_object(obj, name, type_, reflected, compare_to):
        condition = getattr(obj, "_ddl_if", None)
        return condition is None or condition.dialect in (None, dialect_name)

    return include_object


def upgrade(database_url: str, revision: str = "heads") -> None:
    command.upgrade(alembic_config(database_url), revision)
