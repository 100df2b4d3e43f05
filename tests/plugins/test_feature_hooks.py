"""The feature hooks: ``tessera_configure`` adds a plugin's calls to the app, and
``tessera_migration_locations`` adds its tables to ``tessera db upgrade``."""

import textwrap

import pytest
import webtest
from alembic import command
from sqlalchemy import inspect
from sqlalchemy.orm import sessionmaker

from tessera import hookimpl
from tessera.app import make_app
from tessera.core.db import make_engine
from tessera.migrate import alembic_config
from tessera.plugins import make_plugin_manager

FRAGMENT = """
paths:
  /wps/probe/echo:
    get:
      summary: The brand and the number asked for.
      parameters:
        - {name: n, in: query, required: true, schema: {type: integer}}
      responses:
        "200":
          description: The brand and the number.
          content:
            application/json:
              schema:
                allOf:
                  - $ref: "#/components/schemas/Envelope"
                  - properties:
                      value:
                        type: object
                        required: [brand, n]
                        properties: {brand: {type: string}, n: {type: integer}}
"""

MIGRATION = '''
"""probe notes"""
import sqlalchemy as sa
from alembic import op

revision = "probe0001"
down_revision = None
branch_labels = ("probe",)
depends_on = None


def upgrade():
    op.create_table("probe_notes", sa.Column("id", sa.Integer(), primary_key=True), sa.Column("text", sa.Text()))


def downgrade():
    op.drop_table("probe_notes")
'''


def echo(request):
    return {"brand": request.tenant.slug, "n": request.openapi.parameters.query["n"]}


class ProbeFeature:
    """A plugin that adds one call, described by its own OpenAPI fragment, and one table."""

    def __init__(self, folder):
        self.folder = folder
        self.configured = []

    @hookimpl
    def tessera_configure(self, config):
        self.configured.append(config)
        config.add_route("probe.echo", "/wps/probe/echo")
        config.add_view(echo, route_name="probe.echo", request_method="GET", renderer="api", openapi=True)
        config.add_openapi(str(self.folder / "openapi.yaml"))

    @hookimpl
    def tessera_migration_locations(self):
        return [str(self.folder / "versions")]


@pytest.fixture
def probe(tmp_path):
    (tmp_path / "openapi.yaml").write_text(FRAGMENT)
    (tmp_path / "versions").mkdir()
    (tmp_path / "versions" / "probe0001_probe_notes.py").write_text(textwrap.dedent(MIGRATION))
    return ProbeFeature(tmp_path)


@pytest.fixture
def probe_pm(probe):
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(probe, name="probe")
    return pm


@pytest.fixture
def probe_app(settings, connection, probe_pm):
    wsgi = make_app(settings, plugin_manager=probe_pm)
    wsgi.registry["db_sessionmaker"] = sessionmaker(bind=connection, join_transaction_mode="create_savepoint")
    yield webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"})
    wsgi.registry["db_engine"].dispose()


def test_tessera_configure_runs_once_while_the_app_is_built(probe, probe_app):
    assert len(probe.configured) == 1


def test_a_call_added_by_tessera_configure_answers_for_each_brand(probe_app):
    assert probe_app.get("/wps/probe/echo", {"n": "5"}).json["value"] == {"brand": "demo-bd", "n": 5}
    ph = probe_app.get("/wps/probe/echo", {"n": "6"}, extra_environ={"HTTP_HOST": "demo-ph.localhost"})
    assert ph.json["value"] == {"brand": "demo-ph", "n": 6}


def test_the_plugin_fragment_describes_and_validates_its_call(probe_app):
    refused = probe_app.get("/wps/probe/echo", {"n": "five"}, status=400).json
    assert refused["success"] is False and refused["code"]
    assert "/wps/probe/echo" in probe_app.get("/api/openapi.json").json["paths"]


def test_tessera_migration_locations_adds_the_plugin_versions(probe, probe_pm, tmp_path):
    url = f"sqlite:///{tmp_path / 'migrated.sqlite'}"
    config = alembic_config(url, probe_pm)
    assert str(probe.folder / "versions") in config.get_main_option("version_locations").split(" ")
    command.upgrade(config, "heads")
    engine = make_engine(url)
    try:
        assert {"probe_notes", "tenants"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
