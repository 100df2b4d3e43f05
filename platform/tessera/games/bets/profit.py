"""Personal profit and loss: a member's settled rounds (resettled ones with their corrected
result) per game type and vendor over the days asked, and the deposits, withdrawals and bonuses
their main wallet saw in those days.

Rounds count by the day they were placed, as the betting record lists them, so the two pages
agree on the same days. Money counts by the day it was posted, as the account record shows it.
"""

from sqlalchemy import case, func, or_, select

from tessera.games.bets.models import DECIDED, GameBet
from tessera.games.bets.services import member_rounds, total
from tessera.games.vendors import CATEGORIES
from tessera.wallet.balances.history import TYPE_KINDS, period
from tessera.wallet.ledger.models import MAIN, LedgerAccount, LedgerPosting, LedgerTransaction

AMOUNTS = ("bet", "payout", "winLoss")


def profit(db, tenant, member_id: int, query: dict, names: dict[str, str]) -> dict:
    rows = _rows(db, tenant, member_id, query, names)
    totals = {"count": sum(row["count"] for row in rows), **{a: sum(row[a] for row in rows) for a in AMOUNTS}}
    return {
        "rows": [_shown(row, tenant.money) for row in rows],
        "totals": {**_shown(totals, tenant.money), **_main_wallet_money(db, tenant, member_id, query)},
    }


def _shown(figures: dict, money) -> dict:
    return {**figures, **{amount: money.format(figures[amount]) for amount in AMOUNTS}}


def _rows(db, tenant, member_id: int, query: dict, names: dict[str, str]) -> list[dict]:
    settled = (
        member_rounds(tenant, member_id, query.get("startDate"), query.get("endDate"))
        .where(GameBet.status.in_(DECIDED))
        .subquery()
    )
    grouped = select(
        settled.c.category, settled.c.vassalage, func.count(), total(settled.c.bet_minor), total(settled.c.payout_minor)
    ).group_by(settled.c.category, settled.c.vassalage)
    rows = [
        {
            "gameType": category,
            "vassalage": vassalage,
            "vendorName": names.get(vassalage, vassalage),
            "count": count,
            "bet": int(bet),
            "payout": int(payout),
            "winLoss": int(payout) - int(bet),
        }
        for category, vassalage, count, bet, payout in db.execute(grouped)
    ]
    return sorted(rows, key=lambda row: (_lane(row["gameType"]), row["vassalage"]))


def _lane(category: str) -> int:
    return CATEGORIES.index(category) if category in CATEGORIES else len(CATEGORIES)


def _main_wallet_money(db, tenant, member_id: int, query: dict) -> dict:
    """Deposits credited, withdrawals taken (less those returned or refunded) and bonuses, as the
    account record names them, on the member's main wallet."""
    since, until = period(tenant, query.get("startDate"), query.get("endDate"))

    def of(record: str):
        kinds = or_(*(LedgerTransaction.kind.startswith(prefix) for prefix in TYPE_KINDS[record]))
        return total(case((kinds, LedgerPosting.amount_minor), else_=0))

    sums = (
        select(of("deposit"), of("withdrawal"), of("bonus"))
        .join_from(LedgerPosting, LedgerTransaction, LedgerTransaction.id == LedgerPosting.transaction_id)
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .where(LedgerPosting.tenant_id == tenant.id, LedgerAccount.member_id == member_id, LedgerAccount.kind == MAIN)
    )
    if since is not None:
        sums = sums.where(LedgerTransaction.created_at >= since)
    if until is not None:
        sums = sums.where(LedgerTransaction.created_at < until)
    deposit, withdrawal, bonus = (int(value) for value in db.execute(sums).one())
    shown = tenant.money.format
    return {"deposit": shown(deposit), "withdrawal": shown(-withdrawal), "bonus": shown(bonus)}
