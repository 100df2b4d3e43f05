"""The password calls of SPEC §7: the reset link by email, a new password by reset token or SMS
code, and the change a logged-in member makes."""

from pyramid.view import view_config

from tessera.core.refusals import keeping_traces
from tessera.identity.permissions import Permissions
from tessera.identity.recovery import services


@view_config(route_name="identity.password_email", request_method="POST", renderer="api", openapi=True)
def password_email(request):
    form = request.openapi.body
    services.send_reset_link(request.identity_call, form["username"], form["email"], request.public_url)
    return None


@view_config(
    route_name="identity.password_verification",
    request_method="POST",
    renderer="api",
    openapi=True,
    encrypted=True,
    decorator=keeping_traces,
)  # a wrong code counts toward its 5 tries
def password_verification(request):
    call, form = request.identity_call, request.decrypted_json
    services.check_new_password(call, form["newPassword"])
    if "resetToken" in form:
        login = services.reset_by_token(call, form["resetToken"], form["newPassword"])
    else:
        login = services.reset_by_code(
            call, form["countryDialingCode"], form["mobileNum"], form["verificationCode"], form["newPassword"]
        )
    return login.as_value()


@view_config(
    route_name="identity.password",
    request_method="POST",
    renderer="api",
    openapi=True,
    encrypted=True,
    permission=Permissions.PasswordChange,
    decorator=keeping_traces,
)
def change_password(request):
    return {
        "token": services.change_password(request.identity_call, request.authenticated_userid, request.decrypted_json)
    }
