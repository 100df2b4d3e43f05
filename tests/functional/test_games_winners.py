"""POST /wps/relay/GCSGAME_getRankList: the winner board, the brand's biggest payouts of the
last 7 days, names masked, the day of the win in the brand's timezone."""

from datetime import UTC, datetime, timedelta

import pytest

from factories import Clock
from games_bets_helpers import COCKFIGHT_VENDOR, RANKS, SEAMLESS_VENDOR, TRANSFER_VENDOR
from tessera.games.bets.models import OPEN, ROLLED_BACK

NOW = datetime(2026, 6, 15, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock(app):
    clock = Clock()
    clock.now = NOW
    app.registry["clock"] = clock
    yield clock
    del app.registry["clock"]


def ranks(app, body=None, status=200):
    if body is None:
        return app.post(RANKS + "?lang=en", status=status).json
    return app.post_json(RANKS + "?lang=en", body, status=status).json


def payouts(answer) -> list[str]:
    return [winner["payout"] for winner in answer["value"]["list"]]


class TestBoard:
    def test_biggest_payouts_first_masked_with_multiplier_and_day(
        self, bd, bet_vendor, login, clock, db_session, rounds, games
    ):
        lucky, other = login(username="luckystar7"), login(username="abcd")
        slot = games(TRANSFER_VENDOR, "SLOT7", "Lucky Sevens", "RNG", tenant_id=lucky.tenant_id)
        baccarat = games(SEAMLESS_VENDOR, "BAC1", "Speed Baccarat", "LIVE", tenant_id=lucky.tenant_id)
        rounds(lucky, "2.00", "25.00", game=slot, settled_at=NOW - timedelta(hours=1))
        # 19:00 UTC on the 14th is 01:00 on the 15th in Dhaka.
        rounds(other, "3.00", "1000.00", game=baccarat, settled_at=datetime(2026, 6, 14, 19, tzinfo=UTC))
        unknown = rounds(other, "3.00", "10.01", settled_at=datetime(2026, 6, 14, 17, 59, tzinfo=UTC))
        assert ranks(bd, {})["value"]["list"] == [
            {
                "rank": 1,
                "player": "ab***d",
                "gameName": "Speed Baccarat",
                "vassalage": SEAMLESS_VENDOR,
                "gameType": "LIVE",
                "bet": "3.00",
                "payout": "1000.00",
                "multiplier": "333.33",
                "wonAt": "2026.06.15",
            },
            {
                "rank": 2,
                "player": "lu***7",
                "gameName": "Lucky Sevens",
                "vassalage": TRANSFER_VENDOR,
                "gameType": "RNG",
                "bet": "2.00",
                "payout": "25.00",
                "multiplier": "12.50",
                "wonAt": "2026.06.15",
            },
            # A game the catalog does not know is named by its code.
            {
                "rank": 3,
                "player": "ab***d",
                "gameName": unknown.game_code,
                "vassalage": TRANSFER_VENDOR,
                "gameType": "RNG",
                "bet": "3.00",
                "payout": "10.01",
                "multiplier": "3.33",
                "wonAt": "2026.06.14",
            },
        ]

    def test_the_last_7_days_only(self, bd, bet_vendor, login, clock, db_session, rounds):
        member = login()
        rounds(member, "1", "7", settled_at=NOW - timedelta(days=7))
        rounds(member, "1", "8", settled_at=NOW - timedelta(days=7, seconds=1))
        rounds(member, "1", "9", settled_at=NOW - timedelta(days=6, hours=23))
        assert payouts(ranks(bd)) == ["9.00", "7.00"]
        clock.advance(minutes=30)
        assert payouts(ranks(bd)) == ["9.00"]
        clock.advance(minutes=31)
        assert payouts(ranks(bd)) == []

    def test_only_settled_wins_that_staked_something(self, bd, bet_vendor, login, clock, db_session, rounds):
        member = login()
        settled = NOW - timedelta(hours=1)
        rounds(member, "1", "2", settled_at=settled)
        rounds(member, "1", "0", settled_at=settled)  # a loss
        rounds(member, "0", "5", settled_at=settled)  # a free round: no multiplier
        rounds(member, "1", status=OPEN, placed_at=settled)
        rounds(member, "3", status=ROLLED_BACK, placed_at=settled)
        assert payouts(ranks(bd)) == ["2.00"]

    def test_ties_show_the_later_win_first_and_count_limits(self, bd, bet_vendor, login, clock, db_session, rounds):
        member = login()
        early = rounds(member, "1", "50", settled_at=NOW - timedelta(hours=3), round_id="EARLY")
        late = rounds(member, "1", "50", settled_at=NOW - timedelta(hours=2), round_id="LATE")
        for n in range(25):
            rounds(member, "1", str(n + 1), settled_at=NOW - timedelta(minutes=n + 1))
        value = ranks(bd)["value"]["list"]
        assert len(value) == 20 and [w["rank"] for w in value] == list(range(1, 21))
        assert [w["payout"] for w in value[:3]] == ["50.00", "50.00", "25.00"]
        assert [w["wonAt"] for w in value[:2]] == ["2026.06.15", "2026.06.15"]
        assert [w["gameName"] for w in value[:2]] == [late.game_code, early.game_code]
        assert payouts(ranks(bd, {"count": 3})) == ["50.00", "50.00", "25.00"]
        assert len(ranks(bd, {"count": 50})["value"]["list"]) == 27

    def test_by_game_type(self, bd, bet_vendor, login, clock, db_session, rounds):
        member = login()
        settled = NOW - timedelta(hours=1)
        rounds(member, "1", "2", settled_at=settled)
        rounds(member, "1", "3", vassalage=COCKFIGHT_VENDOR, category="COCKFIGHT", settled_at=settled)
        assert payouts(ranks(bd, {"gameType": "COCKFIGHT"})) == ["3.00"]
        assert payouts(ranks(bd, {"gameType": "RNG"})) == ["2.00"]
        assert payouts(ranks(bd, {"gameType": "FISH"})) == []

    @pytest.mark.parametrize("body", [{"count": 0}, {"count": 51}, {"count": "5"}, {"gameType": "SLOTS"}, [1]])
    def test_bad_bodies(self, bd, bet_vendor, body):
        assert ranks(bd, body, status=400)["code"] == "invalid_request"

    def test_visitors_see_it(self, bd, bet_vendor, login, clock, db_session, rounds):
        rounds(login(), "1", "2", settled_at=NOW - timedelta(hours=1))
        assert payouts(ranks(bd, {"gameType": "RNG", "count": 5})) == ["2.00"]


class TestIsolation:
    def test_a_brand_sees_only_its_own_winners(self, bd, ph, bet_vendor, login, clock, db_session, rounds):
        rounds(login(), "1", "2", settled_at=NOW - timedelta(hours=1))
        rounds(login("demo-ph"), "1", "3", settled_at=NOW - timedelta(hours=1))
        assert payouts(ranks(bd)) == ["2.00"]
        assert payouts(ranks(ph)) == ["3.00"]
