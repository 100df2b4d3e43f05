"""A brand's staff as its staff managers keep them (``staff.manage``): who works on the brand and
with which roles, inviting, granting and revoking roles, defining the brand's own roles, locking,
and resetting a password or two-factor enrolment."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.team", f"{BRAND}/team")
    config.add_route("backoffice.team_member", f"{BRAND}/team/{{staffId}}")
    config.add_route("backoffice.team_grant", f"{BRAND}/team/{{staffId}}/roles/{{role}}")
    config.add_route("backoffice.team_lock", f"{BRAND}/team/{{staffId}}/lock")
    config.add_route("backoffice.team_password", f"{BRAND}/team/{{staffId}}/password")
    config.add_route("backoffice.team_two_factor", f"{BRAND}/team/{{staffId}}/two-factor")
    config.add_route("backoffice.roles", f"{BRAND}/roles")
    config.add_route("backoffice.role", f"{BRAND}/roles/{{role}}")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
