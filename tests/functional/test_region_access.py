"""A brand's blocked regions (tenant.toml ``[access]``) are enforced by the server: from such a
region every call that changes state and every game launch is refused with 403 ``blockip``, while
the blocked page's own calls, logout, the vendors' and gateways' servers and the operator API
still answer. An address of unknown region is allowed unless the brand says ``unknown_region =
"block"``, and logged."""

import json
import logging

import pytest
import webtest
from sqlalchemy import func, select

from accounts import bearer, set_brand
from calls import sealed
from factories import PASSWORD
from seamless_vendor import VendorClient
from tessera.core.security import SAFE_METHODS
from tessera.core.timeutil import utcnow
from tessera.identity.sessions.models import FailedLogin, MemberSession
from tessera.system.access import NEVER
from tessera.wallet.operators.services import create_key
from wallet_helpers import GATEWAY, balance, notification, webhook

BD_IP, US_IP, PH_IP, UNKNOWN_IP = "203.0.113.9", "198.51.100.7", "192.0.2.44", "10.20.30.40"
JOSE = "application/jose"
# The views a blocked region may still call though they change state: not the member's own doing.
BACK_OFFICE = "/bo/api/"
OPEN_ROUTES = {
    "identity.logout",  # a member may always end a session
    "payments.webhook",
    "games.seamless_wallet",  # the gateway's and the vendor's servers
    "ops.deposit_approve",
    "ops.deposit_reject",
    "ops.withdrawal_approve",
    "ops.withdrawal_pay",
    "ops.withdrawal_reject",
    "ops.withdrawal_resolve",
    "ops.bonuses",  # operators, by key
}


@pytest.fixture
def us(brand_app):
    """demo-bd, which blocks the US, from there."""
    return brand_app("demo-bd.localhost", ip=US_IP)


def refused(response, ip=US_IP) -> dict:
    assert (response.status_int, response.json["code"]) == (403, "blockip"), response.text
    assert ip in response.json["message"]
    return response.json


def count(db, model) -> int:
    return db.scalar(select(func.count()).select_from(model))


