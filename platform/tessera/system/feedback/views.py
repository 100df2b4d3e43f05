"""The feedback call of SPEC §7: a message and up to three images, as a multipart form."""

from pyramid.view import view_config

from tessera.core.envelope import ApiError
from tessera.system.feedback.models import FEEDBACK, TYPES
from tessera.system.feedback.services import MAX_IMAGE_BYTES, MAX_IMAGES, submit_feedback

FEEDBACK_MAX_BODY = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024


@view_config(
    route_name="system.feedback", request_method="PUT", renderer="api", openapi=True, max_body=FEEDBACK_MAX_BODY
)
def feedback(request):
    form = request.POST
    uploads = [
        (f.filename or "image", f.file.read(MAX_IMAGE_BYTES + 1)) for f in form.getall("images") if hasattr(f, "file")
    ]
    saved = submit_feedback(
        request.db,
        request.tenant,
        _text_field(request, "content") or "",
        _text_field(request, "contact"),
        uploads,
        ip=request.client_ip,
        language=request.language,
        upload_dir=request.registry.settings["tessera"].upload_dir,
        member_id=request.authenticated_userid,
        kind=_kind(request),
    )
    return {"id": saved.id}


def _kind(request) -> str:
    kind = _text_field(request, "type") or FEEDBACK
    if kind not in TYPES:
        message = request.translate("field_invalid")
        raise ApiError(
            400, "invalid_request", value={"fields": [{"field": "type", "code": "field_invalid", "message": message}]}
        )
    return kind


def _text_field(request, name: str) -> str | None:
    """A text field of the form; a file sent under a text field's name is refused."""
    value = request.POST.get(name)
    if value is None or isinstance(value, str):
        return value
    message = request.translate("field_type", type="string")
    raise ApiError(
        400, "invalid_request", value={"fields": [{"field": name, "code": "field_type", "message": message}]}
    )
