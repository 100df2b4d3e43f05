"""The verification calls: SMS codes, and the brand's captcha challenge."""

from pyramid.view import view_config

from tessera.core.refusals import keeping_traces
from tessera.identity.verification import captcha
from tessera.identity.verification.services import recipient, require_sms, send_code, unregistered_phone


def captcha_reply(request, form: dict) -> dict:
    """What a form answers to the captcha, with the challenge's id from its cookie."""
    return captcha.reply(form, request.cookies.get(captcha.COOKIE))


@view_config(
    route_name="verification.sms", request_method="POST", renderer="api", openapi=True, decorator=keeping_traces
)  # a captcha used up stays used up, whatever the answer
def sms_code(request):
    call, form = request.identity_call, request.openapi.body
    purpose = form["purpose"]
    require_sms(call, purpose)
    phone, member = recipient(call.db, purpose, form, request.authenticated_userid)
    # The address check of a login whose captcha was solved is not asked for another one.
    passed = purpose == "ip" and captcha.use_pass(
        call.store, captcha.pass_key("ip", form.get("username"), call.ip), keep=True
    )
    if not passed:
        captcha.require(call.plugins, call.store, captcha_reply(request, form))
    return {"expiredMinutes": send_code(call, purpose, phone, member, deliver=member is not None)}


@view_config(
    route_name="verification.sms_register",
    request_method="POST",
    renderer="api",
    openapi=True,
    decorator=keeping_traces,
)
def sms_register_code(request):
    call, form = request.identity_call, request.openapi.body
    require_sms(call, "register")
    phone = unregistered_phone(call.db, form["countryDialingCode"], form["mobileNo"])
    captcha.require(call.plugins, call.store, captcha_reply(request, form))
    return {"expiredMinutes": send_code(call, "register", phone)}


@view_config(route_name="identity.captcha", request_method="GET", renderer="api", openapi=True)
def captcha_challenge(request):
    """A picture to read (a data URL), or what the brand's captcha widget needs to start; the
    challenge's id goes into a cookie."""
    issued = captcha.challenge(request.plugins, request.one_time_store)
    request.response.set_cookie(
        captcha.COOKIE,
        issued["captchaId"],
        max_age=captcha.COOKIE_SECONDS,
        path="/wps",
        httponly=True,
        samesite="Lax",
        secure=request.over_https,
    )
    return issued["image"] if "image" in issued else {k: v for k, v in issued.items() if k != "captchaId"}
