"""Back-office staff for tests: made in the test's session with a role per brand, enrolled in
two-factor, and logged in through the back office's host like any staff member."""

import uuid

import pyotp
import pytest
import webtest

from tessera.backoffice.access import CSRF_HEADER
from tessera.backoffice.permissions import PERMISSIONS
from tessera.backoffice.staff.models import Staff
from tessera.backoffice.staff.services import create_staff, define_role, grant_role, seal_totp, staff_totp
from tessera.core.timeutil import now, utcnow
from tessera.tenancy.models import Tenant

BACKOFFICE_HOST = "admin.localhost"
STAFF_IP = "198.51.100.20"


class StaffMember:
    """A staff member and their browser: ``login()`` keeps the cookie, ``csrf`` the token."""

    def __init__(self, app, staff: Staff, password: str):
        self.staff, self.password = staff, password
        self.browser = webtest.TestApp(app, extra_environ={"HTTP_HOST": BACKOFFICE_HOST, "REMOTE_ADDR": STAFF_IP})
        self.csrf: str | None = None

    @property
    def username(self) -> str:
        return self.staff.username

    def code(self) -> str:
        """The code the staff member's app shows at the app's time."""
        registry = self.browser.app.registry
        return staff_totp(self.staff, registry.settings["tessera"].secret_key).at(now(registry))

    def login(self, code: str | None = None, status: int = 200):
        form = {"username": self.username, "password": self.password}
        code = code if code is not None else (self.code() if self.staff.totp_secret else None)
        if code:
            form["code"] = code
        response = self.browser.post_json("/bo/api/session", form, status=status)
        if status == 200:
            self.csrf = response.json["value"]["csrfToken"]
        return response

    def headers(self) -> dict:
        return {CSRF_HEADER: self.csrf} if self.csrf else {}


@pytest.fixture
def staff_member(app, db_session, settings):
    """``staff_member(roles={"demo-bd": [perm, ...]}, superuser=False, enrolled=True,
    one_time_password=False)``: a new staff member holding, on each brand, a role of exactly those
    permissions; one whose password is still the one-time password they were made with if asked."""

    def make(
        roles: dict[str, list[str]] | None = None,
        *,
        superuser: bool = False,
        enrolled: bool = True,
        one_time_password: bool = False,
    ):
        staff, password = create_staff(db_session, f"staff{uuid.uuid4().hex[:10]}", utcnow(), superuser=superuser)
        staff.must_change_password = one_time_password
        if enrolled:
            seal_totp(staff, settings.secret_key, pyotp.random_base32())
            staff.totp_enrolled_at = utcnow()
        for slug, permissions in (roles or {}).items():
            role = define_role(db_session, f"role{uuid.uuid4().hex[:10]}", permissions)
            grant_role(db_session, staff, db_session.query(Tenant).filter_by(slug=slug).one(), role.name)
        db_session.flush()
        return StaffMember(app, staff, password)

    return make


@pytest.fixture
def backoffice(app) -> webtest.TestApp:
    """The back office's host, with no session."""
    return webtest.TestApp(app, extra_environ={"HTTP_HOST": BACKOFFICE_HOST, "REMOTE_ADDR": STAFF_IP})


ALL_PERMISSIONS = sorted(PERMISSIONS)
