"""Staff sessions: login with a second factor, the session behind the cookie, logout, the password
change a one-time password calls for, enrolment."""

from pathlib import Path


def includeme(config):
    config.add_route("backoffice.session", "/bo/api/session")
    config.add_route("backoffice.password", "/bo/api/session/password")
    config.add_route("backoffice.two_factor", "/bo/api/session/two-factor")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
