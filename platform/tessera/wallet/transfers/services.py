"""Transfers between the main wallet and a transfer-wallet vendor's wallet (GCS_walletTransfer).

Money is never lost or made, whatever the vendor does and however transfers interleave:

1. The transfer is written down as pending in the request's transaction and, going in, its amount
   moves from main to the member's shard of ``house:transfers_in_flight``. A member has at most
   one pending transfer with a vendor (a unique index): while it is pending nothing else moves
   money between Tessera and that vendor wallet. It is committed before the vendor is asked, so a crash after the vendor
   moved the money still leaves a record of it.
2. Going out with "all", the vendor is asked what the member holds there: that is the amount.
3. The vendor is asked under ``{brand}-{transfer id}``; vendors keep transfers by that id, so
   asking again never moves money twice.
4. Its answer settles the transfer once: in and done, the money goes from in flight to the
   member's vendor wallet; in and refused, back to main; out and done, from the vendor wallet to
   main; out and refused, nothing moves. Without an answer (the vendor is down, it timed out, the
   answer was lost) the transfer stays pending; :func:`reconcile_transfers`, or the member's next
   transfer with that vendor once this one is stuck, asks again.

The ledger's vendor wallet mirrors what the member holds at the vendor. The vendor says what it
holds after each transfer (and at a refusal); as nothing else moved money with that vendor
meanwhile, any difference from the mirror is what the member won or lost playing there, posted
against ``house:vendor_settlement`` as kind ``game_vendor_result``. So after every completed
transfer the mirror equals what the vendor holds.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc, utcnow
from tessera.identity.accounts.models import Member
from tessera.plugins import TRANSFER, AdapterError
from tessera.wallet.ledger.models import MAIN, VENDOR
from tessera.wallet.ledger.services import (
    IdempotencyConflict,
    InsufficientFunds,
    Ledger,
    Leg,
    member_accounts,
    member_code,
)
from tessera.wallet.transfers.models import DONE, FAILED, IN, OUT, PENDING, WalletTransfer

log = logging.getLogger(__name__)
# A vendor that could not be asked or did not answer: it may or may not have moved the money.
OUTCOME_UNKNOWN = frozenset({"vendor_unavailable"})
REFUSED = "refused"
VENDOR_RESULT = "game_vendor_result"  # a member's win or loss at a transfer-wallet vendor
# A pending transfer this old lost its request (vendor calls time out well before): the member's
# next transfer with that vendor asks the vendor about it first.
STUCK_AFTER = timedelta(seconds=30)


@dataclass(frozen=True)
class Pending:
    """What asking the vendor about a transfer needs, read before the transaction ends."""

    id: int
    member_id: int
    username: str
    vendor: str
    direction: str
    amount_minor: int
    whole: bool = False

    @property
    def unsized(self) -> bool:
        """Out with "all", before the vendor said what the member holds there."""
        return self.direction == OUT and self.whole and self.amount_minor == 0


@dataclass(frozen=True)
class Answer:
    """What the vendor answered about a transfer: DONE, REFUSED or PENDING (not known), and what
    it says the member holds there after the transfer (or at the refusal), when it says."""

    outcome: str
    balance_minor: int | None = None


def transfer_vendors(plugins) -> dict[str, dict]:
    """The brand's transfer-wallet vendors by vassalage; a plugin that cannot list its vendors is
    left out, so a vendor that is down never breaks a balance."""
    return {vendor["vassalage"]: vendor for vendor in plugins.game_vendors() if vendor.get("walletMode") == TRANSFER}


def vendor_transfer_id(tenant, transfer_id: int) -> str:
    return f"{tenant.slug}-{transfer_id}"


def _player(tenant, member_id: int, username: str) -> dict:
    return {"id": member_id, "username": username, "currency": tenant.currency}


def _minor(value, money) -> int | None:
    """A vendor's balance (a Decimal string) in the currency's minor units; None when it is not one."""
    minor = money.minor_of(value)
    return minor if minor is not None and minor >= 0 else None


def ask_vendor(plugins, tenant, pending: Pending) -> Answer:
    try:
        balance = plugins.game_transfer(
            pending.vendor,
            _player(tenant, pending.member_id, pending.username),
            tenant.money.format(pending.amount_minor),
            pending.direction,
            vendor_transfer_id(tenant, pending.id),
        )
    except AdapterError as exc:
        if exc.code in OUTCOME_UNKNOWN:
            log.warning("vendor transfer outcome unknown", extra={"transfer": pending.id, "code": exc.code})
            return Answer(PENDING)
        log.info("vendor refused a transfer", extra={"transfer": pending.id, "code": exc.code})
        return Answer(REFUSED, _minor(exc.params.get("balance"), tenant.money))
    except Exception:  # a timeout or a fault in the plugin: the vendor may have moved the money
        log.exception("vendor transfer failed", extra={"transfer": pending.id})
        return Answer(PENDING)
    if balance is None:  # no plugin answers for the vendor now
        return Answer(PENDING)
    held = _minor(balance, tenant.money)
    if held is None:
        log.warning("vendor transfer answered no balance", extra={"transfer": pending.id})
    return Answer(DONE, held)


def vendor_holds(plugins, tenant, member_id: int, username: str, vassalage: str) -> int | None:
    """What the vendor says the member holds there, in minor units; None when it cannot say."""
    try:
        held = plugins.game_balance(vassalage, _player(tenant, member_id, username))
    except AdapterError:
        held = None
    minor = _minor(held, tenant.money)
    if minor is None:
        log.warning("vendor balance unknown", extra={"vassalage": vassalage})
    return minor


# -- The mirror and a transfer's outcome -------------------------------------------------------


def sync_mirror(ledger: Ledger, member_id: int, vendor: str, held: int, key: str, reference: str) -> None:
    """Bring the member's vendor wallet to ``held`` (what the vendor says it holds), posting the
    difference as the member's win or loss there. Only while the member has a transfer pending with
    the vendor: nothing else moves that wallet then."""
    wallet = ledger.member_account(member_id, VENDOR, vendor)
    difference = held - ledger.balance(wallet)
    if difference:
        house = ledger.house_account("vendor_settlement", member_id)
        ledger.post(
            key,
            VENDOR_RESULT,
            [Leg(house, -difference), Leg(wallet, difference)],
            member_id=member_id,
            reference=reference,
        )


def settle(db, ledger: Ledger, pending: Pending, answer: Answer) -> str | None:
    """Apply a known outcome once; the transfer's status then, or None when another process
    settled it first. Nothing changes when the outcome is unknown or the posting fails."""
    if answer.outcome == PENDING:
        return PENDING
    status = DONE if answer.outcome == DONE else FAILED
    try:
        with db.begin_nested():
            if not _claim(db, ledger.tenant_id, pending.id, status):
                return None
            _post_outcome(ledger, pending, status, answer.balance_minor)
    except InsufficientFunds:  # the vendor said nothing of its balance and the mirror is short
        log.warning("transfer could not settle", extra={"transfer": pending.id})
        return PENDING
    return status


def _claim(db, tenant_id: int, transfer_id: int, status: str, **values) -> bool:
    """Move a pending transfer to ``status``; False when it is not pending any more."""
    return (
        db.execute(
            update(WalletTransfer)
            .where(
                WalletTransfer.tenant_id == tenant_id,
                WalletTransfer.id == transfer_id,
                WalletTransfer.status == PENDING,
            )
            .values(status=status, updated_at=utcnow(), **values)
            .execution_options(synchronize_session=False)
        ).rowcount
        == 1
    )


def _post_outcome(ledger: Ledger, pending: Pending, status: str, held: int | None) -> None:
    amount, member_id, key = pending.amount_minor, pending.member_id, f"transfer:{pending.id}"
    wallet = ledger.member_account(member_id, VENDOR, pending.vendor)
    main = ledger.member_account(member_id, MAIN)
    if pending.direction == IN:
        in_flight = ledger.house_account("transfers_in_flight", member_id)
        target, kind, step = (
            (wallet, "transfer_settle", "settle") if status == DONE else (main, "transfer_refund", "refund")
        )
        ledger.post(
            f"{key}:{step}", kind, [Leg(in_flight, -amount), Leg(target, amount)], member_id=member_id, reference=key
        )
    elif status == DONE:
        # Before the move, the wallet as the vendor had it just before: what it holds after, plus
        # what went out. Without a balance, at least what went out (the member's winnings there).
        before = held + amount if held is not None else max(amount, ledger.balance(wallet))
        sync_mirror(ledger, member_id, pending.vendor, before, f"{key}:sync", key)
        ledger.post(
            f"{key}:out", "transfer_out", [Leg(wallet, -amount), Leg(main, amount)], member_id=member_id, reference=key
        )
        return
    if held is not None:
        sync_mirror(ledger, member_id, pending.vendor, held, f"{key}:sync", key)


# -- Step 1: the transfer written down ---------------------------------------------------------


def find_transfer(db, tenant_id: int, member_id: int, key: str) -> WalletTransfer | None:
    found = select(WalletTransfer).where(
        WalletTransfer.tenant_id == tenant_id, WalletTransfer.member_id == member_id, WalletTransfer.request_key == key
    )
    return db.scalars(found).one_or_none()


def pending_with(db, tenant_id: int, member_id: int, vendor: str) -> WalletTransfer | None:
    """The member's pending transfer with ``vendor``, if any (there is at most one)."""
    return db.scalars(
        select(WalletTransfer).where(
            WalletTransfer.tenant_id == tenant_id,
            WalletTransfer.member_id == member_id,
            WalletTransfer.vendor == vendor,
            WalletTransfer.status == PENDING,
        )
    ).one_or_none()


