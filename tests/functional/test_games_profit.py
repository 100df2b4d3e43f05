"""GET /wps/games/profit: personal profit and loss, a member's settled rounds per game type and
vendor, and the deposits, withdrawals and bonuses of their main wallet, over days of the brand's
timezone."""

import itertools
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from games_bets_helpers import COCKFIGHT_VENDOR, PROFIT, SEAMLESS_VENDOR, TRANSFER_VENDOR
from tessera.games.bets.models import OPEN, ROLLED_BACK
from tessera.wallet.ledger.models import VENDOR, LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg

DHAKA = ZoneInfo("Asia/Dhaka")
DAY = date(2026, 5, 10)
_keys = itertools.count(1)
NOTHING = {
    "count": 0,
    "bet": "0.00",
    "payout": "0.00",
    "winLoss": "0.00",
    "deposit": "0.00",
    "withdrawal": "0.00",
    "bonus": "0.00",
}


def at_noon(day: date = DAY, zone=DHAKA) -> datetime:
    return datetime.combine(day, time(12), zone).astimezone(UTC)


def dated(db, transaction, moment: datetime):
    db.get(LedgerTransaction, transaction.id).created_at = moment
    db.flush()
    return transaction


def withdraw(db, member, minor: int, kind: str = "withdrawal"):
    """A withdrawal held from main (kind "withdrawal"), or the held money coming back ("withdrawal_release")."""
    ledger = Ledger(db, member.tenant_id)
    main, payable = ledger.member_account(member.id), ledger.house_account("withdrawals_payable", member.id)
    sign = -1 if kind == "withdrawal" else 1
    return ledger.post(
        f"test:{kind}:{next(_keys)}", kind, [Leg(main, sign * minor), Leg(payable, -sign * minor)], member_id=member.id
    )


def to_vendor_wallet(db, member, minor: int):
    ledger = Ledger(db, member.tenant_id)
    return ledger.post(
        f"test:transfer:{next(_keys)}",
        "transfer_in",
        [
            Leg(ledger.member_account(member.id), -minor),
            Leg(ledger.member_account(member.id, VENDOR, TRANSFER_VENDOR), minor),
        ],
        member_id=member.id,
    )


def profit(app, member, query="&startDate=2026-05-10&endDate=2026-05-10", status=200):
    return app.get(f"{PROFIT}?lang=en{query}", headers=member.headers, status=status).json


class TestRows:
    def test_settled_rounds_per_game_type_and_vendor_in_the_lobbys_order(
        self, bd, bet_vendor, login, db_session, rounds
    ):
        member = login()
        noon = at_noon()
        rounds(member, "10", "0", placed_at=noon)  # RNG TWB
        rounds(member, "5.50", "20", placed_at=noon)  # RNG TWB
        rounds(member, "3", "1", vassalage=COCKFIGHT_VENDOR, category="COCKFIGHT", placed_at=noon)
        rounds(member, "8", "12", vassalage=SEAMLESS_VENDOR, category="LIVE", placed_at=noon)
        rounds(member, "2", "2", vassalage=SEAMLESS_VENDOR, category="ESPORTS", placed_at=noon)
        rounds(member, "50", vassalage=SEAMLESS_VENDOR, category="LIVE", status=OPEN, placed_at=noon)
        rounds(member, "60", vassalage=SEAMLESS_VENDOR, category="LIVE", status=ROLLED_BACK, placed_at=noon)
        rounds(member, "70", "700", placed_at=at_noon(DAY + timedelta(days=1)))
        value = profit(bd, member)["value"]
        assert value["rows"] == [
            {
                "gameType": "RNG",
                "vassalage": TRANSFER_VENDOR,
                "vendorName": "Transfer Bets",
                "count": 2,
                "bet": "15.50",
                "payout": "20.00",
                "winLoss": "4.50",
            },
            {
                "gameType": "LIVE",
                "vassalage": SEAMLESS_VENDOR,
                "vendorName": "Seamless Bets",
                "count": 1,
                "bet": "8.00",
                "payout": "12.00",
                "winLoss": "4.00",
            },
            {
                "gameType": "ESPORTS",
                "vassalage": SEAMLESS_VENDOR,
                "vendorName": "Seamless Bets",
                "count": 1,
                "bet": "2.00",
                "payout": "2.00",
                "winLoss": "0.00",
            },
            {
                "gameType": "COCKFIGHT",
                "vassalage": COCKFIGHT_VENDOR,
                "vendorName": "Derby Sabong",
                "count": 1,
                "bet": "3.00",
                "payout": "1.00",
                "winLoss": "-2.00",
            },
        ]
        assert value["totals"] == {**NOTHING, "count": 5, "bet": "28.50", "payout": "35.00", "winLoss": "6.50"}

    def test_the_days_are_the_brands(self, bd, bet_vendor, login, db_session, rounds):
        member = login()
        first = datetime.combine(DAY, time(), DHAKA).astimezone(UTC)  # 18:00 UTC on the 9th
        rounds(member, "1", "4", placed_at=first)
        rounds(member, "2", placed_at=first - timedelta(seconds=1))
        rounds(member, "4", placed_at=first + timedelta(days=1))
        assert profit(bd, member)["value"]["totals"]["winLoss"] == "3.00"
        assert profit(bd, member, "&startDate=2026-05-09&endDate=2026-05-11")["value"]["totals"]["winLoss"] == "-3.00"

    @pytest.mark.parametrize("query", ["&startDate=2026-02-30", "&startDate=2026-05-11&endDate=2026-05-10"])
    def test_bad_dates(self, bd, bet_vendor, login, query):
        assert profit(bd, login(), query, status=400)["code"] == "date_invalid"


