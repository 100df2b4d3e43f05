"""The cross-brand matrix: every call of the API description, made on demo-ph's host with what
belongs to demo-bd (a member's session token, an operator key), is refused or answered as if
nothing had been sent; never with demo-bd's data, never with a 5xx.

Each call is one test, and its rule comes from the description: a call that needs a member's
login (security ``bearer``) answers 401 not_logged_in, an operator call (``operatorKey``) 401
operator_key_invalid, a call where a login is optional the anonymous answer. The calls without
a security requirement are named below: public ones answer as they answer anyone, calls a
vendor's or a gateway's server signs are refused for want of a signature, and the relay's
dispatcher does not know the operation, and the back office's calls (``x-staff``) do not exist
on a brand's host (404 not_found). A call no rule covers fails, so a new call is in the
matrix from its first day; a relay operation that needs a login must say so in its description.

The app checks a login before it reads a request: a member route's context and permission
(Pyramid's secured view, which runs before the description's validation), the operator API's
context (its key) and the relay dispatcher (an operation's login before ``validate_request``).
Each refused call is therefore also sent with a body that is not even JSON, and must be refused
the same way. Each call is still built from its description (required parameters and fields,
from their examples, defaults, enums and bounds) and made on demo-bd's own host too, where the
same token or key is accepted (not 401): the refusal on demo-ph is the brand's, nothing else's.
"""

import json
import re
import uuid
from datetime import date
from urllib.parse import urlencode

import pytest

from accounts import PH_IP, bearer
from calls import JOSE, seal
from tessera.app import make_app
from tessera.core.settings import Settings
from tessera.core.timeutil import utcnow
from tessera.openapi.operations import resolve_pointer
from tessera.plugins import make_plugin_manager
from tessera.relay import TOKEN
from tessera.wallet.operators.services import create_key

MEMBER, OPTIONAL_LOGIN, OPERATOR, PUBLIC, SIGNED, DISPATCHER, BACK_OFFICE = (
    "member",
    "optional login",
    "operator",
    "public",
    "signed",
    "dispatcher",
    "back office",
)
SECURITY_RULES = {
    json.dumps([{"bearer": []}]): MEMBER,
    json.dumps([{}, {"bearer": []}]): OPTIONAL_LOGIN,
    json.dumps([{"operatorKey": []}]): OPERATOR,
}
# Calls without a security requirement, each named: a new call that forgets to say it needs a
# login fits none of these and fails.
PUBLIC_CALLS = {
    "GET /healthz",
    "GET /readyz",
    "GET /lgw/games/game_menus",
    "GET /lgw/fair/draws",
    "GET /lgw/fair/series",
    "GET /lgw/vn/games/game_menu",
    "GET /lgw/games/popular",
    "GET /lgw/vn/numeros/opened/game",
    "GET /lotto/lgw/games/board",
    "POST /lotto/lgw/numbers",
    "GET /wps/system/status",
    "GET /wps/system/whitelabel",
    "GET /wps/system/setting/register",
    "GET /wps/system/domainRoute",
    "GET /wps/system/routers",
    "GET /wps/system/helpCenter",
    "GET /wps/system/customerService",
    "PUT /wps/feedback",
    "GET /wps/captcha",
    "GET /wps/avatars/{iconId}.svg",
    "GET /locales/{language}.json",
    "GET /assets/{path}",
    "GET /assets/~/{name}",
    "GET /static/{path}",
    "GET /sw.js",
    "GET /manifest.webmanifest",
    "GET /app-icons/{purpose}-{size}.png",
    "POST /wps/session/login",
    "POST /wps/session/login/federated",
    "POST /wps/session/login/freeplay",
    "PUT /wps/member/register",
    "PUT /wps/member/register/mobile",
    "GET /wps/agent/affiliate",
    "POST /wps/verification/sms/noLogin",
    "POST /wps/verification/sms/register",
    "POST /wps/member/password/email",
    "POST /wps/member/password/verification",
    "POST /wps/relay/GCSGAME_hotGamesV2",
    "POST /wps/relay/GCS_gameLaunchFB",
    "POST /wps/relay/GCSGAME_getRankList",
    "GET /wps/relay/MCSFE_getListAnnouncements",
    "POST /wps/relay/MCSFE_getListAnnouncements",
}
# Called by a vendor's or a gateway's server and checked by the plugin's signature, not a login.
SIGNED_CALLS = {"POST /vendors/{vassalage}/wallet/{operation}", "POST /wps/payments/webhook/{plugin}/{channel}"}
DISPATCHER_CALLS = {
    f"{method} /wps/relay{check}/{{operation}}" for method in ("GET", "POST") for check in ("", "/passwordCheck")
}
# Path parameters that name something of the brand's, as its own callers would send them.
PATH_VALUES = {
    "vassalage": "TY",
    "operation": "balance",
    "plugin": "signed-gateway",
    "channel": "bkash",
    "iconId": 1,
}
# Text that fits the patterns the description gives (ids, numbers, codes).
TEXTS = ("matrix0001", "0123456789", "01712345678")
METHODS = ("get", "put", "post", "delete", "patch")


