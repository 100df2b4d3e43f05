"""The back office's audit log: every action, hash-chained; read with filters, verified from the command line."""

from pathlib import Path


def includeme(config):
    config.add_route("backoffice.audit", "/bo/api/audit")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
