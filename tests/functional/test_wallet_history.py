"""/wps/wallet/transactions (the account record) and /wps/wallet/bonuses (bonus details): the
postings on a member's wallets, newest first, by type and by days of the brand's timezone."""

import uuid
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from tessera.wallet.ledger.models import LedgerTransaction
from wallet_vendor import VENDOR

RECORD = "/wps/wallet/transactions"
BONUSES = "/wps/wallet/bonuses"
DHAKA, MANILA = ZoneInfo("Asia/Dhaka"), ZoneInfo("Asia/Manila")
PH_IP = "192.0.2.44"


def at(db_session, transaction, moment: datetime):
    """Date a transaction as if it had been posted at ``moment``."""
    db_session.get(LedgerTransaction, transaction.id).created_at = moment.astimezone(UTC)
    db_session.flush()
    return transaction


def local(zone, day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), zone)


def record(app, member, query="", status=200):
    return app.get(f"{RECORD}?lang=en{query}", headers=member.headers, status=status).json


def amounts(answer) -> list[str]:
    return [entry["amount"] for entry in answer["value"]["list"]]


class TestRecord:
    def test_every_wallet_newest_first(self, testapp, vendor, login, db_session, fund):
        member = login()
        deposit = fund(member, "100.00", key=f"deposit:{uuid.uuid4().hex}")
        bonus = fund(member, "20.00", kind="bonus", remark="Welcome bonus")
        at(db_session, deposit, datetime.now(UTC) - timedelta(minutes=3))
        at(db_session, bonus, datetime.now(UTC) - timedelta(minutes=2))
        body = {"vassalage": VENDOR, "direction": "in", "amount": "30", "requestId": uuid.uuid4().hex}
        transfer = testapp.post_json("/wps/relay/GCS_walletTransfer", body, headers=member.headers)
        transfer_id = transfer.json["value"]["transferId"]
        value = record(testapp, member)["value"]
        assert (value["pageNo"], value["totalPages"], value["total"]) == (1, 1, 4)
        entries = [
            (e["type"], e["amount"], e["balanceAfter"], e["wallet"], e["reference"], e["remark"]) for e in value["list"]
        ]
        assert entries == [
            ("transfer", "30.00", "30.00", VENDOR, f"transfer:{transfer_id}", None),
            ("transfer", "-30.00", "90.00", "main", f"transfer:{transfer_id}", None),
            ("bonus", "20.00", "120.00", "main", bonus.reference, "Welcome bonus"),
            ("deposit", "100.00", "100.00", "main", deposit.reference, None),
        ]
        assert value["list"][-1]["createdAt"].endswith("Z") and len(value["list"][-1]["createdAt"]) == 20

    @pytest.mark.parametrize(
        "kind, expected",
        [
            ("deposit", ["100.00"]),
            ("bonus", ["20.00"]),
            ("adjustment", ["7.00"]),
            ("withdrawal", []),
            ("transfer", []),
            ("upline", []),
            ("all", ["7.00", "20.00", "100.00"]),
        ],
    )
    def test_by_type(self, testapp, login, db_session, kind, expected, fund):
        member = login()
        base = datetime.now(UTC) - timedelta(hours=1)
        at(db_session, fund(member, "100"), base)
        at(db_session, fund(member, "20", kind="bonus"), base + timedelta(minutes=1))
        at(
            db_session,
            fund(member, "7.00", kind="adjustment", reference=None, remark="Correction"),
            base + timedelta(minutes=2),
        )
        assert amounts(record(testapp, member, f"&type={kind}")) == expected

    def test_pages(self, testapp, login, db_session, fund):
        member = login()
        base = datetime.now(UTC) - timedelta(hours=1)
        for n in range(5):
            at(db_session, fund(member, str(n + 1)), base + timedelta(minutes=n))
        first = record(testapp, member, "&pageSize=2")["value"]
        assert (amounts({"value": first}), first["totalPages"], first["total"]) == (["5.00", "4.00"], 3, 5)
        assert amounts(record(testapp, member, "&pageSize=2&pageNo=3")) == ["1.00"]
        assert amounts(record(testapp, member, "&pageSize=2&pageNo=4")) == []

    @pytest.mark.parametrize("query", ["&pageSize=0", "&pageSize=101", "&pageNo=0", "&pageSize=x", "&type=gift"])
    def test_bad_paging_or_type(self, testapp, login, query):
        assert record(testapp, login(), query, status=400)["code"] == "invalid_request"

    @pytest.mark.parametrize(
        "query",
        [
            "&startDate=2026-13-01",
            "&startDate=2026-02-30",
            "&endDate=20260301",
            "&startDate=yesterday",
            "&startDate=2026-3-1",
            "&startDate=2026-03-10&endDate=2026-03-09",
            "&endDate=2026-03-01T00:00",
        ],
    )
    def test_bad_dates(self, testapp, login, query):
        assert record(testapp, login(), query, status=400)["code"] == "date_invalid"

    def test_days_are_the_brands(self, testapp, brand_app, login, db_session, fund):
        """00:30 in Dhaka on 10 March is 18:30 UTC on 9 March: it belongs to the 10th."""
        member = login()
        day = date(2026, 3, 10)
        at(db_session, fund(member, "1"), local(DHAKA, day, 0, 0))  # first moment of the 10th
        at(db_session, fund(member, "2"), local(DHAKA, day, 0, 30))
        at(db_session, fund(member, "3"), local(DHAKA, day, 23, 59))
        at(db_session, fund(member, "4"), local(DHAKA, day + timedelta(days=1), 0, 0))
        at(db_session, fund(member, "5"), local(DHAKA, day, 0, 0) - timedelta(seconds=1))
        assert amounts(record(testapp, member, "&startDate=2026-03-10&endDate=2026-03-10")) == ["3.00", "2.00", "1.00"]
        assert amounts(record(testapp, member, "&endDate=2026-03-09")) == ["5.00"]
        assert amounts(record(testapp, member, "&startDate=2026-03-11")) == ["4.00"]
        # The same moment on demo-ph (UTC+8) is 02:30 on the 10th; 22:00 UTC on the 9th is 06:00 there.
        ph_member = login("demo-ph")
        at(db_session, fund(ph_member, "6"), datetime(2026, 3, 9, 18, 30, tzinfo=UTC))
        at(db_session, fund(ph_member, "7"), datetime(2026, 3, 9, 15, 59, tzinfo=UTC))
        ph = brand_app("demo-ph.localhost", ip=PH_IP)
        assert amounts(record(ph, ph_member, "&startDate=2026-03-10&endDate=2026-03-10")) == ["6.00"]
        assert amounts(record(ph, ph_member, "&endDate=2026-03-09")) == ["7.00"]

    def test_the_presets_windows(self, testapp, login, db_session, fund):
        """What the page's presets ask for: the last 7 and the last 30 days, today included."""
        member = login()
        today = datetime.now(DHAKA).date()
        for days_ago, amount in ((0, "1"), (6, "2"), (7, "3"), (29, "4"), (30, "5")):
            at(db_session, fund(member, amount), local(DHAKA, today - timedelta(days=days_ago), 12))

        def window(days):
            return f"&startDate={today - timedelta(days=days - 1)}&endDate={today}"

        assert amounts(record(testapp, member, window(7))) == ["1.00", "2.00"]
        assert amounts(record(testapp, member, window(30))) == ["1.00", "2.00", "3.00", "4.00"]
        previous = f"&startDate={today - timedelta(days=13)}&endDate={today - timedelta(days=7)}"
        assert amounts(record(testapp, member, previous)) == ["3.00"]


