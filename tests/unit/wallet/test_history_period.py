"""The account record's days and types: days of the brand's timezone turned into UTC moments, and
transaction kinds gathered into the record's types."""

from datetime import UTC, datetime

import pytest

from tessera.core.envelope import ApiError
from tessera.tenancy.context import TenantContext
from tessera.wallet.balances.history import TYPES, period, record_type


def brand(zone: str | None) -> TenantContext:
    return TenantContext(1, "demo", "Demo", {"timezone": zone} if zone else {}, "key", "pem")


@pytest.mark.parametrize(
    "zone, start, end",
    [
        ("Asia/Dhaka", datetime(2026, 3, 9, 18, tzinfo=UTC), datetime(2026, 3, 11, 18, tzinfo=UTC)),
        ("Asia/Manila", datetime(2026, 3, 9, 16, tzinfo=UTC), datetime(2026, 3, 11, 16, tzinfo=UTC)),
        (None, datetime(2026, 3, 10, tzinfo=UTC), datetime(2026, 3, 12, tzinfo=UTC)),
    ],
)
def test_both_days_are_whole_days_of_the_brand(zone, start, end):
    assert period(brand(zone), "2026-03-10", "2026-03-11") == (start, end)


def test_a_day_over_a_clock_change_is_as_long_as_it_is():
    since, until = period(brand("Europe/Berlin"), "2026-03-29", "2026-03-29")
    assert (until - since).total_seconds() == 23 * 3600


def test_a_range_sent_with_its_offset_is_read_as_sent():
    # A page counting days in Los Angeles asks for its 25 November: the brand's zone does not move it.
    since, until = period(brand("Asia/Dhaka"), "2026-11-25T00:00:00-08:00", "2026-11-25T23:59:59.999-08:00")
    assert since == datetime(2026, 11, 25, 8, tzinfo=UTC)
    assert until == datetime(2026, 11, 26, 7, 59, 59, 999001, tzinfo=UTC)


def test_a_range_sent_in_the_brands_own_offset_is_the_brands_day():
    sent = period(brand("Asia/Dhaka"), "2026-03-10T00:00:00+06:00", "2026-03-11T23:59:59.999999+06:00")
    assert sent == period(brand("Asia/Dhaka"), "2026-03-10", "2026-03-11")


def test_a_bare_day_and_a_moment_mix():
    since, until = period(brand("Asia/Dhaka"), "2026-03-10", "2026-03-10T12:00Z")
    assert (since, until) == (datetime(2026, 3, 9, 18, tzinfo=UTC), datetime(2026, 3, 10, 12, 0, 0, 1, tzinfo=UTC))


def test_a_moments_day_is_bounded_in_its_own_offset():
    with pytest.raises(ApiError) as refused:
        period(brand("Asia/Dhaka"), "1999-12-31T23:00:00-08:00", None)
    assert refused.value.code == "date_out_of_range"
    assert period(brand("Asia/Dhaka"), "2000-01-01T00:00:00+14:00", None)[0] == datetime(1999, 12, 31, 10, tzinfo=UTC)


def test_days_not_given_are_open():
    assert period(brand("Asia/Dhaka"), None, "") == (None, None)


@pytest.mark.parametrize(
    "start, end, field",
    [
        ("2026-02-29", None, "startDate"),
        (None, "2026-1-01", "endDate"),
        ("２０２６-01-01", None, "startDate"),
        ("2026-01-02", "2026-01-01", "endDate"),
        ("2026-01-01 ", None, "startDate"),
        ("2026-11-26T00:00:00", None, "startDate"),
        (None, "2026-11-26T24:00:00+06:00", "endDate"),
        (None, "2026-11-26T10:00:00+6:00", "endDate"),
        ("2026-11-26T10:00:00+06:00", "2026-11-26T09:59:59+06:00", "endDate"),
        ("2026-11-26T10:00:00+06:00", "2026-11-26T03:59:59Z", "endDate"),
    ],
)
def test_bad_days(start, end, field):
    with pytest.raises(ApiError) as refused:
        period(brand("Asia/Dhaka"), start, end)
    assert (refused.value.status, refused.value.code, refused.value.params) == (400, "date_invalid", {"field": field})


@pytest.mark.parametrize(
    "kind, shown",
    [
        ("deposit", "deposit"),
        ("withdrawal", "withdrawal"),
        ("withdrawal_release", "withdrawal"),
        ("withdrawal_refund", "withdrawal"),
        ("transfer_in", "transfer"),
        ("transfer_settle", "transfer"),
        ("transfer_refund", "transfer"),
        ("transfer_out", "transfer"),
        ("transfer_sync", "transfer"),
        ("upline_out", "upline"),
        ("upline_in", "upline"),
        ("bonus", "bonus"),
        ("adjustment", "adjustment"),
        ("game_bet", "game"),
        ("game_payout", "game"),
        ("game_rollback", "game"),
        ("commission", "adjustment"),
    ],
)
def test_kinds_are_shown_as_types(kind, shown):
    assert record_type(kind) == shown and shown in TYPES
