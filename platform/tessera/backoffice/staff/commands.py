"""``tessera staff``: back-office staff accounts and the roles they hold per brand."""

import click
from sqlalchemy import select

from tessera.backoffice.audit.services import COMMAND_LINE, audit
from tessera.backoffice.permissions import PERMISSIONS
from tessera.core.cli import command_session
from tessera.core.timeutil import utcnow


@click.group()
def staff():
    """Back-office staff: accounts, roles and grants per brand."""


def _the_staff(session, username: str):
    from tessera.backoffice.staff.models import Staff
    from tessera.backoffice.staff.services import username_key

    found = session.scalar(select(Staff).where(Staff.username == username_key(username)))
    if found is None:
        raise click.BadParameter(f"no staff member '{username}'", param_hint="USERNAME")
    return found


def _grant(session, member, slug: str, role: str, at) -> None:
    from tessera.backoffice.staff.services import grant_role
    from tessera.tenancy.models import Tenant

    tenant = session.scalar(select(Tenant).where(Tenant.slug == slug))
    if tenant is None:
        raise click.BadParameter(
            f"no brand '{slug}' in the database (run 'tessera tenants sync')", param_hint="--brand"
        )
    try:
        grant_role(session, member, tenant, role)
    except ValueError as refused:
        raise click.ClickException(str(refused)) from None
    audit(session, COMMAND_LINE, "role_granted", at, brand=slug, target=f"staff:{member.id}", after={"role": role})


@staff.command("create")
@click.argument("username")
@click.option("--superuser", is_flag=True, help="Every permission on every brand.")
@click.option("--brand", "slug", help="A brand to give ROLE on.")
@click.option("--role", help="The role to hold on --brand.")
@click.pass_obj
def create(settings, username, superuser, slug, role):
    """Make the staff member USERNAME and print a one-time password (only its hash is kept)."""
    from tessera.backoffice.staff.services import create_staff

    if bool(slug) != bool(role):
        raise click.UsageError("--brand and --role go together")
    at = utcnow()
    with command_session(settings) as session:
        try:
            member, password = create_staff(session, username, at, superuser=superuser)
        except ValueError as refused:
            raise click.ClickException(str(refused)) from None
        audit(
            session,
            COMMAND_LINE,
            "staff_created",
            at,
            target=f"staff:{member.id}",
            after={"username": member.username, "superuser": superuser},
        )
        if slug:
            _grant(session, member, slug, role, at)
        username = member.username
    click.echo(f"staff member '{username}' created; the password is shown only now:")
    click.echo(password)


@staff.command("reset-password")
@click.argument("username")
@click.pass_obj
def reset(settings, username):
    """Give USERNAME a new one-time password (printed once), to change at their next login; their
    sessions end."""
    from sqlalchemy import update

    from tessera.backoffice.sessions.models import StaffSession
    from tessera.backoffice.staff.services import reset_password

    at = utcnow()
    with command_session(settings) as session:
        member = _the_staff(session, username)
        password = reset_password(member)
        session.execute(
            update(StaffSession)
            .where(StaffSession.staff_id == member.id, StaffSession.revoked_at.is_(None))
            .values(revoked_at=at)
        )
        audit(session, COMMAND_LINE, "password_reset", at, target=f"staff:{member.id}")
        username = member.username
    click.echo(f"staff member '{username}' has a new password, shown only now:")
    click.echo(password)


@staff.command("grant")
@click.argument("username")
@click.option("--brand", "slug", required=True)
@click.option("--role", required=True)
@click.pass_obj
def grant(settings, username, slug, role):
    """Give USERNAME the role ROLE on the brand SLUG."""
    with command_session(settings) as session:
        _grant(session, _the_staff(session, username), slug, role, utcnow())
    click.echo(f"{username} holds {role} on {slug}")


@staff.group("roles")
def roles():
    """Roles: named sets of permissions."""


@roles.command("define")
@click.argument("name")
@click.argument("permissions", nargs=-1, required=True, type=click.Choice(sorted(p.value for p in PERMISSIONS)))
@click.pass_obj
def define(settings, name, permissions):
    """Make the role NAME (or redefine it) with exactly PERMISSIONS."""
    from tessera.backoffice.staff.services import define_role

    with command_session(settings) as session:
        defined = define_role(session, name, list(permissions)).permissions
        audit(session, COMMAND_LINE, "role_defined", utcnow(), target=f"role:{name}", after={"permissions": defined})
    click.echo(f"role {name}: {', '.join(defined)}")


@roles.command("list")
@click.pass_obj
def list_roles(settings):
    """Every role and its permissions."""
    from tessera.backoffice.staff.models import Role

    with command_session(settings) as session:
        for role in session.scalars(select(Role).order_by(Role.name)):
            click.echo(f"{role.name}\t{', '.join(role.permissions)}")


@staff.command("networks")
@click.argument("slug")
@click.option("--clear", is_flag=True, help="Forget every network: the brand's staff may act from anywhere again.")
@click.pass_obj
def networks(settings, slug, clear):
    """The networks the staff of the brand SLUG may act from; --clear is the break-glass when a
    brand's list shuts every staff member out (superusers included)."""
    from tessera.backoffice.networks.services import allowed_networks, clear_networks
    from tessera.tenancy.models import Tenant

    with command_session(settings) as session:
        tenant = session.scalar(select(Tenant).where(Tenant.slug == slug))
        if tenant is None:
            raise click.BadParameter(f"no brand '{slug}' in the database", param_hint="SLUG")
        listed = [row.network for row in allowed_networks(session, slug)]
        if clear and listed:
            clear_networks(session, tenant.id)
            audit(
                session,
                COMMAND_LINE,
                "allowed_networks_changed",
                utcnow(),
                brand=slug,
                target=f"brand:{slug}",
                before={"networks": [{"network": n} for n in listed]},
                after={"networks": []},
            )
    if clear:
        click.echo(f"{slug}: staff may act from anywhere")
    else:
        click.echo("\n".join(listed) if listed else f"{slug}: staff may act from anywhere")
