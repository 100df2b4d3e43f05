"""The session, registration and member calls of SPEC §7."""
from pyramid.view import view_config

from tessera.core.envelope import ApiError
from tessera.system.access import NEVER
from tessera.core.timeutil import now
from tessera.identity import captcha, federated, phones, registration, services, verification
from tessera.identity.permissions import Permissions
from tessera.identity.refusals import KeptRefusal, keeping_traces


@view_config(route_name="identity.login", request_method="POST", renderer="api", openapi=True, encrypted=True,
             decorator=keeping_traces)  # failures count toward the throttles and use up captchas: they must commit
def login(request):
    form, at = request.decrypted_json, now(request.registry)
    if form.get("type", "username") == "sms":
        return sms_login(request, form, at).as_value()
    if request.tenant.flag("LOGINREQCAPTCHA3") or services.recent_failure(request.db, form["username"],
                                                                          request.client_ip, at):
        captcha.require(request, form)
    try:
        login = services.log_in(request.db, request.tenant, form["username"], form["password"], request.client_ip,
                                at, agent=form.get("agent") is True, address_code=form.get("verificationCode"))
    except KeptRefusal as refused:
        if refused.code == "login_failed" and captcha.available(request):
            refused.value = {"captcha": True}  # the next try shows the captcha
        raise
    return login.as_value()


def sms_login(request, form: dict, at) -> services.Login:
    """A login by a code sent to the member's phone (purpose "login") or a phone-auth token. No
    captcha: the code's send asked for one, and a code allows five tries."""
    tenant, db, ip = request.tenant, request.db, request.client_ip
    if not tenant.flag("MOBILEVERCODELOGIN3"):
        raise ApiError(400, "login_type_unavailable", type="sms")
    phone = verification.e164(form.get("countryDialingCode", ""), form["mobileNum"])
    member = phones.proven_member(request, "login", phone, form, at)
    if member is None:
        services.audit(db, "login_failed", ip, at, phone=phone)
        raise KeptRefusal(401, "sms_login_failed")
    services.admit(db, member, ip, at, agent=form.get("agent") is True)
    return services.log_in_member(db, tenant, member, ip, at, sms=True)


@view_config(route_name="identity.federated_login", request_method="POST", renderer="api", openapi=True,
             encrypted=True, decorator=keeping_traces)
def federated_login(request):
    form = request.decrypted_json
    return federated.sign_in(request, form["provider"], form["credential"]).as_value()


@view_config(route_name="identity.free_play", request_method="POST", renderer="api", openapi=True)
def free_play(request):
    return services.free_play(request.db, request.tenant, request.client_ip, now(request.registry)).as_value()


@view_config(route_name="identity.logout", request_method="DELETE", renderer="api", openapi=True,
             permission=Permissions.SessionEnd, region_check=NEVER)  # a member may always end a session
def logout(request):
    services.end_session(request.db, request.identity, request.client_ip, now(request.registry))
    return None


@view_config(route_name="identity.register", request_method="PUT", renderer="api", openapi=True, encrypted=True,
             decorator=keeping_traces)  # a captcha or code used up stays used up
def register(request):
    login = registration.register(request, request.decrypted_json, registration.BY_USERNAME)
    return login.as_value() if login else None


@view_config(route_name="identity.register_mobile", request_method="PUT", renderer="api", openapi=True,
             encrypted=True, decorator=keeping_traces)
def register_mobile(request):
    login = registration.register(request, request.decrypted_json, registration.BY_MOBILE)
    return login.as_value() if login else None


@view_config(route_name="identity.affiliate", request_method="GET", renderer="api", openapi=True,
             decorator=keeping_traces)  # a code not found counts toward the throttles
def affiliate(request):
    query = request.openapi.parameters.query
    return registration.affiliate(request.db, request.tenant, query["code"], query.get("domain"), request.client_ip,
                                  now(request.registry))


@view_config(route_name="identity.member_info", request_method="GET", renderer="api", openapi=True,
             permission=Permissions.MemberRead)
def member_info(request):
    return services.member_info(request.db, request.authenticated_userid)


@view_config(route_name="identity.captcha", request_method="GET", renderer="api", openapi=True)
def captcha_challenge(request):
    """A picture to read (a data URL), or what the brand's captcha widget needs to start."""
    issued = captcha.challenge(request)
    return issued["image"] if "image" in issued else {k: v for k, v in issued.items() if k != "captchaId"}
