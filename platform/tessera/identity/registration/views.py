"""The registration calls of SPEC §7: by username, by mobile number, and the affiliate check."""

from pyramid.view import view_config

from tessera.core.refusals import keeping_traces
from tessera.identity.registration import services
from tessera.identity.registration.fields import BY_MOBILE, BY_USERNAME
from tessera.identity.verification.views import captcha_reply


def _register(request, mode: str):
    form = request.decrypted_json
    login = services.register(request.identity_call, form, mode, captcha_reply(request, form))
    return login.as_value() if login else None


@view_config(
    route_name="identity.register",
    request_method="PUT",
    renderer="api",
    openapi=True,
    encrypted=True,
    decorator=keeping_traces,
)  # a captcha or code used up stays used up
def register(request):
    return _register(request, BY_USERNAME)


@view_config(
    route_name="identity.register_mobile",
    request_method="PUT",
    renderer="api",
    openapi=True,
    encrypted=True,
    decorator=keeping_traces,
)
def register_mobile(request):
    return _register(request, BY_MOBILE)


@view_config(
    route_name="identity.affiliate", request_method="GET", renderer="api", openapi=True, decorator=keeping_traces
)  # a code not found counts toward the throttles
def affiliate(request):
    call, query = request.identity_call, request.openapi.parameters.query
    return services.affiliate(call.db, call.tenant, query["code"], query.get("domain"), call.ip, call.at)
