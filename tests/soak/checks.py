"""What the soak proves once every call is answered: each answered call posted once (as many
transactions of each kind as calls answered, no idempotency key twice, no source settled twice,
as many deposits, withdrawals and transfers kept as answered, none left under way); every member
holding what the answered calls say; every vendor-wallet mirror equal to what the vendor itself
says the member holds; and ``tessera ledger audit`` clean."""

import subprocess

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from tests.bench.servers import ROOT, tessera_command

from tessera.core.db import ALL_TENANTS
from tessera.plugins import client
from tessera.wallet.ledger.models import MAIN, VENDOR, LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import Ledger
from tessera.wallet.payments.models import Deposit, Withdrawal
from tessera.wallet.transfers.models import WalletTransfer
from tessera_plugins.transfer_vendor import VendorClient

from .operations import Tally
from .prepare import TRANSFER_PLUGIN, Brand

FUNDS = 100_000  # minor units each member is funded with (tests.bench.wallet's funding)
FUNDING = "bench:funding"  # its ledger key
# A source (a round, a withdrawal, a transfer) ends one way or the other, never both.
ONE_WAY = (
    ("game_payout", "game_rollback"),
    ("withdrawal_paid", "withdrawal_release"),
    ("transfer_settle", "transfer_refund"),
)


def posted(counts) -> dict[str, int]:
    """The transactions of each kind the answered calls should have posted."""
    return {
        "game_bet": counts["bets"],
        "game_payout": counts["wins"],
        "game_rollback": counts["rollbacks"],
        "bonus": counts["bonuses"],
        "deposit": counts["gateway deposits paid"] + counts["bank deposits approved"],
        "withdrawal": counts["withdrawals paid"] + counts["withdrawals rejected"],
        "withdrawal_paid": counts["withdrawals paid"],
        "withdrawal_release": counts["withdrawals rejected"],
        "transfer_in": counts["transfers in"] + counts["transfers in refused by the vendor"],
        "transfer_settle": counts["transfers in"],
        "transfer_refund": counts["transfers in refused by the vendor"],
        "transfer_out": counts["transfers out"] + counts["transfers all out"],
        "game_vendor_result": 0,  # no one plays at the vendor: a difference would be money made or lost
    }


def kept(counts) -> dict[tuple[str, str], int]:
    """The rows the answered calls should have kept, by (what, status)."""
    return {
        ("deposit redirect", "paid"): counts["gateway deposits paid"],
        ("deposit redirect", "failed"): counts["gateway deposits cancelled"],
        ("deposit manual", "paid"): counts["bank deposits approved"],
        ("withdrawal", "paid"): counts["withdrawals paid"],
        ("withdrawal", "rejected"): counts["withdrawals rejected"],
        ("transfer", "done"): counts["transfers in"] + counts["transfers out"] + counts["transfers all out"],
        ("transfer", "failed"): counts["transfers in refused by the vendor"]
        + counts["transfers out refused by the vendor"]
        + counts["transfers all out of nothing"],
    }


def each_once(db, tenant_id: int, tally: Tally) -> list[str]:
    kinds = dict(
        db.execute(
            select(LedgerTransaction.kind, func.count())
            .where(LedgerTransaction.tenant_id == tenant_id, LedgerTransaction.idempotency_key != FUNDING)
            .group_by(LedgerTransaction.kind)
        ).all()
    )
    print(f"  posted in the ledger: {dict(sorted(kinds.items()))}")
    expected = posted(tally.counts)
    problems = [
        f"{kind}: {expected.get(kind, 0)} answered, {kinds.get(kind, 0)} posted"
        for kind in sorted(set(expected) | set(kinds))
        if expected.get(kind, 0) != kinds.get(kind, 0)
    ]
    twice = db.execute(
        select(LedgerTransaction.idempotency_key)
        .group_by(LedgerTransaction.tenant_id, LedgerTransaction.idempotency_key)
        .having(func.count() > 1)
    ).scalars()
    problems += [f"idempotency key {key} posted more than once" for key in twice]
    for one, other in ONE_WAY:
        both = db.execute(
            select(LedgerTransaction.reference)
            .where(LedgerTransaction.tenant_id == tenant_id, LedgerTransaction.kind.in_((one, other)))
            .group_by(LedgerTransaction.reference)
            .having(func.count() > 1)
        ).scalars()
        problems += [f"{reference}: {one} or {other} posted more than once" for reference in both]
    return problems


