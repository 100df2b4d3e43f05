"""Reading transfer-wallet vendors' bet records, and the winner board's masked names and multipliers."""

from datetime import UTC, datetime, timedelta

import pytest

from tessera.core.money import Money
from tessera.games.bets.models import OPEN, SETTLED
from tessera.games.bets.pulls import BadRecord, round_fields
from tessera.games.bets.winners import masked, multiplier

BDT = Money.of("BDT")

RECORD = {
    "roundId": " R-1 ",
    "memberId": "42",
    "gameCode": "SLOT7",
    "bet": "10.5",
    "payout": 3,
    "placedAt": "2026-07-01T16:00:00+06:00",
    "settledAt": "2026-07-01T10:01:00Z",
}


def test_a_record_as_a_rounds_columns():
    assert round_fields(RECORD, BDT) == {
        "round_id": "R-1",
        "member_id": 42,
        "game_code": "SLOT7",
        "bet_minor": 1050,
        "payout_minor": 300,
        "placed_at": datetime(2026, 7, 1, 10, tzinfo=UTC),
        "settled_at": datetime(2026, 7, 1, 10, 1, tzinfo=UTC),
        "status": SETTLED,
    }


def test_a_record_without_its_settlement_is_an_open_round():
    fields = round_fields({**RECORD, "settledAt": None}, BDT)
    assert (fields["status"], fields["settled_at"]) == (OPEN, None)
    assert round_fields({k: v for k, v in RECORD.items() if k != "settledAt"}, BDT)["status"] == OPEN


def test_moments_keep_their_offset_and_naive_ones_are_utc():
    fields = round_fields({**RECORD, "placedAt": "2026-07-01T10:00:00", "settledAt": datetime(2026, 7, 1, 11)}, BDT)
    assert fields["placed_at"] == datetime(2026, 7, 1, 10, tzinfo=UTC)
    assert fields["settled_at"] - fields["placed_at"] == timedelta(hours=1)


@pytest.mark.parametrize(
    "bad",
    [
        {"roundId": None},
        {"roundId": ""},
        {"roundId": "x" * 65},
        {"memberId": None},
        {"memberId": "4.2"},
        {"memberId": "٤٢"},
        {"memberId": 0},
        {"memberId": False},
        {"gameCode": ["SLOT7"]},
        {"bet": "ten"},
        {"bet": "-0.01"},
        {"payout": "0.001"},
        {"payout": "Infinity"},
        {"bet": False},
        {"placedAt": None},
        {"placedAt": 1751364000},
        {"settledAt": "soon"},
    ],
)
def test_unreadable_records(bad):
    with pytest.raises(BadRecord):
        round_fields({**RECORD, **bad}, BDT)


def test_a_record_must_be_an_object():
    with pytest.raises(BadRecord):
        round_fields(["R-1", 42], BDT)


@pytest.mark.parametrize(
    "username, shown",
    [("player0042", "pl***2"), ("abcd", "ab***d"), ("abc", "a***"), ("ab", "a***"), ("x", "x***"), ("বাংলাদেশ", "বা***শ")],
)
def test_masked_names(username, shown):
    assert masked(username) == shown


@pytest.mark.parametrize(
    "bet, payout, shown", [(100, 1250, "12.50"), (300, 100000, "333.33"), (3, 2, "0.66"), (7, 7, "1.00")]
)
def test_multipliers_round_down(bet, payout, shown):
    assert multiplier(bet, payout) == shown
