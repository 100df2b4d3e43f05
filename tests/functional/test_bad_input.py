"""Whatever a caller sends, the answer is an envelope: a clear 4xx for bad input, never a 500."""
import pytest


def refused(response, status: int, code: str) -> dict:
    assert response.status_int == status
    assert response.json["success"] is False and response.json["code"] == code
    return response.json


@pytest.mark.parametrize("body", [
    b'{"name": "\xff\xfe", "count": 1}',
    b"\xef\xbb\xbf\x00\x00{",
    b'{"name": "ab", "count": NaN}',
    b'{"name": "ab", "count": Infinity}',
    b'{"name": "ab", "count": -Infinity}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    b"{'name': 'ab'}",
    b'{"name": "ab"} trailing',
])
def test_bodies_that_are_not_json_are_malformed(relay_app, operations, body):
    refused(relay_app.post("/wps/relay/TEST_echo", body, content_type="application/json", status=400), 400, "malformed_json")
    assert operations.calls == []


@pytest.mark.parametrize("body", ["[]", '[{"name": "ab", "count": 1}]', '"ab"', "12", "null", "true"])
def test_json_that_is_not_an_object_is_invalid(relay_app, operations, body):
    response = relay_app.post("/wps/relay/TEST_echo", body, content_type="application/json", status=400)
    answer = refused(response, 400, "invalid_request")
    assert answer["value"]["fields"][0]["code"] == "field_type"
    assert operations.calls == []


def test_deeply_nested_but_valid_json_is_invalid_not_a_crash(relay_app):
    nested = '{"name": ' + "[" * 500 + "]" * 500 + ', "count": 1}'
    response = relay_app.post("/wps/relay/TEST_echo", nested, content_type="application/json", status=400)
    answer = refused(response, 400, "invalid_request")
    assert answer["value"]["fields"] == [{"field": "name", "code": "field_type", "message": "string হতে হবে"}]


def test_a_body_in_another_unicode_encoding_is_read(relay_app):
    body = '{"name": "রহিম", "count": 2}'.encode("utf-16")
    assert relay_app.post("/wps/relay/TEST_echo", body, content_type="application/json").json["value"]["name"] == "রহিম"


@pytest.mark.parametrize("path", [
    "/wps/system/%ff",
    "/wps/relay/%c3%28",
    "/wps/system/status?lang=%ff",
    "/wps/system/status?%fe=1",
    "/wps/system/helpCenter?lang=en&x=%e2%82",
])
def test_an_address_that_is_not_utf8_is_malformed(testapp, path):
    answer = refused(testapp.get(path, status=400), 400, "malformed_url")
    assert answer["message"] == "অনুরোধের ঠিকানাটি বৈধ নয়।"


def test_a_malformed_address_is_refused_before_the_host_is_looked_up(brand_app):
    refused(brand_app("unknown.example").get("/wps/%ff", status=400), 400, "malformed_url")


def test_a_huge_query_string_is_answered(testapp):
    query = "&".join(f"k{n}={'v' * 20}" for n in range(5000))
    assert testapp.get(f"/wps/system/whitelabel?{query}").json["success"] is True
    assert testapp.get(f"/wps/system/status?host={'h' * 100_000}", status=400).json["code"] == "invalid_request"


@pytest.mark.parametrize("headers", [
    {"Cookie": "lang=\xff\xfe; other=\"unterminated"},
    {"Cookie": "=; ; lang"},
    {"Accept-Language": "x" * 20_000},
    {"Accept-Language": ";q=;q=,,,*;q=2"},
    {"Authorization": "Bearer " + "t" * 10_000},
    {"X-Request-ID": "\u00ff" * 40},
])
def test_odd_headers_are_answered(testapp, headers):
    assert testapp.get("/wps/system/whitelabel", headers=headers).json["success"] is True


def test_an_overlong_host_is_an_unknown_tenant(brand_app):
    refused(brand_app("h" * 5000 + ".example").get("/wps/system/status", status=404), 404, "unknown_tenant")


def test_a_multipart_body_without_a_boundary_is_refused(testapp):
    response = testapp.put("/wps/feedback", b"garbage", content_type="multipart/form-data", status=400)
    refused(response, 400, "invalid_request")


def test_a_multipart_part_without_a_name_is_ignored(testapp):
    body = b'--xx\r\nContent-Disposition: form-data\r\n\r\nhello\r\n--xx--\r\n'
    response = testapp.put("/wps/feedback", body, content_type="multipart/form-data; boundary=xx", status=400)
    assert refused(response, 400, "invalid_request")["value"]["fields"][0]["field"] == "content"
