"""A request that meets a transient database error is run again, not answered 500, until the
attempts (TESSERA_RETRY_ATTEMPTS) run out; then it gets the envelope of an internal error."""

import logging

import pytest
import webtest
from pyramid_retry import mark_error_retryable
from sqlalchemy.exc import OperationalError

from tessera import hookimpl
from tessera.app import make_app
from tessera.plugins import make_plugin_manager

DESCRIPTION = """
paths:
""" + "".join(
    f"""
  /wps/test/{path}:
    get:
      summary: A call of the test app meeting database conflicts.
      responses:
        "200":
          description: The attempt that answered.
          content:
            application/json:
              schema: {{$ref: "#/components/schemas/Envelope"}}
"""
    for path in ("conflict-once", "conflict-always")
)


class Conflicts:
    """Test calls meeting a conflict the engine marks transient, on their first attempts."""

    def __init__(self, description):
        self.description = description
        self.attempts = {"once": 0, "always": 0}

    def conflict(self, request, name: str, times: int):
        self.attempts[name] += 1
        if self.attempts[name] <= times:
            error = OperationalError("UPDATE member_sessions ...", {}, Exception("database is locked"))
            mark_error_retryable(error)  # as tessera.core.db marks it when the driver says so
            raise error
        return {"attempt": self.attempts[name]}

    @hookimpl
    def tessera_configure(self, config):
        config.add_route("test.conflict_once", "/wps/test/conflict-once")
        config.add_view(
            lambda request: self.conflict(request, "once", 1), route_name="test.conflict_once", renderer="api"
        )
        config.add_route("test.conflict_always", "/wps/test/conflict-always")
        config.add_view(
            lambda request: self.conflict(request, "always", 99), route_name="test.conflict_always", renderer="api"
        )
        config.add_openapi(str(self.description))


@pytest.fixture
def conflicts(settings, engine, tmp_path):
    description = tmp_path / "conflicts.yaml"
    description.write_text(DESCRIPTION)
    plugin = Conflicts(description)
    pm = make_plugin_manager()
    pm.register(plugin, name="tessera-test-conflicts")
    wsgi = make_app(settings, plugin_manager=pm)
    yield plugin, webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"})
    wsgi.registry["db_engine"].dispose()


def test_a_conflict_is_run_again_and_answered(conflicts, caplog):
    plugin, app = conflicts
    with caplog.at_level(logging.ERROR, logger="tessera.core.errors"):
        assert app.get("/wps/test/conflict-once").json["value"] == {"attempt": 2}
    assert caplog.records == []  # a replayed attempt is no error


def test_when_the_attempts_run_out_the_answer_is_an_internal_error(conflicts, settings):
    plugin, app = conflicts
    answer = app.get("/wps/test/conflict-always", status=500).json
    assert (answer["success"], answer["code"]) == (False, "internal_error")
    assert plugin.attempts["always"] == settings.retry_attempts
