"""The session calls of SPEC §7: logins, free play and logout; and the sessions behind Bearer tokens."""

from pyramid.view import view_config
from zope.interface import implementer

from tessera.core.refusals import KeptRefusal, keeping_traces
from tessera.core.security import ISessionLookup
from tessera.core.timeutil import now
from tessera.identity.permissions import Permissions
from tessera.identity.sessions import federated, logins
from tessera.identity.sessions.services import end_session, session_identity
from tessera.identity.verification import captcha
from tessera.identity.verification.captcha import grant_pass
from tessera.identity.verification.views import captcha_reply
from tessera.system.access import NEVER


@implementer(ISessionLookup)
class SessionLookup:
    def identity(self, request, token):
        tenant = request.tenant_or_none
        if tenant is None:
            return None
        known = request.session_identities  # one lookup per token and request, however often asked
        if token not in known:
            known[token] = session_identity(request.db, tenant, token, now(request.registry))
        return known[token]


@view_config(
    route_name="identity.login",
    request_method="POST",
    renderer="api",
    openapi=True,
    encrypted=True,
    decorator=keeping_traces,
)  # failures count toward the throttles and use up captchas: they must commit
def login(request):
    call, form = request.identity_call, request.decrypted_json
    if form.get("type", "username") == "sms":
        return logins.sms_login(call, form).as_value()
    asked = call.tenant.flag("LOGINREQCAPTCHA3") or logins.recent_failure(call.db, form["username"], call.ip, call.at)
    address_code = form.get("verificationCode")
    pass_key = captcha.pass_key("ip", form["username"], call.ip)
    # The login with the code of an address check stands on the captcha solved for its first step.
    passed = address_code is not None and captcha.use_pass(call.store, pass_key, keep=False)
    if asked and not passed:
        captcha.require(call.plugins, call.store, captcha_reply(request, form))
    try:
        login = logins.log_in(
            call.db,
            call.tenant,
            form["username"],
            form["password"],
            call.ip,
            call.at,
            agent=form.get("agent") is True,
            address_code=address_code,
        )
    except KeptRefusal as refused:
        if refused.code == "login_failed" and call.plugins.has_captcha:
            refused.value = {"captcha": True}  # the next try shows the captcha
        elif refused.code == "ip_verification_required" and asked and call.plugins.has_captcha:
            grant_pass(call.store, pass_key)  # one captcha for the whole attempt
        elif refused.code == "verification_code_invalid" and passed and asked:
            refused.value = {"captcha": True}  # the pass is used up: another try solves a new one
        raise
    return login.as_value()


@view_config(
    route_name="identity.federated_login",
    request_method="POST",
    renderer="api",
    openapi=True,
    encrypted=True,
    decorator=keeping_traces,
)
def federated_login(request):
    form = request.decrypted_json
    return federated.sign_in(request.identity_call, form["provider"], form["credential"]).as_value()


@view_config(route_name="identity.free_play", request_method="POST", renderer="api", openapi=True)
def free_play(request):
    return logins.free_play(request.db, request.tenant, request.client_ip, now(request.registry)).as_value()


@view_config(
    route_name="identity.logout",
    request_method="DELETE",
    renderer="api",
    openapi=True,
    permission=Permissions.SessionEnd,
    region_check=NEVER,
)  # a member may always end a session
def logout(request):
    end_session(request.db, request.identity, request.client_ip, now(request.registry))
    return None
