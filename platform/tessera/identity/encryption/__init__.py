"""Encryption: the payloads of "E" calls, a JWE made for the brand's public key, read once."""

from pathlib import Path


def includeme(config):
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
