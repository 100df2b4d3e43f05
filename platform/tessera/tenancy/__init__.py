"""Tenancy: which brand a request belongs to, from its Host header."""
from pyramid.tweens import EXCVIEW
from sqlalchemy import select

from ..db import scope_connection
from ..envelope import ApiError
from .context import TenantContext
from .models import Tenant, TenantDomain

# Paths that answer for the platform, not for a brand.
PLATFORM_PATHS = ("/healthz", "/readyz", "/api/")


def normalize_host(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0].rstrip(".")


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
