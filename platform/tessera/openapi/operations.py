"""Validators built once for each described operation, so a request is checked in microseconds.

Query and path parameters and JSON bodies are checked with JSON Schema validators made at
start-up; their ``$ref`` pointers resolve inside the whole description. An encrypted body
(``application/jose``) is only checked for its media type here; the JSON inside it is checked
against its media type's ``x-plaintext`` schema once decrypted (``identity.encryption``). Other
bodies (multipart uploads) are checked by openapi-core.
"""

from dataclasses import dataclass, field

from jsonschema import Draft202012Validator, validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tessera.core.envelope import ApiError
from tessera.openapi.validation import described_path, schema_fields

SPEC_URI = "urn:tessera:openapi"
JSON = "application/json"
JOSE = "application/jose"


def _is_integer(_, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# JSON Schema counts 5.0 as an integer; a handler given a float where it counts, slices or pages
# would fail, so an integer is what JSON writes without a fraction or an exponent.
RequestValidator = validators.extend(
    Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer)
)


@dataclass(frozen=True)
class Parameters:
    query: dict = field(default_factory=dict)
    path: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Validated:
    """What a validated request carries: ``request.openapi``."""

    body: object = None
    parameters: Parameters = field(default_factory=Parameters)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def resolve_pointer(spec: dict, pointer: str) -> dict:
    node = spec
    for token in pointer.removeprefix("#/").split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def _follow(spec: dict, pointer: str) -> tuple[str, dict]:
    """The pointer and node an object's ``$ref`` leads to (the object itself when it has none)."""
    node = resolve_pointer(spec, pointer)
    while "$ref" in node:
        pointer = node["$ref"]
        node = resolve_pointer(spec, pointer)
    return pointer, node


def _coerce(value: str, schema: dict):
    kind = schema.get("type")
    try:
        if kind == "integer":
            return int(value)
        if kind == "number":
            return float(value)
        if kind == "boolean" and value in ("true", "false"):
            return value == "true"
    except ValueError:
        pass
    return value


class Operation:
    """One path and method of the description, with its validators."""

    def __init__(self, spec: dict, registry: Registry, path: str, method: str):
        base = f"#/paths/{_escape(path)}"
        parameters = {}
        for where in (base, f"{base}/{method}"):
            for i, _ in enumerate(resolve_pointer(spec, where).get("parameters", [])):
                pointer, parameter = _follow(spec, f"{where}/parameters/{i}")
                parameters[(parameter["name"], parameter["in"])] = (pointer, parameter)
        self.query = self._validator(registry, spec, parameters, "query")
        self.path = self._validator(registry, spec, parameters, "path")
        self.body_required, self.media_types, self.json_body, self.plaintext = False, (), None, None
        operation = resolve_pointer(spec, f"{base}/{method}")
        if "requestBody" in operation:
            pointer, body = _follow(spec, f"{base}/{method}/requestBody")
            self.body_required = body.get("required", False)
            self.media_types = tuple(body.get("content", {}))
            if JSON in body.get("content", {}):
                self.json_body = RequestValidator(
                    {"$ref": f"{SPEC_URI}{pointer}/content/{_escape(JSON)}/schema"}, registry=registry
                )
            if "x-plaintext" in body.get("content", {}).get(JOSE, {}):
                self.plaintext = RequestValidator(
                    {"$ref": f"{SPEC_URI}{pointer}/content/{_escape(JOSE)}/x-plaintext"}, registry=registry
                )

    @staticmethod
    def _validator(registry, spec, parameters, location):
        chosen = {name: (pointer, p) for (name, where), (pointer, p) in parameters.items() if where == location}
        schema = {
            "type": "object",
            "properties": {name: {"$ref": f"{SPEC_URI}{pointer}/schema"} for name, (pointer, _) in chosen.items()},
            "required": [name for name, (_, p) in chosen.items() if p.get("required")],
        }
        types = {name: _follow(spec, f"{pointer}/schema")[1] for name, (pointer, _) in chosen.items()}
        return RequestValidator(schema, registry=registry), types, bool(schema["required"])

    @property
    def checks_body_itself(self) -> bool:
        return self.json_body is not None or JOSE in self.media_types or not self.media_types

    def validate(self, request, body) -> Validated:
        query = self._values(request, request.GET, self.query)
        path = self._values(request, request.matchdict or {}, self.path)
        if not request.body:
            if self.body_required:
                raise ApiError(
                    400,
                    "invalid_request",
                    value={
                        "fields": [
                            {"field": "", "code": "field_required", "message": request.translate("field_required")}
                        ]
                    },
                )
        elif request.content_type not in self.media_types:
            raise ApiError(415, "unsupported_media_type", content_type=request.content_type or "")
        elif self.json_body is not None:
            errors = list(self.json_body.iter_errors(body))
            if errors:
                raise ApiError(400, "invalid_request", value={"fields": schema_fields(request, errors)})
        return Validated(body, Parameters(query, path))

    def validate_plaintext(self, request, plaintext: dict) -> None:
        """Check the JSON an encrypted body carried against its ``x-plaintext`` schema."""
        errors = list(self.plaintext.iter_errors(plaintext)) if self.plaintext is not None else []
        if errors:
            raise ApiError(400, "invalid_request", value={"fields": schema_fields(request, errors)})

    @staticmethod
    def _values(request, source, checker) -> dict:
        validator, types, required = checker
        values = {name: _coerce(source[name], types[name]) for name in types if name in source}
        if not values and not required:
            return values
        errors = list(validator.iter_errors(values))
        if errors:
            raise ApiError(400, "invalid_request", value={"fields": schema_fields(request, errors)})
        return values


def build_operations(spec: dict) -> dict[tuple[str, str], Operation]:
    registry = Registry().with_resource(SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012))
    return {
        (path, method): Operation(spec, registry, path, method)
        for path, item in spec["paths"].items()
        for method in ("get", "put", "post", "delete", "patch")
        if method in item
    }


def find_operation(request, operations: dict) -> Operation | None:
    method = "get" if request.method == "HEAD" else request.method.lower()
    found = operations.get((request.path_info, method))
    if found is None and request.matched_route is not None:
        found = operations.get((described_path(request.matched_route.pattern), method))
    return found
