"""``tessera ledger``: operator commands on the brands' ledgers."""

import sys
from collections.abc import Callable

import click

from tessera.core.cli import command_session
from tessera.core.db import ALL_TENANTS
from tessera.tenancy.commands import brands
from tessera.wallet.ledger.audit import audit_brand


def ledger_group(reconcile_vendor_wallets: Callable[..., int]) -> click.Group:
    """``tessera ledger``; its audit also reconciles each brand's vendor wallets through
    ``reconcile_vendor_wallets(settings, brand, limit)``, which reports them and answers the number
    of problems it found."""

    @click.group()
    def ledger():
        """The brands' ledgers: balances, transactions and their postings."""

    @ledger.command("audit")
    @click.argument("slug", required=False)
    @click.option(
        "--limit", default=10, show_default=True, type=click.IntRange(min=1), help="Problems listed per check and brand"
    )
    @click.option(
        "--skip-vendors", is_flag=True, help="Leave the vendor wallets unreconciled (the vendors are not asked)"
    )
    @click.pass_obj
    def audit(settings, slug, limit, skip_vendors):
        """Prove that the ledger of SLUG (of every brand without it) holds together: balances are
        the sums of their postings, transactions balance, member accounts never went negative; and
        that every member's wallet at each transfer-wallet vendor is what the vendor says it holds
        (the vendors are asked; pull their rounds first with 'tessera
        games pull-bets'). Exit status 1 when anything does not hold."""
        with command_session(settings) as session:
            if session.get_bind().dialect.name == "postgresql":
                # One snapshot for every check, while the brands go on posting.
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            audited = brands(session, slug)
            session.info["tenant_id"] = ALL_TENANTS  # the audit reads every brand's rows
            problems = sum(_report(brand.slug, audit_brand(session, brand.id, limit)) for brand in audited)
        if not skip_vendors:
            problems += sum(reconcile_vendor_wallets(settings, brand, limit) for brand in audited)
        click.echo(f"ledger audit: {len(audited)} brand(s), {problems} problem(s)")
        if problems:
            sys.exit(1)

    return ledger


def _report(brand, found) -> int:
    click.echo(
        f"{brand}: {found.accounts} accounts, {found.transactions} transactions, {found.postings} postings, "
        f"{found.problem_count} problem(s)"
    )
    if found.house_summary:
        click.echo(f"  house accounts: {found.house_summary}")
    for finding in found.findings:
        for text in finding.problems:
            click.echo(f"  {finding.check}: {text}")
        if finding.found > len(finding.problems):
            click.echo(f"  {finding.check}: ... and {finding.found - len(finding.problems)} more")
    return found.problem_count
