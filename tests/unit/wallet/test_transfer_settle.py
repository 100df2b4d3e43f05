"""Vendor-wallet transfers step by step: what a vendor's answer means, a transfer settled once
whoever settles it, a replay of the member's request, and the reconciler's choice of transfers."""

import dataclasses
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from tessera import hookimpl
from tessera.core.envelope import ApiError
from tessera.core.timeutil import utcnow
from tessera.plugins import AdapterError, TenantPlugins, make_plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.ledger.services import IdempotencyConflict, Ledger, Leg
from tessera.wallet.requests import require_request_id
from tessera.wallet.transfers.models import DONE, FAILED, IN, OUT, PENDING, WalletTransfer
from tessera.wallet.transfers.services import (
    REFUSED,
    VENDOR_RESULT,
    Answer,
    TransferBusy,
    ask_vendor,
    pending_of,
    reconcile_transfers,
    settle,
    size,
    start,
)

VENDOR = "TWU"


class Vendor:
    """Offers the transfer-wallet vendor TWU; answers every transfer with ``answer`` (a balance,
    None, or an exception to raise) and the balance call with ``held`` (the same)."""

    def __init__(self):
        self.answer, self.asked = "0.00", []
        self.held, self.balance_asked = "0.00", 0

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        return [{"vassalage": VENDOR, "displayName": "Unit Vendor", "gameType": "RNG", "walletMode": "transfer"}]

    @hookimpl
    def tessera_game_balance(self, tenant, settings, vassalage, player):
        self.balance_asked += 1
        if isinstance(self.held, BaseException):
            raise self.held
        return self.held

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
    ledger.post(
        f"test:fund:{member.id}",
        "deposit",
        [
            Leg(ledger.house_account("deposits_clearing", member.id), -10000),
            Leg(ledger.member_account(member.id), 10000),
        ],
        member_id=member.id,
    )
    return member


def begin(db_session, brand, member, direction=IN, amount=3000, key="member:x:walletTransfer:abcdefgh"):
    transfer = start(db_session, brand[3], member.id, VENDOR, direction, amount, key)
    return pending_of(db_session, brand[0].id, transfer.id)


def count(db_session, member, kind) -> int:
    return db_session.scalar(
        select(func.count())
        .select_from(LedgerTransaction)
        .where(LedgerTransaction.member_id == member.id, LedgerTransaction.kind == kind)
    )


@pytest.mark.parametrize(
    "answer, outcome, held",
    [
        ("30.00", DONE, 3000),
        (None, PENDING, None),
        (AdapterError("vendor_unavailable"), PENDING, None),
        (TimeoutError(), PENDING, None),
        (ConnectionResetError(), PENDING, None),
        (AdapterError("vendor_insufficient_funds"), REFUSED, None),
        (AdapterError("vendor_insufficient_funds", balance="12.34"), REFUSED, 1234),
        (AdapterError("transfer_conflict"), REFUSED, None),
        ("not money", DONE, None),
        ("-1.00", DONE, None),
    ],
)
def test_what_an_answer_means(db_session, brand, member, answer, outcome, held):
    tenant, plugins, vendor, _ = brand
    pending = begin(db_session, brand, member)
    vendor.answer = answer
    assert ask_vendor(plugins, tenant, pending) == Answer(outcome, held)
    assert vendor.asked == [f"demo-bd-{pending.id}"]


def balances(brand, member) -> tuple[int, int, int]:
    """Main, the vendor wallet and the house's vendor settlement, as the database has them."""
    ledger = brand[3]
    return (
        ledger.balance(ledger.member_account(member.id)),
        ledger.balance(ledger.member_account(member.id, "vendor", VENDOR)),
        ledger.house_balance("vendor_settlement"),
    )