class TestMoney:
    def test_deposits_withdrawals_and_bonuses_on_main_in_the_days(self, bd, bet_vendor, login, db_session, fund):
        member = login()
        noon = at_noon()
        dated(db_session, fund(member, "1000"), noon)
        dated(db_session, fund(member, "250.25"), noon + timedelta(hours=1))
        dated(db_session, fund(member, "30", kind="bonus", remark="Welcome"), noon)
        dated(db_session, withdraw(db_session, member, 50000), noon)
        dated(db_session, withdraw(db_session, member, 10000), noon)
        dated(db_session, withdraw(db_session, member, 10000, "withdrawal_release"), noon)  # refused: it came back
        dated(db_session, to_vendor_wallet(db_session, member, 20000), noon)  # a transfer is none of them
        dated(db_session, fund(member, "99"), at_noon(DAY - timedelta(days=1)))  # the day before
        dated(db_session, fund(member, "7", kind="bonus"), at_noon(DAY + timedelta(days=1)))
        assert profit(bd, member)["value"] == {
            "rows": [],
            "totals": {**NOTHING, "deposit": "1250.25", "withdrawal": "500.00", "bonus": "30.00"},
        }
        whole = profit(bd, member, "&startDate=2026-05-09&endDate=2026-05-11")["value"]["totals"]
        assert (whole["deposit"], whole["withdrawal"], whole["bonus"]) == ("1349.25", "500.00", "37.00")

    def test_money_moments_are_the_brands_days(self, bd, bet_vendor, login, db_session, fund):
        member = login()
        midnight = datetime.combine(DAY, time(), DHAKA).astimezone(UTC)
        dated(db_session, fund(member, "1"), midnight)
        dated(db_session, fund(member, "2"), midnight - timedelta(seconds=1))
        dated(db_session, fund(member, "4"), midnight + timedelta(days=1))
        assert profit(bd, member)["value"]["totals"]["deposit"] == "1.00"


class TestIsolation:
    def test_a_member_sees_only_their_own(self, bd, bet_vendor, login, db_session, fund, rounds):
        mine, theirs = login(), login()
        rounds(mine, "10", "15", placed_at=at_noon())
        rounds(theirs, "99", "1", placed_at=at_noon())
        dated(db_session, fund(theirs, "500"), at_noon())
        dated(db_session, fund(theirs, "5", kind="bonus"), at_noon())
        value = profit(bd, mine)["value"]
        assert [row["bet"] for row in value["rows"]] == ["10.00"]
        assert value["totals"] == {**NOTHING, "count": 1, "bet": "10.00", "payout": "15.00", "winLoss": "5.00"}

    def test_a_brand_sees_only_its_own(self, bd, ph, bet_vendor, login, db_session, fund, rounds):
        bd_member, ph_member = login(), login("demo-ph")
        rounds(bd_member, "10", placed_at=at_noon())
        rounds(ph_member, "33", "40", placed_at=at_noon(zone=ZoneInfo("Asia/Manila")))
        dated(db_session, fund(ph_member, "70"), at_noon(zone=ZoneInfo("Asia/Manila")))
        value = profit(ph, ph_member)["value"]
        assert (value["rows"][0]["bet"], value["totals"]["count"], value["totals"]["deposit"]) == ("33.00", 1, "70.00")
        assert profit(bd, bd_member)["value"]["totals"]["bet"] == "10.00"
        assert profit(ph, bd_member, status=401)["code"] == "not_logged_in"

    def test_it_needs_a_login(self, bd):
        assert bd.get(PROFIT, status=401).json["code"] == "not_logged_in"
