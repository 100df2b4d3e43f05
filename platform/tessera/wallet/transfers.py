"""Transfers between the main wallet and a transfer-wallet vendor's wallet (GCS_walletTransfer).

Money is never lost whatever the vendor does, in three steps:

1. In the request's transaction the transfer is written down as pending and, going in, its
   amount moves from main to ``house:transfers_in_flight``. That is committed before the vendor
   is asked, so a crash after the vendor moved the money still leaves a record of it.
2. The vendor is asked under ``{brand}-{transfer id}``; vendors keep transfers by that id, so
   asking again never moves money twice.
3. Its answer settles the transfer once: in and done, the money goes from in flight to the
   member's vendor wallet; in and refused, back to main; out and done, from the vendor wallet to
   main; out and refused, nothing moves. Without an answer (the vendor is down, it timed out, the
   answer was lost) the transfer stays pending and :func:`reconcile_transfers` asks again later.

The ledger's vendor wallet mirrors what the member holds at the vendor.
"""
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal, InvalidOperation

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ..db import scope_connection
from ..envelope import ApiError
from ..games.services import vendors
from ..identity.models import Member
from ..identity.permissions import require_real_account
from ..plugins import AdapterError
from ..timeutil import utcnow
from .balances import TRANSFER, member_accounts
from .ledger import IdempotencyConflict, InsufficientFunds, Leg, Ledger, member_code
from .models import MAIN, VENDOR
from .money import format_minor, parse_amount, to_minor
from .payment_common import request_key
from .transfer_models import DONE, FAILED, IN, OUT, PENDING, WalletTransfer

log = logging.getLogger(__name__)
TRANSFER_HOOK, BALANCE_HOOK = "tessera_game_transfer", "tessera_game_balance"
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
# A vendor that could not be asked or did not answer: it may or may not have moved the money.
OUTCOME_UNKNOWN = frozenset({"vendor_unavailable"})
REFUSED = "refused"


def require_request_id(form: dict) -> str:
    """The client-made id that makes a money call safe to send again (8..64 of [A-Za-z0-9_-])."""
    value = form.get("requestId")
    if not isinstance(value, str) or not REQUEST_ID.fullmatch(value):
        raise ApiError(400, "request_id_invalid")
    return value


@dataclass(frozen=True)
class Pending:
    """What asking the vendor about a transfer needs, read before the transaction ends."""

    id: int
    member_id: int
    username: str
    vendor: str
    direction: str
    amount_minor: int


def vendor_transfer_id(tenant, transfer_id: int) -> str:
    return f"{tenant.slug}-{transfer_id}"


def ask_vendor(plugins, tenant, pending: Pending) -> str:
    """DONE, REFUSED or PENDING (the outcome is not known)."""
    player = {"id": pending.member_id, "username": pending.username, "currency": tenant.currency}
    try:
        balance = plugins.first(TRANSFER_HOOK, vassalage=pending.vendor, player=player,
                                amount=format_minor(pending.amount_minor), direction=pending.direction,
                                transfer_id=vendor_transfer_id(tenant, pending.id))
    except AdapterError as exc:
        if exc.code in OUTCOME_UNKNOWN:
            log.warning("vendor transfer outcome unknown", extra={"transfer": pending.id, "code": exc.code})
            return PENDING
        log.info("vendor refused a transfer", extra={"transfer": pending.id, "code": exc.code})
        return REFUSED
    except Exception:  # a timeout or a fault in the plugin: the vendor may have moved the money
        log.exception("vendor transfer failed", extra={"transfer": pending.id})
        return PENDING
    return DONE if balance is not None else PENDING  # no plugin answers for the vendor now


def vendor_holds(plugins, tenant, member_id: int, username: str, vassalage: str) -> int | None:
    """What the vendor says the member holds there, in minor units; None when it cannot say."""
    player = {"id": member_id, "username": username, "currency": tenant.currency}
    try:
        return to_minor(Decimal(plugins.first(BALANCE_HOOK, vassalage=vassalage, player=player)))
    except (AdapterError, TypeError, ValueError, InvalidOperation):
        log.warning("vendor balance unknown", extra={"vassalage": vassalage})
        return None


