"""Staff answer the brand's feedback and complaints (``feedback.reply``); replies and status
changes are audited against the feedback (``feedback:{id}``)."""

from pyramid.response import FileResponse
from pyramid.view import view_config

from tessera.backoffice.acting import Acting
from tessera.backoffice.feedback import services
from tessera.backoffice.feedback.services import FeedbackQuery
from tessera.backoffice.permissions import Permission

reply_call = dict(renderer="api", openapi=True, staff=Permission.FeedbackReply)


def _feedback(request):
    return services.find_feedback(request.db, request.openapi.parameters.path["id"])


def _detail(request, feedback) -> dict:
    def image_url(index: int) -> str:
        return request.route_path("backoffice.feedback_image", brand=request.tenant.slug, id=feedback.id, index=index)

    return services.detail(request.db, feedback, image_url)


def _record(request, feedback, action: str, before: dict, after: dict) -> None:
    Acting.of(request).record(request.db, action, f"feedback:{feedback.id}", before, after)


@view_config(route_name="backoffice.feedback_list", request_method="GET", **reply_call)
def feedback_list(request):
    asked = request.openapi.parameters.query
    query = FeedbackQuery(
        status=asked.get("status"),
        type=asked.get("type"),
        member_id=asked.get("memberId"),
        member=asked.get("member"),
        since=asked.get("from"),
        until=asked.get("to"),
        page=asked.get("page", 1),
        page_size=asked.get("pageSize", 50),
    )
    items, total = services.feedback_list(request.db, request.tenant, query)
    return {"items": items, "total": total, "page": query.page, "pageSize": query.page_size}


@view_config(route_name="backoffice.feedback", request_method="GET", **reply_call)
def feedback(request):
    return _detail(request, _feedback(request))


@view_config(route_name="backoffice.feedback_image", request_method="GET", staff=Permission.FeedbackReply, openapi=True)
def feedback_image(request):
    feedback = _feedback(request)
    upload_dir = request.registry.settings["tessera"].upload_dir
    path, content_type = services.image_file(feedback, request.openapi.parameters.path["index"], upload_dir)
    response = FileResponse(str(path), request=request, content_type=content_type)
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@view_config(route_name="backoffice.feedback_replies", request_method="POST", **reply_call)
def reply(request):
    acting, feedback = Acting.of(request), _feedback(request)
    before = {"status": feedback.status}
    answer = services.reply(request.db, feedback, request.openapi.body["content"], acting.staff, acting.at)
    _record(request, feedback, "feedback_replied", before, {"status": feedback.status, "reply": answer.content})
    return _detail(request, feedback)


@view_config(route_name="backoffice.feedback_status", request_method="PUT", **reply_call)
def status(request):
    feedback = _feedback(request)
    before = {"status": feedback.status}
    services.set_status(request.db, feedback, request.openapi.body["status"])
    _record(request, feedback, "feedback_status_changed", before, {"status": feedback.status})
    return _detail(request, feedback)
