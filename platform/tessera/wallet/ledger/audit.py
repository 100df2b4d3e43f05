"""Proof that a brand's ledger holds together.

Every check is one set-based query (aggregates and a window over the postings), so the audit
reads millions of postings without walking them in Python. A check answers at most ``limit``
problems, with the number it found in all.

- every account's balance is the sum of its postings;
- every transaction has at least two postings, and they sum to zero;
- a member account may not go negative (house accounts may), it is not negative now, and none
  of its postings left it negative;
- each account's postings, in id order, carry the running sum of their amounts as the balance
  after them (a posting written out of order breaks the run);
- a posting belongs to the brand of its transaction and of its account.

A house account is the sum of its shards (every check holds for each shard, an account of its own);
the audit reports each house account's balance so summed.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import Row, Select, func, or_, select
from sqlalchemy.orm import Session

from tessera.core.db import ALL_TENANTS
from tessera.core.money import Money
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.models import HOUSE
from tessera.wallet.ledger.models import LedgerAccount as Account
from tessera.wallet.ledger.models import LedgerPosting as Posting
from tessera.wallet.ledger.models import LedgerTransaction as Transaction
from tessera.wallet.ledger.services import house_name


@dataclass(frozen=True)
class Check:
    name: str
    query: Callable[[int], Select]  # the brand's rows that break the rule
    problem: Callable[[Row, Money], str]  # one such row, described for an operator in the brand's money


@dataclass
class Finding:
    """One check's problems: the first ``limit`` described, ``found`` in all."""

    check: str
    found: int
    problems: list[str]


@dataclass
class BrandAudit:
    tenant_id: int
    accounts: int
    transactions: int
    postings: int
    findings: list[Finding] = field(default_factory=list)
    houses: dict[str, tuple[int, int]] = field(default_factory=dict)  # house account -> (balance, shards)
    house_summary: str = ""  # the house accounts' balances in the brand's money, for an operator

    @property
    def problem_count(self) -> int:
        return sum(finding.found for finding in self.findings)

    @property
    def clean(self) -> bool:
        return self.problem_count == 0


def audit_brand(db: Session, tenant_id: int, limit: int = 20) -> BrandAudit:
    """Audit one brand's ledger. ``db`` must see every brand's rows (``ALL_TENANTS``): a posting
    that crossed into another brand is invisible to a session scoped to one."""
    if db.info.get("tenant_id") != ALL_TENANTS:
        raise ValueError("the ledger audit needs a session opened for all brands")
    report = BrandAudit(
        tenant_id,
        accounts=_count(db, Account, tenant_id),
        transactions=_count(db, Transaction, tenant_id),
        postings=_count(db, Posting, tenant_id),
        houses=house_balances(db, tenant_id),
    )
    money = TenantContext.from_row(db.get_one(Tenant, tenant_id)).money
    report.house_summary = ", ".join(
        f"{name} {money.format(total)} ({shards} shard{'s' * (shards != 1)})"
        for name, (total, shards) in report.houses.items()
    )
    for check in CHECKS:
        rows, found = _first(db, check.query(tenant_id), limit)
        report.findings.append(Finding(check.name, found, [check.problem(row, money) for row in rows]))
    return report


def house_balances(db: Session, tenant_id: int) -> dict[str, tuple[int, int]]:
    """Each house account of the brand: its balance (the sum of its shards) and how many shards it has."""
    found: dict[str, tuple[int, int]] = {}
    shards = select(Account.code, Account.balance_minor).where(Account.tenant_id == tenant_id, Account.kind == HOUSE)
    for code, balance in db.execute(shards):
        name = house_name(code) or code
        total, count = found.get(name, (0, 0))
        found[name] = (total + balance, count + 1)
    return dict(sorted(found.items()))


def _count(db: Session, model, tenant_id: int) -> int:
    return db.execute(select(func.count()).select_from(model).where(model.tenant_id == tenant_id)).scalar_one()


def _first(db: Session, query, limit: int):
    """The first ``limit`` rows of ``query`` and how many rows it has in all, in one statement."""
    rows = db.execute(query.add_columns(func.count().over().label("found")).limit(limit)).all()
    return rows, rows[0].found if rows else 0


def _balance_query(tenant_id):
    sums = (
        select(Posting.account_id, func.sum(Posting.amount_minor).label("total"))
        .join(Account, Account.id == Posting.account_id)
        .where(Account.tenant_id == tenant_id)
        .group_by(Posting.account_id)
        .subquery()
    )
    total = func.coalesce(sums.c.total, 0)
    return (
        select(Account.id, Account.code, Account.balance_minor, total.label("total"))
        .outerjoin(sums, sums.c.account_id == Account.id)
        .where(Account.tenant_id == tenant_id, Account.balance_minor != total)
        .order_by(Account.id)
    )


