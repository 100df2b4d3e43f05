"""A brand's public address (tenant.toml ``public_url``) and the development port that moves it."""

import pytest

from tessera.core.settings import DEVELOPMENT, PRODUCTION, Settings, UnsafeSettings, refuse_unsafe
from tessera.tenancy.addresses import public_url
from tessera.tenancy.context import TenantContext


def brand(url: str) -> TenantContext:
    return TenantContext(1, "demo-bd", "Demo", {"public_url": url}, "kid", "pem")


@pytest.mark.parametrize(
    "url, expected",
    [
        ("https://www.demo-bd.example", "https://www.demo-bd.example"),
        ("https://www.demo-bd.example/", "https://www.demo-bd.example"),
        ("http://demo-bd.localhost:6543", "http://demo-bd.localhost:6543"),
    ],
)
def test_the_address_is_the_configured_one_without_a_trailing_slash(url, expected):
    assert public_url(brand(url), Settings()) == expected


@pytest.mark.parametrize(
    "url, expected",
    [
        ("http://demo-bd.localhost:6543", "http://demo-bd.localhost:6601"),
        ("http://demo-bd.localhost", "http://demo-bd.localhost:6601"),
        ("https://[::1]:8443/", "https://[::1]:6601"),
    ],
)
def test_in_development_the_public_port_replaces_the_addresses_port(url, expected):
    assert public_url(brand(url), Settings(env=DEVELOPMENT, public_port=6601)) == expected


def test_the_public_port_is_read_from_the_environment():
    settings = Settings.from_env({"TESSERA_ENV": DEVELOPMENT, "TESSERA_PUBLIC_PORT": "6601"})
    assert settings.public_port == 6601
    assert Settings.from_env({"TESSERA_PUBLIC_PORT": ""}).public_port is None


def test_outside_development_a_public_port_refuses_to_serve():
    settings = Settings(env=PRODUCTION, secret_key="k" * 48, public_port=6601)
    with pytest.raises(UnsafeSettings, match="TESSERA_PUBLIC_PORT is for development only"):
        refuse_unsafe(settings)
    refuse_unsafe(Settings(env=PRODUCTION, secret_key="k" * 48))
    refuse_unsafe(Settings(env=DEVELOPMENT, public_port=6601))
