"""The brand's reports and dashboard (``report.read``): JSON for the app, CSV to export."""

import csv
import io
import re

from pyramid.response import Response
from pyramid.view import view_config
from sqlalchemy import func, select

from tessera.backoffice.approvals.models import PENDING as APPROVAL_PENDING
from tessera.backoffice.approvals.models import Approval
from tessera.backoffice.permissions import Permission
from tessera.backoffice.reports import services
from tessera.backoffice.reports.days import DEFAULT_DAYS, Period, asked_period, brand_today
from tessera.core.timeutil import now
from tessera.games.bets.views import vendor_names
from tessera.wallet.payments.models import APPROVED, MANUAL, PENDING, Deposit, Withdrawal

report_call = dict(request_method="GET", renderer="api", openapi=True, staff=Permission.ReportRead)
# Text a spreadsheet would take for a formula (OWASP's CSV injection): written with a quote first.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _period(request, default_days: int = 1) -> Period:
    asked = request.openapi.parameters.query
    return asked_period(request.tenant, now(request.registry), asked.get("from"), asked.get("to"), default_days)


def _shown(row: dict, money) -> dict:
    return {key: money.format(value) if key in services.AMOUNTS else value for key, value in row.items()}


NUMBER = re.compile(r"-?[0-9][0-9,]*(\.[0-9]+)?")


def _cell(value):
    """A cell as written: text that a spreadsheet would run (not an amount such as -15.00) quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(value):
        return "'" + value
    return value


def _answer(request, name: str, period: Period, rows: list[dict], extra: dict):
    """The rows as JSON (with ``extra``), or as a CSV file when the call asks for ``format=csv``."""
    money = request.tenant.money
    shown = [_shown(row, money) for row in rows]
    if request.openapi.parameters.query.get("format") != "csv":
        return {"items": shown, "from": period.first.isoformat(), "to": period.last.isoformat(), **extra}
    out = io.StringIO()
    if shown:
        writer = csv.DictWriter(out, fieldnames=list(shown[0]))
        writer.writeheader()
        writer.writerows({key: _cell(value) for key, value in row.items()} for row in shown)
    filename = f"{request.tenant.slug}-{name}-{period.first.isoformat()}-{period.last.isoformat()}.csv"
    return Response(
        out.getvalue(),
        content_type="text/csv",
        charset="utf-8",
        content_disposition=f'attachment; filename="{filename}"',
    )


@view_config(route_name="backoffice.reports.daily", **report_call)
def daily_report(request):
    period = _period(request)
    days = services.daily(request.db, period)
    totals = services.period_totals(request.db, period, days)
    return _answer(request, "daily", period, days, {"totals": _shown(totals, request.tenant.money)})


@view_config(route_name="backoffice.reports.games", **report_call)
def games_report(request):
    period = _period(request)
    return _answer(request, "games", period, services.by_game(request.db, period, vendor_names(request)), {})


@view_config(route_name="backoffice.reports.members", **report_call)
def members_report(request):
    asked = request.openapi.parameters.query
    period = _period(request)
    rows = services.by_member(request.db, period, asked.get("sort", "ggr"), asked.get("order", "desc") == "desc")
    if asked.get("format") == "csv":
        return _answer(request, "members", period, rows, {})
    page, size = asked.get("page", 1), asked.get("pageSize", 50)
    shown = rows[(page - 1) * size : page * size]
    return _answer(request, "members", period, shown, {"total": len(rows), "page": page, "pageSize": size})


@view_config(route_name="backoffice.dashboard", **report_call)
def dashboard(request):
    db, money, at = request.db, request.tenant.money, now(request.registry)
    period = _period(request, DEFAULT_DAYS)
    days = services.daily(db, period)
    today = brand_today(request.tenant, at)
    today_period = Period(today, today, period.zone)
    today_days = [day for day in days if day["day"] == today.isoformat()] or services.daily(db, today_period)
    pending = {
        "deposits": db.scalar(select(func.count(Deposit.id)).where(Deposit.status == PENDING, Deposit.kind == MANUAL)),
        "withdrawals": db.scalar(select(func.count(Withdrawal.id)).where(Withdrawal.status.in_((PENDING, APPROVED)))),
        "approvals": db.scalar(select(func.count(Approval.id)).where(Approval.status == APPROVAL_PENDING)),
    }
    return {
        "today": _shown(services.period_totals(db, today_period, today_days), money),
        "period": _shown(services.period_totals(db, period, days), money),
        "days": [_shown(day, money) for day in days],
        "pending": pending,
        "from": period.first.isoformat(),
        "to": period.last.isoformat(),
        "currency": money.code,
    }
