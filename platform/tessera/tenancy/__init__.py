"""Tenancy: which brand a request belongs to, from its Host header."""
import re

from pyramid.tweens import EXCVIEW
from sqlalchemy import select

from ..db import scope_connection
from ..envelope import ApiError
from .context import TenantContext
from .models import Tenant, TenantDomain

# Paths that answer for the platform, not for a brand.
PLATFORM_PATHS = ("/healthz", "/readyz", "/api/")


# A Host header: a name or a bracketed IPv6 address, then an optional port.
HOST_HEADER = re.compile(r"^(?P<host>\[[0-9a-f:.]+\]|[^:\[\]]*)(:[0-9]*)?$")


def normalize_host(host: str) -> str:
    """The host as tenant.toml writes it: lower case, without port or trailing dot.

    A header that is not a host and an optional port gives "", which no brand has.
    """
    match = HOST_HEADER.match(host.strip().lower())
    return match["host"].rstrip(".") if match else ""


def find_domain(session, host: str):
    return session.execute(
        select(TenantDomain, Tenant)
        .join(Tenant, Tenant.id == TenantDomain.tenant_id)
        .where(TenantDomain.host == normalize_host(host), Tenant.active.is_(True))
    ).first()


def request_tenant_or_none(request) -> TenantContext | None:
    found = find_domain(request.db, request.host or "")
    if found is None:
        return None
    request.tenant_domain = found.TenantDomain
    tenant = TenantContext.from_row(found.Tenant)
    scope_connection(request.db, tenant.id)
    return tenant


def request_tenant(request) -> TenantContext:
    tenant = request.tenant_or_none
    if tenant is None:
        raise ApiError(404, "unknown_tenant", host=normalize_host(request.host or ""))
    return tenant


def tenant_tween_factory(handler, registry):
    """Resolve the brand before any view runs, so unknown hosts never reach one."""

    def tween(request):
        if not request.path.startswith(PLATFORM_PATHS):
            request.tenant  # noqa: B018 -- raises for an unknown host
        return handler(request)

    return tween


def includeme(config):
    config.add_request_method(request_tenant_or_none, "tenant_or_none", reify=True)
    config.add_request_method(request_tenant, "tenant", reify=True)
    config.add_tween("tessera.tenancy.tenant_tween_factory", under=EXCVIEW)
