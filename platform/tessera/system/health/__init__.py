"""Health: the process and readiness checks a load balancer asks."""

from pathlib import Path


def includeme(config):
    config.add_route("healthz", "/healthz")
    config.add_route("readyz", "/readyz")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
