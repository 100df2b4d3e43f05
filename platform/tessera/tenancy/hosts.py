"""Which brand a request belongs to, from its Host header: the brand and domain a host names,
remembered briefly per worker, and the tween that refuses an unknown host before any view."""

import re
from dataclasses import dataclass

from sqlalchemy import select

from tessera.core.cache import memo
from tessera.core.envelope import ApiError
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant, TenantDomain, TenantOverrides

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


def staff_overrides(session, tenant_id: int) -> dict | None:
    """What staff set over the brand's folder in the back office (tenancy.models.TenantOverrides)."""
    return session.scalar(select(TenantOverrides.sections).where(TenantOverrides.tenant_id == tenant_id))


@dataclass(frozen=True)
class Domain:
    """A host a brand answers on, and where the shell lands there."""

    host: str
    route: str
    referral_code: str | None


def _load_brand(registry, host: str) -> tuple[TenantContext, Domain] | None:
    with registry["db_sessionmaker"]() as session:
        found = find_domain(session, host)
        if found is None:
            return None
        domain = found.TenantDomain
        brand = TenantContext.from_row(found.Tenant, staff_overrides(session, found.Tenant.id))
        return brand, Domain(domain.host, domain.route, domain.referral_code)


def _load_brand_by_slug(registry, slug: str) -> tuple[TenantContext, Domain] | None:
    """A brand the back office acts on, by its slug, with the first of its domains (where its members are)."""
    with registry["db_sessionmaker"]() as session:
        tenant = session.scalar(select(Tenant).where(Tenant.slug == slug, Tenant.active.is_(True)))
        if tenant is None:
            return None
        domain = session.scalar(
            select(TenantDomain).where(TenantDomain.tenant_id == tenant.id).order_by(TenantDomain.host).limit(1)
        )
        return TenantContext.from_row(tenant, staff_overrides(session, tenant.id)), (
            Domain(domain.host, domain.route, domain.referral_code) if domain else Domain("", "/", None)
        )


def is_backoffice_host(request) -> bool:
    """Whether the request came to the back office's host (TESSERA_BACKOFFICE_HOST), which is never
    a brand's, whatever a tenant folder says."""
    return normalize_host(request.host or "") == request.registry.settings["tessera"].backoffice_host


def request_brand(request) -> tuple[TenantContext, Domain] | None:
    host = normalize_host(request.host or "")
    if request.is_backoffice:  # the brand a back-office call names in its path (/bo/api/brands/{brand}/...)
        slug = (request.matchdict or {}).get("brand")
        if not slug:
            return None
        return memo(request.registry, "brands_by_slug").get(slug, lambda: _load_brand_by_slug(request.registry, slug))
    return memo(request.registry, "brands_by_host").get(host, lambda: _load_brand(request.registry, host))


def request_tenant_or_none(request) -> TenantContext | None:
    brand = request.brand
    return brand[0] if brand else None


def request_tenant_domain(request) -> Domain | None:
    brand = request.brand
    return brand[1] if brand else None


def request_tenant(request) -> TenantContext:
    tenant = request.tenant_or_none
    if tenant is None:
        raise ApiError(404, "unknown_tenant", host=normalize_host(request.host or ""))
    return tenant


def tenant_tween_factory(handler, registry):
    """Resolve the brand before any view runs, so unknown hosts never reach one."""

    def tween(request):
        if not request.path_info.startswith(PLATFORM_PATHS) and not request.is_backoffice:
            request.tenant  # noqa: B018 -- raises for an unknown host
        return handler(request)

    return tween
