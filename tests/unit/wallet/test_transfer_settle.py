"""Vendor-wallet transfers step by step: what a vendor's answer means, a transfer settled once
whoever settles it, a replay of the member's request, and the reconciler's choice of transfers."""
import dataclasses
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from tessera import hookimpl
from tessera.envelope import ApiError
from tessera.plugins import AdapterError, TenantPlugins, make_plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.timeutil import utcnow
from tessera.wallet.ledger import IdempotencyConflict, Leg, Ledger
from tessera.wallet.models import LedgerTransaction
from tessera.wallet.transfer_models import DONE, FAILED, IN, OUT, PENDING, WalletTransfer
from tessera.wallet.transfers import (
    REFUSED, ask_vendor, pending_of, reconcile_transfers, require_request_id, settle, start)

VENDOR = "TWU"


class Vendor:
    """Answers every transfer with ``answer`` (a balance, None, or an exception to raise)."""

    def __init__(self):
        self.answer, self.asked = "0.00", []

    @hookimpl
    def tessera_game_transfer(self, tenant, settings, vassalage, player, amount, direction, transfer_id):
        self.asked.append(transfer_id)
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer


@pytest.fixture
def brand(db_session, tenant_ids):
    vendor = Vendor()
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(vendor, name="unit-vendor")
    row = db_session.get(Tenant, tenant_ids["demo-bd"])
    tenant = dataclasses.replace(TenantContext.from_row(row), config={**row.config, "plugins": {"unit-vendor": {}}})
    return tenant, TenantPlugins(pm, tenant), vendor, Ledger(db_session, tenant.id)


@pytest.fixture
def member(members, brand):
    ledger = brand[3]
    member = members()
    ledger.post(f"test:fund:{member.id}", "deposit",
                [Leg(ledger.house_account("deposits_clearing"), -10000), Leg(ledger.member_account(member.id), 10000)],
                member_id=member.id)
    return member


def begin(db_session, brand, member, direction=IN, amount=3000, key="member:x:walletTransfer:abcdefgh"):
    transfer = start(db_session, brand[3], member.id, VENDOR, direction, amount, key)
    return pending_of(db_session, brand[0].id, transfer.id)


def count(db_session, member, kind) -> int:
    return db_session.scalar(select(func.count()).select_from(LedgerTransaction).where(
        LedgerTransaction.member_id == member.id, LedgerTransaction.kind == kind))


@pytest.mark.parametrize("answer, outcome", [
    ("30.00", DONE), (None, PENDING), (AdapterError("vendor_unavailable"), PENDING), (TimeoutError(), PENDING),
    (ConnectionResetError(), PENDING), (AdapterError("vendor_insufficient_funds"), REFUSED),
    (AdapterError("transfer_conflict"), REFUSED),
])
def test_what_an_answer_means(db_session, brand, member, answer, outcome):
    tenant, plugins, vendor, _ = brand
    pending = begin(db_session, brand, member)
    vendor.answer = answer
    assert ask_vendor(plugins, tenant, pending) == outcome
    assert vendor.asked == [f"demo-bd-{pending.id}"]


def test_a_transfer_settles_once(db_session, brand, member):
    pending = begin(db_session, brand, member)
    assert settle(db_session, brand[3], pending, PENDING) == PENDING
    assert settle(db_session, brand[3], pending, DONE) == DONE
    assert settle(db_session, brand[3], pending, DONE) is None
    assert settle(db_session, brand[3], pending, REFUSED) is None  # too late to refund what was settled
    assert (count(db_session, member, "transfer_settle"), count(db_session, member, "transfer_refund")) == (1, 0)
    ledger = brand[3]
    assert ledger.balance(ledger.member_account(member.id, "vendor", VENDOR)) == 3000


def test_a_refused_transfer_comes_back(db_session, brand, member):
    pending = begin(db_session, brand, member)
    assert settle(db_session, brand[3], pending, REFUSED) == FAILED
    assert brand[3].balance(brand[3].member_account(member.id)) == 10000
    assert db_session.get(WalletTransfer, pending.id).status == FAILED


def test_out_refused_moves_nothing_and_done_pays_main(db_session, brand, member):
    settle(db_session, brand[3], begin(db_session, brand, member), DONE)
    refused = begin(db_session, brand, member, OUT, 1000, key="member:x:walletTransfer:out-one1")
    assert settle(db_session, brand[3], refused, REFUSED) == FAILED
    done = begin(db_session, brand, member, OUT, 1000, key="member:x:walletTransfer:out-two2")
    assert settle(db_session, brand[3], done, DONE) == DONE
    ledger = brand[3]
    main, wallet = ledger.member_account(member.id), ledger.member_account(member.id, "vendor", VENDOR)
    assert (ledger.balance(main), ledger.balance(wallet)) == (8000, 2000)
    assert count(db_session, member, "transfer_sync") == 0


def test_the_same_request_is_the_same_transfer(db_session, brand, member):
    first = start(db_session, brand[3], member.id, VENDOR, IN, 500, "member:x:walletTransfer:same-key")
    assert start(db_session, brand[3], member.id, VENDOR, IN, 500, "member:x:walletTransfer:same-key").id == first.id
    with pytest.raises(IdempotencyConflict):
        start(db_session, brand[3], member.id, VENDOR, IN, 501, "member:x:walletTransfer:same-key")
    with pytest.raises(IdempotencyConflict):
        start(db_session, brand[3], member.id, VENDOR, IN, None, "member:x:walletTransfer:same-key")
    assert brand[3].balance(brand[3].member_account(member.id)) == 9500


def test_going_out_asks_the_vendor_only_past_the_mirror(db_session, brand, member):
    asked = []

    def holds():
        asked.append(True)
        return 700

    with pytest.raises(ApiError) as refused:
        start(db_session, brand[3], member.id, VENDOR, OUT, 701, "member:x:walletTransfer:out-past", holds)
    assert refused.value.code == "insufficient_funds" and asked == [True]
    whole = start(db_session, brand[3], member.id, VENDOR, OUT, None, "member:x:walletTransfer:out-whole", holds)
    assert (whole.amount_minor, whole.whole) == (700, True)


def test_the_reconciler_leaves_young_transfers_alone(db_session, brand, member):
    tenant, plugins, vendor, _ = brand
    pending = begin(db_session, brand, member)
    vendor.answer = "30.00"
    assert reconcile_transfers(db_session, tenant, plugins, older_than=timedelta(minutes=1)) == {
        "done": 0, "failed": 0, "pending": 0}
    assert vendor.asked == []
    later = utcnow() + timedelta(minutes=2)
    assert reconcile_transfers(db_session, tenant, plugins, older_than=timedelta(minutes=1), at=later)["done"] == 1
    assert vendor.asked == [f"demo-bd-{pending.id}"]


@pytest.mark.parametrize("value", ["abcdefgh", "A-b_" * 16, "12345678"])
def test_request_ids(value):
    assert require_request_id({"requestId": value}) == value


@pytest.mark.parametrize("value", [None, "abcdefg", "a" * 65, "abcdefg!", "abc defg", 12345678, ["abcdefgh"],
                                   "abcdefgh\n"])
def test_bad_request_ids(value):
    with pytest.raises(ApiError) as refused:
        require_request_id({"requestId": value})
    assert (refused.value.status, refused.value.code) == (400, "request_id_invalid")
