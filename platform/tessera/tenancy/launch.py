"""``tessera tenants new``, ``retire`` and ``check``: launching a brand and retiring one (the
``tessera`` command adds them to ``tessera tenants``)."""

import shutil
import sys

import click

from tessera.core.cli import command_session
from tessera.tenancy.new_brand import DEFAULT_TEMPLATE, NewBrandRefused, make_brand_folder, placeholders, templates

RETIRED = ".retired"  # under the tenants folder: a folder whose name starts with a dot is no brand


@click.command("new")
@click.argument("slug")
@click.option("--from", "template", default=DEFAULT_TEMPLATE, show_default=True, help="The template to start from.")
@click.option("--name", help="The brand's name (default: from SLUG).")
@click.option("--host", help="The brand's first host (default: SLUG.localhost).")
@click.option(
    "--public-url",
    help="Its public address (default: https://HOST, or http://HOST:6543 for a .localhost host).",
)
@click.option("--currency", help="The ISO 4217 code of its money (default: USD).")
@click.option("--timezone", help="Its IANA time zone (default: UTC).")
@click.option("--language", help="Its language code (default: en).")
@click.pass_obj
def tenants_new(settings, slug, template, **given):
    """Make the brand folder SLUG under TESSERA_TENANTS_DIR from a template, checked as sync checks it."""
    from tessera.plugins import plugin_manager, settings_schemas
    from tessera.tenancy.loader import TenantLoadFailed, load_tenants

    try:
        folder = make_brand_folder(settings.tenants_dir, slug, template, placeholders(slug, **given))
    except NewBrandRefused as refused:
        raise click.ClickException(str(refused)) from None
    try:
        load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
        others = []
    except TenantLoadFailed as failed:
        mine = [e for e in failed.errors if e.file.split("/")[0] == slug or f"used by {slug}" in e.reason]
        others = [e for e in failed.errors if e not in mine]
        if mine:
            shutil.rmtree(folder)
            for error in mine:
                click.echo(f"error: {error}", err=True)
            click.echo(f"refused: the new brand would not load; {folder} was not kept", err=True)
            sys.exit(1)
    click.echo(f"made {folder} from the template '{template}'")
    click.echo(f"next: edit {folder / 'tenant.toml'} (its comments say what each setting is), then")
    click.echo(f"      tessera tenants check {slug} && tessera tenants sync {slug}")
    if others:
        click.echo(f"note: other brand folders have {len(others)} problem(s): see 'tessera tenants validate'", err=True)


tenants_new.help = (tenants_new.help or "") + f" Templates: {', '.join(templates())}."


@click.command("retire")
@click.argument("slug")
@click.pass_obj
def tenants_retire(settings, slug):
    """Retire the brand SLUG: it stops answering, its hosts are freed, and its folder is moved to
    tenants/.retired/ so a later sync leaves it retired (move it back and sync to return it)."""
    from tessera.tenancy.commands import the_brand
    from tessera.tenancy.services import retire_tenant

    folder, kept = settings.tenants_dir / slug, settings.tenants_dir / RETIRED / slug
    with command_session(settings) as session:
        tenant = the_brand(session, slug)
        if not tenant.active:
            raise click.ClickException(f"{slug} is retired already")
        if folder.exists() and kept.exists():
            raise click.ClickException(f"{kept} exists: move it away first; nothing was changed")
        retire_tenant(session, tenant)
        if folder.exists():
            kept.parent.mkdir(exist_ok=True)
            folder.rename(kept)
    click.echo(f"{slug}: retired (inactive; its hosts answer no brand now)")
    if kept.exists():
        click.echo(f"its folder is kept as {kept}; move it back to {folder} and sync to bring the brand back")


@click.command("check")
@click.argument("slug")
@click.pass_obj
def tenants_check(settings, slug):
    """Validate the brand folders, then ask each remote service the brand SLUG enables whether it
    answers with the brand's credentials: ok, refused or unreachable, with the reason."""
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.tenancy.commands import load
    from tessera.tenancy.context import TenantContext

    source = next((s for s in load(settings) if s.slug == slug), None)
    if source is None:
        raise click.BadParameter(f"no brand folder {settings.tenants_dir / slug}", param_hint="SLUG")
    click.echo(f"{slug}: the folder is valid")
    brand = TenantContext(0, slug, source.config["name"], source.config, "", "")
    plugins = TenantPlugins(plugin_manager(), brand)
    answers = plugins.provider_checks()
    for plugin, answer in answers:
        click.echo(f"{plugin}: {answer['status']}" + (f": {answer['reason']}" if answer["reason"] else ""))
    asked = {plugin for plugin, _ in answers}
    local = [name for name in brand.enabled_plugins if name not in asked]
    if local:
        click.echo(f"not asked (no remote service): {', '.join(local)}")
    failed = [plugin for plugin, answer in answers if answer["status"] != "ok"]
    if failed:
        click.echo(f"{len(failed)} of {len(answers)} service(s) did not take the brand's settings", err=True)
        sys.exit(1)
    click.echo(f"{len(answers)} service(s) answered" if answers else "no plugin of the brand talks to a remote service")


LAUNCH_COMMANDS = (tenants_new, tenants_retire, tenants_check)
