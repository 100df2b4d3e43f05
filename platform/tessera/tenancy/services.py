"""Loading the reviewed tenant folders into the database, idempotently and all at once."""

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

from markdown_it import MarkdownIt
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tessera.core.timeutil import utcnow
from tessera.tenancy.assets import asset_url
from tessera.tenancy.compressed import write_compressed_copies
from tessera.tenancy.content import brand_zone, moment
from tessera.tenancy.images import remove_stale_variants, variants_folder, write_variants
from tessera.tenancy.keys import generate_key
from tessera.tenancy.loader import TenantSource
from tessera.tenancy.models import (
    FOLDER,
    Announcement,
    Banner,
    BrandImage,
    Footer,
    HelpSection,
    Tenant,
    TenantDomain,
)

_markdown = MarkdownIt("commonmark", {"html": False})


@dataclass
class SyncReport:
    """What a sync did (or would do), brand by brand: ``changes`` names, for each created or
    updated brand, the parts that differ (``config: name, wallet``, ``domains``, ``help``...)."""

    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    deactivated: list[str] = field(default_factory=list)
    changes: dict[str, list[str]] = field(default_factory=dict)


def sync_tenants(session: Session, sources: list[TenantSource], secret: str, only: str | None = None) -> SyncReport:
    """Make the database match the folders. Runs in the caller's transaction: all or nothing.

    With ``only`` (a slug among ``sources``), that brand alone is synced and no other is touched.
    """
    report = SyncReport()
    existing = {t.slug: t for t in session.scalars(select(Tenant))}
    chosen = [s for s in sources if only is None or s.slug == only]
    wanted_hosts = {d["host"] for s in chosen for d in s.config["domains"]}
    stale = delete(TenantDomain).where(TenantDomain.host.not_in(wanted_hosts))
    if only is not None:
        mine = existing.get(only)
        stale = stale.where(TenantDomain.tenant_id == (mine.id if mine is not None else None))
    before = {slug: brand_state(session, tenant) for slug, tenant in existing.items()}
    session.execute(stale)
    session.flush()
    for source in chosen:
        tenant = existing.get(source.slug)
        if tenant is None:
            kid, pem = generate_key(secret)
            tenant = Tenant(slug=source.slug, key_id=kid, private_key_pem=pem, config={}, name="")
            session.add(tenant)
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
        _sync_images(session, tenant, source)
        session.flush()
        _report(report, source.slug, before.get(source.slug), brand_state(session, tenant))
    if only is None:
        for slug, tenant in existing.items():
            if slug not in {s.slug for s in sources} and tenant.active:
                report.deactivated.append(slug)
                retire_tenant(session, tenant)
    session.flush()
    return report


def retire_tenant(session: Session, tenant: Tenant) -> None:
    """The brand stops answering: inactive, and its hosts are free."""
    tenant.active = False
    session.execute(delete(TenantDomain).where(TenantDomain.tenant_id == tenant.id))
    session.flush()


def _report(report: SyncReport, slug: str, before: dict | None, after: dict) -> None:
    if before is None:
        report.created.append(slug)
        report.changes[slug] = ["new brand"]
        return
    changed = [_changed_part(part, before[part], after[part]) for part in after if before[part] != after[part]]
    if changed:
        report.updated.append(slug)
        report.changes[slug] = changed
    else:
        report.unchanged.append(slug)


def _changed_part(part: str, before, after) -> str:
    if part != "config":
        return part
    (old, old_active), (new, new_active) = before, after
    keys = sorted(k for k in {*old, *new} if old.get(k) != new.get(k))
    return "config: " + ", ".join(keys + ([] if old_active == new_active else ["reactivated"]))


