"""``tessera tenants``: the brand folders under TESSERA_TENANTS_DIR; and the one way every command
picks a brand by its slug."""

import sys

import click
from sqlalchemy import select

from tessera.core.cli import command_session
from tessera.core.shared import announce_change
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant


def the_brand(session, slug: str, param_hint: str = "SLUG") -> Tenant:
    """The brand ``slug``, the session scoped to it from now on; a clear refusal when there is none."""
    tenant = session.scalar(select(Tenant).where(Tenant.slug == slug))
    if tenant is None:
        raise click.BadParameter(
            f"no brand '{slug}' in the database (run 'tessera tenants sync')", param_hint=param_hint
        )
    session.info["tenant_id"] = tenant.id
    return tenant


def brands(session, slug: str | None) -> list[TenantContext]:
    """The brand ``slug``, or every active brand without one, by slug."""
    if slug is not None:
        return [TenantContext.from_row(the_brand(session, slug))]
    return [
        TenantContext.from_row(row)
        for row in session.scalars(select(Tenant).where(Tenant.active.is_(True)).order_by(Tenant.slug))
    ]


def load(settings):
    """Every tenant folder, read and checked; the command ends listing the problems when any."""
    from tessera.plugins import plugin_manager, settings_schemas
    from tessera.tenancy.loader import TenantLoadFailed, load_tenants

    try:
        return load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
    except TenantLoadFailed as failed:
        for error in failed.errors:
            click.echo(f"error: {error}", err=True)
        click.echo(f"refused: {len(failed.errors)} problem(s); nothing was loaded", err=True)
        sys.exit(1)


@click.group()
def tenants():
    """The brands under TESSERA_TENANTS_DIR."""


@tenants.command("validate")
@click.pass_obj
def tenants_validate(settings):
    """Check every tenant folder without touching the database."""
    sources = load(settings)
    click.echo(f"{len(sources)} brand(s) valid: {', '.join(s.slug for s in sources)}")


@tenants.command("sync")
@click.argument("slug", required=False)
@click.option("--dry-run", is_flag=True, help="Print what would change, brand by brand, and change nothing.")
@click.pass_obj
def tenants_sync(settings, slug, dry_run):
    """Load every tenant folder (or the brand SLUG alone) into the database, all or nothing."""
    from tessera.tenancy.services import make_compressed_copies, make_image_variants, sync_tenants

    sources = load(settings)
    if slug is not None and slug not in {s.slug for s in sources}:
        raise click.BadParameter(f"no brand folder {settings.tenants_dir / slug}", param_hint="SLUG")
    made = dropped = compressed = removed = 0
    with command_session(settings) as session:
        report = sync_tenants(session, sources, settings.secret_key, only=slug)
        if dry_run:
            session.rollback()
        else:
            made, dropped = make_image_variants(sources, settings.upload_dir, only=slug)
            compressed, removed = make_compressed_copies(sources, settings.tenants_dir, settings.upload_dir, only=slug)
    if not dry_run:
        announce_change(settings)
    for line in report_lines(report, dry_run):
        click.echo(line)
    if made or dropped:
        click.echo(f"image copies made: {made}, removed: {dropped}")
    if compressed or removed:
        click.echo(f"compressed copies made: {compressed}, removed: {removed}")


def report_lines(report, dry_run: bool = False) -> list[str]:
    """A sync's report, brand by brand, then the summary."""
    would = "would be " if dry_run else ""
    outcomes = {
        **{slug: f"{would}created" for slug in report.created},
        **{slug: f"{would}updated ({'; '.join(report.changes[slug])})" for slug in report.updated},
        **{slug: "unchanged" for slug in report.unchanged},
        **{slug: f"{would}deactivated" for slug in report.deactivated},
    }
    lines = [f"{slug}: {outcome}" for slug, outcome in sorted(outcomes.items())]
    parts = ("created", "updated", "unchanged", "deactivated")
    lines.append("; ".join(f"{part}: {', '.join(getattr(report, part)) or '-'}" for part in parts))
    if dry_run:
        lines.append("dry run: nothing was changed")
    return lines


@tenants.command("list")
@click.pass_obj
def tenants_list(settings):
    """The brands in the database with their hosts."""
    with command_session(settings) as session:
        for tenant in session.scalars(select(Tenant).order_by(Tenant.slug)):
            hosts = ", ".join(sorted(d.host for d in tenant.domains))
            state = "active" if tenant.active else "inactive"
            click.echo(f"{tenant.slug}\t{state}\t{tenant.config.get('default_language')}\t{hosts}")
