"""``tessera members``: a brand's members, made by an operator."""

import re

import click
from sqlalchemy import select

from tessera.core.cli import command_session
from tessera.core.timeutil import utcnow
from tessera.tenancy.commands import the_brand


@click.group()
def members():
    """A brand's members."""


@members.command("create")
@click.argument("slug")
@click.argument("username")
@click.option("--type", "member_type", type=int, default=4, show_default=True, help="4 real; 1, 2, 41, 42 agents")
@click.option("--password", help="The password (asked for when not given)")
@click.option(
    "--default-password", is_flag=True, help="Give the default password, which must be changed at the first login"
)
@click.option("--nickname", help="Shown instead of the username")
@click.option("--affiliate-code", help="An agent's code for sign-ups of its downline (letters and digits, 4 to 32)")
@click.pass_obj
def members_create(settings, slug, username, member_type, password, default_password, nickname, affiliate_code):
    """Create a member USERNAME of SLUG, for operators and demos."""
    from tessera.identity.accounts.models import AGENT_TYPES, MEMBER_TYPES, Member, code_key, username_key
    from tessera.identity.accounts.services import create_member
    from tessera.identity.passwords import DEFAULT_PASSWORD

    if default_password and password is not None:
        raise click.UsageError("give --password or --default-password, not both")
    if password == DEFAULT_PASSWORD:
        raise click.BadParameter("the default password is given only with --default-password", param_hint="--password")
    if not 0 < len(username.strip()) <= 64:
        raise click.BadParameter("a username has 1 to 64 characters", param_hint="USERNAME")
    if member_type not in MEMBER_TYPES:
        raise click.BadParameter(
            f"members log in with type {', '.join(map(str, sorted(MEMBER_TYPES)))}", param_hint="--type"
        )
    if affiliate_code is not None:
        _check_affiliate_code(affiliate_code, member_type, AGENT_TYPES)
    if default_password:
        password = DEFAULT_PASSWORD
    elif password is None:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    with command_session(settings) as session:
        the_brand(session, slug)
        if session.scalar(select(Member.id).where(Member.username_key == username_key(username))) is not None:
            raise click.ClickException(f"{slug} already has a member '{username.strip()}'")
        if affiliate_code and session.scalar(
            select(Member.id).where(Member.affiliate_code == code_key(affiliate_code))
        ):
            raise click.ClickException(f"{slug} already has an agent with affiliate code {code_key(affiliate_code)}")
        member = create_member(
            session,
            username,
            password,
            member_type=member_type,
            at=utcnow(),
            nickname=nickname,
            is_default=default_password,
            affiliate_code=affiliate_code,
        )
        member_id = member.id
    change = " (must change the default password at first login)" if default_password else ""
    code = f", affiliate code {code_key(affiliate_code)}" if affiliate_code else ""
    click.echo(f"{slug}: member {username.strip()} created, id {member_id}, type {member_type}{code}{change}")


def _check_affiliate_code(code, member_type, agent_types):
    if member_type not in agent_types:
        raise click.BadParameter(
            f"only agents (type {', '.join(map(str, sorted(agent_types)))}) have one", param_hint="--affiliate-code"
        )
    if not re.fullmatch(r"[A-Za-z0-9]{4,32}", code.strip()):
        raise click.BadParameter("letters and digits, 4 to 32 of them", param_hint="--affiliate-code")
