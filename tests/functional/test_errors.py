"""Every answer is the envelope; every refusal a 4xx with a stable code; a failure a 500 that
tells the caller nothing but a reference, and tells the logs everything under that reference."""

import json
import logging
import re

import pytest

ENVELOPE_KEYS = {"success", "code", "message", "value"}


def assert_refusal(response, status: int, code: str) -> dict:
    assert response.status_int == status
    assert response.content_type == "application/json"
    body = response.json
    assert set(body) == ENVELOPE_KEYS
    assert body["success"] is False
    assert body["code"] == code
    assert isinstance(body["message"], str) and body["message"] and body["message"] != code
    return body


def test_a_successful_answer_is_the_envelope(testapp):
    body = testapp.get("/wps/system/whitelabel").json
    assert set(body) == ENVELOPE_KEYS
    assert body["success"] is True
    assert body["code"] is None and body["message"] is None
    assert body["value"]["USERNAMEREG3"] is True


def test_unknown_path_is_not_found(testapp):
    body = assert_refusal(testapp.get("/wps/no/such/call", status=404), 404, "not_found")
    assert "/wps/no/such/call" in body["message"]


def test_wrong_method_on_a_known_route_is_405_with_allow(testapp):
    response = testapp.post("/wps/system/status", status=405)
    assert_refusal(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD"}
    response = testapp.get("/wps/member/register", status=405)
    assert response.headers["Allow"] == "PUT"


def test_head_answers_like_get_without_a_body(testapp):
    response = testapp.head("/wps/system/whitelabel", status=200)
    assert response.body == b""
    assert response.headers["X-Request-ID"]


def test_malformed_json_is_refused(relay_app, operations):
    response = relay_app.post("/wps/relay/TEST_echo", '{"name": "ab",', content_type="application/json", status=400)
    assert_refusal(response, 400, "malformed_json")
    assert operations.calls == []


def test_wrong_types_and_missing_fields_list_each_field(relay_app, operations):
    response = relay_app.post_json("/wps/relay/TEST_echo?lang=en", {"name": 7, "extra": True}, status=400)
    body = assert_refusal(response, 400, "invalid_request")
    fields = {f["field"]: f for f in body["value"]["fields"]}
    assert fields["name"]["code"] == "field_type"
    assert fields["name"]["message"] == "Must be a string"
    assert fields["count"]["code"] == "field_required"
    assert fields["count"]["message"] == "Required"
    assert fields["extra"]["code"] == "field_unknown"
    assert operations.calls == []


def test_field_messages_are_translated_and_carry_their_limits(relay_app):
    bengali = relay_app.post_json("/wps/relay/TEST_echo", {"name": "a", "count": 0}, status=400).json
    fields = {f["field"]: f for f in bengali["value"]["fields"]}
    assert fields["name"] == {"field": "name", "code": "field_min_length", "message": "অনুগ্রহ করে কমপক্ষে 2টি অক্ষর লিখুন"}
    assert fields["count"] == {"field": "count", "code": "field_minimum", "message": "কমপক্ষে 1 হতে হবে"}
    assert bengali["message"] == "অনুগ্রহ করে সঠিক তথ্য দিন"
    english = relay_app.post_json("/wps/relay/TEST_echo?lang=en", {"name": "a" * 11, "count": 1}, status=400).json
    assert english["value"]["fields"] == [
        {"field": "name", "code": "field_max_length", "message": "Please enter at most 10 characters"}
    ]
    assert english["message"] == "Please enter correct information"


def test_oversized_body_is_refused_before_it_is_read(relay_app, operations, settings):
    oversized = json.dumps({"name": "ab", "count": 1, "pad": "x" * settings.max_body_bytes})
    response = relay_app.post("/wps/relay/TEST_echo", oversized, content_type="application/json", status=413)
    body = assert_refusal(response, 413, "payload_too_large")
    assert "1.0 MB" in body["message"]
    assert operations.calls == []


def test_wrong_content_type_is_415(relay_app, operations):
    response = relay_app.post("/wps/relay/TEST_echo", "name=ab&count=1", content_type="text/plain", status=415)
    body = assert_refusal(response, 415, "unsupported_media_type")
    assert "text/plain" in body["message"]
    assert operations.calls == []


def test_feedback_refuses_json(testapp):
    response = testapp.put("/wps/feedback", '{"content": "hi"}', content_type="application/json", status=415)
    assert_refusal(response, 415, "unsupported_media_type")


@pytest.mark.parametrize("host", ["unknown.example", "demo-bd.localhost.evil.example", ""])
def test_unknown_host_is_unknown_tenant(brand_app, host):
    response = brand_app(host).get("/wps/system/status", status=404)
    body = assert_refusal(response, 404, "unknown_tenant")
    assert host in body["message"]


def test_unknown_tenant_message_follows_the_asked_language(brand_app):
    response = brand_app("unknown.example").get("/wps/system/status?lang=bn", status=404)
    assert response.json["message"] == "unknown.example ঠিকানায় কোনো ব্র্যান্ড নেই।"


def test_platform_paths_answer_on_any_host(brand_app):
    assert brand_app("unknown.example").get("/healthz").json["value"] == {"status": "ok"}


class TestUnexpectedFailure:
    SECRETS = ("hunter2", "secret.py", "Traceback", "UnexpectedFailure", "RuntimeError", "/srv/")

    @pytest.mark.parametrize("call", [("post", "/wps/relay/TEST_failure"), ("get", "/wps/test/failure")])
    def test_is_a_500_envelope_with_only_a_reference(self, relay_app, call):
        method, path = call
        response = getattr(relay_app, method)(path, status=500)
        body = assert_refusal(response, 500, "internal_error")
        request_id = body["value"]["requestId"]
        assert body["value"] == {"requestId": request_id}
        assert response.headers["X-Request-ID"] == request_id
        assert request_id in body["message"]
        for secret in self.SECRETS:
            assert secret not in response.text

    def test_is_logged_with_its_request_id(self, relay_app, caplog):
        caplog.set_level(logging.INFO)
        response = relay_app.post("/wps/relay/TEST_failure", status=500)
        request_id = response.json["value"]["requestId"]
        [logged] = [r for r in caplog.records if r.levelno == logging.ERROR]
        assert logged.request_id == request_id
        assert logged.exc_info[0].__name__ == "UnexpectedFailure"
        assert "hunter2" in str(logged.exc_info[1])
        access = [r for r in caplog.records if r.name == "tessera.access"]
        assert [(r.request_id, r.status) for r in access] == [(request_id, 500)]

    def test_message_follows_the_language(self, relay_app):
        body = relay_app.post("/wps/relay/TEST_failure?lang=en", status=500).json
        assert body["message"].startswith("Something went wrong on our side.")


class TestRequestId:
    def test_a_well_formed_incoming_id_is_echoed_and_logged(self, testapp, caplog):
        caplog.set_level(logging.INFO)
        response = testapp.get("/wps/system/whitelabel", headers={"X-Request-ID": "edge-7f3a9c01.b_2"})
        assert response.headers["X-Request-ID"] == "edge-7f3a9c01.b_2"
        access = [r for r in caplog.records if r.name == "tessera.access"]
        assert [r.request_id for r in access] == ["edge-7f3a9c01.b_2"]
        assert access[0].path == "/wps/system/whitelabel" and access[0].status == 200

    @pytest.mark.parametrize("incoming", ["short", "x" * 65, "has space in it", "semi;colon;id", "ünïcödé-id-123"])
    def test_a_malformed_incoming_id_is_replaced(self, testapp, incoming):
        response = testapp.get("/wps/system/whitelabel", headers={"X-Request-ID": incoming})
        assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])

    def test_without_one_each_request_gets_a_fresh_id(self, testapp):
        first = testapp.get("/wps/system/whitelabel").headers["X-Request-ID"]
        second = testapp.get("/nowhere", status=404).headers["X-Request-ID"]
        assert re.fullmatch(r"[0-9a-f]{32}", first) and re.fullmatch(r"[0-9a-f]{32}", second)
        assert first != second

    def test_refusals_carry_it_too(self, brand_app):
        response = brand_app("unknown.example").get(
            "/wps/system/status", headers={"X-Request-ID": "lb-0000000001"}, status=404
        )
        assert response.headers["X-Request-ID"] == "lb-0000000001"