def rows(db, tally: Tally) -> list[str]:
    """The deposits, withdrawals and transfers kept, against the answered calls."""
    found = {(f"deposit {kind}", status): n for kind, status, n in _by(db, Deposit, Deposit.kind, Deposit.status)}
    found |= {("withdrawal", status): n for status, n in _by(db, Withdrawal, Withdrawal.status)}
    found |= {("transfer", status): n for status, n in _by(db, WalletTransfer, WalletTransfer.status)}
    print(f"  kept: {', '.join(f'{what} {status} {n}' for (what, status), n in sorted(found.items()))}")
    expected = kept(tally.counts)
    return [
        f"{what} {status}: {expected.get((what, status), 0)} answered, {found.get((what, status), 0)} kept"
        for what, status in sorted(set(expected) | set(found))
        if expected.get((what, status), 0) != found.get((what, status), 0)
    ]


def _by(db, model, *columns):
    return db.execute(select(*columns, func.count()).select_from(model).group_by(*columns)).all()


def balances(db, brand: Brand, tally: Tally) -> list[str]:
    """Each member's main wallet and vendor wallet together hold their funding and what the answered
    calls moved; nothing is left in flight to a vendor or held for a withdrawal."""
    tenant_id, vassalage = brand.tenant.id, brand.plugin(TRANSFER_PLUGIN)["vassalage"]
    ids = [player.id for player in brand.players]
    held = db.execute(
        select(LedgerAccount.member_id, func.sum(LedgerAccount.balance_minor))
        .where(
            LedgerAccount.tenant_id == tenant_id,
            LedgerAccount.member_id.in_(ids),
            (LedgerAccount.kind == MAIN) | ((LedgerAccount.kind == VENDOR) & (LedgerAccount.vendor == vassalage)),
        )
        .group_by(LedgerAccount.member_id)
    ).all()
    holds = {member: int(total) for member, total in held}
    wrong = [(m, holds.get(m), FUNDS + tally.moved[m]) for m in ids if holds.get(m) != FUNDS + tally.moved[m]]
    problems = [f"member {m} holds {have}, the answered calls say {want}" for m, have, want in wrong[:5]]
    ledger = Ledger(db, tenant_id)
    for house in ("transfers_in_flight", "withdrawals_payable"):
        if left := ledger.house_balance(house):
            problems.append(f"house:{house} holds {left} at the end")
    return problems


def mirrors(db, brand: Brand) -> list[str]:
    """Every member's vendor-wallet mirror against the balance the vendor itself gives (its protocol's
    balance call, as the plugin makes it)."""
    settings = brand.plugin(TRANSFER_PLUGIN)
    wallets = dict(
        db.execute(
            select(LedgerAccount.member_id, LedgerAccount.balance_minor).where(
                LedgerAccount.tenant_id == brand.tenant.id,
                LedgerAccount.kind == VENDOR,
                LedgerAccount.vendor == settings["vassalage"],
            )
        ).all()
    )
    vendor, money, problems, holding = VendorClient(settings), brand.tenant.money, [], 0
    for player in brand.players:
        says = money.minor_of(vendor.balance(client.player_reference(brand.tenant, player.id)))
        holding += says > 0
        if says != wallets.get(player.id, 0):
            problems.append(f"member {player.id}: the vendor holds {says}, the mirror {wallets.get(player.id, 0)}")
    print(f"  vendor wallets: {len(brand.players)} members asked, {holding} holding money there, {len(problems)} off")
    return problems[:10]


def ledger_audit(env: dict) -> list[str]:
    """``tessera ledger audit``: every brand's ledger, and its vendor wallets against the vendors."""
    done = subprocess.run(
        [*tessera_command(), "ledger", "audit"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    print("\n".join(f"  | {line}" for line in (done.stdout + done.stderr).strip().splitlines()))
    return [] if done.returncode == 0 else [f"tessera ledger audit exited {done.returncode}"]


def check(engine, brand: Brand, tally: Tally, env: dict) -> list[str]:
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        problems = each_once(db, brand.tenant.id, tally)
        problems += rows(db, tally)
        problems += balances(db, brand, tally)
        problems += mirrors(db, brand)
    print("\nLedger audit (tessera ledger audit):")
    return problems + ledger_audit(env)
