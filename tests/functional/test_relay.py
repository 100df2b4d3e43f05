"""/wps/relay/{OPERATION}: one dispatcher for every registered operation, checking in order
that it exists, its method, the caller's login, the request against the operation's own
description, and the payment password, before the handler runs."""

import pytest
from pyramid.config import Configurator
from pyramid.exceptions import ConfigurationExecutionError

from tessera import hookimpl
from tessera.app import make_app
from tessera.plugins import make_plugin_manager
from tessera.relay import TOKEN, add_relay_operation
from tessera.relay.interfaces import IPasswordCheck


def code(response) -> str:
    assert response.json["success"] is False
    return response.json["code"]


def test_a_registered_operation_answers(relay_app, operations):
    body = relay_app.post_json("/wps/relay/TEST_echo", {"name": "Rahim", "count": 3}).json
    assert body == {"success": True, "code": None, "message": None, "value": {"name": "Rahim", "count": 3}}
    assert operations.calls == [("TEST_echo", {"name": "Rahim", "count": 3})]


def test_a_get_operation_answers_get_and_head(relay_app, operations):
    assert relay_app.get("/wps/relay/TEST_roomList").json["value"] == {"rooms": ["lobby"]}
    assert relay_app.head("/wps/relay/TEST_roomList").status_int == 200


@pytest.mark.parametrize(
    "path", ["/wps/relay/NO_such", "/wps/relay/passwordCheck/NO_such", "/wps/relay/passwordCheck/TEST_echo"]
)
def test_an_unknown_operation_is_404(relay_app, operations, path):
    response = relay_app.post_json(path, {"name": "Rahim", "count": 3}, status=404)
    assert code(response) == "unknown_operation"
    assert path.rsplit("/", 1)[1] in response.json["message"]
    assert operations.calls == []


def test_an_unknown_operation_is_404_whatever_its_body(relay_app):
    response = relay_app.post("/wps/relay/NO_such", "{not json", content_type="application/json", status=404)
    assert code(response) == "unknown_operation"


class TestPasswordCheck:
    def test_is_reachable_only_under_password_check(self, relay_app, operations):
        response = relay_app.post_json("/wps/relay/TEST_redeem", {"points": 10}, status=404)
        assert code(response) == "unknown_operation"
        assert operations.calls == []

    def test_is_refused_without_a_password_checker(self, relay_app, operations):
        response = relay_app.post_json("/wps/relay/passwordCheck/TEST_redeem", {"points": 10}, status=403)
        assert code(response) == "password_check_failed"
        assert operations.calls == []

    def test_is_refused_when_the_checker_says_no(self, relay_app, test_wsgi, operations):
        test_wsgi.registry.registerUtility(lambda request: False, IPasswordCheck)
        response = relay_app.post_json("/wps/relay/passwordCheck/TEST_redeem", {"points": 10}, status=403)
        assert code(response) == "password_check_failed"
        assert operations.calls == []

    def test_passes_when_the_checker_says_yes(self, relay_app, test_wsgi, operations):
        seen = []
        test_wsgi.registry.registerUtility(lambda request: seen.append(request.openapi.body) or True, IPasswordCheck)
        body = relay_app.post_json("/wps/relay/passwordCheck/TEST_redeem", {"points": 10}).json
        assert body["value"] == {"redeemed": 10}
        assert seen == [{"points": 10}]
        assert operations.calls == [("TEST_redeem", {"points": 10})]

    def test_the_request_is_validated_before_the_password_is_checked(self, relay_app, test_wsgi, operations):
        seen = []
        test_wsgi.registry.registerUtility(lambda request: seen.append(request) or True, IPasswordCheck)
        response = relay_app.post_json("/wps/relay/passwordCheck/TEST_redeem", {"points": "all"}, status=400)
        assert code(response) == "invalid_request"
        assert seen == [] and operations.calls == []


