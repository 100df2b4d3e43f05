"""Loading the reviewed tenant folders into the database, idempotently and all at once."""
from dataclasses import dataclass

from markdown_it import MarkdownIt
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..system.models import HelpSection
from ..timeutil import utcnow
from .keys import generate_key
from .loader import TenantSource
from .models import Tenant, TenantDomain

_markdown = MarkdownIt("commonmark", {"html": False})


@dataclass
class SyncReport:
    created: list[str]
    updated: list[str]
    deactivated: list[str]


def sync_tenants(session: Session, sources: list[TenantSource], secret: str) -> SyncReport:
    """Make the database match the folders. Runs in the caller's transaction: all or nothing."""
    report = SyncReport([], [], [])
    existing = {t.slug: t for t in session.scalars(select(Tenant))}
    wanted_hosts = {d["host"] for s in sources for d in s.config["domains"]}
    session.execute(delete(TenantDomain).where(TenantDomain.host.not_in(wanted_hosts)))
    session.flush()
    for source in sources:
        tenant = existing.get(source.slug)
        if tenant is None:
            kid, pem = generate_key(secret)
            tenant = Tenant(slug=source.slug, key_id=kid, private_key_pem=pem, config={}, name="")
            session.add(tenant)
            report.created.append(source.slug)
        else:
            report.updated.append(source.slug)
        tenant.name = source.config["name"]
        tenant.config = source.config
        tenant.active = True
        tenant.synced_at = utcnow()
        session.flush()
        _sync_domains(session, tenant, source)
        _sync_help(session, tenant, source)
    for slug, tenant in existing.items():
        if slug not in {s.slug for s in sources} and tenant.active:
            tenant.active = False
            report.deactivated.append(slug)
    session.flush()
    return report


def _sync_domains(session: Session, tenant: Tenant, source: TenantSource) -> None:
    current = {d.host: d for d in session.scalars(select(TenantDomain).where(TenantDomain.host.in_(
        [d["host"] for d in source.config["domains"]])))}
    for entry in source.config["domains"]:
        domain = current.get(entry["host"]) or TenantDomain(host=entry["host"])
        domain.tenant_id = tenant.id
        domain.route = entry.get("route", "/")
        domain.referral_code = entry.get("referral_code")
        session.add(domain)


def _sync_help(session: Session, tenant: Tenant, source: TenantSource) -> None:
    session.execute(delete(HelpSection).where(HelpSection.tenant_id == tenant.id))
    for language, sections in source.help.items():
        for position, section in enumerate(sections):
            session.add(HelpSection(
                tenant_id=tenant.id, language=language, key=section["key"], position=position,
                title=section["title"], body_html=_markdown.render(section["body"]),
            ))
