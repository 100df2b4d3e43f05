"""Registration: new members by username or mobile number, and the check of an agent's affiliate code."""

from pathlib import Path


def includeme(config):
    config.add_route("identity.register", "/wps/member/register")
    config.add_route("identity.register_mobile", "/wps/member/register/mobile")
    config.add_route("identity.affiliate", "/wps/agent/affiliate")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