def _description() -> dict:
    """The app's description, built once at collection (nothing of it touches the database)."""
    settings = Settings(database_url="sqlite://", secret_key="cross-brand-matrix-secret-of-32-bytes", cache_seconds=0)
    wsgi = make_app(settings, plugin_manager=make_plugin_manager(load_entry_points=True))
    wsgi.registry["db_engine"].dispose()
    return wsgi.registry["openapi_spec"]


def pytest_generate_tests(metafunc):
    if "call" in metafunc.fixturenames:
        paths = _description()["paths"]
        calls = [f"{m.upper()} {path}" for path, item in paths.items() for m in METHODS if m in item]
        metafunc.parametrize("call", calls)


def resolved(spec: dict, node: dict) -> dict:
    """``node`` with its ``$ref`` followed and its ``allOf`` merged (properties and required)."""
    while "$ref" in node:
        node = resolve_pointer(spec, node["$ref"])
    if "allOf" in node:
        parts = [resolved(spec, part) for part in node["allOf"]]
        node = {
            **{k: v for k, v in node.items() if k != "allOf"},
            "properties": {k: v for part in parts for k, v in part.get("properties", {}).items()},
            "required": [name for part in parts for name in part.get("required", [])],
        }
    return node


def value_of(spec: dict, schema: dict):
    """A value the schema accepts, the simplest one its description offers."""
    schema = resolved(spec, schema)
    for key in ("example", "default", "const"):
        if key in schema:
            return schema[key]
    if schema.get("examples") or schema.get("enum"):
        return (schema.get("examples") or schema["enum"])[0]
    kind = schema.get("type", "string")
    kind = next(k for k in kind if k != "null") if isinstance(kind, list) else kind
    if kind == "object":
        properties = schema.get("properties", {})
        return {name: value_of(spec, properties.get(name, {})) for name in schema.get("required", [])}
    if kind == "array":
        return [value_of(spec, schema.get("items", {}))] * schema.get("minItems", 0)
    if kind in ("integer", "number"):
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    if schema.get("format") == "date":
        return date.today().isoformat()
    return _text(schema)


def _text(schema: dict) -> str:
    low, high = schema.get("minLength", 1), schema.get("maxLength", 64)
    fits = [t for t in TEXTS if low <= len(t) <= high and re.search(schema.get("pattern", ""), t)]
    return fits[0] if fits else "x" * low


