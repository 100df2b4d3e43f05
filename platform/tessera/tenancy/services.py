"""Loading the reviewed tenant folders into the database, idempotently and all at once."""

from dataclasses import dataclass

from markdown_it import MarkdownIt
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tessera.core.timeutil import utcnow
from tessera.tenancy.assets import asset_url
from tessera.tenancy.content import brand_zone, moment
from tessera.tenancy.keys import generate_key
from tessera.tenancy.loader import TenantSource
from tessera.tenancy.models import Announcement, Banner, Footer, HelpSection, Tenant, TenantDomain

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
        _sync_banners(session, tenant, source)
        _sync_notices(session, tenant, source)
        _sync_footers(session, tenant, source)
    for slug, tenant in existing.items():
        if slug not in {s.slug for s in sources} and tenant.active:
            tenant.active = False
            report.deactivated.append(slug)
    session.flush()
    return report


def _sync_domains(session: Session, tenant: Tenant, source: TenantSource) -> None:
    current = {
        d.host: d
        for d in session.scalars(
            select(TenantDomain).where(TenantDomain.host.in_([d["host"] for d in source.config["domains"]]))
        )
    }
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
            session.add(
                HelpSection(
                    tenant_id=tenant.id,
                    language=language,
                    key=section["key"],
                    position=position,
                    title=section["title"],
                    body_html=_markdown.render(section["body"]),
                )
            )


def _replace_rows(session: Session, model, tenant: Tenant, identity: tuple[str, ...], wanted: list[dict]) -> None:
    """Make the brand's rows of ``model`` the ``wanted`` ones (column values). A row whose
    ``identity`` columns match a wanted one is updated and keeps its id, so ids stay stable."""
    current = {
        tuple(getattr(row, name) for name in identity): row
        for row in session.scalars(select(model).where(model.tenant_id == tenant.id))
    }
    wanted_by_identity = {tuple(values[name] for name in identity): values for values in wanted}
    for key, row in current.items():
        if key not in wanted_by_identity:
            session.delete(row)
    for key, values in wanted_by_identity.items():
        row = current.get(key) or model(tenant_id=tenant.id)
        for name, value in values.items():
            setattr(row, name, value)
        session.add(row)


def _sync_banners(session: Session, tenant: Tenant, source: TenantSource) -> None:
    zone = brand_zone(source.config)
    _replace_rows(
        session,
        Banner,
        tenant,
        ("key",),
        [
            {
                "key": banner["key"],
                "group_name": banner["group"],
                "position": position,
                "image_url": asset_url(banner["image"]),
                "link_url": banner.get("link"),
                "title": banner["title"],
                "starts_at": moment(banner["starts"], zone) if "starts" in banner else None,
                "ends_at": moment(banner["ends"], zone, end=True) if "ends" in banner else None,
            }
            for position, banner in enumerate(source.banners)
        ],
    )


def _sync_notices(session: Session, tenant: Tenant, source: TenantSource) -> None:
    zone = brand_zone(source.config)
    _replace_rows(
        session,
        Announcement,
        tenant,
        ("language", "key"),
        [
            {
                "language": language,
                "key": notice["key"],
                "type": notice["type"],
                "position": position,
                "title": notice["title"],
                "content_html": _markdown.render(notice["content"]),
                "promotion_type": notice.get("promotion_type"),
                "starts_at": moment(notice["start_date"], zone),
                "ends_at": moment(notice["end_date"], zone, end=True) if "end_date" in notice else None,
            }
            for language, notices in source.notices.items()
            for position, notice in enumerate(notices)
        ],
    )


def _footer_entry(entry: dict, linked: bool = True) -> dict:
    shown = {"title": entry["title"], "url": asset_url(entry["image"])}
    return {**shown, "linkUrl": entry.get("link")} if linked else shown


def _sync_footers(session: Session, tenant: Tenant, source: TenantSource) -> None:
    _replace_rows(
        session,
        Footer,
        tenant,
        ("language",),
        [
            {
                "language": language,
                "content": {
                    "description": _markdown.render(footer["description"]),
                    "licences": [_footer_entry(entry) for entry in footer.get("licences", [])],
                    "protection": [_footer_entry(entry, linked=False) for entry in footer.get("protection", [])],
                    "responsibility": _footer_entry(footer["responsibility"]) if "responsibility" in footer else None,
                },
            }
            for language, footer in source.footer.items()
        ],
    )