def _utc(value):
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def brand_state(session: Session, tenant: Tenant) -> dict:
    """What a brand shows, part by part, ids and sync times aside: two equal states show the same."""

    def rows(model, *columns: str) -> list[tuple]:
        folder = (model.source == FOLDER,) if hasattr(model, "source") else ()  # what a sync changes
        found = session.scalars(select(model).where(model.tenant_id == tenant.id, *folder))
        return sorted(
            (tuple(_utc(v) if isinstance(v, datetime) else v for v in (getattr(r, c) for c in columns)) for r in found),
            key=repr,
        )

    return {
        "config": (json.loads(json.dumps(tenant.config, default=str)) | {"name": tenant.name}, tenant.active),
        "domains": rows(TenantDomain, "host", "route", "referral_code"),
        "help": rows(HelpSection, "language", "position", "key", "title", "body_html"),
        "banners": rows(
            Banner, "key", "group_name", "position", "image_url", "link_url", "title", "starts_at", "ends_at"
        ),
        "notices": rows(
            Announcement,
            "language",
            "key",
            "type",
            "position",
            "title",
            "content_html",
            "promotion_type",
            "starts_at",
            "ends_at",
        ),
        "footers": rows(Footer, "language", "content"),
        "images": rows(BrandImage, "path", "width", "height", "digest", "variants"),
    }


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
    session.execute(delete(HelpSection).where(HelpSection.tenant_id == tenant.id, HelpSection.source == FOLDER))
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


def _replace_rows(
    session: Session, model, tenant: Tenant, identity: tuple[str, ...], wanted: list[dict], *scope
) -> None:
    """Make the brand's rows of ``model`` (those ``scope`` selects) the ``wanted`` ones (column
    values). A row whose ``identity`` columns match a wanted one is updated and keeps its id, so
    ids stay stable."""
    current = {
        tuple(getattr(row, name) for name in identity): row
        for row in session.scalars(select(model).where(model.tenant_id == tenant.id, *scope))
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
        Banner.source == FOLDER,  # the back office's banners stay
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
        Announcement.source == FOLDER,  # the back office's announcements stay
    )


def _footer_entry(entry: dict, images: dict, linked: bool = True) -> dict:
    shown = {"title": entry["title"], "url": asset_url(entry["image"])}
    if entry["image"] in images:
        facts = images[entry["image"]][1]
        shown |= {"width": facts.width, "height": facts.height}
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
                    "licences": [_footer_entry(entry, source.images) for entry in footer.get("licences", [])],
                    "protection": [
                        _footer_entry(entry, source.images, linked=False) for entry in footer.get("protection", [])
                    ],
                    "responsibility": (
                        _footer_entry(footer["responsibility"], source.images) if "responsibility" in footer else None
                    ),
                },
            }
            for language, footer in source.footer.items()
        ],
    )


def _sync_images(session: Session, tenant: Tenant, source: TenantSource) -> None:
    _replace_rows(
        session,
        BrandImage,
        tenant,
        ("path",),
        [{"path": path, **facts.as_row()} for path, (_, facts) in source.images.items()],
    )


def make_image_variants(sources: list[TenantSource], upload_dir, only: str | None = None) -> tuple[int, int]:
    """Make the copies of the brands' raster images that are not made yet, and remove the copies
    no image names any more: how many were made and removed. A copy's name holds its source's
    hash, so an unchanged image is never made again, and a changed one leaves its old copies."""
    made = removed = 0
    for source in sources:
        if only is not None and source.slug != only:
            continue
        folder = variants_folder(upload_dir, source.slug)
        made += sum(write_variants(file, facts, folder) for file, facts in source.images.values())
        kept = {variant.name for _, facts in source.images.values() for variant in facts.variants}
        removed += remove_stale_variants(folder, kept)
    return made, removed


def make_compressed_copies(
    sources: list[TenantSource], tenants_dir, upload_dir, only: str | None = None
) -> tuple[int, int]:
    """Make the Brotli and gzip copies of the brands' text assets that are not made yet, and remove
    the copies of files that changed or left: how many were made and removed."""
    made = removed = 0
    for source in sources:
        if only is None or source.slug == only:
            brand_made, brand_removed = write_compressed_copies(tenants_dir, upload_dir, source.slug)
            made, removed = made + brand_made, removed + brand_removed
    return made, removed
