"""A brand's profit and loss: per day, per game type and vendor, per member, and the dashboard's
figures, all read from the ledger and the betting record, never kept apart from them.

- deposits: credited to members' main wallets (``deposit``);
- withdrawals: paid out of the house (``withdrawal_paid``), less what was paid back on a claim
  (``withdrawal_refund``), both read on the house's clearing account;
- bonuses: credited to members' main wallets (``bonus``), grants less reversals;
- bets and wins: settled rounds (resettled ones with their corrected result) by the day they were
  placed, as the members' betting record and personal profit and loss count them;
- GGR = bets - wins; NGR = GGR - bonuses.
Amounts are integers of the currency's minor unit until they are shown."""

from sqlalchemy import and_, case, distinct, func, or_, select

from tessera.backoffice.reports.days import Period
from tessera.games.bets.models import DECIDED, GameBet
from tessera.games.bets.services import total
from tessera.identity.accounts.models import MEMBER_TYPES, Member
from tessera.wallet.ledger.models import MAIN, LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.ledger.services import house_prefix

AMOUNTS = ("deposits", "withdrawals", "bets", "wins", "bonuses", "ggr", "ngr")
DEPOSIT, BONUS = "deposit", "bonus"
PAID_OUT = ("withdrawal_paid", "withdrawal_refund")


def _money(period: Period, by):
    """Deposits, withdrawals and bonuses posted within the period, grouped ``by`` (columns)."""
    main = LedgerAccount.kind == MAIN

    def where(condition):
        return total(case((condition, LedgerPosting.amount_minor), else_=0))

    deposits = where(and_(main, LedgerTransaction.kind == DEPOSIT))
    bonuses = where(and_(main, LedgerTransaction.kind.startswith(BONUS)))
    withdrawals = where(
        and_(
            LedgerAccount.code.startswith(house_prefix("deposits_clearing"), autoescape=True),
            LedgerTransaction.kind.in_(PAID_OUT),
        )
    )
    return (
        select(*by, deposits, withdrawals, bonuses)
        .join_from(LedgerPosting, LedgerTransaction, LedgerTransaction.id == LedgerPosting.transaction_id)
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .where(
            LedgerTransaction.created_at >= period.since,
            LedgerTransaction.created_at < period.until,
            or_(LedgerTransaction.kind.in_((DEPOSIT, *PAID_OUT)), LedgerTransaction.kind.startswith(BONUS)),
        )
        .group_by(*by)
    )


def _rounds(period: Period, by):
    """Settled rounds placed within the period, grouped ``by``: rounds, players, bets, wins."""
    return (
        select(
            *by,
            func.count(GameBet.id),
            func.count(distinct(GameBet.member_id)),
            total(GameBet.bet_minor),
            total(GameBet.payout_minor),
        )
        .where(GameBet.placed_at >= period.since, GameBet.placed_at < period.until, GameBet.status.in_(DECIDED))
        .group_by(*by)
    )


def _figures(deposits=0, withdrawals=0, bonuses=0, bets=0, wins=0) -> dict:
    ggr = int(bets) - int(wins)
    return {
        "deposits": int(deposits),
        "withdrawals": int(withdrawals),
        "bets": int(bets),
        "wins": int(wins),
        "bonuses": int(bonuses),
        "ggr": ggr,
        "ngr": ggr - int(bonuses),
    }


def daily(db, period: Period) -> list[dict]:
    """Every day of the period, empty ones too, oldest first."""
    money = {day: row for day, *row in db.execute(_money(period, [period.day_of(LedgerTransaction.created_at)]))}
    rounds = {day: row for day, *row in db.execute(_rounds(period, [period.day_of(GameBet.placed_at)]))}
    joined = period.day_of(Member.created_at)
    new = dict(
        db.execute(
            select(joined, func.count(Member.id))
            .where(
                Member.created_at >= period.since,
                Member.created_at < period.until,
                Member.member_type.in_(MEMBER_TYPES),
            )
            .group_by(joined)
        ).all()
    )
    days = []
    for day in (d.isoformat() for d in period.days):
        deposits, withdrawals, bonuses = money.get(day, (0, 0, 0))
        count, players, bets, wins = rounds.get(day, (0, 0, 0, 0))
        days.append(
            {
                "day": day,
                **_figures(deposits, withdrawals, bonuses, bets, wins),
                "rounds": int(count),
                "activeMembers": int(players),
                "newMembers": int(new.get(day, 0)),
            }
        )
    return days


def period_totals(db, period: Period, days: list[dict]) -> dict:
    """The period's sums; its active members counted once however many days they played."""
    summed = {amount: sum(day[amount] for day in days) for amount in AMOUNTS}
    active = db.scalar(
        select(func.count(distinct(GameBet.member_id))).where(
            GameBet.placed_at >= period.since, GameBet.placed_at < period.until, GameBet.status.in_(DECIDED)
        )
    )
    return {
        **summed,
        "rounds": sum(day["rounds"] for day in days),
        "newMembers": sum(day["newMembers"] for day in days),
        "activeMembers": int(active or 0),
    }


def by_game(db, period: Period, names: dict[str, str]) -> list[dict]:
    """Per game type and vendor, busiest first."""
    rows = [
        {
            "gameType": category,
            "vassalage": vassalage,
            "vendorName": names.get(vassalage, vassalage),
            "rounds": int(count),
            "players": int(players),
            "bets": int(bets),
            "wins": int(wins),
            "ggr": int(bets) - int(wins),
        }
        for category, vassalage, count, players, bets, wins in db.execute(
            _rounds(period, [GameBet.category, GameBet.vassalage])
        )
    ]
    return sorted(rows, key=lambda row: (-row["bets"], row["gameType"], row["vassalage"]))


MEMBER_SORTS = frozenset({*AMOUNTS, "username", "rounds"})


def by_member(db, period: Period, sort: str = "ggr", descending: bool = True) -> list[dict]:
    """Per member who had money posted or played within the period, sorted by ``sort``."""
    money = {member: row for member, *row in db.execute(_money(period, [LedgerTransaction.member_id]))}
    rounds = {member: row for member, *row in db.execute(_rounds(period, [GameBet.member_id]))}
    ids = sorted((set(money) | set(rounds)) - {None})
    names = dict(db.execute(select(Member.id, Member.username).where(Member.id.in_(ids))).all()) if ids else {}
    rows = []
    for member_id in ids:
        deposits, withdrawals, bonuses = money.get(member_id, (0, 0, 0))
        count, _, bets, wins = rounds.get(member_id, (0, 0, 0, 0))
        figures = _figures(deposits, withdrawals, bonuses, bets, wins)
        rows.append({"memberId": member_id, "username": names.get(member_id, ""), **figures, "rounds": int(count)})
    rows.sort(key=lambda row: row["memberId"])
    return sorted(rows, key=lambda row: row[sort], reverse=descending)
