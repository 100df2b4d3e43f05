"""``tessera ledger``: operator commands on the brands' ledgers."""
import sys

import click
from sqlalchemy import select

from .audit import audit_brand


@click.group()
def ledger():
    """The brands' ledgers: balances, transactions and their postings."""


@ledger.command("audit")
@click.argument("slug", required=False)
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=1),
              help="Problems listed per check and brand")
@click.pass_obj
def audit(settings, slug, limit):
    """Prove that the ledger of SLUG (of every brand without it) holds together: balances are the
    sums of their postings, transactions balance, member accounts never went negative. Exit
    status 1 when anything does not hold."""
    from ..cli import _operator_session
    from ..tenancy.models import Tenant

    with _operator_session(settings) as session:
        if session.get_bind().dialect.name == "postgresql":
            # One snapshot for every check, while the brands go on posting.
            session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        brands = select(Tenant.id, Tenant.slug).order_by(Tenant.slug)
        if slug is not None:
            brands = brands.where(Tenant.slug == slug)
        brands = session.execute(brands).all()
        if slug is not None and not brands:
            raise click.BadParameter(f"no brand '{slug}' in the database (run 'tessera tenants sync')",
                                     param_hint="SLUG")
        problems = sum(_report(brand, audit_brand(session, tenant_id, limit)) for tenant_id, brand in brands)
    click.echo(f"ledger audit: {len(brands)} brand(s), {problems} problem(s)")
    if problems:
        sys.exit(1)


def _report(brand, found) -> int:
    click.echo(f"{brand}: {found.accounts} accounts, {found.transactions} transactions, {found.postings} postings, "
               f"{found.problem_count} problem(s)")
    for finding in found.findings:
        for text in finding.problems:
            click.echo(f"  {finding.check}: {text}")
        if finding.found > len(finding.problems):
            click.echo(f"  {finding.check}: ... and {finding.found - len(finding.problems)} more")
    return found.problem_count
