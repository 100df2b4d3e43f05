"""``tessera lottery``: the lottery's commands: anyone's check of a fast draw, and the fast draws' work run now."""

import click

from tessera.lottery.errors import LotteryError
from tessera.lottery.fair import verify as verify_draw
from tessera.lottery.prizes import FORMATS, Prize, format_named

PRIZE_NAMES = {Prize.SPECIAL: "special", Prize.FIRST: "1st", Prize.SECOND: "2nd", Prize.THIRD: "3rd"}
REFUSALS = {
    "seed_invalid": "the seed is not 64 hexadecimal digits",
    "previous_invalid": "the previous hash is not 64 hexadecimal digits",
    "numero_invalid": "the numero is empty",
}


@click.group()
def lottery():
    """The house's lottery: its draws and their proofs."""


@lottery.command("verify")
@click.option("--seed", required=True, help="The draw's seed h_k, as published after the draw (hex).")
@click.option("--previous", required=True, help="The previous hash h_(k-1), or the commitment h_0 (hex).")
@click.option("--numero", required=True, help="The draw's number as shown, e.g. 20261127-0042.")
@click.option("--format", "format_name", type=click.Choice(list(FORMATS)), default="north", show_default=True)
@click.option("--prizes", help='The published prizes in published order, "a,b,…", to compare.')
def verify(seed, previous, numero, format_name, prizes):
    """Recompute a fast draw's prizes from its seed and check the seed belongs to the chain;
    exit 1 when anything does not hold."""
    draw_format = format_named(format_name)
    given = None if prizes is None else [prize.strip() for prize in prizes.split(",")]
    try:
        check = verify_draw(seed.strip(), previous.strip(), numero, given, draw_format)
    except LotteryError as refused:
        raise click.ClickException(f"{REFUSALS.get(refused.code, refused.code)} ({refused.code})") from None
    click.echo(f"draw {numero}, {format_name} format, prizes recomputed from the seed:")
    for prize in dict.fromkeys(slot.prize for slot in draw_format.slots):
        numbers = [number for slot, number in zip(draw_format.slots, check.prizes, strict=True) if slot.prize == prize]
        click.echo(f"  {PRIZE_NAMES.get(prize, f'{prize.value}th'):>7}: {' '.join(numbers)}")
    click.echo(f"SHA-256(seed) equals the previous hash: {'yes' if check.chained else 'NO'}")
    if check.mismatches is not None:
        where = ", ".join(str(position) for position in check.mismatches)
        click.echo(
            f"the given prizes match: {'yes' if check.prizes_match else f'NO (positions {where} differ, from 0)'}"
        )
    if not check.holds:
        raise SystemExit(1)


@lottery.command("draw-now")
@click.argument("slug", required=False)
@click.pass_obj
def draw_now(settings, slug):
    """The fast draws' work once, now, for SLUG (every active brand without it): today's and
    tomorrow's series of its enabled fast games committed where missing, every draw whose time has passed drawn. Safe
    beside the workers: each draw is drawn once."""
    from tessera.core.cli import command_session
    from tessera.core.timeutil import utcnow
    from tessera.jobs.registry import Work
    from tessera.lottery.tasks import fast_draws
    from tessera.tenancy.commands import brands

    at = utcnow()
    with command_session(settings) as db:
        tenants = brands(db, slug)
    for tenant in tenants:
        counts = fast_draws(Work(settings, at, tenant))  # the job's own work, unrecorded
        click.echo(f"{tenant.slug}: {counts['series_opened']} series committed, {counts['draws_drawn']} draws drawn")


@lottery.command("settle")
@click.argument("slug", required=False)
@click.pass_obj
def settle(settings, slug):
    """The bets of SLUG's (every active brand's without it) drawn and cancelled draws settled now,
    as the ``lottery.settle`` job does. Safe beside the workers: each bet is settled once per result."""
    from tessera.core.cli import command_session
    from tessera.core.timeutil import utcnow
    from tessera.jobs.registry import Work
    from tessera.lottery.tasks import settle_bets
    from tessera.tenancy.commands import brands

    at = utcnow()
    with command_session(settings) as db:
        tenants = brands(db, slug)
    for tenant in tenants:
        counts = settle_bets(Work(settings, at, tenant))  # the job's own work, unrecorded
        click.echo(f"{tenant.slug}: {counts['bets_settled']} bets of {counts['draws_settled']} draws settled")
