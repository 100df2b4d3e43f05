"""The brand's reports and dashboard: profit and loss per day of the brand's time zone, per game
type and vendor, per member, and as CSV, each figure equal to the ledger's to the cent; another
brand's money never in them."""

import csv
import io
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from tessera.backoffice.permissions import Permission
from tessera.games.bets.models import GameBet
from tessera.wallet.ledger.models import LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg, house_prefix

DHAKA = ZoneInfo("Asia/Dhaka")
DAY1, DAY2 = date(2026, 11, 20), date(2026, 11, 21)
DAILY = "/bo/api/brands/demo-bd/reports/daily"


def moment(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour), DHAKA).astimezone(UTC)


def dated(db, transaction, at: datetime):
    db.get(LedgerTransaction, transaction.id).created_at = at
    db.flush()


def paid_withdrawal(db, member, minor: int, at: datetime, key: str):
    """A withdrawal held from the member's wallet and then paid out by the house, as the payments do."""
    ledger = Ledger(db, member.tenant_id)
    payable = ledger.house_account("withdrawals_payable", member.id)
    hold = ledger.post(
        f"{key}:hold",
        "withdrawal",
        [Leg(ledger.member_account(member.id), -minor), Leg(payable, minor)],
        member_id=member.id,
    )
    paid = ledger.post(
        f"{key}:paid",
        "withdrawal_paid",
        [Leg(payable, -minor), Leg(ledger.house_account("deposits_clearing", member.id), minor)],
        member_id=member.id,
    )
    dated(db, hold, at)
    dated(db, paid, at)


@pytest.fixture
def books(db_session, clock, members, fund, bets):
    """Two days of demo-bd's business (and some of demo-ph's, which must not show)."""
    clock.now = moment(DAY2, 20)
    alice = members("demo-bd", created_at=moment(DAY1, 9))
    bob = members("demo-bd", created_at=moment(DAY2, 1))  # 19:00 UTC of DAY1: DAY2 in Dhaka
    carol = members("demo-ph", created_at=moment(DAY2, 10))
    dated(db_session, fund(alice, "100.00"), moment(DAY1, 10))
    dated(db_session, fund(bob, "250.50"), moment(DAY2, 0) + timedelta(minutes=30))
    dated(db_session, fund(alice, "10.00", kind="bonus"), moment(DAY2, 11))
    dated(db_session, fund(carol, "999.00"), moment(DAY2, 11))
    paid_withdrawal(db_session, alice, 4000, moment(DAY2, 12), "test:report:w1")
    bets(alice, "30.00", "45.00", placed_at=moment(DAY1, 11), vassalage="TWB", category="SLOT")
    bets(bob, "20.00", "0", placed_at=moment(DAY2, 13), vassalage="TWB", category="SLOT")
    bets(bob, "7.25", "1.10", placed_at=moment(DAY2, 14), vassalage="SWV", category="LIVE")
    bets(bob, "5.00", open=True, placed_at=moment(DAY2, 14))  # not settled: not counted yet
    bets(carol, "80.00", placed_at=moment(DAY2, 14))
    db_session.flush()
    return alice, bob


def test_the_daily_report_counts_each_day_of_the_brands_zone(staff_member, books):
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    answer = reader.browser.get(DAILY, {"from": DAY1.isoformat(), "to": DAY2.isoformat()}).json["value"]
    day1, day2 = answer["items"]
    assert day1 == {
        "day": "2026-11-20",
        "deposits": "100.00",
        "withdrawals": "0.00",
        "bets": "30.00",
        "wins": "45.00",
        "bonuses": "0.00",
        "ggr": "-15.00",
        "ngr": "-15.00",
        "rounds": 1,
        "activeMembers": 1,
        "newMembers": 1,
    }
    assert day2 == {
        "day": "2026-11-21",
        "deposits": "250.50",
        "withdrawals": "40.00",
        "bets": "27.25",
        "wins": "1.10",
        "bonuses": "10.00",
        "ggr": "26.15",
        "ngr": "16.15",
        "rounds": 2,
        "activeMembers": 1,
        "newMembers": 1,
    }
    assert answer["totals"] == {
        "deposits": "350.50",
        "withdrawals": "40.00",
        "bets": "57.25",
        "wins": "46.10",
        "bonuses": "10.00",
        "ggr": "11.15",
        "ngr": "1.15",
        "rounds": 3,
        "activeMembers": 2,
        "newMembers": 2,
    }


def _house_movement(db, tenant_id: int, name: str, kinds) -> int:
    """What the house account ``name`` (all its shards) gave out through transactions of ``kinds``."""
    return -db.scalar(
        select(func.coalesce(func.sum(LedgerPosting.amount_minor), 0))
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .join(LedgerTransaction, LedgerTransaction.id == LedgerPosting.transaction_id)
        .where(
            LedgerPosting.tenant_id == tenant_id,
            LedgerAccount.code.startswith(house_prefix(name), autoescape=True),
            LedgerTransaction.kind.in_(kinds),
        )
    )


