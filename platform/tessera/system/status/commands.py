"""``tessera maintenance``: a brand's maintenance window (status 1)."""

from datetime import datetime

import click

from tessera.core.cli import command_session
from tessera.core.shared import announce_change
from tessera.core.timeutil import as_utc, utcnow
from tessera.tenancy.commands import the_brand


@click.group()
def maintenance():
    """A brand's maintenance window (status 1)."""


@maintenance.command("start")
@click.argument("slug")
@click.option(
    "--until",
    "until",
    type=click.DateTime(["%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%dT%H:%M%z"]),
    help="End time, with its offset",
)
@click.option("--info", help="A message for the maintenance page")
@click.pass_obj
def maintenance_start(settings, slug, until: datetime | None, info):
    """Put SLUG in maintenance now."""
    from tessera.system.status.models import MaintenanceWindow

    until = as_utc(until)  # stored in UTC: SQLite keeps no offset
    if until is not None and until <= utcnow():
        raise click.BadParameter("the end time has already passed", param_hint="--until")
    with command_session(settings) as session:
        session.add(MaintenanceWindow(tenant_id=the_brand(session, slug).id, ends_at=until, info=info))
    announce_change(settings)
    click.echo(f"{slug} is in maintenance" + (f" until {until.isoformat()}" if until else ""))


@maintenance.command("end")
@click.argument("slug")
@click.pass_obj
def maintenance_end(settings, slug):
    """End SLUG's open maintenance windows now."""
    from tessera.system.status.services import active_maintenance

    with command_session(settings) as session:
        the_brand(session, slug)
        ended = 0
        while (window := active_maintenance(session)) is not None:
            window.ends_at = utcnow()
            session.flush()
            ended += 1
    announce_change(settings)
    click.echo(f"{slug}: {ended} maintenance window(s) ended")
