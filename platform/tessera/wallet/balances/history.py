"""The account record and the bonus details: the postings on a member's wallets, newest first.

A transaction shows in the history of every member whose wallet it posts to (an upline sees the
transfer its downline sent), whoever it was made for. A bare day is the brand's (tenant.toml
``timezone``); a date-time with its offset is the moment the member's page meant (the start of the
first day, the last moment of the last), so a page counting days in another zone is read as sent.
Both ends are included.
"""

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import and_, func, not_, or_, select, true
from sqlalchemy.orm import contains_eager

from tessera.core.envelope import ApiError
from tessera.core.timeutil import utcnow
from tessera.wallet.ledger.models import MAIN, VENDOR, LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.pages import page_of, stamp

DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# A moment with its offset, as a page sends the edge of a day it counts in its zone.
MOMENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})")
UTC = ZoneInfo("UTC")
# The days a record is read over: none before the first records a brand could hold, none more
# than a year ahead (a day past the calendar's end cannot even be turned into a moment), and no
# more than a year of them at once.
EARLIEST = date(2000, 1, 1)
AHEAD = timedelta(days=366)
LONGEST_DAYS = 366
# The record's types and the transaction kinds they gather (by prefix); any other kind is an adjustment.
TYPE_KINDS = {
    "deposit": ("deposit",),
    "withdrawal": ("withdrawal",),
    "transfer": ("transfer",),
    "upline": ("upline",),
    "bonus": ("bonus",),
    "game": ("game_",),  # seamless-wallet bets, wins and undone bets
}
ALL, ADJUSTMENT = "all", "adjustment"
TYPES = (ALL, *TYPE_KINDS, ADJUSTMENT)


def record_type(kind: str) -> str:
    return next((name for name, prefixes in TYPE_KINDS.items() if kind.startswith(prefixes)), ADJUSTMENT)


def _kinds_of(record: str):
    """The criteria for transactions shown as ``record``."""
    if record == ALL:
        return true()
    if record == ADJUSTMENT:
        return not_(or_(*(LedgerTransaction.kind.startswith(p) for ps in TYPE_KINDS.values() for p in ps)))
    return or_(*(LedgerTransaction.kind.startswith(p) for p in TYPE_KINDS[record]))


def _edge(value: str | None, field: str) -> date | datetime | None:
    """A range's edge as sent: a bare day, or a date-time with its offset (None when not given)."""
    if value is None or value == "":
        return None
    try:
        if DAY.fullmatch(value):
            return date.fromisoformat(value)
        if MOMENT.fullmatch(value):
            return datetime.fromisoformat(value)
        raise ValueError(value)
    except ValueError:
        raise ApiError(400, "date_invalid", field=field) from None


def _calendar_day(edge: date | datetime | None) -> date | None:
    """The day an edge falls on (a date-time's in its own offset)."""
    return edge.date() if isinstance(edge, datetime) else edge


def _moment(edge: date | datetime | None, zone: ZoneInfo, end: bool) -> datetime | None:
    """The UTC moment a range starts at, or ends just before (``end``): a bare day is the brand's
    whole day, a date-time is the first or last moment included."""
    if edge is None:
        return None
    if isinstance(edge, datetime):
        moment = edge + timedelta(microseconds=1) if end else edge
    else:
        moment = datetime.combine(edge + timedelta(days=1) if end else edge, time(), zone)
    return moment.astimezone(UTC)


def _within_bounds(first: date | None, last: date | None, today: date) -> None:
    latest = today + AHEAD
    outside = any(day is not None and not EARLIEST <= day <= latest for day in (first, last))
    if outside or (first and last and (last - first).days >= LONGEST_DAYS):
        raise ApiError(
            400, "date_out_of_range", earliest=EARLIEST.isoformat(), latest=latest.isoformat(), days=LONGEST_DAYS
        )


def period(tenant, start_date: str | None, end_date: str | None) -> tuple[datetime | None, datetime | None]:
    """The UTC moments from the start of ``start_date`` to the end of ``end_date`` (the end
    excluded); None where a day is not given. A bare day is a whole day of the brand's timezone; a
    date-time with an offset is the first (``start_date``) or last (``end_date``) moment included."""
    zone = ZoneInfo(tenant.config.get("timezone") or "UTC")
    first, last = _edge(start_date, "startDate"), _edge(end_date, "endDate")
    _within_bounds(_calendar_day(first), _calendar_day(last), utcnow().astimezone(zone).date())
    since, until = _moment(first, zone, end=False), _moment(last, zone, end=True)
    if since is not None and until is not None and since >= until:
        raise ApiError(400, "date_invalid", field="endDate")
    return since, until


def member_postings(tenant_id: int, member_id: int, since: datetime | None, until: datetime | None, *criteria):
    """The postings on the member's wallets (main and vendor wallets), with their transactions."""
    query = (
        select(LedgerPosting)
        .join(LedgerTransaction, LedgerTransaction.id == LedgerPosting.transaction_id)
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .where(
            LedgerPosting.tenant_id == tenant_id,
            LedgerAccount.member_id == member_id,
            LedgerAccount.kind.in_((MAIN, VENDOR)),
            *criteria,
        )
    )
    if since is not None:
        query = query.where(LedgerTransaction.created_at >= since)
    if until is not None:
        query = query.where(LedgerTransaction.created_at < until)
    return query


NEWEST_FIRST = (LedgerTransaction.created_at.desc(), LedgerPosting.id.desc())


def _page(db, postings, query: dict):
    listed = postings.options(contains_eager(LedgerPosting.transaction), contains_eager(LedgerPosting.account))
    return page_of(db, listed, NEWEST_FIRST, query.get("pageNo", 1), query.get("pageSize", 20))


def _entry(posting: LedgerPosting, money) -> dict:
    transaction, account = posting.transaction, posting.account
    return {
        "id": posting.id,
        "type": record_type(transaction.kind),
        "amount": money.format(posting.amount_minor),
        "balanceAfter": money.format(posting.balance_after_minor),
        "wallet": MAIN if account.kind == MAIN else account.vendor,
        "createdAt": stamp(transaction.created_at),
        "reference": transaction.reference,
        "remark": transaction.remark,
    }


def transactions(db, tenant, member_id: int, query: dict) -> dict:
    since, until = period(tenant, query.get("startDate"), query.get("endDate"))
    postings = member_postings(tenant.id, member_id, since, until, _kinds_of(query.get("type") or ALL))
    return _page(db, postings, query).value(lambda posting: _entry(posting, tenant.money))


def bonuses(db, tenant, member_id: int, query: dict) -> dict:
    since, until = period(tenant, query.get("startDate"), query.get("endDate"))
    postings = member_postings(tenant.id, member_id, since, until, and_(_kinds_of("bonus"), LedgerAccount.kind == MAIN))
    total = db.scalar(select(func.coalesce(func.sum(postings.subquery().c.amount_minor), 0)))
    page = _page(db, postings, query).value(lambda posting: _bonus(posting, tenant.money))
    return {**page, "sumAmount": tenant.money.format(int(total))}


def _bonus(posting: LedgerPosting, money) -> dict:
    transaction = posting.transaction
    return {
        "id": transaction.id,
        "title": transaction.remark or "",
        "amount": money.format(posting.amount_minor),
        "createdAt": stamp(transaction.created_at),
    }