def _same(first: WalletTransfer, vendor: str, direction: str, amount_minor: int | None) -> WalletTransfer:
    asked = (vendor, direction, amount_minor is None, first.amount_minor if amount_minor is None else amount_minor)
    if (first.vendor, first.direction, first.whole, first.amount_minor) != asked:
        raise IdempotencyConflict(first.request_key)
    return first


class TransferBusy(ApiError):
    """The member already has a transfer pending with the vendor."""

    def __init__(self, pending: WalletTransfer):
        super().__init__(409, "transfer_in_progress", vassalage=pending.vendor)
        self.pending_id = pending.id
        self.stuck = utcnow() - as_utc(pending.created_at) > STUCK_AFTER


def start(
    db,
    ledger: Ledger,
    member_id: int,
    vendor: str,
    direction: str,
    amount_minor: int | None,
    key: str,
    holdings: Callable[[], int | None] = lambda: None,
) -> WalletTransfer:
    """The member's transfer under request key ``key``, made now (its money held when going in) or
    made before by the same request; ``amount_minor`` None moves the whole balance (going out, its
    amount is 0 until the vendor says what the member holds). Raises :class:`TransferBusy` while
    another transfer with the vendor is pending.

    Going out, more than the vendor wallet's mirror is first checked against what the vendor says
    it holds (``holdings``, None when it cannot say), so a plain overdraw is refused at once; the
    vendor's answer to the transfer still decides."""
    first = find_transfer(db, ledger.tenant_id, member_id, key)
    if first is not None:
        return _same(first, vendor, direction, amount_minor)
    if direction == IN:
        amount = ledger.member_balance(member_id) if amount_minor is None else amount_minor
        short = amount <= 0  # going in, the hold below decides under concurrency
    else:
        amount = 0 if amount_minor is None else amount_minor
        short = amount > ledger.member_balance(member_id, VENDOR, vendor) and amount > (holdings() or 0)
    if short:
        raise ApiError(400, "insufficient_funds")
    transfer = WalletTransfer(
        tenant_id=ledger.tenant_id,
        member_id=member_id,
        vendor=vendor,
        direction=direction,
        amount_minor=amount,
        whole=amount_minor is None,
        status=PENDING,
        request_key=key,
    )
    try:
        with db.begin_nested():
            db.add(transfer)
            db.flush()
            if direction == IN:
                reference = f"transfer:{transfer.id}"
                ledger.post(
                    f"{reference}:in",
                    "transfer_in",
                    [
                        Leg(ledger.member_account(member_id, MAIN), -amount),
                        Leg(ledger.house_account("transfers_in_flight", member_id), amount),
                    ],
                    member_id=member_id,
                    reference=reference,
                )
    except IntegrityError:  # the same request sent twice at once, or another transfer pending
        first = find_transfer(db, ledger.tenant_id, member_id, key)
        if first is not None:
            return _same(first, vendor, direction, amount_minor)
        busy = pending_with(db, ledger.tenant_id, member_id, vendor)
        if busy is None:
            raise
        raise TransferBusy(busy) from None
    return transfer