class Call:
    """One described call, made as its description says (required parameters, a minimal body)."""

    path_values = PATH_VALUES

    def __init__(self, spec: dict, call: str):
        method, self.path = call.split(" ", 1)
        self.spec, self.method = spec, method.lower()
        item = spec["paths"][self.path]
        self.operation = item[self.method]
        parameters = item.get("parameters", []) + self.operation.get("parameters", [])
        self.parameters = [resolved(spec, p) for p in parameters]
        body = resolved(spec, self.operation.get("requestBody", {}))
        self.media_type, self.media = next(iter(body.get("content", {}).items()), (None, {}))

    @property
    def url(self) -> str:
        path, query = self.path, {}
        for p in self.parameters:
            if p["in"] == "path":
                value = self.path_values.get(p["name"], value_of(self.spec, p["schema"]))
                path = path.replace(f"{{{p['name']}}}", str(value))
            elif p["in"] == "query" and p.get("required"):
                query[p["name"]] = value_of(self.spec, p["schema"])
        return f"{path}?{urlencode(query)}" if query else path

    def body(self, app) -> tuple[bytes | None, str | None]:
        if self.media_type is None:
            return None, None
        if self.media_type == JOSE:
            public_key = app.get("/wps/system/status").json["value"]["publicKey"]
            return seal(public_key, value_of(self.spec, self.media["x-plaintext"])).encode(), JOSE
        fields = value_of(self.spec, self.media.get("schema", {"type": "object"}))
        if self.media_type == "multipart/form-data":
            content_type, content = app.encode_multipart(list(fields.items()), [])
            return content, content_type
        if self.media_type == "application/x-www-form-urlencoded":
            return urlencode(fields).encode(), self.media_type
        return json.dumps(fields).encode(), "application/json"

    def send(self, app, credential: str | None = None, body=None):
        content, content_type = self.body(app) if body is None else body
        # webtest's request() takes the host from the URL, not from the app's environ
        headers = {"Host": app.extra_environ["HTTP_HOST"], **(bearer(credential) if credential else {})}
        if content_type:
            headers["Content-Type"] = content_type
        return app.request(
            self.url, method=self.method.upper(), body=content or b"", headers=headers, expect_errors=True
        )


def rule_of(app, spec: dict, call: str) -> str:
    method, path = call.split(" ", 1)
    security = spec["paths"][path][method.lower()].get("security")
    if "x-staff" in spec["paths"][path][method.lower()]:
        rule = BACK_OFFICE  # its own host only (test_backoffice_access_matrix checks its staff)
    elif security is not None:
        rule = SECURITY_RULES.get(json.dumps(security))
    else:
        rule = next(
            (
                r
                for r, named in ((PUBLIC, PUBLIC_CALLS), (SIGNED, SIGNED_CALLS), (DISPATCHER, DISPATCHER_CALLS))
                if call in named
            ),
            None,
        )
    if rule is None:
        pytest.fail(f"{call}: no rule of the cross-brand matrix covers it (security {security}); give it one")
    relay = app.registry.get("relay_operations", {}).get(path.rsplit("/", 1)[-1])
    if relay is not None and relay.path == path and relay.auth == TOKEN:
        assert rule == MEMBER, f"{call} needs a login but its description says {security}"
    return rule


@pytest.fixture
def demo_bd_member(members, token_of):
    member = members("demo-bd", username=f"matrix{uuid.uuid4().hex[:10]}")
    member.token = token_of(member)
    return member


@pytest.fixture
def demo_bd_operator_key(db_session, tenant_ids) -> str:
    return create_key(db_session, tenant_ids["demo-bd"], f"matrix-{uuid.uuid4().hex[:8]}", utcnow())


def refused(response, status: int, code: str) -> None:
    assert (response.status_int, response.json["code"]) == (status, code), response.body[:300]


def test_a_call_on_another_brand(call, app, testapp, brand_app, demo_bd_member, demo_bd_operator_key):
    spec = app.registry["openapi_spec"]
    demo_ph = brand_app("demo-ph.localhost", ip=PH_IP)
    request = Call(spec, call)
    rule = rule_of(app, spec, call)
    credential = demo_bd_operator_key if rule == OPERATOR else demo_bd_member.token
    response = request.send(demo_ph, credential)
    assert response.status_int < 500, response.body[:300]
    assert demo_bd_member.username.encode() not in response.body
    if rule in (MEMBER, OPERATOR):
        code = "not_logged_in" if rule == MEMBER else "operator_key_invalid"
        refused(response, 401, code)
        refused(request.send(demo_ph, credential, (b"{", "application/json")), 401, code)
        own_brand = request.send(testapp, credential)
        assert own_brand.status_int != 401, f"demo-bd's own {rule} credential is refused on demo-bd"
    elif rule == OPTIONAL_LOGIN:
        anonymous = request.send(demo_ph)
        assert (response.status_int, response.json) == (anonymous.status_int, anonymous.json)
    elif rule == SIGNED:
        assert response.status_int >= 400 or response.json.get("ok") is False, response.body[:300]
    elif rule == DISPATCHER:
        refused(response, 404, "unknown_operation")
    elif rule == BACK_OFFICE:
        refused(response, 404, "not_found")
        refused(request.send(demo_ph, credential, (b"{", "application/json")), 404, "not_found")