def test_the_totals_equal_the_ledgers_and_the_betting_records_to_the_cent(staff_member, books, db_session, tenant_ids):
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    totals = reader.browser.get(DAILY, {"from": DAY1.isoformat(), "to": DAY2.isoformat()}).json["value"]["totals"]
    bd = tenant_ids["demo-bd"]

    def cents(minor: int) -> str:
        return f"{minor / 100:.2f}"

    assert totals["deposits"] == cents(_house_movement(db_session, bd, "deposits_clearing", ["deposit"]))
    assert totals["bonuses"] == cents(_house_movement(db_session, bd, "bonuses", ["bonus"]))
    assert totals["withdrawals"] == cents(-_house_movement(db_session, bd, "deposits_clearing", ["withdrawal_paid"]))
    settled = db_session.execute(
        select(func.sum(GameBet.bet_minor), func.sum(GameBet.payout_minor)).where(
            GameBet.tenant_id == bd, GameBet.status == "settled"
        )
    ).one()
    assert (totals["bets"], totals["wins"]) == (cents(settled[0]), cents(settled[1]))


def test_every_report_exports_as_csv(staff_member, books):
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    period = {"from": DAY1.isoformat(), "to": DAY2.isoformat(), "format": "csv"}
    response = reader.browser.get(DAILY, period)
    assert response.content_type == "text/csv"
    assert response.headers["Content-Disposition"] == 'attachment; filename="demo-bd-daily-2026-11-20-2026-11-21.csv"'
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [(row["day"], row["deposits"], row["ggr"]) for row in rows] == [
        ("2026-11-20", "100.00", "-15.00"),
        ("2026-11-21", "250.50", "26.15"),
    ]
    members = list(csv.DictReader(io.StringIO(reader.browser.get(DAILY.replace("daily", "members"), period).text)))
    assert {row["username"] for row in members} == {m.username for m in books}


def test_a_username_is_never_a_spreadsheet_formula(staff_member, members, fund, db_session, clock):
    clock.now = moment(DAY2, 20)
    sly = members("demo-bd", username="=cmd1")
    dated(db_session, fund(sly, "1.00"), moment(DAY2, 9))
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    text = reader.browser.get(DAILY.replace("daily", "members"), {"from": DAY2.isoformat(), "format": "csv"}).text
    assert "'=cmd1" in text and ",=cmd1" not in text


def test_per_game_and_per_member(staff_member, books):
    alice, bob = books
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    period = {"from": DAY1.isoformat(), "to": DAY2.isoformat()}
    games = reader.browser.get(DAILY.replace("daily", "games"), period).json["value"]["items"]
    assert [(g["gameType"], g["vassalage"], g["rounds"], g["players"], g["bets"], g["ggr"]) for g in games] == [
        ("SLOT", "TWB", 2, 2, "50.00", "5.00"),
        ("LIVE", "SWV", 1, 1, "7.25", "6.15"),
    ]
    answer = reader.browser.get(DAILY.replace("daily", "members"), {**period, "sort": "deposits"}).json["value"]
    assert answer["total"] == 2
    assert [(m["username"], m["deposits"], m["withdrawals"], m["ggr"]) for m in answer["items"]] == [
        (bob.username, "250.50", "0.00", "26.15"),
        (alice.username, "100.00", "40.00", "-15.00"),
    ]
    second = reader.browser.get(DAILY.replace("daily", "members"), {**period, "pageSize": 1, "page": 2}).json["value"]
    assert [m["username"] for m in second["items"]] == [alice.username]  # by GGR, the largest first


def test_the_dashboard_shows_today_the_period_and_what_waits(staff_member, books, deposits):
    alice, _ = books
    deposits(alice, "70.00", bank=True)
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    answer = reader.browser.get("/bo/api/brands/demo-bd/dashboard").json["value"]
    assert (answer["from"], answer["to"]) == ((DAY2 - timedelta(days=29)).isoformat(), DAY2.isoformat())
    assert len(answer["days"]) == 30 and answer["days"][-1]["day"] == DAY2.isoformat()
    assert (answer["today"]["deposits"], answer["today"]["ggr"], answer["today"]["newMembers"]) == (
        "250.50",
        "26.15",
        1,
    )
    assert (answer["period"]["deposits"], answer["period"]["activeMembers"]) == ("350.50", 2)
    assert answer["pending"] == {"deposits": 1, "withdrawals": 0, "approvals": 0} and answer["currency"] == "BDT"


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ({"from": "2026-11-21", "to": "2026-11-20"}, "date_invalid"),
        ({"from": "2026-01-01", "to": "2026-11-20"}, "period_too_long"),
        ({"from": "2026-02-30"}, None),
    ],
)
def test_a_bad_period_is_refused_clearly(staff_member, query, code):
    reader = staff_member({"demo-bd": [Permission.ReportRead]})
    reader.login()
    answer = reader.browser.get(DAILY, query, status=400).json
    assert answer["code"] == code or (code is None and answer["code"])
    assert answer["message"]


def test_another_brands_staff_reads_nothing(staff_member, books):
    other = staff_member({"demo-ph": [Permission.ReportRead]})
    other.login()
    assert other.browser.get(DAILY, status=403).json["code"] == "permission_denied"