def pending_of(db, tenant_id: int, transfer_id: int) -> Pending | None:
    row = db.execute(
        select(WalletTransfer, Member.username)
        .join(Member, Member.id == WalletTransfer.member_id)
        .where(
            WalletTransfer.tenant_id == tenant_id, WalletTransfer.id == transfer_id, WalletTransfer.status == PENDING
        )
    ).one_or_none()
    if row is None:
        return None
    transfer, username = row
    return Pending(
        transfer.id,
        transfer.member_id,
        username,
        transfer.vendor,
        transfer.direction,
        transfer.amount_minor,
        transfer.whole,
    )


# -- Steps 2 to 4: sized, asked, settled -------------------------------------------------------


def size(db, ledger: Ledger, plugins, tenant, pending: Pending) -> Pending | None:
    """Out with "all": the amount becomes what the vendor says the member holds (the mirror when
    it cannot say), and the mirror is brought to it; with nothing there the transfer fails. The
    sized transfer, or None when it failed or is not pending any more."""
    stated = vendor_holds(plugins, tenant, pending.member_id, pending.username, pending.vendor)
    known = stated is not None
    held = stated if stated is not None else ledger.member_balance(pending.member_id, VENDOR, pending.vendor)
    if held <= 0:
        sized = _claim(db, ledger.tenant_id, pending.id, FAILED)
    else:
        sized = (
            db.execute(
                update(WalletTransfer)
                .where(
                    WalletTransfer.tenant_id == ledger.tenant_id,
                    WalletTransfer.id == pending.id,
                    WalletTransfer.status == PENDING,
                    WalletTransfer.amount_minor == 0,
                )
                .values(amount_minor=held, updated_at=utcnow())
                .execution_options(synchronize_session=False)
            ).rowcount
            == 1
        )
    if not sized:  # sized or settled by another process meanwhile
        return pending_of(db, ledger.tenant_id, pending.id)
    reference = f"transfer:{pending.id}"
    if known:
        sync_mirror(ledger, pending.member_id, pending.vendor, held, f"{reference}:held", reference)
    return replace(pending, amount_minor=held) if held > 0 else None


