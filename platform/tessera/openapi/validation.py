"""Request validation against the description, turned into envelopes a client can act on."""

import json
import re
from email.message import Message
from email.parser import BytesParser
from functools import lru_cache
from urllib.parse import quote

from openapi_core.datatypes import RequestParameters
from openapi_core.templating.media_types.exceptions import MediaTypeNotFound
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.validation.request.exceptions import (
    MissingRequestBody,
    MissingRequiredParameter,
    ParameterValidationError,
    RequestBodyValidationError,
)
from openapi_core.validation.schemas.exceptions import InvalidSchemaValue
from werkzeug.datastructures import ImmutableMultiDict

from tessera.core.envelope import ApiError

# jsonschema keyword -> message key and the parameters it takes from the schema
FIELD_MESSAGES = {
    "required": "field_required",
    "type": "field_type",
    "minLength": "field_min_length",
    "maxLength": "field_max_length",
    "pattern": "field_pattern",
    "enum": "field_enum",
    "const": "field_enum",
    "minimum": "field_minimum",
    "maximum": "field_maximum",
    "exclusiveMinimum": "field_minimum",
    "exclusiveMaximum": "field_maximum",
    "format": "field_format",
    "additionalProperties": "field_unknown",
    "minItems": "field_min_items",
    "maxItems": "field_max_items",
}


# A route placeholder with its regular expression: ``{size:192|512}``.
ROUTE_PLACEHOLDER = re.compile(r"\{(\w+):[^}]*\}")


@lru_cache(maxsize=1024)
def described_path(pattern: str) -> str:
    """How the description writes a route's pattern: a placeholder's regular expression left out
    (``/static/{path:.*}`` is ``/static/{path}``)."""
    return ROUTE_PLACEHOLDER.sub(r"{\1}", pattern)


def matched_path(request) -> str:
    """The request's path as openapi-core matches it against the description, where a parameter
    stands for one segment: a parameter holding slashes (``/assets/{path}``, ``banners/welcome.svg``)
    has them escaped."""
    values = request.matchdict or {}
    route = getattr(request, "matched_route", None)  # a request no router has matched has none
    if route is None or not any("/" in str(value) for value in values.values()):
        return request.path
    escaped = {name: quote(str(value), safe="") for name, value in values.items()}
    return request.script_name + described_path(route.pattern).format_map(escaped)


class ValidatingRequest:
    """A Pyramid request as openapi-core reads one; paths are matched on the real URL."""

    def __init__(self, request):
        self.request = request
        self.host_url = request.host_url
        self.path = matched_path(request)
        # HEAD answers what GET answers (Pyramid serves it with the GET view).
        self.method = "get" if request.method == "HEAD" else request.method.lower()
        self.parameters = RequestParameters(
            path=request.matchdict or {}, query=request.GET, header=request.headers, cookie=request.cookies
        )

    @property
    def body(self):
        return self.request.body or None

    @property
    def content_type(self):
        if self.request.content_type == "multipart/form-data":
            return self.request.headers.get("Content-Type")
        return self.request.content_type or "application/octet-stream"

    @property
    def mimetype(self):
        return self.request.content_type


def sent_body(response) -> bytes:
    """The body an answer sends, read without turning a file it streams into bytes held in memory
    (which the compressing tween would then compress as it is sent)."""
    if isinstance(response.app_iter, list):
        return response.body
    file = getattr(response.app_iter, "file", None)
    if file is None:
        return b""
    start = file.tell()
    try:
        return file.read()
    finally:
        file.seek(start)


class ResponseAdapter:
    def __init__(self, response):
        self.data = sent_body(response)
        self.status_code = response.status_int
        self.content_type = response.content_type
        self.headers = response.headers

    @property
    def mimetype(self):
        return self.content_type