class TestLogin:
    def test_a_token_operation_without_login_is_401(self, relay_app, operations):
        response = relay_app.post_json("/wps/relay/TEST_memberEcho", {}, status=401)
        assert code(response) == "not_logged_in"
        assert response.json["message"] == "অনুগ্রহ করে আগে লগইন করুন।"
        assert operations.calls == []

    @pytest.mark.parametrize("authorization", ["Bearer wrong-token", "Basic bWU6cHc=", "Bearer", ""])
    def test_a_token_that_is_not_a_session_is_401(self, relay_app, authorization):
        response = relay_app.post_json(
            "/wps/relay/TEST_memberEcho", {}, headers={"Authorization": authorization}, status=401
        )
        assert code(response) == "not_logged_in"

    def test_login_is_checked_before_the_body(self, relay_app):
        response = relay_app.post_json("/wps/relay/TEST_memberEcho", {"note": 5}, status=401)
        assert code(response) == "not_logged_in"

    def test_a_logged_in_member_passes(self, relay_app, operations, member_login):
        body = relay_app.post_json("/wps/relay/TEST_memberEcho", {"note": "hi"}, headers=member_login).json
        assert body["value"] == {"memberId": 4242}
        assert operations.calls == [("TEST_memberEcho", 4242)]

    def test_a_logged_in_member_still_sends_a_valid_body(self, relay_app, operations, member_login):
        response = relay_app.post_json(
            "/wps/relay/TEST_memberEcho", {"note": "n" * 21}, headers=member_login, status=400
        )
        assert response.json["value"]["fields"][0]["code"] == "field_max_length"
        assert operations.calls == []


class TestMethods:
    def test_a_method_the_operation_does_not_take_is_405(self, relay_app, operations):
        response = relay_app.get("/wps/relay/TEST_echo", status=405)
        assert code(response) == "method_not_allowed"
        assert response.headers["Allow"] == "POST"
        response = relay_app.post_json("/wps/relay/TEST_roomList", {}, status=405)
        assert response.headers["Allow"] == "GET"
        assert operations.calls == []

    @pytest.mark.parametrize("method", ["put", "delete", "patch", "options"])
    def test_a_method_no_operation_takes_is_405(self, relay_app, method):
        response = getattr(relay_app, method)("/wps/relay/TEST_echo", status=405)
        assert code(response) == "method_not_allowed"
        assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "POST"}


class TestValidation:
    @pytest.mark.parametrize(
        "body, field, field_code",
        [
            ({"count": 1}, "name", "field_required"),
            ({"name": "Rahim", "count": "3"}, "count", "field_type"),
            ({"name": "Rahim", "count": 2.5}, "count", "field_type"),
            ({"name": "Rahim", "count": 0}, "count", "field_minimum"),
            ({"name": "R", "count": 1}, "name", "field_min_length"),
            ({"name": "Rahim", "count": 1, "admin": True}, "admin", "field_unknown"),
        ],
    )
    def test_the_handler_never_sees_an_invalid_request(self, relay_app, operations, body, field, field_code):
        response = relay_app.post_json("/wps/relay/TEST_echo", body, status=400)
        assert code(response) == "invalid_request"
        assert [(f["field"], f["code"]) for f in response.json["value"]["fields"]] == [(field, field_code)]
        assert operations.calls == []

    def test_a_missing_body_is_refused(self, relay_app, operations):
        response = relay_app.post("/wps/relay/TEST_echo", status=400)
        assert code(response) == "invalid_request"
        assert operations.calls == []


class TestRegistration:
    def test_auth_must_be_public_or_token(self):
        with pytest.raises(ValueError, match="auth"):
            add_relay_operation(Configurator(), "X", lambda request: None, auth="admin")

    @pytest.mark.parametrize("options", [{"auth": TOKEN}, {"password_check": True}])
    def test_only_a_public_operations_answer_is_shared(self, options):
        with pytest.raises(ValueError, match="only a public operation"):
            add_relay_operation(Configurator(), "X", lambda request: None, shared_answer=True, **options)

    @pytest.mark.parametrize("methods", [("PUT",), ("GET", "DELETE"), ()])
    def test_methods_must_be_get_or_post(self, methods):
        with pytest.raises(ValueError, match="methods"):
            add_relay_operation(Configurator(), "X", lambda request: None, methods=methods)

    def test_an_operation_must_be_described_on_its_own_path(self, settings):
        class Undescribed:
            @hookimpl
            def tessera_configure(self, config):
                config.add_relay_operation("TEST_undescribed", lambda request: {}, methods=("GET",))

        pm = make_plugin_manager(load_entry_points=True)
        pm.register(Undescribed(), name="undescribed")
        with pytest.raises(ConfigurationExecutionError, match="/wps/relay/TEST_undescribed is not described for GET"):
            make_app(settings, plugin_manager=pm)
