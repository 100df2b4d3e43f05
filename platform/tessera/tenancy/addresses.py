"""A brand's public address: where members, game vendors and payment gateways reach it.

Every absolute address Tessera hands out (a seamless vendor's wallet, a gateway's return and
notification addresses, a password-reset link) starts with the brand's tenant.toml ``public_url``,
never with the Host header of the request that asked for it. In development only,
``TESSERA_PUBLIC_PORT`` gives every brand's public address that port instead (the browser tests
serve the demo brands on another port than ``make run``).
"""

from urllib.parse import urlsplit, urlunsplit

from tessera.core.settings import DEVELOPMENT, Settings


def with_port(url: str, port: int) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    return urlunsplit((parts.scheme, f"{host}:{port}", parts.path, "", ""))


def public_url(tenant, settings: Settings) -> str:
    """The brand's base address, without a trailing ``/``: ``https://brand.example``."""
    url = tenant.config["public_url"].rstrip("/")
    if settings.env == DEVELOPMENT and settings.public_port is not None:
        return with_port(url, settings.public_port)
    return url


def request_public_url(request) -> str:
    return public_url(request.tenant, request.registry.settings["tessera"])
