"""GET /wps/games/bets: the betting record, a member's own rounds newest first, by game type,
vendor, status and days of the brand's timezone, with the summary of every round selected."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from games_bets_helpers import BETS, COCKFIGHT_VENDOR, SEAMLESS_VENDOR, TRANSFER_VENDOR
from tessera.games.bets.models import OPEN, ROLLED_BACK, SETTLED

DHAKA = ZoneInfo("Asia/Dhaka")


def local(zone, day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), zone)


def record(app, member, query="", status=200):
    return app.get(f"{BETS}?lang=en{query}", headers=member.headers, status=status).json


def bets_of(answer) -> list[tuple[str, str]]:
    return [(entry["bet"], entry["status"]) for entry in answer["value"]["list"]]


class TestRecord:
    def test_newest_first_with_names(self, bd, bet_vendor, login, db_session, rounds, games):
        member = login()
        slot = games(TRANSFER_VENDOR, "SLOT7", "Lucky Sevens", "RNG", tenant_id=member.tenant_id)
        base = datetime(2026, 4, 1, 6, tzinfo=UTC)
        won = rounds(
            member,
            "10.00",
            "25.50",
            game=slot,
            placed_at=base,
            settled_at=base + timedelta(seconds=30),
            round_id="TW-1",
        )
        live = rounds(
            member,
            "4.00",
            vassalage=SEAMLESS_VENDOR,
            category="LIVE",
            status=OPEN,
            placed_at=base + timedelta(minutes=5),
            round_id="SM-1",
        )
        value = record(bd, member)["value"]
        assert (value["pageNo"], value["totalPages"], value["total"]) == (1, 1, 2)
        assert value["list"] == [
            {
                "id": live.id,
                "roundId": "SM-1",
                "vassalage": SEAMLESS_VENDOR,
                "vendorName": "Seamless Bets",
                "gameCode": live.game_code,
                "gameName": live.game_code,
                "gameType": "LIVE",
                "bet": "4.00",
                "payout": "0.00",
                "winLoss": "0.00",
                "status": "open",
                "walletMode": "seamless",
                "placedAt": "2026-04-01T06:05:00Z",
                "settledAt": None,
            },
            {
                "id": won.id,
                "roundId": "TW-1",
                "vassalage": TRANSFER_VENDOR,
                "vendorName": "Transfer Bets",
                "gameCode": "SLOT7",
                "gameName": "Lucky Sevens",
                "gameType": "RNG",
                "bet": "10.00",
                "payout": "25.50",
                "winLoss": "15.50",
                "status": "settled",
                "walletMode": "transfer",
                "placedAt": "2026-04-01T06:00:00Z",
                "settledAt": "2026-04-01T06:00:30Z",
            },
        ]
        assert value["summary"] == {"count": 2, "bet": "14.00", "payout": "25.50", "winLoss": "15.50"}

    def test_a_vendor_the_brand_no_longer_offers_is_named_by_its_vassalage(
        self, bd, bet_vendor, login, db_session, rounds
    ):
        member = login()
        rounds(member, "1", vassalage="GONE", category="FISH")
        assert record(bd, member)["value"]["list"][0]["vendorName"] == "GONE"

    @pytest.mark.parametrize(
        "query, expected",
        [
            (
                "",
                [
                    ("5.00", "rolled_back"),
                    ("4.00", "open"),
                    ("3.00", "settled"),
                    ("2.00", "settled"),
                    ("1.00", "settled"),
                ],
            ),
            ("&gameType=RNG", [("5.00", "rolled_back"), ("1.00", "settled")]),
            ("&gameType=COCKFIGHT", [("3.00", "settled")]),
            ("&gameType=LIVE", [("4.00", "open"), ("2.00", "settled")]),
            ("&gameType=FISH", []),
            ("&vassalage=SMB", [("4.00", "open"), ("2.00", "settled")]),
            ("&vassalage=SMB&status=settled", [("2.00", "settled")]),
            ("&status=open", [("4.00", "open")]),
            ("&status=rolled_back", [("5.00", "rolled_back")]),
            ("&vassalage=NONE", []),
        ],
    )
    def test_filters(self, bd, bet_vendor, login, db_session, query, expected, rounds):
        member = login()
        base = datetime.now(UTC) - timedelta(hours=1)
        rounds(member, "1", "3", placed_at=base)
        rounds(member, "2", vassalage=SEAMLESS_VENDOR, category="LIVE", placed_at=base + timedelta(minutes=1))
        rounds(
            member, "3", "9", vassalage=COCKFIGHT_VENDOR, category="COCKFIGHT", placed_at=base + timedelta(minutes=2)
        )
        rounds(
            member, "4", vassalage=SEAMLESS_VENDOR, category="LIVE", status=OPEN, placed_at=base + timedelta(minutes=3)
        )
        rounds(member, "5", status=ROLLED_BACK, placed_at=base + timedelta(minutes=4))
        assert bets_of(record(bd, member, query)) == expected

    def test_the_summary_covers_every_page_and_only_settled_rounds_win_or_lose(
        self, bd, bet_vendor, login, db_session, rounds
    ):
        member = login()
        base = datetime.now(UTC) - timedelta(hours=1)
        for n, (bet, payout, status) in enumerate(
            [
                ("10", "0", SETTLED),
                ("20", "55.25", SETTLED),
                ("7.50", "0", OPEN),
                ("30", "0", ROLLED_BACK),
                ("0.10", "0.30", SETTLED),
            ]
        ):
            rounds(member, bet, payout, status=status, placed_at=base + timedelta(minutes=n))
        value = record(bd, member, "&pageSize=2")["value"]
        assert len(value["list"]) == 2
        # Stakes: 10 + 20 + 7.50 + 0.10 (the rolled-back 30 came back); wins: -10 + 35.25 + 0.20.
        assert value["summary"] == {"count": 5, "bet": "37.60", "payout": "55.55", "winLoss": "25.45"}
        assert record(bd, member, "&status=settled")["value"]["summary"] == {
            "count": 3,
            "bet": "30.10",
            "payout": "55.55",
            "winLoss": "25.45",
        }
        assert record(bd, member, "&status=rolled_back")["value"]["summary"] == {
            "count": 1,
            "bet": "0.00",
            "payout": "0.00",
            "winLoss": "0.00",
        }

    def test_pages_of_ten_by_default(self, bd, bet_vendor, login, db_session, rounds):
        member = login()
        base = datetime.now(UTC) - timedelta(hours=1)
        for n in range(12):
            rounds(member, str(n + 1), placed_at=base + timedelta(minutes=n))
        first = record(bd, member)["value"]
        assert (
            [b for b, _ in bets_of({"value": first})][:2],
            len(first["list"]),
            first["totalPages"],
            first["total"],
        ) == (["12.00", "11.00"], 10, 2, 12)
        assert bets_of(record(bd, member, "&pageNo=2")) == [("2.00", "settled"), ("1.00", "settled")]
        assert bets_of(record(bd, member, "&pageSize=5&pageNo=3")) == [("2.00", "settled"), ("1.00", "settled")]
        assert bets_of(record(bd, member, "&pageNo=4")) == []
        assert record(bd, member, "&pageNo=4")["value"]["summary"]["count"] == 12

    def test_rounds_placed_at_the_same_moment_keep_one_order(self, bd, bet_vendor, login, db_session, rounds):
        member = login()
        moment = datetime.now(UTC) - timedelta(minutes=5)
        rounds = [rounds(member, str(n + 1), placed_at=moment) for n in range(3)]
        listed = [entry["id"] for entry in record(bd, member, "&pageSize=2")["value"]["list"]]
        listed += [entry["id"] for entry in record(bd, member, "&pageSize=2&pageNo=2")["value"]["list"]]
        assert listed == [r.id for r in reversed(rounds)]

    @pytest.mark.parametrize(
        "query",
        [
            "&pageSize=0",
            "&pageSize=101",
            "&pageNo=0",
            "&pageNo=x",
            "&gameType=SLOTS",
            "&gameType=rng",
            "&status=won",
            "&vassalage=" + "X" * 33,
        ],
    )
    def test_bad_queries(self, bd, bet_vendor, login, query):
        assert record(bd, login(), query, status=400)["code"] == "invalid_request"

    @pytest.mark.parametrize(
        "query", ["&startDate=2026-02-30", "&endDate=20260301", "&startDate=2026-03-10&endDate=2026-03-09"]
    )
    def test_bad_dates(self, bd, bet_vendor, login, query):
        assert record(bd, login(), query, status=400)["code"] == "date_invalid"

    def test_days_are_the_brands(self, bd, ph, bet_vendor, login, db_session, rounds):
        """00:30 in Dhaka on 10 March is 18:30 UTC on 9 March: it belongs to the 10th."""
        member = login()
        day = date(2026, 3, 10)
        for bet, moment in (
            ("1", local(DHAKA, day, 0, 0)),
            ("2", local(DHAKA, day, 0, 30)),
            ("3", local(DHAKA, day, 23, 59)),
            ("4", local(DHAKA, day + timedelta(days=1), 0, 0)),
            ("5", local(DHAKA, day, 0, 0) - timedelta(seconds=1)),
        ):
            rounds(member, bet, placed_at=moment.astimezone(UTC))
        value = record(bd, member, "&startDate=2026-03-10&endDate=2026-03-10")["value"]
        assert [b for b, _ in bets_of({"value": value})] == ["3.00", "2.00", "1.00"]
        assert value["summary"]["bet"] == "6.00"
        assert bets_of(record(bd, member, "&endDate=2026-03-09")) == [("5.00", "settled")]
        assert bets_of(record(bd, member, "&startDate=2026-03-11")) == [("4.00", "settled")]
        # On demo-ph (UTC+8) 18:30 UTC on the 9th is 02:30 on the 10th; 15:59 UTC is still the 9th.
        ph_member = login("demo-ph")
        rounds(ph_member, "6", placed_at=datetime(2026, 3, 9, 18, 30, tzinfo=UTC))
        rounds(ph_member, "7", placed_at=datetime(2026, 3, 9, 15, 59, tzinfo=UTC))
        assert bets_of(record(ph, ph_member, "&startDate=2026-03-10&endDate=2026-03-10")) == [("6.00", "settled")]
        assert bets_of(record(ph, ph_member, "&endDate=2026-03-09")) == [("7.00", "settled")]


class TestIsolation:
    def test_a_member_sees_only_their_own(self, bd, bet_vendor, login, db_session, rounds):
        mine, theirs = login(), login()
        rounds(mine, "11", "20")
        rounds(theirs, "22", "100")
        rounds(theirs, "5", status=OPEN)
        value = record(bd, mine)["value"]
        assert bets_of({"value": value}) == [("11.00", "settled")]
        assert value["summary"] == {"count": 1, "bet": "11.00", "payout": "20.00", "winLoss": "9.00"}

    def test_a_brand_sees_only_its_own(self, bd, ph, bet_vendor, login, db_session, rounds):
        bd_member, ph_member = login(), login("demo-ph")
        rounds(bd_member, "11")
        rounds(ph_member, "33")
        assert bets_of(record(ph, ph_member)) == [("33.00", "settled")]
        assert bets_of(record(bd, bd_member)) == [("11.00", "settled")]
        assert record(ph, bd_member, status=401)["code"] == "not_logged_in"

    def test_free_play_and_agents_read_their_own_empty_record(self, bd, bet_vendor, login):
        for member_type in (0, 1):
            value = record(bd, login(member_type=member_type, password=None))["value"]
            assert value == {
                "list": [],
                "pageNo": 1,
                "totalPages": 0,
                "total": 0,
                "summary": {"count": 0, "bet": "0.00", "payout": "0.00", "winLoss": "0.00"},
            }

    def test_it_needs_a_login(self, bd):
        assert bd.get(BETS, status=401).json["code"] == "not_logged_in"