def test_a_transfer_settles_once(db_session, brand, member):
    pending = begin(db_session, brand, member)
    settled = balances(brand, member)[2]
    assert settle(db_session, brand[3], pending, Answer(PENDING)) == PENDING
    assert settle(db_session, brand[3], pending, Answer(DONE, 3000)) == DONE
    assert settle(db_session, brand[3], pending, Answer(DONE, 3000)) is None
    assert settle(db_session, brand[3], pending, Answer(REFUSED)) is None  # too late to refund what was settled
    assert (count(db_session, member, "transfer_settle"), count(db_session, member, "transfer_refund")) == (1, 0)
    assert balances(brand, member) == (7000, 3000, settled)
    assert count(db_session, member, VENDOR_RESULT) == 0


def test_a_refused_transfer_comes_back(db_session, brand, member):
    pending = begin(db_session, brand, member)
    assert settle(db_session, brand[3], pending, Answer(REFUSED)) == FAILED
    assert brand[3].balance(brand[3].member_account(member.id)) == 10000
    assert db_session.get(WalletTransfer, pending.id).status == FAILED


def test_out_refused_moves_nothing_and_done_pays_main(db_session, brand, member):
    settle(db_session, brand[3], begin(db_session, brand, member), Answer(DONE, 3000))
    refused = begin(db_session, brand, member, OUT, 1000, key="member:x:walletTransfer:out-one1")
    assert settle(db_session, brand[3], refused, Answer(REFUSED)) == FAILED
    done = begin(db_session, brand, member, OUT, 1000, key="member:x:walletTransfer:out-two2")
    assert settle(db_session, brand[3], done, Answer(DONE, 2000)) == DONE
    assert balances(brand, member)[:2] == (8000, 2000)
    assert count(db_session, member, VENDOR_RESULT) == 0


@pytest.mark.parametrize(
    "direction, amount, held, after",
    [
        (IN, 3000, 2500, (7000, 2500)),  # in: lost 5.00 there before this transfer
        (IN, 3000, 3600, (7000, 3600)),  # in: won 6.00
        (OUT, 1000, 500, (8000, 500)),  # out after losing 15.00 of the 30.00
        (OUT, 1000, 4000, (8000, 4000)),  # out of more than the mirror held: the winnings
    ],
)
def test_the_mirror_becomes_what_the_vendor_holds(db_session, brand, member, direction, amount, held, after):
    """What the member won or lost at the vendor since the last transfer is posted against the
    house's vendor settlement; the wallet then holds what the vendor said."""
    if direction == OUT:
        settle(
            db_session,
            brand[3],
            begin(db_session, brand, member, key="member:x:walletTransfer:in-first"),
            Answer(DONE, 3000),
        )
    before = balances(brand, member)
    pending = begin(db_session, brand, member, direction, amount)
    assert settle(db_session, brand[3], pending, Answer(DONE, held)) == DONE
    main, wallet, house = balances(brand, member)
    assert (main, wallet) == after
    moved = amount if direction == IN else -amount
    assert house - before[2] == -(held - before[1] - moved)  # the house paid the win or took the loss
    assert count(db_session, member, VENDOR_RESULT) == 1


def test_a_refusal_that_says_the_balance_brings_the_mirror_to_it(db_session, brand, member):
    settle(db_session, brand[3], begin(db_session, brand, member), Answer(DONE, 3000))
    refused = begin(db_session, brand, member, OUT, 3000, key="member:x:walletTransfer:out-short")
    assert settle(db_session, brand[3], refused, Answer(REFUSED, 1100)) == FAILED
    assert balances(brand, member)[:2] == (7000, 1100)


def test_the_same_request_is_the_same_transfer(db_session, brand, member):
    first = start(db_session, brand[3], member.id, VENDOR, IN, 500, "member:x:walletTransfer:same-key")
    assert start(db_session, brand[3], member.id, VENDOR, IN, 500, "member:x:walletTransfer:same-key").id == first.id
    with pytest.raises(IdempotencyConflict):
        start(db_session, brand[3], member.id, VENDOR, IN, 501, "member:x:walletTransfer:same-key")
    with pytest.raises(IdempotencyConflict):
        start(db_session, brand[3], member.id, VENDOR, IN, None, "member:x:walletTransfer:same-key")
    assert brand[3].balance(brand[3].member_account(member.id)) == 9500


