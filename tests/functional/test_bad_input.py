"""Whatever a caller sends, the answer is an envelope: a clear 4xx for bad input, never a 500."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from accounts import bearer


def refused(response, status: int, code: str) -> dict:
    assert response.status_int == status
    assert response.json["success"] is False and response.json["code"] == code
    return response.json


@pytest.mark.parametrize(
    "body",
    [
        b'{"name": "\xff\xfe", "count": 1}',
        b"\xef\xbb\xbf\x00\x00{",
        b'{"name": "ab", "count": NaN}',
        b'{"name": "ab", "count": Infinity}',
        b'{"name": "ab", "count": -Infinity}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        b"{'name': 'ab'}",
        b'{"name": "ab"} trailing',
    ],
)
def test_bodies_that_are_not_json_are_malformed(relay_app, operations, body):
    refused(
        relay_app.post("/wps/relay/TEST_echo", body, content_type="application/json", status=400), 400, "malformed_json"
    )
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


@pytest.mark.parametrize(
    "path",
    [
        "/wps/system/%ff",
        "/wps/relay/%c3%28",
        "/wps/system/status?lang=%ff",
        "/wps/system/status?%fe=1",
        "/wps/system/helpCenter?lang=en&x=%e2%82",
    ],
)
def test_an_address_that_is_not_utf8_is_malformed(testapp, path):
    answer = refused(testapp.get(path, status=400), 400, "malformed_url")
    assert answer["message"] == "অনুরোধের ঠিকানাটি বৈধ নয়।"


def test_a_malformed_address_is_refused_before_the_host_is_looked_up(brand_app):
    refused(brand_app("unknown.example").get("/wps/%ff", status=400), 400, "malformed_url")


def test_a_huge_query_string_is_answered(testapp):
    query = "&".join(f"k{n}={'v' * 20}" for n in range(5000))
    assert testapp.get(f"/wps/system/whitelabel?{query}").json["success"] is True
    assert testapp.get(f"/wps/system/status?host={'h' * 100_000}", status=400).json["code"] == "invalid_request"


@pytest.mark.parametrize(
    "headers",
    [
        {"Cookie": 'lang=\xff\xfe; other="unterminated'},
        {"Cookie": "=; ; lang"},
        {"Accept-Language": "x" * 20_000},
        {"Accept-Language": ";q=;q=,,,*;q=2"},
        {"Authorization": "Bearer " + "t" * 10_000},
        {"X-Request-ID": "\u00ff" * 40},
    ],
)
def test_odd_headers_are_answered(testapp, headers):
    assert testapp.get("/wps/system/whitelabel", headers=headers).json["success"] is True


def test_an_overlong_host_is_an_unknown_tenant(brand_app):
    refused(brand_app("h" * 5000 + ".example").get("/wps/system/status", status=404), 404, "unknown_tenant")


def put_form(app, body: bytes, content_type: str = "multipart/form-data; boundary=xx", status: int = 400):
    """A PUT of ``body`` as it is (webtest would encode a multipart body of its own)."""
    return app.request("/wps/feedback?lang=en", method="PUT", body=body, content_type=content_type, status=status)


def part(disposition: str, content: bytes = b"hello", headers: bytes = b"") -> bytes:
    return b"--xx\r\nContent-Disposition: " + disposition.encode() + b"\r\n" + headers + b"\r\n" + content + b"\r\n"


def form(*parts: bytes) -> bytes:
    return b"".join(parts) + b"--xx--\r\n"


def test_a_multipart_body_without_a_boundary_is_refused(testapp):
    refused(put_form(testapp, b"garbage", "multipart/form-data"), 400, "invalid_request")


@pytest.mark.parametrize(
    "nameless",
    [
        part("form-data"),
        part('form-data; filename="a.png"', headers=b"Content-Type: image/png\r\n"),
        part("form-data; name*=UTF-8''content"),
    ],
)
def test_a_multipart_part_without_a_name_is_ignored(testapp, nameless):
    fields = refused(put_form(testapp, form(nameless)), 400, "invalid_request")["value"]["fields"]
    assert fields == [{"field": "content", "code": "field_required", "message": "Required"}]
    assert put_form(testapp, form(part('form-data; name="content"'), nameless), status=200).json["success"] is True


@pytest.mark.parametrize(
    "body, content_type",
    [
        (
            form(
                part(
                    'form-data; name="content"',
                    b"--yy\r\n\r\nhi\r\n--yy--",
                    b"Content-Type: multipart/mixed; boundary=yy\r\n",
                )
            ),
            "multipart/form-data; boundary=xx",
        ),
        (b"no part at all", "multipart/form-data; boundary=xx"),
        (form(part('form-data; name="content"')).replace(b"xx", b'x"x'), 'multipart/form-data; boundary="x\\"x"'),
    ],
)
def test_a_multipart_body_that_is_no_form_is_invalid(testapp, body, content_type):
    refused(put_form(testapp, body, content_type), 400, "invalid_request")


@pytest.mark.parametrize("charset", ["latin-1", "nope"])
def test_a_form_in_another_charset_is_refused(testapp, charset):
    content_type = f"multipart/form-data; boundary=xx; charset={charset}"
    refused(
        put_form(testapp, form(part('form-data; name="content"')), content_type, 415), 415, "unsupported_media_type"
    )


# -- Numbers: an integer is a JSON integer ---------------------------------------------------


@pytest.mark.parametrize(
    "operation, body",
    [
        ("GCSGAME_newGameVendor", {"pageSize": 5.0}),
        ("GCSGAME_newGameVendor", {"pageSize": 5.5}),
        ("GCSGAME_gameList", {"gameType": "RNG", "pageNo": 1.0, "pageSize": 24}),
        ("GCSGAME_getRankList", {"count": 10.0}),
        ("GCSGAME_hotGamesV2", {"isPlatform": 2.0}),
    ],
)
def test_a_number_with_a_fraction_is_no_integer(testapp, operation, body):
    response = testapp.post_json(f"/wps/relay/{operation}?lang=en", body, status=400)
    field = next(iter(k for k, v in body.items() if isinstance(v, float)))
    assert refused(response, 400, "invalid_request")["value"]["fields"][0]["field"] == field


@pytest.mark.parametrize("query", ["pageNo=1.0", "pageSize=1e3", "pageNo=99999999999999999999999", "pageSize=-1"])
def test_a_page_in_the_query_is_a_bounded_integer(testapp, members, token_of, query):
    member = members("demo-bd")
    response = testapp.get(f"/wps/wallet/transactions?lang=en&{query}", headers=bearer(token_of(member)), status=400)
    refused(response, 400, "invalid_request")


# -- Dates: the days a brand keeps records of ------------------------------------------------

DATED = ["/wps/wallet/transactions", "/wps/wallet/bonuses", "/wps/games/bets", "/wps/games/profit"]


def today(zone="Asia/Dhaka") -> date:
    return datetime.now(ZoneInfo(zone)).date()


@pytest.mark.parametrize("path", DATED)
@pytest.mark.parametrize(
    "query",
    [
        "startDate=0001-01-01",
        "endDate=9999-12-31",
        "startDate=0001-01-01&endDate=9999-12-31",
        "startDate=1999-12-31&endDate=2000-01-31",
        "startDate=2026-05-10&endDate=1526-05-10",
        f"endDate={today() + timedelta(days=367)}",
        "startDate=2024-01-01&endDate=2026-01-01",
    ],
)
def test_days_out_of_range_are_refused(testapp, members, token_of, path, query):
    member = members("demo-bd")
    response = testapp.get(f"{path}?lang=en&{query}", headers=bearer(token_of(member)), status=400)
    assert "2000-01-01" in refused(response, 400, "date_out_of_range")["message"]


@pytest.mark.parametrize("path", DATED)
@pytest.mark.parametrize("query", ["startDate=-5000-01-01", "startDate=99999-01-01", "endDate=+2026-01-01"])
def test_a_year_of_more_or_fewer_than_four_digits_is_no_date(testapp, members, token_of, path, query):
    member = members("demo-bd")
    response = testapp.get(f"{path}?lang=en&{query}", headers=bearer(token_of(member)), status=400)
    refused(response, 400, "date_invalid")


@pytest.mark.parametrize("path", DATED)
@pytest.mark.parametrize(
    "query",
    [
        "startDate=2000-01-01&endDate=2000-12-31",
        f"startDate={today()}&endDate={today() + timedelta(days=365)}",
        f"startDate={today() - timedelta(days=365)}&endDate={today()}",
    ],
)
def test_days_in_range_are_answered(testapp, members, token_of, path, query):
    member = members("demo-bd")
    assert testapp.get(f"{path}?lang=en&{query}", headers=bearer(token_of(member))).json["success"] is True
