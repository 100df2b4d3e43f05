"""The account calls: verification codes by SMS, password recovery and changes, icon and avatar."""
from pathlib import Path

from pyramid.response import Response
from pyramid.view import view_config

from tessera.relay import TOKEN
from tessera.identity import avatars, captcha, recovery, verification
from tessera.identity.permissions import OwnAccount, Permissions
from tessera.identity.refusals import keeping_traces


@view_config(route_name="verification.sms", request_method="POST", renderer="api", openapi=True,
             decorator=keeping_traces)  # a captcha used up stays used up, whatever the answer
def sms_code(request):
    form = request.openapi.body
    purpose = form["purpose"]
    verification.require_sms(request, purpose)
    phone, member = verification.recipient(request, purpose, form)
    captcha.require(request, form)
    return {"expiredMinutes": verification.send_code(request, purpose, phone, member, deliver=member is not None)}


@view_config(route_name="verification.sms_register", request_method="POST", renderer="api", openapi=True,
             decorator=keeping_traces)
def sms_register_code(request):
    form = request.openapi.body
    verification.require_sms(request, "register")
    phone = verification.unregistered_phone(request.db, form["countryDialingCode"], form["mobileNo"])
    captcha.require(request, form)
    return {"expiredMinutes": verification.send_code(request, "register", phone)}


@view_config(route_name="identity.password_email", request_method="POST", renderer="api", openapi=True)
def password_email(request):
    recovery.send_reset_link(request, request.openapi.body["username"], request.openapi.body["email"])
    return None


@view_config(route_name="identity.password_verification", request_method="POST", renderer="api", openapi=True,
             encrypted=True, decorator=keeping_traces)  # a wrong code counts toward its 5 tries
def password_verification(request):
    form = request.decrypted_json
    recovery.check_new_password(request, form["newPassword"])
    if "resetToken" in form:
        login = recovery.reset_by_token(request, form["resetToken"], form["newPassword"])
    else:
        login = recovery.reset_by_code(request, form["countryDialingCode"], form["mobileNum"],
                                       form["verificationCode"], form["newPassword"])
    return login.as_value()


@view_config(route_name="identity.password", request_method="POST", renderer="api", openapi=True, encrypted=True,
             permission=Permissions.PasswordChange, decorator=keeping_traces)
def change_password(request):
    return {"token": recovery.change_password(request, request.authenticated_userid, request.decrypted_json)}


@view_config(route_name="identity.member_icon", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def member_icon(request):
    return avatars.member_icon(request)


@view_config(route_name="identity.avatar", request_method="GET", openapi=True)
def avatar(request):
    icon_id = request.openapi.parameters.path["iconId"]
    response = Response(avatars.svg(icon_id), content_type="image/svg+xml", charset="utf-8", conditional_response=True)
    response.etag = avatars.etag(icon_id)
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["X-Content-Type-Options"] = "nosniff"
    # An SVG opened on its own is a document: it may style itself, nothing more (as brand assets).
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


def includeme(config):
    config.add_route("verification.sms", "/wps/verification/sms/noLogin")
    config.add_route("verification.sms_register", "/wps/verification/sms/register")
    config.add_route("identity.password_email", "/wps/member/password/email")
    config.add_route("identity.password_verification", "/wps/member/password/verification")
    config.add_route("identity.password", "/wps/member/password", factory=OwnAccount)
    config.add_route("identity.member_icon", "/wps/member/info/icon", factory=OwnAccount)
    config.add_route("identity.avatar", "/wps/avatars/{iconId}.svg")
    config.add_relay_operation("MCSFE_getPlayerAvatar", avatars.choices, auth=TOKEN, methods=("GET",))
    config.add_openapi(str(Path(__file__).parent / "openapi_account.yaml"))
    config.scan(".account_views")
