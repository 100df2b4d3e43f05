"""Headers that protect members: Strict-Transport-Security on every answer that came over HTTPS
(to the server, or to a trusted proxy saying so), no-store on every answer about a member or a
session, a Secure captcha cookie over HTTPS, and a locked-down API explorer."""

import re

import pytest
import webtest

from accounts import bearer
from calls import configure_brand, sealed
from factories import PASSWORD
from tessera.openapi import EXPLORER_POLICY

BD_IP, PROXY = "203.0.113.9", "127.0.0.1"  # loopback: the trusted proxy by default
STRICT = "max-age=31536000; includeSubDomains"
JOSE = "application/jose"


@pytest.fixture
def call(app):
    """``call(ip=..., https=...)``: demo-bd from an address, over HTTPS or plain HTTP."""

    def make(ip: str = BD_IP, https: bool = False) -> webtest.TestApp:
        environ = {"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": ip, "wsgi.url_scheme": "https" if https else "http"}
        return webtest.TestApp(app, extra_environ=environ)

    return make


def proto(value: str) -> dict:
    return {"X-Forwarded-Proto": value}


class TestStrictTransport:
    @pytest.mark.parametrize(
        "path, status",
        [
            ("/wps/system/status", 200),
            ("/", 200),
            ("/assets/logo.svg", 200),
            ("/wps/nothing-here", 404),
            ("/healthz", 200),
        ],
    )
    def test_every_answer_over_https_has_it(self, call, path, status):
        assert call(https=True).get(path, status=status).headers["Strict-Transport-Security"] == STRICT

    def test_a_refusal_over_https_has_it(self, call):
        response = call(https=True).post("/wps/session/login", "x", content_type=JOSE, status=400)
        assert response.headers["Strict-Transport-Security"] == STRICT

    def test_a_trusted_proxy_saying_https(self, call):
        answer = call(ip=PROXY).get("/wps/system/status", headers=proto("https"))
        assert answer.headers["Strict-Transport-Security"] == STRICT

    def test_the_proxys_own_value_is_the_last(self, call):
        assert "Strict-Transport-Security" not in call(ip=PROXY).get("/healthz", headers=proto("https, http")).headers
        assert (
            call(ip=PROXY).get("/healthz", headers=proto("http, HTTPS")).headers["Strict-Transport-Security"] == STRICT
        )

    @pytest.mark.parametrize("headers", [{}, proto("http")])
    def test_never_over_plain_http(self, call, headers):
        assert "Strict-Transport-Security" not in call(ip=PROXY).get("/wps/system/status", headers=headers).headers

    def test_a_caller_that_is_no_trusted_proxy_is_not_believed(self, call):
        assert "Strict-Transport-Security" not in call().get("/wps/system/status", headers=proto("https")).headers


class TestNoStore:
    def test_a_members_call(self, call, members, token_of):
        answer = call().get("/wps/member/info", headers=bearer(token_of(members())))
        assert answer.headers["Cache-Control"] == "no-store"

    def test_a_refused_members_call(self, call):
        answer = call().get("/wps/member/info", headers=bearer("no-such-token"), status=401)
        assert answer.headers["Cache-Control"] == "no-store"

    def test_a_login_answering_a_session(self, call, members):
        app = call()
        form = {"username": members().username, "password": PASSWORD}
        answer = app.post("/wps/session/login", sealed(app, form), content_type=JOSE)
        assert answer.json["value"]["token"] and answer.headers["Cache-Control"] == "no-store"

    def test_an_answer_setting_a_cookie(self, call, db_session):
        configure_brand(db_session, "demo-bd", plugins={"image-captcha": {"secret": "headers-secret"}})
        assert call().get("/wps/captcha").headers["Cache-Control"] == "no-store"

    def test_an_operators_call(self, call, db_session, tenant_ids):
        from tessera.core.timeutil import utcnow
        from tessera.wallet.operators.services import create_key

        key = create_key(db_session, tenant_ids["demo-bd"], "headers-desk", utcnow())
        assert call().get("/ops/deposits", headers=bearer(key)).headers["Cache-Control"] == "no-store"

    def test_not_on_a_public_read(self, call):
        assert "Cache-Control" not in call().get("/wps/system/whitelabel").headers
        assert call().get("/assets/logo.svg").headers["Cache-Control"] == "public, max-age=3600"


class TestCaptchaCookie:
    @pytest.fixture(autouse=True)
    def captcha(self, db_session):
        configure_brand(db_session, "demo-bd", plugins={"image-captcha": {"secret": "headers-secret"}})

    def cookie(self, app, headers=None) -> list[str]:
        return [
            part.strip().lower() for part in app.get("/wps/captcha", headers=headers).headers["Set-Cookie"].split(";")
        ]

    def test_secure_over_https(self, call):
        assert "secure" in self.cookie(call(https=True))

    def test_secure_behind_a_trusted_proxy_saying_https(self, call):
        assert "secure" in self.cookie(call(ip=PROXY), proto("https"))

    def test_not_over_plain_http(self, call):
        assert "secure" not in self.cookie(call())
        assert "secure" not in self.cookie(call(), proto("https"))  # no trusted proxy said so


class TestExplorer:
    def test_a_policy_allowing_only_its_own_files_and_no_framing(self, call):
        page = call().get("/api/explorer")
        assert page.headers["Content-Security-Policy"] == EXPLORER_POLICY
        assert "frame-ancestors 'none'" in EXPLORER_POLICY and "unsafe-inline" not in EXPLORER_POLICY
        assert page.headers["X-Frame-Options"] == "DENY"

    def test_no_inline_script(self, call):
        page = call().get("/api/explorer").text
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
        assert scripts and all('src="' in attributes and not body.strip() for attributes, body in scripts)
        assert " style=" not in page and "<style" not in page
