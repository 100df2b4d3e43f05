"""Recovery: a forgotten password reset by email or by phone, and the password a member changes."""

from pathlib import Path


def includeme(config):
    config.add_route("identity.password_email", "/wps/member/password/email")
    config.add_route("identity.password_verification", "/wps/member/password/verification")
    config.add_route("identity.password", "/wps/member/password", factory="tessera.identity.permissions.OwnAccount")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