def settle(db, ledger: Ledger, pending: Pending, outcome: str) -> str | None:
    """Apply a known outcome once; the transfer's status then, or None when another process
    settled it first. Nothing changes when the outcome is unknown or the posting fails."""
    if outcome == PENDING:
        return PENDING
    status = DONE if outcome == DONE else FAILED
    try:
        with db.begin_nested():
            claimed = db.execute(
                update(WalletTransfer)
                .where(WalletTransfer.tenant_id == ledger.tenant_id, WalletTransfer.id == pending.id,
                       WalletTransfer.status == PENDING)
                .values(status=status, updated_at=utcnow())
                .execution_options(synchronize_session=False)).rowcount
            if claimed != 1:
                return None
            _post_outcome(ledger, pending, status)
    except InsufficientFunds:  # the vendor wallet was emptied meanwhile: settle again later
        log.warning("transfer could not settle", extra={"transfer": pending.id})
        return PENDING
    return status


def _post_outcome(ledger: Ledger, pending: Pending, status: str) -> None:
    amount, member_id, key = pending.amount_minor, pending.member_id, f"transfer:{pending.id}"
    wallet = ledger.member_account(member_id, VENDOR, pending.vendor)
    main = ledger.member_account(member_id, MAIN)
    if pending.direction == IN:
        in_flight = ledger.house_account("transfers_in_flight")
        target, kind, step = (wallet, "transfer_settle", "settle") if status == DONE else (
            main, "transfer_refund", "refund")
        ledger.post(f"{key}:{step}", kind, [Leg(in_flight, -amount), Leg(target, amount)], member_id=member_id,
                    reference=key)
    elif status == DONE:
        short = amount - ledger.balance(wallet)
        if short > 0:  # the vendor paid out more than the mirror held: the member's winnings there
            house = ledger.house_account("vendor_settlement")
            ledger.post(f"{key}:sync", "transfer_sync", [Leg(house, -short), Leg(wallet, short)],
                        member_id=member_id, reference=key)
        ledger.post(f"{key}:out", "transfer_out", [Leg(wallet, -amount), Leg(main, amount)], member_id=member_id,
                    reference=key)


# -- Step 1: the transfer written down ---------------------------------------------------------


def find_transfer(db, tenant_id: int, member_id: int, key: str) -> WalletTransfer | None:
    found = select(WalletTransfer).where(WalletTransfer.tenant_id == tenant_id, WalletTransfer.member_id == member_id,
                                         WalletTransfer.request_key == key)
    return db.scalars(found).one_or_none()


def _same(first: WalletTransfer, vendor: str, direction: str, amount_minor: int | None) -> WalletTransfer:
    asked = (vendor, direction, amount_minor is None, first.amount_minor if amount_minor is None else amount_minor)
    if (first.vendor, first.direction, first.whole, first.amount_minor) != asked:
        raise IdempotencyConflict(first.request_key)
    return first


def start(db, ledger: Ledger, member_id: int, vendor: str, direction: str, amount_minor: int | None,
          key: str, holdings: Callable[[], int | None] = lambda: None) -> WalletTransfer:
    """The member's transfer under request key ``key``, made now (its money held when going in) or
    made before by the same request; ``amount_minor`` None moves the whole balance.

    Going out, more than the vendor wallet's mirror, or all of it, is checked against what the
    vendor says it holds (``holdings``, None when it cannot say): the member's winnings there."""
    first = find_transfer(db, ledger.tenant_id, member_id, key)
    if first is not None:
        return _same(first, vendor, direction, amount_minor)
    available = (ledger.member_balance(member_id) if direction == IN
                 else ledger.member_balance(member_id, VENDOR, vendor))
    if direction == OUT and (amount_minor is None or amount_minor > available):
        held = holdings()
        available = available if held is None else held
    amount = available if amount_minor is None else amount_minor
    if amount <= 0 or amount > available:  # going in, the hold below decides under concurrency
        raise ApiError(400, "insufficient_funds")
    transfer = WalletTransfer(tenant_id=ledger.tenant_id, member_id=member_id, vendor=vendor, direction=direction,
                              amount_minor=amount, whole=amount_minor is None, status=PENDING, request_key=key)
    try:
        with db.begin_nested():
            db.add(transfer)
            db.flush()
    except IntegrityError:  # the same request, sent twice at once: the first one stands
        first = find_transfer(db, ledger.tenant_id, member_id, key)
        if first is None:
            raise
        return _same(first, vendor, direction, amount_minor)
    if direction == IN:
        reference = f"transfer:{transfer.id}"
        in_flight = ledger.house_account("transfers_in_flight")
        ledger.post(f"{reference}:in", "transfer_in", [Leg(ledger.member_account(member_id, MAIN), -amount),
                                                      Leg(in_flight, amount)], member_id=member_id, reference=reference)
    return transfer


