"""The API description: a valid OpenAPI 3.1 document that describes every call the app serves,
and an explorer that works without reaching any other site."""

import re

import pytest
from openapi_spec_validator import validate

from tessera.openapi import DESCRIBED_PREFIXES
from tessera.openapi.validation import described_path


@pytest.fixture
def description(testapp) -> dict:
    return testapp.get("/api/openapi.json").json


def served_calls(wsgi) -> set[tuple[str, str]]:
    """(path, method) of every view of every API route, from Pyramid's introspector, the path as
    the description writes it. HEAD, where GET is served too, is GET's description (the app
    validates it so)."""
    introspector = wsgi.registry.introspector
    calls = set()
    for route in introspector.get_category("routes"):
        pattern = route["introspectable"]["pattern"]
        if not pattern.startswith(DESCRIBED_PREFIXES):
            continue
        views = [v for v in route["related"] if v.category_name == "views"]
        assert views, f"route {pattern} has no view"
        for view in views:
            methods = view["request_methods"]
            assert methods, f"a view of {pattern} answers any method; name them"
            methods = {methods} if isinstance(methods, str) else set(methods)
            for method in methods - ({"HEAD"} if "GET" in methods else set()):
                calls.add((described_path(pattern), method.lower()))
    return calls


def test_is_a_valid_openapi_31_document(description):
    assert description["openapi"] == "3.1.0"
    validate(description)


def test_is_served_on_any_host(brand_app):
    assert brand_app("unknown.example").get("/api/openapi.json").json["openapi"] == "3.1.0"


def test_every_api_route_is_described_with_each_of_its_methods(app, description, backoffice):
    calls = served_calls(app)
    assert ("/wps/system/status", "get") in calls and ("/wps/feedback", "put") in calls
    assert ("/wps/relay/{operation}", "post") in calls
    assert ("/assets/{path}", "get") in calls and ("/app-icons/{purpose}-{size}.png", "get") in calls
    assert ("/bo/api/session", "post") in calls
    paths = {**description["paths"], **backoffice.get("/bo/openapi.json").json["paths"]}
    undescribed = sorted(f"{m.upper()} {p}" for p, m in calls if m not in paths.get(p, {}))
    assert undescribed == []


def test_the_back_office_is_described_apart(description, backoffice):
    """A brand's description names no back-office call; the back office's names only its own."""
    assert not [path for path in description["paths"] if path.startswith("/bo/")]
    staff_paths = backoffice.get("/bo/openapi.json").json["paths"]
    assert "/bo/api/session" in staff_paths and all(path.startswith("/bo/api/") for path in staff_paths)


def test_test_operations_are_described_too(test_wsgi, relay_app):
    described = relay_app.get("/api/openapi.json").json["paths"]
    every = test_wsgi.registry["openapi_spec"]["paths"]
    described.update({path: item for path, item in every.items() if path.startswith("/bo/")})  # the back office's
    calls = served_calls(test_wsgi)
    assert ("/wps/test/failure", "get") in calls
    assert all(m in described.get(p, {}) for p, m in calls)
    assert "post" in described["/wps/relay/TEST_echo"]


def test_every_operation_may_refuse_with_the_error_envelope(description):
    for path, item in description["paths"].items():
        for method, operation in item.items():
            if method in {"get", "put", "post", "delete", "patch"}:
                assert operation["responses"]["default"] == {"$ref": "#/components/responses/Error"}, (method, path)


def test_the_explorer_renders_with_local_assets(testapp):
    page = testapp.get("/api/explorer")
    assert page.content_type == "text/html"
    assert 'data-spec-url="/api/openapi.json"' in page.text
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert {a.rsplit("/", 1)[1] for a in assets} == {"swagger-ui.css", "swagger-ui-bundle.js", "start.js"}
    for asset in assets:
        assert asset.startswith("/api/explorer/")
        response = testapp.get(asset)
        assert response.status_int == 200 and len(response.body) > (100 if asset.endswith("start.js") else 10_000)
    assert "//" not in "".join(assets)


def test_explorer_assets_are_typed(testapp):
    assert testapp.get("/api/explorer/static/swagger-ui-bundle.js").content_type in {
        "application/javascript",
        "text/javascript",
    }
    assert testapp.get("/api/explorer/static/swagger-ui.css").content_type == "text/css"
    assert testapp.get("/api/explorer/start/start.js").content_type in {"application/javascript", "text/javascript"}
