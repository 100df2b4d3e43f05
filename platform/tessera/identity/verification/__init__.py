"""Verification: codes sent by SMS, the brand's captcha, and proofs that a caller holds a phone."""

from pathlib import Path


def includeme(config):
    config.add_route("verification.sms", "/wps/verification/sms/noLogin")
    config.add_route("verification.sms_register", "/wps/verification/sms/register")
    config.add_route("identity.captcha", "/wps/captcha")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