def pending_of(db, tenant_id: int, transfer_id: int) -> Pending | None:
    row = db.execute(
        select(WalletTransfer, Member.username).join(Member, Member.id == WalletTransfer.member_id)
        .where(WalletTransfer.tenant_id == tenant_id, WalletTransfer.id == transfer_id,
               WalletTransfer.status == PENDING)
    ).one_or_none()
    if row is None:
        return None
    transfer, username = row
    return Pending(transfer.id, transfer.member_id, username, transfer.vendor, transfer.direction,
                   transfer.amount_minor)


# -- The call -----------------------------------------------------------------------------------


def _check_vendor(request, member_id: int, vassalage: str) -> None:
    vendor = {v["vassalage"]: v for v in vendors(request.plugins)}.get(vassalage)
    if vendor is None:
        # A wallet the member holds at a vendor that cannot list itself now is not unknown.
        if request.ledger.existing_account(member_code(member_id, VENDOR, vassalage)) is not None:
            raise ApiError(503, "transfer_unavailable", vassalage=vassalage)
        raise ApiError(404, "vendor_unknown", vassalage=vassalage)
    if vendor.get("walletMode") != TRANSFER:
        raise ApiError(400, "vendor_not_transfer", vassalage=vassalage)


def _commit(request) -> None:
    """Make what the request wrote so far durable, and go on in a new transaction."""
    request.tm.commit()
    request.tm.begin()


def answer(db, tenant_id: int, transfer_id: int) -> dict:
    transfer = db.scalars(select(WalletTransfer).where(WalletTransfer.tenant_id == tenant_id,
                                                        WalletTransfer.id == transfer_id)).one()
    accounts = member_accounts(db, tenant_id, transfer.member_id)
    main = sum(a.balance_minor for a in accounts if a.kind == MAIN)
    wallet = sum(a.balance_minor for a in accounts if a.kind == VENDOR and a.vendor == transfer.vendor)
    return {"transferId": transfer.id, "status": transfer.status, "mainBalance": format_minor(main),
            "walletBalance": format_minor(wallet), "sumBalance": format_minor(sum(a.balance_minor for a in accounts))}


def wallet_transfer(request) -> dict:
    require_real_account(request)
    form = request.openapi.body
    member_id, tenant = request.authenticated_userid, request.tenant
    key = request_key(member_id, "walletTransfer", require_request_id(form))
    vassalage, direction = form["vassalage"], form["direction"]
    amount = None if form.get("all") is True else parse_amount(form.get("amount"))
    if find_transfer(request.db, tenant.id, member_id, key) is None:
        _check_vendor(request, member_id, vassalage)
    username = request.db.scalar(select(Member.username).where(Member.id == member_id))
    transfer = start(request.db, request.ledger, member_id, vassalage, direction, amount, key,
                     lambda: vendor_holds(request.plugins, tenant, member_id, username, vassalage))
    transfer_id = transfer.id
    pending = pending_of(request.db, tenant.id, transfer_id)
    if pending is not None:
        _commit(request)  # the vendor is asked only about a transfer the database keeps
        outcome = ask_vendor(request.plugins, tenant, pending)
        scope_connection(request.db, tenant.id)
        settle(request.db, request.ledger, pending, outcome)
    value = answer(request.db, tenant.id, transfer_id)
    if value["status"] == PENDING:
        raise ApiError(503, "transfer_unavailable", value=value, vassalage=vassalage)
    return value


# -- Later: pending transfers asked about again ---------------------------------------------------


def reconcile_transfers(db, tenant, plugins, older_than: timedelta = timedelta(0), at=None) -> dict[str, int]:
    """Ask the vendor again about every pending transfer of the brand made before ``older_than``
    ago, and settle those it answers. Commits after each transfer and holds no transaction while a
    vendor answers; safe to run twice at once (a transfer settles once)."""
    cutoff = (at or utcnow()) - older_than
    ids = db.scalars(select(WalletTransfer.id).where(
        WalletTransfer.tenant_id == tenant.id, WalletTransfer.status == PENDING, WalletTransfer.created_at <= cutoff,
    ).order_by(WalletTransfer.id)).all()
    db.commit()
    counts = {DONE: 0, FAILED: 0, PENDING: 0}
    for transfer_id in ids:
        pending = pending_of(db, tenant.id, transfer_id)
        db.commit()
        if pending is None:
            continue  # settled meanwhile
        outcome = ask_vendor(plugins, tenant, pending)
        try:
            status = settle(db, Ledger(db, tenant.id), pending, outcome)
            db.commit()
        except Exception:  # the database refused (a lock, a lost connection): the next run tries again
            db.rollback()
            log.exception("transfer not settled", extra={"transfer": transfer_id})
            status = PENDING
        if status is not None:
            counts[status] += 1
    return counts