def carry_out(db, tenant, plugins, transfer_id: int, commit: Callable[[], None]) -> str | None:
    """Take a pending transfer as far as the vendor's answers allow: sized, asked, settled. The
    status it got here (PENDING when the outcome is still unknown), None when it was not pending
    or another process settled it. ``commit`` makes what was written durable (and begins anew)
    before each question to the vendor, so no transaction waits on it. Safe to run twice at once:
    a transfer settles once."""
    pending = pending_of(db, tenant.id, transfer_id)
    if pending is not None and pending.unsized:
        commit()
        pending = size(db, Ledger(db, tenant.id), plugins, tenant, pending)
        if pending is None:
            status = _status(db, tenant.id, transfer_id)
            commit()  # kept even when the call then answers a refusal
            return FAILED if status == FAILED else None
    if pending is None or pending.unsized:
        return None
    commit()  # the vendor is asked only about a transfer the database keeps
    status = settle(db, Ledger(db, tenant.id), pending, ask_vendor(plugins, tenant, pending))
    commit()
    return status


def _status(db, tenant_id: int, transfer_id: int) -> str | None:
    return db.scalar(
        select(WalletTransfer.status).where(WalletTransfer.tenant_id == tenant_id, WalletTransfer.id == transfer_id)
    )


# -- The call -----------------------------------------------------------------------------------