class TestIsolation:
    def test_a_member_sees_only_their_own(self, testapp, login, db_session, fund):
        mine, theirs = login(), login()
        fund(mine, "11")
        fund(theirs, "22")
        fund(theirs, "5", kind="bonus", remark="Theirs")
        assert amounts(record(testapp, mine)) == ["11.00"]
        bonuses = testapp.get(BONUSES, headers=mine.headers).json["value"]
        assert (bonuses["list"], bonuses["sumAmount"]) == ([], "0.00")

    def test_a_brand_sees_only_its_own(self, brand_app, login, db_session, fund):
        bd, ph_member = login(), login("demo-ph")
        fund(bd, "11")
        fund(ph_member, "33")
        ph = brand_app("demo-ph.localhost", ip=PH_IP)
        assert amounts(record(ph, ph_member)) == ["33.00"]
        assert record(ph, bd, status=401)["code"] == "not_logged_in"

    def test_free_play_has_an_empty_record(self, testapp, login):
        assert record(testapp, login(member_type=0, password=None))["value"] == {
            "list": [],
            "pageNo": 1,
            "totalPages": 0,
            "total": 0,
        }

    def test_it_needs_a_login(self, testapp):
        assert testapp.get(RECORD, status=401).json["code"] == "not_logged_in"
        assert testapp.get(BONUSES, status=401).json["code"] == "not_logged_in"


class TestBonuses:
    def test_titles_amounts_and_the_sum_over_the_days(self, testapp, login, db_session, fund):
        member = login()
        day = date(2026, 5, 1)
        first = at(db_session, fund(member, "10.50", kind="bonus", remark="Welcome"), local(DHAKA, day, 9))
        second = at(
            db_session, fund(member, "4.25", kind="bonus", remark="Birthday"), local(DHAKA, day + timedelta(days=1), 9)
        )
        later = fund(member, "100", kind="bonus", remark="Later")
        at(db_session, later, local(DHAKA, day + timedelta(days=9), 9))
        at(db_session, fund(member, "50"), local(DHAKA, day, 10))  # a deposit is no bonus
        value = testapp.get(
            f"{BONUSES}?startDate=2026-05-01&endDate=2026-05-02&pageSize=1", headers=member.headers
        ).json["value"]
        assert value == {
            "list": [{"id": second.id, "title": "Birthday", "amount": "4.25", "createdAt": "2026-05-02T03:00:00Z"}],
            "pageNo": 1,
            "totalPages": 2,
            "total": 2,
            "sumAmount": "14.75",
        }
        value = testapp.get(
            f"{BONUSES}?startDate=2026-05-01&endDate=2026-05-02&pageSize=1&pageNo=2", headers=member.headers
        ).json["value"]
        assert [(b["id"], b["title"]) for b in value["list"]] == [(first.id, "Welcome")]
        assert testapp.get(BONUSES, headers=member.headers).json["value"]["sumAmount"] == "114.75"

    def test_bad_dates(self, testapp, login):
        answer = testapp.get(f"{BONUSES}?startDate=2026-02-29", headers=login().headers, status=400).json
        assert answer["code"] == "date_invalid"
