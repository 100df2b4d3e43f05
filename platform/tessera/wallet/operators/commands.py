"""``tessera operators``: a brand's keys for the operator API."""

import click

from tessera.core.cli import command_session
from tessera.core.timeutil import utcnow
from tessera.tenancy.commands import the_brand


@click.group()
def operators():
    """Keys for a brand's operator API (/ops/...)."""


@operators.command("create-key")
@click.argument("slug")
@click.argument("name")
@click.pass_obj
def create_key(settings, slug, name):
    """Make a key NAME for SLUG and print it, once: only its hash is kept."""
    from tessera.wallet.operators.services import create_key as make

    if not 0 < len(name) <= 64:
        raise click.BadParameter("a key's name has 1 to 64 characters", param_hint="NAME")
    with command_session(settings) as session:
        tenant = the_brand(session, slug)
        try:
            key = make(session, tenant.id, name, utcnow())
        except ValueError as refused:
            raise click.ClickException(str(refused)) from None
    click.echo(f"{slug}: operator key '{name}' created; it is shown only now:")
    click.echo(key)


@operators.command("revoke")
@click.argument("slug")
@click.argument("name")
@click.pass_obj
def revoke(settings, slug, name):
    """Revoke SLUG's key NAME: calls made with it are refused from now on."""
    from tessera.wallet.operators.services import revoke_key

    with command_session(settings) as session:
        tenant = the_brand(session, slug)
        if not revoke_key(session, tenant.id, name, utcnow()):
            raise click.ClickException(f"{slug} has no live operator key '{name}'")
    click.echo(f"{slug}: operator key '{name}' revoked")
