"""The brand comes from the Host header: ports, case and a trailing dot do not matter; an unknown host is refused."""

import pytest

from tessera.tenancy.hosts import normalize_host
from tessera.tenancy.models import Tenant, TenantDomain

PH_IP = "192.0.2.44"


@pytest.mark.parametrize(
    ("host", "normalized"),
    [
        ("localhost", "localhost"),
        ("demo-bd.localhost:6543", "demo-bd.localhost"),
        ("DEMO-PH.Localhost", "demo-ph.localhost"),
        ("demo-ph.localhost.", "demo-ph.localhost"),
        ("demo-ph.localhost.:6543", "demo-ph.localhost"),
        (" 127.0.0.1:80 ", "127.0.0.1"),
        ("[::1]:6543", "[::1]"),
        ("[::1]", "[::1]"),
        ("[2001:DB8::1]:443", "[2001:db8::1]"),
        ("", ""),
        ("localhost:6543@evil.example", ""),
        ("localhost:http", ""),
        ("::1", ""),
    ],
)
def test_a_host_is_normalized(host, normalized):
    assert normalize_host(host) == normalized


def slug_on(brand_app, host: str) -> str:
    return brand_app(host, ip=PH_IP).get("/wps/system/status").json["value"]["brand"]["slug"]


@pytest.mark.parametrize(
    ("host", "slug"),
    [
        ("localhost", "demo-bd"),
        ("127.0.0.1", "demo-bd"),
        ("127.0.0.1:6543", "demo-bd"),
        ("demo-bd.localhost:6543", "demo-bd"),
        ("DEMO-BD.LOCALHOST:6543", "demo-bd"),
        ("demo-ph.localhost", "demo-ph"),
        ("Demo-PH.localhost.", "demo-ph"),
        ("agent.demo-ph.localhost.:6543", "demo-ph"),
    ],
)
def test_a_host_resolves_to_its_brand(brand_app, host, slug):
    assert slug_on(brand_app, host) == slug


def test_an_ipv6_host_resolves_with_or_without_a_port(brand_app, db_session, tenant_ids):
    db_session.add(TenantDomain(host="[::1]", tenant_id=tenant_ids["demo-ph"]))
    db_session.flush()
    assert slug_on(brand_app, "[::1]:6543") == "demo-ph"
    assert slug_on(brand_app, "[::1]") == "demo-ph"


@pytest.mark.parametrize(
    "host", ["unknown.example", "demo-bd.localhost.evil.example", "[::1]:6543", "localhost:6543@x"]
)
def test_an_unknown_host_is_refused(brand_app, host):
    answer = brand_app(host).get("/wps/system/status", status=404)
    assert answer.json["success"] is False
    assert answer.json["code"] == "unknown_tenant"


def test_a_deactivated_brand_is_an_unknown_host(brand_app, db_session, tenant_ids):
    db_session.get(Tenant, tenant_ids["demo-ph"]).active = False
    db_session.flush()
    assert brand_app("demo-ph.localhost").get("/wps/system/status", status=404).json["code"] == "unknown_tenant"
    assert slug_on(brand_app, "demo-bd.localhost") == "demo-bd"
