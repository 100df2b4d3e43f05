"""``tessera ledger``: operator commands on the brands' ledgers."""
import sys

import click
from sqlalchemy import select

from tessera.wallet.audit import audit_brand
from tessera.wallet.money import format_minor as amount


@click.group()
def ledger():
    """The brands' ledgers: balances, transactions and their postings."""


@ledger.command("audit")
@click.argument("slug", required=False)
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=1),
              help="Problems listed per check and brand")
@click.option("--skip-vendors", is_flag=True, help="Leave the vendor wallets unreconciled (the vendors are not asked)")
@click.pass_obj
def audit(settings, slug, limit, skip_vendors):
    """Prove that the ledger of SLUG (of every brand without it) holds together: balances are the
    sums of their postings, transactions balance, member accounts never went negative; and that
    every member's wallet at each transfer-wallet vendor is what the vendor says it holds (the
    vendors are asked; pull their rounds first with 'tessera games pull-bets'). Exit status 1
    when anything does not hold."""
    from tessera.commands import _operator_session
    from tessera.tenancy.models import Tenant

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
    if not skip_vendors:
        problems += sum(_reconcile(settings, tenant_id, limit) for tenant_id, _ in brands)
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


def _reconcile(settings, tenant_id: int, limit: int) -> int:
    """The brand's vendor wallets against what its vendors say, reported; the problems found."""
    from tessera.commands import _operator_session
    from tessera.core.db import scope_connection
    from tessera.plugins import TenantPlugins, plugin_manager
    from tessera.tenancy.context import TenantContext
    from tessera.tenancy.models import Tenant
    from tessera.wallet.balances import transfer_vendors
    from tessera.wallet.vendor_wallets import reconcile_vendor_wallets

    with _operator_session(settings) as session:
        tenant = TenantContext.from_row(session.get(Tenant, tenant_id))
        scope_connection(session, tenant.id)
        plugins = TenantPlugins(plugin_manager(), tenant)
        found = reconcile_vendor_wallets(session, tenant, plugins, list(transfer_vendors(plugins)))
    click.echo(f"{tenant.slug}: vendor wallets: {found.compared} compared, {len(found.differences)} different, "
               f"{len(found.unanswered)} not answered, {found.under_way} with a transfer under way")
    for difference in found.differences[:limit]:
        holding = difference.holding
        click.echo(f"  vendor_wallet: member {difference.member_id} ({holding.username}) at {difference.vassalage}: "
                   f"the vendor holds {amount(difference.held)}, the ledger expects {amount(holding.expected)} "
                   f"(its wallet {amount(holding.mirror)}, play since the last transfer {amount(holding.play)}): "
                   f"difference {amount(difference.amount)}")
    for member_id, vassalage in found.unanswered[:limit]:
        click.echo(f"  vendor_wallet: member {member_id} at {vassalage}: the vendor could not say what it holds")
    if found.problem_count > 2 * limit:
        click.echo(f"  vendor_wallet: ... and more: {found.problem_count} in all")
    return found.problem_count
