"""The JSON envelope every API answer uses, and the error a view raises to refuse a request.

``{"success": bool, "code": str | null, "message": str | null, "value": ...}``
"""

import json


class ApiError(Exception):
    """A refusal the caller can act on: an HTTP status, a stable code, message parameters."""

    def __init__(self, status: int, code: str, value=None, headers=None, **params):
        super().__init__(code)
        self.status = status
        self.code = code
        self.value = value
        self.headers = headers or {}
        self.params = params


def envelope(value=None, *, success=True, code=None, message=None) -> dict:
    return {"success": success, "code": code, "message": message, "value": value}


def render_error(request, status: int, code: str, value=None, headers=None, **params):
    response = request.response
    response.status_int = status
    response.content_type = "application/json"
    response.charset = "utf-8"
    response.headers.update(headers or {})
    message = request.translate(code, **params)
    response.text = json.dumps(envelope(value, success=False, code=code, message=message), ensure_ascii=False)
    return response


def encode(value) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


class Spliced:
    """A JSON object whose members are partly encoded already: ``fields`` are encoded now, then
    joined with ``encoded`` (the text of a JSON object, typically a memo)."""

    def __init__(self, fields: dict, encoded: str):
        self.fields = fields
        self.encoded = encoded

    def to_json(self) -> str:
        head = encode(self.fields)
        if self.encoded == "{}":
            return head
        return self.encoded if head == "{}" else f"{head[:-1]}, {self.encoded[1:]}"


class EnvelopeRenderer:
    """Renderer ``api``: wraps what a view returns as the envelope's value."""

    def __init__(self, info):
        pass

    def __call__(self, value, system):
        request = system.get("request")
        if request is not None:
            request.response.content_type = "application/json"
            request.response.charset = "utf-8"
        if isinstance(value, Spliced):
            return f'{{"success": true, "code": null, "message": null, "value": {value.to_json()}}}'
        return encode(envelope(value))


def includeme(config):
    config.add_renderer("api", EnvelopeRenderer)
