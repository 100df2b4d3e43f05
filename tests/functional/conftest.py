"""The test app: Tessera with relay operations and a failing call that only tests register,
added the way any plugin adds its own (``tessera_configure``)."""

from dataclasses import dataclass
from pathlib import Path

import pytest
import webtest
from zope.interface import implementer

from calls import PhoneAuth, configure_brand
from tessera import hookimpl
from tessera.app import make_app
from tessera.core.security import ISessionLookup
from tessera.plugins import make_plugin_manager
from tessera.relay import TOKEN
from tessera.relay.interfaces import IPasswordCheck

FRAGMENT = Path(__file__).with_name("relay_operations.yaml")
MEMBER_TOKEN = "member-token-0001"
PHONE_AUTH = "tessera-test-phone-auth"


class UnexpectedFailure(RuntimeError):
    """What a bug looks like from outside: nothing a caller can act on."""


class SampleOperations:
    """Relay operations that record each call, so a test can tell whether the handler ran."""

    def __init__(self):
        self.calls = []

    def echo(self, request):
        self.calls.append(("TEST_echo", request.openapi.body))
        return {"name": request.openapi.body["name"], "count": request.openapi.body["count"]}

    def member_echo(self, request):
        self.calls.append(("TEST_memberEcho", request.authenticated_userid))
        return {"memberId": request.authenticated_userid}

    def redeem(self, request):
        self.calls.append(("TEST_redeem", request.openapi.body))
        return {"redeemed": request.openapi.body["points"]}

    def room_list(self, request):
        self.calls.append(("TEST_roomList", None))
        return {"rooms": ["lobby"]}

    def failure(self, request):
        self.calls.append(("TEST_failure", None))
        raise UnexpectedFailure("database password is hunter2 at /srv/tessera/secret.py")

    @hookimpl
    def tessera_configure(self, config):
        config.add_relay_operation("TEST_echo", self.echo)
        config.add_relay_operation("TEST_memberEcho", self.member_echo, auth=TOKEN)
        config.add_relay_operation("TEST_redeem", self.redeem, password_check=True)
        config.add_relay_operation("TEST_roomList", self.room_list, methods=("GET",))
        config.add_relay_operation("TEST_failure", self.failure)
        config.add_route("test.failure", "/wps/test/failure")
        config.add_view(self.failure, route_name="test.failure", request_method="GET", renderer="api", openapi=True)
        config.add_openapi(str(FRAGMENT))


@dataclass(frozen=True)
class Member:
    member_id: int


@implementer(ISessionLookup)
class OneMemberSessions:
    def identity(self, request, token):
        return Member(4242) if token == MEMBER_TOKEN else None


@pytest.fixture
def wsgi(settings, engine):
    """An app on the real database, each request in its own transaction: for races between requests
    (a module may give its own, with more replays)."""
    wsgi = make_app(settings)
    yield wsgi
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def phone_auth(app, db_session, outbox):
    """demo-ph proves phone numbers through a phone-auth adapter that knows the tokens it issued."""
    adapter = PhoneAuth()
    pm = app.registry["plugin_manager"]
    pm.register(adapter, name=PHONE_AUTH)
    configure_brand(db_session, "demo-ph", plugins={PHONE_AUTH: {}})
    yield adapter
    pm.unregister(name=PHONE_AUTH)


@pytest.fixture(scope="session")
def built_test_wsgi(settings, engine):
    operations = SampleOperations()
    pm = make_plugin_manager(load_entry_points=True)
    pm.register(operations, name="tessera-test-operations")
    wsgi = make_app(settings, plugin_manager=pm)
    wsgi.registry.registerUtility(OneMemberSessions(), ISessionLookup)
    yield wsgi, operations
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def operations(built_test_wsgi):
    operations = built_test_wsgi[1]
    operations.calls.clear()
    return operations


@pytest.fixture
def test_wsgi(built_test_wsgi, serve_connection, operations):
    wsgi = serve_connection(built_test_wsgi[0])
    yield wsgi
    wsgi.registry.unregisterUtility(provided=IPasswordCheck)


@pytest.fixture
def relay_app(test_wsgi) -> webtest.TestApp:
    """The test app as demo-bd's members see it from Bangladesh."""
    return webtest.TestApp(test_wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})


@pytest.fixture
def member_login() -> dict:
    """The headers of a request from member 4242, logged in."""
    return {"Authorization": f"Bearer {MEMBER_TOKEN}"}