def multipart_form(value: bytes, boundary: str = "", **_) -> ImmutableMultiDict:
    """The named parts of a multipart/form-data body, for openapi-core, whose own reader fails an
    assertion (a 500) on what a sender controls.

    As WebOb reads the form for the view, a body without parts has no fields and a part without
    a plain ``name`` is skipped; a part that is itself multipart is a ValueError, which openapi-core
    answers as an invalid body. The form's charset is UTF-8 (``validate_request`` refuses another),
    so the bytes are parsed as they come."""
    header = Message()
    header["Content-Type"] = "multipart/form-data"
    header.set_param("boundary", boundary)  # quoted as a header needs, whatever the sender wrote
    message = BytesParser().parsebytes(f"Content-Type: {header['Content-Type']}\r\n\r\n".encode() + value)
    fields = []
    parts: list[Message] = message.get_payload() if message.is_multipart() else []  # type: ignore[assignment]
    for part in parts:
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):
            raise ValueError("a part with parts of its own")
        if isinstance(name, str):
            fields.append((name, payload))
    return ImmutableMultiDict(fields)


def json_body(value: bytes, **_) -> object:
    """A JSON body of another media type than application/json (a web app manifest), for openapi-core."""
    return json.loads(value)


def _refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def check_body_size(request, limit: int):
    """Refuse a body over ``limit`` bytes, and a JSON body that strict JSON (RFC 8259) refuses.

    Returns the parsed JSON body (None when there is none)."""
    length = request.content_length
    if length is not None and length > limit:
        raise ApiError(413, "payload_too_large", limit_mb=round(limit / 1024 / 1024, 1), limit=limit)
    if request.content_type == "application/json" and request.body:
        try:
            return json.loads(request.body, parse_constant=_refuse_constant)
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            raise ApiError(400, "malformed_json") from None
    return None


def _field(error) -> str:
    path = [str(p) for p in error.absolute_path]
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else ""
        path.append(missing)
    if error.validator == "additionalProperties" and "'" in error.message:
        path.append(error.message.split("'")[1])
    return ".".join(path)


def _field_params(error) -> dict:
    schema = error.schema if isinstance(error.schema, dict) else {}
    return {
        "min": schema.get(
            "minLength", schema.get("minimum", schema.get("exclusiveMinimum", schema.get("minItems", "")))
        ),
        "max": schema.get(
            "maxLength", schema.get("maximum", schema.get("exclusiveMaximum", schema.get("maxItems", "")))
        ),
        "type": schema.get("type", ""),
        "format": schema.get("format", ""),
        "options": ", ".join(map(str, schema.get("enum", [schema["const"]] if "const" in schema else []))),
    }


def _schema_errors(exc):
    cause = exc
    while cause is not None:
        if isinstance(cause, InvalidSchemaValue):
            return cause.schema_errors
        cause = cause.__cause__
    return None


def schema_fields(request, errors, where: str = "") -> list[dict]:
    """The fields JSON Schema errors are about, each with a translated message."""
    fields = []
    for error in errors:
        key = FIELD_MESSAGES.get(error.validator, "field_invalid")
        name = ".".join(p for p in (where, _field(error)) if p)
        fields.append({"field": name, "code": key, "message": request.translate(key, **_field_params(error))})
    return fields


def describe(request, exc, where: str = "") -> list[dict]:
    """The fields an openapi-core error is about, each with a translated message."""
    schema_errors = _schema_errors(exc)
    if schema_errors:
        return schema_fields(request, schema_errors, where)
    if isinstance(exc, MissingRequiredParameter):
        return [{"field": exc.name, "code": "field_required", "message": request.translate("field_required")}]
    if isinstance(exc, MissingRequestBody):
        return [{"field": "", "code": "field_required", "message": request.translate("field_required")}]
    return [{"field": where, "code": "field_invalid", "message": request.translate("field_invalid")}]


def raise_for_errors(request, errors) -> None:
    if not errors:
        return
    fields = []
    for exc in errors:
        if isinstance(exc, OperationNotFound):
            raise ApiError(405, "method_not_allowed", method=request.method)
        if isinstance(exc, PathNotFound):
            raise ApiError(404, "not_found", path=request.path)
        if isinstance(exc, RequestBodyValidationError) and isinstance(exc.__cause__, MediaTypeNotFound):
            raise ApiError(415, "unsupported_media_type", content_type=request.content_type or "")
        where = getattr(exc, "name", "") if isinstance(exc, ParameterValidationError) else ""
        fields.extend(describe(request, exc, where))
    raise ApiError(400, "invalid_request", value={"fields": fields})
