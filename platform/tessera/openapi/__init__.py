"""The OpenAPI description of every call, assembled from one fragment per feature.

Views registered with ``openapi=True`` have their request validated against it before they
run; ``request.openapi`` then holds the validated body and parameters. With
``TESSERA_VALIDATE_RESPONSES`` on (the test suite turns it on) every answer is checked too.
"""

import copy
import json
import logging
from pathlib import Path

import yaml
from openapi_core import Config, OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound
from pyramid.exceptions import ConfigurationError
from pyramid.response import Response
from pyramid.tweens import EXCVIEW

from tessera.core.envelope import ApiError
from tessera.openapi.operations import build_operations, find_operation
from tessera.openapi.validation import (
    ResponseAdapter,
    ValidatingRequest,
    check_body_size,
    json_body,
    multipart_form,
    raise_for_errors,
)

log = logging.getLogger(__name__)
HERE = Path(__file__).parent
METHODS = ("get", "put", "post", "delete", "patch")
BUILD_ORDER = 10  # the description is assembled after every fragment is added


def _merge(base: dict, fragment: dict, source: str) -> None:
    for path, item in fragment.get("paths", {}).items():
        if path in base["paths"]:
            raise ConfigurationError(f"{source}: path {path} is already described")
        base["paths"][path] = item
    for section, entries in fragment.get("components", {}).items():
        target = base["components"].setdefault(section, {})
        for name, entry in entries.items():
            if name in target and target[name] != entry:
                raise ConfigurationError(f"{source}: components.{section}.{name} is already described")
            target[name] = entry


def _with_error_responses(spec: dict) -> dict:
    for item in spec["paths"].values():
        for method in METHODS:
            if method in item:
                item[method].setdefault("responses", {}).setdefault("default", {"$ref": "#/components/responses/Error"})
    return spec


def add_openapi(config, path: str) -> None:
    """Add a feature's fragment (``paths`` and ``components``) to the description."""
    config.registry.setdefault("openapi_fragments", []).append(path)


def _build(registry) -> None:
    spec = yaml.safe_load((HERE / "base.yaml").read_text())
    for path in registry.get("openapi_fragments", []):
        _merge(spec, yaml.safe_load(Path(path).read_text()), path)
    registry["openapi_spec"] = _with_error_responses(spec)
    config = Config(
        extra_media_type_deserializers={"multipart/form-data": multipart_form, "application/manifest+json": json_body}
    )
    registry["openapi"] = OpenAPI.from_dict(copy.deepcopy(spec), config=config)
    registry["openapi_operations"] = build_operations(registry["openapi_spec"])


def validate_request(request, max_body: int | None = None) -> None:
    """Check the request against the description; ``request.openapi`` then holds what it carries."""
    body = check_body_size(request, max_body or request.registry.settings["tessera"].max_body_bytes)
    operation = find_operation(request, request.registry["openapi_operations"])
    if operation is None:
        raise ApiError(405, "method_not_allowed", method=request.method)
    if operation.checks_body_itself:
        request.openapi = operation.validate(request, body)
        return
    if request.charset != "UTF-8":  # WebOb reads a form in UTF-8 only (request.POST raises)
        raise ApiError(415, "unsupported_media_type", content_type=request.headers.get("Content-Type", ""))
    result = request.registry["openapi"].unmarshal_request(ValidatingRequest(request))
    raise_for_errors(request, result.errors)
    request.openapi = result


def openapi_deriver(view, info):
    if not info.options.get("openapi"):
        return view
    max_body = info.options.get("max_body")

    def validated_view(context, request):
        validate_request(request, max_body)
        return view(context, request)

    return validated_view


openapi_deriver.options = ("openapi", "max_body")  # type: ignore[attr-defined]  # how Pyramid reads a deriver's options


def response_validation_tween_factory(handler, registry):
    if not registry.settings["tessera"].validate_responses:
        return handler

    def tween(request):
        response = handler(request)
        if _described(request):
            errors = _response_errors(registry["openapi"], request, response)
            if errors:
                raise AssertionError(
                    f"{request.method} {request.path}: the answer does not match the description: {errors}"
                )
        return response

    return tween


# The API: the spec's calls, the operator API, the health checks, and the files a brand's pages load
# (built bundles, the brand's assets, the installable app's manifest, icons and worker); the pages are not described.
DESCRIBED_PREFIXES = (
    "/wps/",
    "/lgw/",
    "/lotto/",
    "/ops/",
    "/bo/api/",
    "/locales/",
    "/healthz",
    "/readyz",
    "/static/",
    "/assets/",
    "/sw.js",
    "/manifest.webmanifest",
    "/app-icons/",
)


def _described(request) -> bool:
    return request.matched_route is not None and request.path.startswith(DESCRIBED_PREFIXES)


def _response_errors(openapi, request, response) -> list:
    try:
        openapi.validate_response(ValidatingRequest(request), ResponseAdapter(response))
    except OperationNotFound as exc:
        # A method the path does not have: the answer is the 405 refusal, described nowhere.
        return [] if response.status_int == 405 else [exc]
    except Exception as exc:  # openapi-core raises one error holding the details
        return [exc]
    return []


BACKOFFICE_PATHS = "/bo/"  # described at /bo/openapi.json, for the back office's host only


def openapi_json(request):
    spec = request.registry["openapi_spec"]
    described = {**spec, "paths": {p: item for p, item in spec["paths"].items() if not p.startswith(BACKOFFICE_PATHS)}}
    return Response(
        json.dumps(described, ensure_ascii=False),
        content_type="application/json",
        charset="utf-8",
    )


# Swagger UI 5 (npm's swagger-ui-dist, which reads OpenAPI 3.1), copied by the front end's build.
SWAGGER_UI = "shell/explorer"
# What Swagger UI needs, from this origin only: its script and styles (images inlined as data:
# URLs), and the calls it tries on the brand's own API. No inline script, and no page may frame it.
EXPLORER_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def explorer(request):
    request.response.headers.update(
        {
            "Content-Security-Policy": EXPLORER_POLICY,
            "X-Frame-Options": "DENY",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        }
    )
    return {
        "spec_url": request.route_path("openapi.json"),
        "static": request.static_path(f"{request.registry.settings['tessera'].static_dir / SWAGGER_UI}/"),
        "start": request.static_path("tessera.openapi:explorer/start.js"),
    }


def includeme(config):
    config.add_directive("add_openapi", add_openapi)
    config.add_view_deriver(openapi_deriver)
    config.add_tween("tessera.openapi.response_validation_tween_factory", over=EXCVIEW)
    config.action(("tessera.openapi.build",), _build, args=(config.registry,), order=BUILD_ORDER)
    config.add_route("openapi.json", "/api/openapi.json")
    config.add_view(openapi_json, route_name="openapi.json", request_method="GET")
    config.add_route("openapi.explorer", "/api/explorer")
    config.add_view(
        explorer, route_name="openapi.explorer", request_method="GET", renderer="tessera:templates/explorer.jinja2"
    )
    static_dir = config.registry.settings["tessera"].static_dir
    config.add_static_view("api/explorer/static", str(static_dir / SWAGGER_UI), cache_max_age=86400)
    config.add_static_view("api/explorer/start", "tessera.openapi:explorer/", cache_max_age=3600)