class TestRefused:
    def test_a_login_is_refused_before_the_password_is_checked(self, us, members, db_session):
        member = members()
        body = sealed(us, {"username": member.username, "password": PASSWORD})
        answer = refused(us.post("/wps/session/login?lang=en", body, content_type=JOSE, status=403))
        assert answer["message"] == f"Access from your location ({US_IP}) is restricted: this cannot be done from here."
        assert count(db_session, MemberSession) == count(db_session, FailedLogin) == 0

    def test_the_refusal_is_in_the_members_language(self, us):
        answer = refused(us.post("/wps/session/login?lang=bn", "x", content_type=JOSE, status=403))
        assert answer["message"] == f"আপনার অবস্থান ({US_IP}) থেকে প্রবেশ সীমিত: এখান থেকে এটি করা যাবে না।"

    @pytest.mark.parametrize(
        "method, path",
        [
            ("PUT", "/wps/member/register"),
            ("PUT", "/wps/member/register/mobile"),
            ("POST", "/wps/session/login/freeplay"),
            ("POST", "/wps/session/login/federated"),
            ("POST", "/wps/verification/sms/noLogin"),
            ("POST", "/wps/verification/sms/register"),
            ("POST", "/wps/member/password/email"),
            ("POST", "/wps/member/password/verification"),
            ("PUT", "/wps/feedback"),
        ],
    )
    def test_a_visitors_calls_are_refused(self, us, method, path):
        refused(us.request(path, method=method, body=b"{}", content_type="application/json", status=403))

    def test_a_registration_is_refused(self, us, db_session):
        form = {"username": "fromabroad1", "password": PASSWORD, "confirmPassword": PASSWORD, "login": True}
        refused(us.put("/wps/member/register", sealed(us, form), content_type=JOSE, status=403))
        assert count(db_session, MemberSession) == 0

    def test_a_members_money_calls_are_refused_and_nothing_moves(self, us, members, token_of, db_session, fund):
        member = members()
        fund(member, "1000.00")
        headers = bearer(token_of(member))
        calls = [
            ("POST", "/wps/wallet/deposits", {"channel": "x", "amount": "500.00", "requestId": "r" * 16}),
            ("POST", "/wps/wallet/withdrawals", {"amount": "500.00", "requestId": "r" * 16}),
            ("POST", "/wps/wallet/bank-accounts", {}),
            ("POST", "/wps/wallet/upline-transfers", {"amount": "1.00", "requestId": "r" * 16}),
            ("POST", "/wps/relay/GCS_walletTransfer", {"vassalage": "TWV", "amount": "1.00"}),
            ("POST", "/wps/member/password", {}),
            ("POST", "/wps/member/payment-password", {}),
        ]
        for method, path, body in calls:
            refused(
                us.request(
                    path,
                    method=method,
                    body=json.dumps(body).encode(),
                    content_type="application/json",
                    headers=headers,
                    status=403,
                )
            )
        assert balance(db_session, member) == 100000

    def test_game_launches_are_refused_even_by_get(self, us, members, token_of):
        headers = bearer(token_of(members()))
        refused(us.get("/wps/game/launchGame", {"gameCode": "SLOT1", "vassalage": "TSV"}, headers=headers, status=403))
        refused(us.post_json("/wps/relay/GCS_gameLaunchFB", {"gameCode": "SLOT1", "vassalage": "TSV"}, status=403))

    def test_a_region_outside_the_allowed_ones_is_refused(self, brand_app):
        ph = brand_app("demo-ph.localhost", ip=BD_IP)
        refused(ph.post("/wps/session/login", "x", content_type=JOSE, status=403), ip=BD_IP)

    def test_a_call_a_plugin_adds_is_refused_too(self, test_wsgi, operations):
        """Views and relay operations are checked where they are registered, whoever registers them."""
        us = webtest.TestApp(test_wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": US_IP})
        refused(us.post_json("/wps/relay/TEST_echo", {"name": "x", "count": 1}, status=403))
        assert operations.calls == []
        assert us.get("/wps/relay/TEST_roomList").json["value"] == {"rooms": ["lobby"]}  # a read: answered

    def test_every_call_that_changes_state_is_refused_unless_it_is_open(self, app, us, members, token_of):
        """Walks every view: those answering a method that changes state are refused from a blocked
        region, but for the open ones, which must be exactly these."""
        headers = bearer(token_of(members()))
        open_routes, checked = set(), []
        for route in app.registry.introspector.get_category("routes"):
            pattern = route["introspectable"]["pattern"]
            if pattern.startswith(BACK_OFFICE):
                continue  # not on a brand's host at all (test_backoffice_access_matrix: 404 there)
            for view in (v for v in route["related"] if v.category_name == "views"):
                methods = view["request_methods"]
                methods = (methods,) if isinstance(methods, str) else methods or ()
                for method in set(methods) - SAFE_METHODS:
                    if view.get("region_check") == NEVER:
                        open_routes.add(view["route_name"])
                        continue
                    for path in _paths(app, pattern, method):
                        checked.append(path)
                        refused(us.request(path, method=method, headers=headers, status=403))
        assert open_routes == OPEN_ROUTES
        assert "/wps/relay/GCS_walletTransfer" in checked and "/wps/wallet/deposits" in checked


def _paths(app, pattern: str, method: str) -> list[str]:
    """The paths of a route's pattern: each relay operation answering ``method``, else the pattern
    with ``1`` for every placeholder."""
    if pattern.startswith("/wps/relay/"):
        prefix = pattern.removesuffix("{operation}")
        through_check = "passwordCheck" in prefix
        return [
            prefix + name
            for name, operation in app.registry["relay_operations"].items()
            if method in operation.methods
            and operation.password_check == through_check
            and operation.region_check != NEVER
        ]
    return ["/".join("1" if part.startswith("{") else part for part in pattern.split("/"))]


class TestStillAnswered:
    @pytest.mark.parametrize(
        "path",
        [
            "/wps/system/status",
            "/wps/system/whitelabel",
            "/wps/system/helpCenter",
            "/wps/system/customerService",
            "/wps/relay/MCSFE_getListAnnouncements?types=PL",
            "/",
            "/assets/logo.svg",
            "/healthz",
            "/readyz",
            "/wps/system/setting/register",
            "/wps/system/routers",
        ],
    )
    def test_the_blocked_pages_own_calls(self, us, path):
        assert us.get(path).status_int == 200

    def test_the_status_tells_the_page_to_show_the_blocked_view(self, us):
        assert us.get("/wps/system/status").json["value"]["status"] == 2

    def test_the_notices_by_post(self, us):
        assert us.post_json("/wps/relay/MCSFE_getListAnnouncements", {"types": "PL"}).json["success"] is True

    def test_a_members_own_data_can_be_read(self, us, members, token_of):
        member = members()
        assert us.get("/wps/member/info", headers=bearer(token_of(member))).json["value"]["id"] == member.id

    def test_logout(self, us, members, token_of, db_session):
        token = token_of(members())
        us.delete("/wps/session/logout", headers=bearer(token))
        assert db_session.scalar(select(MemberSession.revoked_at)) is not None

    def test_the_vendors_seamless_wallet_calls(self, us, seamless_vendor, members, db_session, fund):
        member = members()
        fund(member, "25.00")
        assert VendorClient(us).balance(member.id)["balance"] == "25.00"

    def test_the_gateways_notifications(self, payments, brand_app, members, token_of, db_session):
        member = members()
        home = brand_app("demo-bd.localhost", ip=BD_IP)
        deposit = home.post_json(
            "/wps/wallet/deposits",
            {"channel": GATEWAY, "amount": "500.00", "requestId": "deposit-from-home"},
            headers=bearer(token_of(member)),
        ).json["value"]["deposit"]["id"]
        us = brand_app("demo-bd.localhost", ip=US_IP)
        assert webhook(us, *notification("demo-bd", deposit, "paid", "500.00"))["value"] == {"received": True}
        assert balance(db_session, member) == 50000

    def test_the_operator_api(self, us, members, db_session, tenant_ids):
        member = members()
        key = create_key(db_session, tenant_ids["demo-bd"], "desk-abroad", utcnow())
        body = {"username": member.username, "amount": "10.00", "title": "welcome", "requestId": "bonus-abroad-01"}
        assert us.post_json("/ops/bonuses", body, headers=bearer(key)).json["success"] is True


class TestUnknownRegion:
    def test_is_allowed_by_default_and_logged_once_per_address(self, app, brand_app, caplog):
        app.registry["memos"].pop("unknown_regions", None)  # what earlier tests logged
        caplog.set_level(logging.WARNING, logger="tessera.system.access")
        unknown = brand_app("demo-bd.localhost", ip=UNKNOWN_IP)
        for _ in range(3):
            assert unknown.post_json("/wps/relay/GCSGAME_hotGamesV2", {}, status="*").json["code"] != "blockip"
        noted = [r for r in caplog.records if r.name == "tessera.system.access"]
        assert [(r.ip, r.brand) for r in noted] == [(UNKNOWN_IP, "demo-bd")]

    def test_a_read_is_not_logged(self, brand_app, caplog):
        caplog.set_level(logging.WARNING, logger="tessera.system.access")
        brand_app("demo-bd.localhost", ip="10.20.30.41").get("/wps/system/status")
        assert not [r for r in caplog.records if r.name == "tessera.system.access"]

    def test_a_brand_may_block_it(self, brand_app, db_session):
        set_brand(db_session, "demo-bd", access={"blocked_regions": ["US"], "unknown_region": "block"})
        app = brand_app("demo-bd.localhost", ip=UNKNOWN_IP)
        refused(app.post("/wps/session/login", "x", content_type=JOSE, status=403), ip=UNKNOWN_IP)
        assert app.get("/wps/system/status").json["value"]["status"] == 2
        home = brand_app("demo-bd.localhost", ip=BD_IP)
        assert home.post("/wps/session/login", "x", content_type=JOSE, status=400).json["code"] != "blockip"
