"""The back office's session: log in (setting the cookie), who is logged in with their brands and
the CSRF token, log out; and two-factor enrolment."""

from dataclasses import replace

from pyramid.view import view_config
from sqlalchemy import select

from tessera.backoffice.access import COOKIE, request_staff
from tessera.backoffice.audit.services import audit
from tessera.backoffice.permissions import PUBLIC, SESSION
from tessera.backoffice.sessions.services import SessionRules, csrf_token, end_other_sessions, end_session, log_in
from tessera.backoffice.staff.models import Staff
from tessera.backoffice.staff.services import brand_access, change_password, confirm_enrolment, start_enrolment
from tessera.core.refusals import keeping_traces
from tessera.core.timeutil import now
from tessera.tenancy.models import Tenant

COOKIE_PATH = "/bo/api"


def _brand_details(db, slugs) -> dict[str, dict]:
    """Each brand's languages (its default first) and time zone (its days are the reports' days)."""
    found = db.execute(select(Tenant.slug, Tenant.config).where(Tenant.slug.in_(list(slugs))))
    return {
        slug: {
            "languages": list(dict.fromkeys([config["default_language"], *config.get("languages", [])])),
            "timeZone": config.get("timezone", "UTC"),
        }
        for slug, config in found
    }


def session_value(request, identity) -> dict:
    access = brand_access(request.db, identity.staff_id, identity.superuser)
    details = _brand_details(request.db, access)
    return {
        "staff": {
            "id": identity.staff_id,
            "username": identity.username,
            "superuser": identity.superuser,
            "twoFactor": identity.enrolled,
            "mustChangePassword": identity.must_change_password,
        },
        "brands": [{**held.as_value(), **details[slug]} for slug, held in access.items()],
        "csrfToken": csrf_token(request.registry.settings["tessera"].secret_key, identity),
    }


@view_config(
    route_name="backoffice.session",
    request_method="POST",
    renderer="api",
    openapi=True,
    staff=PUBLIC,
    decorator=keeping_traces,
)  # failures count toward the throttles and are audited: they must commit
def log_in_staff(request):
    form = request.openapi.body
    rules = SessionRules.from_settings(request.registry.settings["tessera"])
    token = log_in(
        request.db,
        rules,
        form["username"],
        form["password"],
        form.get("code"),
        request.client_ip,
        now(request.registry),
    )
    request.response.set_cookie(
        COOKIE, token, path=COOKIE_PATH, httponly=True, samesite="Strict", secure=request.over_https
    )
    request.cookies[COOKIE] = token
    return session_value(request, request_staff(request))


@view_config(
    route_name="backoffice.session",
    request_method="GET",
    renderer="api",
    openapi=True,
    staff=SESSION,
    one_time_password=True,
)
def current_session(request):
    return session_value(request, request.staff)


@view_config(
    route_name="backoffice.session",
    request_method="DELETE",
    renderer="api",
    openapi=True,
    staff=SESSION,
    one_time_password=True,
)
def log_out_staff(request):
    end_session(request.db, request.staff, request.client_ip, now(request.registry))
    request.response.delete_cookie(COOKIE, path=COOKIE_PATH)
    return None


@view_config(
    route_name="backoffice.password",
    request_method="PUT",
    renderer="api",
    openapi=True,
    staff=SESSION,
    one_time_password=True,
)
def change_staff_password(request):
    """The staff member's own new password; their other sessions end, this one goes on."""
    at = now(request.registry)
    staff = request.db.get(Staff, request.staff.staff_id)
    form = request.openapi.body
    change_password(staff, form["currentPassword"], form["newPassword"])
    end_other_sessions(request.db, request.staff, at)
    audit(request.db, staff.username, "password_changed", at, target=f"staff:{staff.id}", ip=request.client_ip)
    return session_value(request, replace(request.staff, must_change_password=False))


@view_config(route_name="backoffice.two_factor", request_method="POST", renderer="api", openapi=True, staff=SESSION)
def start_two_factor(request):
    secret_key = request.registry.settings["tessera"].secret_key
    return start_enrolment(request.db.get(Staff, request.staff.staff_id), secret_key)


@view_config(route_name="backoffice.two_factor", request_method="PUT", renderer="api", openapi=True, staff=SESSION)
def confirm_two_factor(request):
    at = now(request.registry)
    staff = request.db.get(Staff, request.staff.staff_id)
    secret_key = request.registry.settings["tessera"].secret_key
    codes = confirm_enrolment(request.db, staff, request.openapi.body["code"], at, secret_key)
    audit(request.db, staff.username, "two_factor_enrolled", at, target=f"staff:{staff.id}", ip=request.client_ip)
    return {"recoveryCodes": codes}
