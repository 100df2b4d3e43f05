"""Feedback: messages and complaints with images, sent from the side bar."""

from pathlib import Path


def includeme(config):
    config.add_route("system.feedback", "/wps/feedback", factory="tessera.identity.permissions.OwnAccount")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
