"""The small rules deposits and withdrawals live by: bounds, stamps, masks, pages, expiry and
the confirmation deadline."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from tessera.tenancy.context import TenantContext
from tessera.wallet.pages import Page, stamp
from tessera.wallet.payments.deposits import narrowed, shown_status
from tessera.wallet.payments.models import Deposit, Withdrawal
from tessera.wallet.payments.services import masked
from tessera.wallet.payments.withdrawals import settle_overdue
from tessera.wallet.requests import request_key
from tessera.wallet.settings import setting_minor

AT = datetime(2026, 11, 23, 5, 1, 2, 987654, tzinfo=UTC)


def brand(**wallet) -> TenantContext:
    return TenantContext(1, "brand", "Brand", {"currency": "BDT", "wallet": wallet}, "kid", "pem")


@pytest.mark.parametrize(
    "channel, brand_bounds, expected",
    [
        ((5000, 2000000), (10000, 5000000), (10000, 2000000)),
        ((None, None), (10000, 5000000), (10000, 5000000)),
        ((20000, None), (None, None), (20000, None)),
        ((None, None), (None, None), (1, None)),
        ((0, 100), (None, None), (1, 100)),
    ],
)
def test_the_narrower_bounds_win(channel, brand_bounds, expected):
    assert narrowed(*channel, *brand_bounds) == expected


def test_a_channels_bounds_between_two_steps_move_inwards():
    # A brand in steps of 1000 dong: a channel taking 1500 to 99999 is offered 2000 to 99000.
    assert narrowed(1500, 99999, None, None, 1000) == (2000, 99000)
    assert narrowed(None, None, None, None, 1000) == (1000, None)


def test_brand_amounts_are_read_in_minor_units():
    tenant = brand(deposit_min="100.00", withdrawal_max="25000.5")
    assert (setting_minor(tenant, "deposit_min"), setting_minor(tenant, "withdrawal_max")) == (10000, 2500050)
    assert setting_minor(tenant, "deposit_max") is None


def test_moments_are_written_in_utc_to_the_second():
    assert stamp(AT) == "2026-11-23T05:01:02Z"
    assert stamp(AT.replace(tzinfo=None)) == "2026-11-23T05:01:02Z"  # SQLite hands back naive UTC
    assert stamp(AT.astimezone(timezone(timedelta(hours=6)))) == "2026-11-23T05:01:02Z"
    assert stamp(None) is None


def test_account_numbers_show_their_last_four_digits():
    assert masked("1234567890") == "****7890"
    assert masked("123456") == "****3456"


def test_request_keys_name_the_member_and_the_call():
    assert request_key(7, "deposit", "abc12345") == "member:7:deposit:abc12345"


@pytest.mark.parametrize("total, size, pages", [(0, 20, 0), (1, 20, 1), (20, 20, 1), (21, 20, 2), (100, 1, 100)])
def test_pages(total, size, pages):
    assert Page([], 1, size, total).total_pages == pages


def deposit(kind="redirect", status="pending", minutes_old=0) -> Deposit:
    return Deposit(kind=kind, status=status, created_at=AT - timedelta(minutes=minutes_old))


def test_a_gateway_deposit_shows_expired_after_the_brands_expiry():
    tenant = brand(deposit_expiry_minutes=30)
    assert shown_status(deposit(minutes_old=29), AT, tenant) == "pending"
    assert shown_status(deposit(minutes_old=30), AT, tenant) == "expired"
    assert shown_status(deposit(minutes_old=30), AT, brand()) == "pending"  # 60 minutes by default
    assert shown_status(deposit(kind="manual", minutes_old=600), AT, tenant) == "pending"  # an operator decides
    assert shown_status(deposit(status="paid", minutes_old=600), AT, tenant) == "paid"


def test_a_paid_withdrawal_left_unconfirmed_past_its_deadline_reads_as_received():
    def paid(**fields) -> Withdrawal:
        return Withdrawal(
            status="paid",
            amount_minor=5000,
            confirmation=None,
            received_minor=None,
            confirm_by=AT,
            updated_at=AT - timedelta(hours=1),
            **fields,
        )

    early = settle_overdue(paid(), AT - timedelta(seconds=1))
    assert (early.confirmation, early.received_minor) == (None, None)
    due = settle_overdue(paid(), AT)
    assert (due.confirmation, due.received_minor, due.updated_at) == ("auto_received", 5000, AT)
    claimed = paid()
    claimed.confirmation = "not_received"
    assert settle_overdue(claimed, AT + timedelta(days=1)).confirmation == "not_received"
    pending = Withdrawal(status="pending", confirmation=None, confirm_by=None, amount_minor=5000)
    assert settle_overdue(pending, AT).confirmation is None
