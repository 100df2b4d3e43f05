"""The one check every back-office call passes, before its request is even read: the back
office's own host (anywhere else it does not exist), a live staff session from its cookie, the
session's CSRF token on every call that changes state, two-factor enrolment, and the permission
the call names on the brand it acts on.

A view says what it needs with the ``staff`` view option: ``PUBLIC`` (the login), ``SESSION``
(the session itself, two-factor enrolment) or a :class:`~tessera.backoffice.permissions.Permission`.
A staff member still holding a one-time password reaches only the views that also say
``one_time_password=True`` (the session, logout, the password change) until they change it.
"""

from tessera.backoffice.networks.services import refuse_outside_networks
from tessera.backoffice.permissions import PUBLIC, SESSION
from tessera.backoffice.sessions.services import SessionRules, csrf_holds, session_identity
from tessera.backoffice.staff.services import brand_access
from tessera.core.envelope import ApiError
from tessera.core.security import SAFE_METHODS
from tessera.core.timeutil import now

COOKIE = "tessera_staff"
CSRF_HEADER = "X-CSRF-Token"


def request_staff(request):
    """The staff member the request's cookie speaks for, or None (never from a Bearer token)."""
    token = request.cookies.get(COOKIE)
    if not token or not request.is_backoffice:
        return None
    rules = SessionRules.from_settings(request.registry.settings["tessera"])
    return session_identity(request.db, rules, token, now(request.registry))


def acted_on_brand(request) -> str | None:
    """The brand a call acts on: its path's ``brand``, else its query's."""
    return (request.matchdict or {}).get("brand") or request.GET.get("brand")


def permits(request, permission: str, brand: str | None) -> bool:
    """Whether the request's staff member may use ``permission`` on ``brand`` (the deployment's
    own entries, with no brand, are a superuser's only)."""
    staff = request.staff
    if staff.superuser:
        return True
    if brand is None:
        return False
    held = brand_access(request.db, staff.staff_id, staff.superuser).get(brand)
    return held is not None and permission in held.permissions


def check(request, needs: str, one_time_password: bool = False) -> None:
    if not request.is_backoffice:
        raise ApiError(404, "not_found", path=request.path)
    if needs == PUBLIC:
        return
    if request.staff is None:
        raise ApiError(401, "not_logged_in")
    settings = request.registry.settings["tessera"]
    if request.method not in SAFE_METHODS and not csrf_holds(
        settings.secret_key, request.staff, request.headers.get(CSRF_HEADER)
    ):
        raise ApiError(403, "csrf_failed")
    if request.staff.must_change_password and not one_time_password:
        raise ApiError(403, "password_change_required")
    if needs == SESSION:
        return
    if not request.staff.enrolled:
        raise ApiError(403, "two_factor_required")
    if not permits(request, needs, acted_on_brand(request)):
        raise ApiError(403, "permission_denied", permission=str(needs))
    refuse_outside_networks(request, acted_on_brand(request))


def staff_deriver(view, info):
    needs = info.options.get("staff")
    if needs is None:
        return view
    one_time_password = bool(info.options.get("one_time_password"))

    def checked_view(context, request):
        check(request, needs, one_time_password)
        return view(context, request)

    return checked_view


staff_deriver.options = ("staff", "one_time_password")  # type: ignore[attr-defined]  # how Pyramid reads a deriver's options
