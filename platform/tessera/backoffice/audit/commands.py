"""``tessera audit``: proving the back office's audit chain unbroken."""

import click

from tessera.core.cli import command_session


@click.group()
def audit():
    """The back office's audit log."""


@audit.command("verify")
@click.pass_obj
def verify(settings):
    """Walk the chain from its first entry; exit 1 naming the first entry that does not hold."""
    from tessera.backoffice.audit.services import verify as walk

    with command_session(settings) as session:
        checked, broken = walk(session)
    if broken is not None:
        click.echo(
            f"the audit chain breaks at entry {broken.entry_id}: {broken.reason} ({checked} entries before it hold)"
        )
        raise SystemExit(1)
    click.echo(f"the audit chain holds: {checked} entries")