def test_one_transfer_at_a_time_with_a_vendor(db_session, brand, member):
    pending = begin(db_session, brand, member)
    for direction, amount in ((IN, 100), (IN, None), (OUT, None)):
        with pytest.raises(TransferBusy) as busy:
            start(
                db_session, brand[3], member.id, VENDOR, direction, amount, f"member:x:walletTransfer:{direction}-busy"
            )
        assert (busy.value.status, busy.value.code, busy.value.pending_id, busy.value.stuck) == (
            409,
            "transfer_in_progress",
            pending.id,
            False,
        )
    assert (
        start(db_session, brand[3], member.id, "OTHER", IN, 100, "member:x:walletTransfer:elsewhere").status == PENDING
    )
    assert brand[3].balance(brand[3].member_account(member.id)) == 10000 - 3000 - 100  # nothing held for the refused
    settle(db_session, brand[3], pending, Answer(DONE, 3000))
    assert (
        start(db_session, brand[3], member.id, VENDOR, OUT, 100, "member:x:walletTransfer:after-it").status == PENDING
    )


@pytest.mark.parametrize(
    "held, amount, mirror",
    [
        ("20.00", 2000, 2000),
        ("35.50", 3550, 3550),
        (AdapterError("vendor_unavailable"), 3000, 3000),  # the vendor cannot say: the mirror's amount
    ],
)
def test_all_going_out_is_what_the_vendor_holds(db_session, brand, member, held, amount, mirror):
    tenant, plugins, vendor, ledger = brand
    settle(db_session, ledger, begin(db_session, brand, member), Answer(DONE, 3000))
    vendor.held = held
    whole = start(db_session, ledger, member.id, VENDOR, OUT, None, "member:x:walletTransfer:out-whole")
    assert (whole.amount_minor, whole.whole) == (0, True)  # sized once the vendor is asked
    sized = size(db_session, ledger, plugins, tenant, pending_of(db_session, tenant.id, whole.id))
    assert (sized.amount_minor, vendor.balance_asked) == (amount, 1)
    db_session.expire_all()
    assert (db_session.get(WalletTransfer, whole.id).amount_minor, balances(brand, member)[1]) == (amount, mirror)


def test_all_going_out_of_nothing_fails(db_session, brand, member):
    tenant, plugins, vendor, ledger = brand
    settle(db_session, ledger, begin(db_session, brand, member), Answer(DONE, 3000))
    vendor.held = "0.00"
    whole = start(db_session, ledger, member.id, VENDOR, OUT, None, "member:x:walletTransfer:out-empty")
    assert size(db_session, ledger, plugins, tenant, pending_of(db_session, tenant.id, whole.id)) is None
    db_session.expire_all()
    assert db_session.get(WalletTransfer, whole.id).status == FAILED
    assert balances(brand, member)[:2] == (7000, 0)  # lost it all there


def test_the_reconciler_leaves_young_transfers_alone(db_session, brand, member):
    tenant, plugins, vendor, _ = brand
    pending = begin(db_session, brand, member)
    vendor.answer = "30.00"
    assert reconcile_transfers(db_session, tenant, plugins, older_than=timedelta(minutes=1)) == {
        "done": 0,
        "failed": 0,
        "pending": 0,
    }
    assert vendor.asked == []
    later = utcnow() + timedelta(minutes=2)
    assert reconcile_transfers(db_session, tenant, plugins, older_than=timedelta(minutes=1), at=later)["done"] == 1
    assert vendor.asked == [f"demo-bd-{pending.id}"]


@pytest.mark.parametrize("value", ["abcdefgh", "A-b_" * 16, "12345678"])
def test_request_ids(value):
    assert require_request_id({"requestId": value}) == value


@pytest.mark.parametrize(
    "value", [None, "abcdefg", "a" * 65, "abcdefg!", "abc defg", 12345678, ["abcdefgh"], "abcdefgh\n"]
)
def test_bad_request_ids(value):
    with pytest.raises(ApiError) as refused:
        require_request_id({"requestId": value})
    assert (refused.value.status, refused.value.code) == (400, "request_id_invalid")
