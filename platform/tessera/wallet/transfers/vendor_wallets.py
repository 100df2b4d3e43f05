"""The vendor wallets reconciled: what each member holds at a transfer-wallet vendor, as the vendor
says, against what the ledger says the vendor should hold.

The ledger's vendor wallet (the mirror) is what the vendor held after the member's last transfer
with it (transfers.services); since then the member may have played there. So the vendor should
hold the mirror plus the play recorded since: the net of the member's rounds at the vendor (pulled
into the betting records, which the caller counts: ``VendorRounds``) less the wins and losses
already posted to the mirror at transfers. Any other difference is money made or lost between
Tessera and the vendor, or rounds not pulled yet.

A member with a transfer pending is not compared (the vendor may or may not have moved it yet),
nor one whose records change while they are compared. No transaction is held while a vendor
answers: each reading of the ledger is committed before the vendor is asked.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import func, select

from tessera.identity.accounts.models import Member
from tessera.wallet.interfaces import VendorRounds
from tessera.wallet.ledger.models import VENDOR, LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.transfers.models import PENDING, WalletTransfer
from tessera.wallet.transfers.services import VENDOR_RESULT, vendor_holds

ATTEMPTS = 3  # readings of a member whose records move while compared, before leaving them be


@dataclass(frozen=True)
class Holding:
    """One member at one vendor, as the ledger has it."""

    username: str
    mirror: int  # the vendor wallet's balance
    results: int  # the wins and losses posted to it at transfers
    rounds: int  # the net of the member's rounds there: payouts less stakes
    pending: bool  # a transfer with the vendor under way

    @property
    def play(self) -> int:
        """What the member won or lost there since the last transfer, as the rounds pulled say."""
        return self.rounds - self.results

    @property
    def expected(self) -> int:
        return self.mirror + self.play


@dataclass(frozen=True)
class Difference:
    member_id: int
    vassalage: str
    holding: Holding
    held: int  # what the vendor says the member holds

    @property
    def amount(self) -> int:
        return self.held - self.holding.expected


@dataclass
class VendorAudit:
    compared: int = 0
    differences: list[Difference] = field(default_factory=list)
    unanswered: list[tuple[int, str]] = field(default_factory=list)  # (member, vendor) the vendor did not say
    under_way: int = 0  # members with a transfer pending, or records moving, not compared

    @property
    def problem_count(self) -> int:
        return len(self.differences) + len(self.unanswered)


def holdings(
    db, tenant_id: int, vassalage: str, rounds: VendorRounds, member_ids: list[int] | None = None
) -> dict[int, Holding]:
    """Every member of the brand with a wallet, a transfer or a round at the vendor (or those of
    ``member_ids``), as the ledger has them now."""

    def only(query, column):
        return query if member_ids is None else query.where(column.in_(member_ids))

    mirrors = dict(
        db.execute(
            only(
                select(LedgerAccount.member_id, LedgerAccount.balance_minor).where(
                    LedgerAccount.tenant_id == tenant_id,
                    LedgerAccount.kind == VENDOR,
                    LedgerAccount.vendor == vassalage,
                ),
                LedgerAccount.member_id,
            )
        ).all()
    )
    results = dict(
        db.execute(
            only(
                select(LedgerAccount.member_id, func.sum(LedgerPosting.amount_minor))
                .join(LedgerPosting, LedgerPosting.account_id == LedgerAccount.id)
                .join(LedgerTransaction, LedgerTransaction.id == LedgerPosting.transaction_id)
                .where(
                    LedgerAccount.tenant_id == tenant_id,
                    LedgerAccount.kind == VENDOR,
                    LedgerAccount.vendor == vassalage,
                    LedgerTransaction.kind == VENDOR_RESULT,
                )
                .group_by(LedgerAccount.member_id),
                LedgerAccount.member_id,
            )
        ).all()
    )
    played = rounds(db, tenant_id, vassalage, member_ids)
    transfers = db.execute(
        only(
            select(WalletTransfer.member_id, WalletTransfer.status).where(
                WalletTransfer.tenant_id == tenant_id, WalletTransfer.vendor == vassalage
            ),
            WalletTransfer.member_id,
        )
    ).all()
    members = set(mirrors) | set(played) | {member for member, _ in transfers}
    pending = {member for member, status in transfers if status == PENDING}
    names = dict(db.execute(select(Member.id, Member.username).where(Member.id.in_(members))).all()) if members else {}
    return {
        member: Holding(
            names.get(member, ""),
            mirrors.get(member, 0),
            int(results.get(member) or 0),
            played.get(member, 0),
            member in pending,
        )
        for member in sorted(members)
    }


def vassalages(db, tenant_id: int, listed: list[str]) -> list[str]:
    """The vendors to reconcile: those the brand's plugins list, and any the ledger holds wallets at."""
    held = db.scalars(
        select(LedgerAccount.vendor)
        .distinct()
        .where(LedgerAccount.tenant_id == tenant_id, LedgerAccount.kind == VENDOR)
    ).all()
    return sorted(set(listed) | set(held))


def reconcile(
    db, tenant, plugins, listed: list[str], rounds: VendorRounds, commit: Callable[[], None] | None = None
) -> VendorAudit:
    """Ask each vendor what every member of the brand holds there, and compare (see the module),
    with the members' rounds there as ``rounds`` counts them."""
    commit = commit or db.commit
    report = VendorAudit()
    for vassalage in vassalages(db, tenant.id, listed):
        found = holdings(db, tenant.id, vassalage, rounds)
        commit()
        for member_id, holding in found.items():
            _compare(db, tenant, plugins, vassalage, member_id, holding, rounds, commit, report)
    return report


def _compare(db, tenant, plugins, vassalage, member_id, holding, rounds, commit, report) -> None:
    for _ in range(ATTEMPTS):
        if holding.pending:
            break
        held = vendor_holds(plugins, tenant, member_id, holding.username, vassalage)
        again = holdings(db, tenant.id, vassalage, rounds, [member_id]).get(member_id)
        commit()
        if again != holding:  # a transfer or a round meanwhile: read again
            holding = again
            continue
        if held is None:
            report.unanswered.append((member_id, vassalage))
        elif held != holding.expected:
            report.differences.append(Difference(member_id, vassalage, holding, held))
        report.compared += held is not None
        return
    report.under_way += 1