def check_vendor(plugins, ledger: Ledger, member_id: int, vassalage: str) -> None:
    """Refuse a transfer with a vendor the brand does not have, or whose games play on main."""
    vendor = {v["vassalage"]: v for v in plugins.game_vendors()}.get(vassalage)
    if vendor is None:
        # A wallet the member holds at a vendor that cannot list itself now is not unknown.
        if ledger.existing_account(member_code(member_id, VENDOR, vassalage)) is not None:
            raise ApiError(503, "transfer_unavailable", vassalage=vassalage)
        raise ApiError(404, "vendor_unknown", vassalage=vassalage)
    if vendor.get("walletMode") != TRANSFER:
        raise ApiError(400, "vendor_not_transfer", vassalage=vassalage)


def answer(db, tenant, transfer_id: int) -> dict:
    transfer = db.scalars(
        select(WalletTransfer).where(WalletTransfer.tenant_id == tenant.id, WalletTransfer.id == transfer_id)
    ).one()
    accounts = member_accounts(db, tenant.id, transfer.member_id)
    shown = tenant.money.format
    main = sum(a.balance_minor for a in accounts if a.kind == MAIN)
    wallet = sum(a.balance_minor for a in accounts if a.kind == VENDOR and a.vendor == transfer.vendor)
    value = {
        "transferId": transfer.id,
        "status": transfer.status,
        "mainBalance": shown(main),
        "walletBalance": shown(wallet),
        "sumBalance": shown(sum(a.balance_minor for a in accounts)),
    }
    if transfer.status == PENDING:
        raise ApiError(503, "transfer_unavailable", value=value, vassalage=transfer.vendor)
    if transfer.status == FAILED and transfer.whole and transfer.amount_minor == 0:
        raise ApiError(400, "insufficient_funds", value=value)  # "all" out of a wallet holding nothing
    return value


def transfer(
    db,
    ledger: Ledger,
    tenant,
    plugins,
    member_id: int,
    vassalage: str,
    direction: str,
    amount_minor: int | None,
    key: str,
    commit: Callable[[], None],
) -> dict:
    """The member's transfer under request key ``key`` (GCS_walletTransfer), made and carried out
    as far as the vendor's answers allow (see the module); the call's answer. ``commit`` makes
    what was written durable and begins anew, before each question to the vendor."""
    if find_transfer(db, tenant.id, member_id, key) is None:
        check_vendor(plugins, ledger, member_id, vassalage)
    username = db.scalar(select(Member.username).where(Member.id == member_id))

    def begin(ledger):
        return start(
            db,
            ledger,
            member_id,
            vassalage,
            direction,
            amount_minor,
            key,
            lambda: vendor_holds(plugins, tenant, member_id, username, vassalage),
        ).id

    try:
        transfer_id = begin(ledger)
    except TransferBusy as busy:
        if not busy.stuck:
            raise
        carry_out(db, tenant, plugins, busy.pending_id, commit)  # ask about the stuck one first
        commit()
        transfer_id = begin(Ledger(db, tenant.id))
    carry_out(db, tenant, plugins, transfer_id, commit)
    return answer(db, tenant, transfer_id)


# -- Later: pending transfers asked about again ---------------------------------------------------


def reconcile_transfers(db, tenant, plugins, older_than: timedelta = timedelta(0), at=None) -> dict[str, int]:
    """Ask the vendor again about every pending transfer of the brand made before ``older_than``
    ago, and settle those it answers. Commits after each transfer and holds no transaction while a
    vendor answers; safe to run twice at once (a transfer settles once)."""
    cutoff = (at or utcnow()) - older_than
    ids = db.scalars(
        select(WalletTransfer.id)
        .where(
            WalletTransfer.tenant_id == tenant.id,
            WalletTransfer.status == PENDING,
            WalletTransfer.created_at <= cutoff,
        )
        .order_by(WalletTransfer.id)
    ).all()
    db.commit()
    counts = {DONE: 0, FAILED: 0, PENDING: 0}
    for transfer_id in ids:
        try:
            status = carry_out(db, tenant, plugins, transfer_id, db.commit)
            db.commit()
        except Exception:  # the database refused (a lock, a lost connection): the next run tries again
            db.rollback()
            log.exception("transfer not settled", extra={"transfer": transfer_id})
            status = PENDING
        if status is not None:
            counts[status] += 1
    return counts
