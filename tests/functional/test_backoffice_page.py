"""The back office's page: its app's HTML on every path of the app on the back office's host, with a
strict content security policy; never on a brand's host."""

import re

import pytest

APP_ENTRY = "/static/back-office/main.js"


@pytest.mark.parametrize("path", ["/", "/login", "/members/12/show/2", "/audit?page=2"])
def test_every_path_of_the_app_answers_its_page(backoffice, path):
    page = backoffice.get(path)
    assert page.content_type == "text/html"
    assert f'<script src="{APP_ENTRY}?v=' in page.text
    assert page.headers["Cache-Control"] == "no-store"
    nonce = re.search(r'<meta property="csp-nonce" content="([^"]+)">', page.text)[1]
    policy = dict(part.split(" ", 1) for part in page.headers["Content-Security-Policy"].split("; "))
    assert policy["script-src"] == "'self'"
    assert policy["style-src-elem"] == f"'self' 'nonce-{nonce}'"
    assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'none'"


def test_each_page_has_a_nonce_of_its_own(backoffice):
    first, second = (backoffice.get("/").headers["Content-Security-Policy"] for _ in range(2))
    assert first != second


@pytest.mark.parametrize(
    "path", ["/bo/api/nothing", "/static/back-office/nothing.js", "/favicon.ico", "/wps/system/status"]
)
def test_calls_and_files_are_no_page(backoffice, path):
    answer = backoffice.get(path, status=404)
    assert answer.content_type == "application/json"


def test_a_brands_host_has_its_shell_never_the_back_office(testapp):
    for path in ("/", "/audit"):
        answer = testapp.get(path, expect_errors=True)
        assert APP_ENTRY not in answer.text
    assert "/static/shell/main.js" in testapp.get("/").text