def _balance_problem(row, money: Money):
    balance, total = money.format(row.balance_minor), money.format(row.total)
    return f"account {row.id} {row.code}: balance {balance}, its postings sum to {total}"


def _transaction_query(tenant_id):
    legs, total = func.count(Posting.id), func.coalesce(func.sum(Posting.amount_minor), 0)
    return (
        select(Transaction.id, Transaction.idempotency_key, legs.label("legs"), total.label("total"))
        .outerjoin(Posting, Posting.transaction_id == Transaction.id)
        .where(Transaction.tenant_id == tenant_id)
        .group_by(Transaction.id, Transaction.idempotency_key)
        .having(or_(legs < 2, total != 0))
        .order_by(Transaction.id)
    )


def _transaction_problem(row, money: Money):
    return (
        f"transaction {row.id} {row.idempotency_key}: {row.legs} posting(s) "
        f"summing to {money.format(row.total)} (needs two or more summing to {money.format(0)})"
    )


def _overdraft_rule_query(tenant_id):
    return (
        select(Account.id, Account.code, Account.kind, Account.allow_negative)
        .where(Account.tenant_id == tenant_id, Account.allow_negative != (Account.kind == HOUSE))
        .order_by(Account.id)
    )


def _overdraft_rule_problem(row, money: Money):
    may = "may" if row.allow_negative else "may not"
    return f"account {row.id} {row.code} ({row.kind}) {may} go negative; only house accounts may"


def _negative_balance_query(tenant_id):
    return (
        select(Account.id, Account.code, Account.balance_minor)
        .where(Account.tenant_id == tenant_id, ~Account.allow_negative, Account.balance_minor < 0)
        .order_by(Account.id)
    )


def _negative_balance_problem(row, money: Money):
    return f"account {row.id} {row.code} may not go negative and has {money.format(row.balance_minor)}"


def _negative_history_query(tenant_id):
    return (
        select(
            Account.id,
            Account.code,
            func.count().label("postings"),
            func.min(Posting.balance_after_minor).label("lowest"),
        )
        .join(Posting, Posting.account_id == Account.id)
        .where(Account.tenant_id == tenant_id, ~Account.allow_negative, Posting.balance_after_minor < 0)
        .group_by(Account.id, Account.code)
        .order_by(Account.id)
    )


def _negative_history_problem(row, money: Money):
    return (
        f"account {row.id} {row.code} may not go negative and went to {money.format(row.lowest)} "
        f"after {row.postings} posting(s)"
    )


def _running_balance_query(tenant_id):
    running = (
        select(
            Posting.id,
            Posting.account_id,
            Posting.transaction_id,
            Posting.balance_after_minor,
            func.sum(Posting.amount_minor).over(partition_by=Posting.account_id, order_by=Posting.id).label("running"),
        )
        .join(Account, Account.id == Posting.account_id)
        .where(Account.tenant_id == tenant_id)
        .subquery()
    )
    return (
        select(
            running.c.id,
            running.c.account_id,
            running.c.transaction_id,
            running.c.balance_after_minor,
            running.c.running,
        )
        .where(running.c.balance_after_minor != running.c.running)
        .order_by(running.c.id)
    )


def _running_balance_problem(row, money: Money):
    return (
        f"posting {row.id} (account {row.account_id}, transaction {row.transaction_id}): balance after "
        f"{money.format(row.balance_after_minor)}, but the account's postings up to it sum to "
        f"{money.format(row.running)}"
    )


def _brand_query(tenant_id):
    return (
        select(
            Posting.id,
            Posting.tenant_id,
            Transaction.tenant_id.label("transaction_tenant"),
            Account.tenant_id.label("account_tenant"),
        )
        .join(Transaction, Transaction.id == Posting.transaction_id)
        .join(Account, Account.id == Posting.account_id)
        .where(
            or_(Posting.tenant_id == tenant_id, Transaction.tenant_id == tenant_id, Account.tenant_id == tenant_id),
            or_(Posting.tenant_id != Transaction.tenant_id, Posting.tenant_id != Account.tenant_id),
        )
        .order_by(Posting.id)
    )


def _brand_problem(row, money: Money):
    return (
        f"posting {row.id} belongs to brand {row.tenant_id}, its transaction to brand "
        f"{row.transaction_tenant}, its account to brand {row.account_tenant}"
    )


CHECKS = (
    Check("balance", _balance_query, _balance_problem),
    Check("transaction", _transaction_query, _transaction_problem),
    Check("overdraft_rule", _overdraft_rule_query, _overdraft_rule_problem),
    Check("negative_balance", _negative_balance_query, _negative_balance_problem),
    Check("negative_history", _negative_history_query, _negative_history_problem),
    Check("running_balance", _running_balance_query, _running_balance_problem),
    Check("brand", _brand_query, _brand_problem),
)
