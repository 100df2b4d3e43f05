"""Deposits: the channels the brand's payment plugins offer, starting a deposit, proof of a bank
transfer, the gateways' notifications, an operator's approval, and reconciling deposits whose
notification never came.

A deposit is credited once, under the ledger key ``deposit:{id}:paid`` (deposits clearing to the
member's main wallet), whoever says it is paid first: a notification, a reconciliation or an
operator. Notifications may come twice, out of order or late; once paid, a deposit stays paid.
"""

import logging
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import and_, not_, or_, select
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal
from tessera.core.timeutil import as_utc
from tessera.identity.accounts.models import Member
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.plugins import AdapterError
from tessera.wallet.ledger.services import Ledger, Leg
from tessera.wallet.pages import Page, page_of, stamp
from tessera.wallet.payments.models import (
    EXPIRED,
    FAILED,
    MANUAL,
    PAID,
    PENDING,
    REDIRECT,
    REJECTED,
    ChannelSetting,
    Deposit,
)
from tessera.wallet.payments.services import field_refusal, locked
from tessera.wallet.requests import request_key
from tessera.wallet.settings import setting_minor, wallet_settings

log = logging.getLogger(__name__)

DEFAULT_EXPIRY_MINUTES = 60
RECONCILE_AFTER = timedelta(minutes=5)  # a gateway's notification usually comes well before this
NOTIFICATION_MAX_BYTES = 64 * 1024
READINGS = (PAID, PENDING, FAILED)
MAX_ID = 2**31 - 1  # row ids are 32-bit integers


@dataclass(frozen=True)
class Channel:
    plugin: str
    channel: str
    title: str
    kind: str
    min_minor: int
    max_minor: int | None
    instructions: dict | None

    def value(self, money) -> dict:
        shown: dict[str, object] = {
            "channel": self.channel,
            "plugin": self.plugin,
            "title": self.title,
            "kind": self.kind,
            "minAmount": money.format(self.min_minor),
            "maxAmount": None if self.max_minor is None else money.format(self.max_minor),
        }
        if self.kind == MANUAL and self.instructions:
            shown["instructions"] = self.instructions
        return shown


def narrowed(
    low: int | None, high: int | None, brand_low: int | None, brand_high: int | None, step: int = 1
) -> tuple[int, int | None]:
    """The narrower of a channel's and the brand's bounds, inside the brand's steps; at least one step."""
    lows = [x for x in (low, brand_low, step) if x is not None]
    highs = [x for x in (high, brand_high) if x is not None]
    least = -(-max(lows) // step) * step  # a channel's bound between two steps moves inwards
    return least, (min(highs) // step * step if highs else None)


def channel_settings(db) -> dict[str, ChannelSetting]:
    """What the brand's staff set for its channels, by channel."""
    return {setting.channel: setting for setting in db.scalars(select(ChannelSetting))}


def _tighter(brand: int | None, staff: int | None, pick) -> int | None:
    return brand if staff is None else staff if brand is None else pick(brand, staff)


def channels(plugins, tenant, language: str | None = None, settings: dict | None = None) -> list[Channel]:
    """Every enabled plugin's channels, the brand's [wallet] deposit bounds and its staff's
    ``settings`` (:func:`channel_settings`) narrowing theirs, titled in ``language`` where the
    plugin gives ``titles``; a channel staff switched off, and those of a plugin that cannot answer
    now, are left out."""
    brand_low, brand_high = setting_minor(tenant, "deposit_min"), setting_minor(tenant, "deposit_max")
    money = tenant.money
    found: dict[str, Channel] = {}
    for plugin, offered in plugins.payment_offers():
        for offer in offered:
            setting = (settings or {}).get(offer["channel"])
            if setting is not None and not setting.enabled:
                continue
            low, high = narrowed(
                money.minor_of(offer.get("minAmount")),
                money.minor_of(offer.get("maxAmount")),
                _tighter(brand_low, None if setting is None else setting.min_minor, max),
                _tighter(brand_high, None if setting is None else setting.max_minor, min),
                money.step,
            )
            kind = offer.get("kind", REDIRECT)
            if offer["channel"] in found or (high is not None and low > high) or kind not in (MANUAL, REDIRECT):
                continue  # a channel id is the first plugin's; one nobody may use is not offered
            title = (offer.get("titles") or {}).get(language) or offer["title"]
            found[offer["channel"]] = Channel(
                plugin, offer["channel"], title, kind, low, high, offer.get("instructions")
            )
    return list(found.values())


def channel_listing(db, plugins, tenant, language: str | None) -> dict:
    return {
        "currency": tenant.currency,
        "currencySymbol": tenant.currency_symbol,
        "channels": [c.value(tenant.money) for c in channels(plugins, tenant, language, channel_settings(db))],
    }


# -- What a member sees ---------------------------------------------------------------------


def expiry(tenant) -> timedelta:
    return timedelta(minutes=wallet_settings(tenant).get("deposit_expiry_minutes", DEFAULT_EXPIRY_MINUTES))


def shown_status(deposit: Deposit, at, tenant) -> str:
    """A gateway deposit still pending after the brand's expiry shows as expired; a notification
    that it was paid after all still credits it."""
    if deposit.status == PENDING and deposit.kind == REDIRECT and as_utc(deposit.created_at) + expiry(tenant) <= at:
        return EXPIRED
    return deposit.status


def deposit_value(deposit: Deposit, at, tenant) -> dict:
    return {
        "id": deposit.id,
        "channel": deposit.channel,
        "channelTitle": deposit.channel_title,
        "kind": deposit.kind,
        "amount": tenant.money.format(deposit.amount_minor),
        "currency": deposit.currency,
        "status": shown_status(deposit, at, tenant),
        "reference": deposit.reference,
        "hasProof": bool(deposit.proof),
        "remark": deposit.remark,
        "createdAt": stamp(deposit.created_at),
        "updatedAt": stamp(deposit.updated_at),
    }


def status_filter(status: str | None, at, tenant):
    """The criteria for deposits shown with ``status`` (expiry is worked out, not always stored)."""
    if not status:
        return True
    overdue = and_(Deposit.status == PENDING, Deposit.kind == REDIRECT, Deposit.created_at <= at - expiry(tenant))
    if status == PENDING:
        return and_(Deposit.status == PENDING, not_(overdue))
    if status == EXPIRED:
        return or_(Deposit.status == EXPIRED, overdue)
    return Deposit.status == status


def deposits_page(db, tenant, at, member_id: int | None, status: str | None, page_no: int, page_size: int) -> Page:
    """A page of the member's deposits (every member's for operators: ``member_id`` None), newest first."""
    query = select(Deposit).where(status_filter(status, at, tenant))
    if member_id is not None:
        query = query.where(Deposit.member_id == member_id)
    return page_of(db, query, (Deposit.created_at.desc(), Deposit.id.desc()), page_no, page_size)


def member_deposits(db, tenant, at, member_id: int, status: str | None, page_no: int, page_size: int) -> dict:
    page = deposits_page(db, tenant, at, member_id, status, page_no, page_size)
    return page.value(lambda d: deposit_value(d, at, tenant))


def member_deposit(db, member_id: int, deposit_id: int) -> Deposit:
    deposit = db.scalar(select(Deposit).where(Deposit.id == deposit_id, Deposit.member_id == member_id))
    if deposit is None:
        raise ApiError(404, "deposit_not_found")
    return deposit


# -- Starting a deposit ----------------------------------------------------------------------


def start(call: Call, member_id: int, form: dict, site: str) -> dict:
    """Make the deposit, then ask its plugin to start it (the member comes back to ``site``, the
    brand's address the call came to). A replay of ``requestId`` answers the first deposit;
    nothing is kept when the plugin cannot start it."""
    db, tenant, at = call.db, call.tenant, call.at
    key = request_key(member_id, "deposit", form["requestId"])
    first = db.scalar(select(Deposit).where(Deposit.request_key == key))
    if first is not None:
        return _replayed(call, first, form)
    offered = channels(call.plugins, tenant, call.language, channel_settings(db))
    channel = next((c for c in offered if c.channel == form["channel"]), None)
    if channel is None:
        raise ApiError(404, "payment_channel_unknown", channel=form["channel"])
    amount = tenant.money.parse(form["amount"], minimum=channel.min_minor, maximum=channel.max_minor)
    reference = _member_reference(call, channel, form)
    deposit = Deposit(
        member_id=member_id,
        plugin=channel.plugin,
        channel=channel.channel,
        channel_title=channel.title,
        kind=channel.kind,
        amount_minor=amount,
        currency=tenant.currency,
        status=PENDING,
        reference=reference,
        request_key=key,
        start_answer={},
        created_at=at,
        updated_at=at,
    )
    try:
        with db.begin_nested():
            db.add(deposit)
    except IntegrityError:  # the same request at the same moment: that one stands
        return _replayed(call, db.scalar(select(Deposit).where(Deposit.request_key == key)), form)
    deposit.start_answer = _started(call, channel, deposit, member_id, site)
    db.flush()
    return {"deposit": deposit_value(deposit, at, tenant), **deposit.start_answer}


def _member_reference(call: Call, channel: Channel, form: dict) -> str | None:
    """A bank transfer is matched by the member's reference; a gateway gives its own later."""
    if channel.kind != MANUAL:
        return None
    reference = (form.get("reference") or "").strip()
    if not reference:
        raise field_refusal(call, ["reference"], "field_required")
    return reference


def _replayed(call: Call, first: Deposit | None, form: dict) -> dict:
    if first is None:  # the request that stood was rolled back meanwhile
        raise ApiError(409, "idempotency_conflict")
    same = (
        first.channel == form["channel"]
        and first.amount_minor == call.tenant.money.parse(form["amount"])
        and (first.kind != MANUAL or first.reference == (form.get("reference") or "").strip())
    )
    if not same:
        raise ApiError(409, "idempotency_conflict")
    return {"deposit": deposit_value(first, call.at, call.tenant), **(first.start_answer or {})}


def _started(call: Call, channel: Channel, deposit: Deposit, member_id: int, site: str) -> dict:
    host = site
    order = {
        "depositId": str(deposit.id),
        "amount": call.tenant.money.format(deposit.amount_minor),
        "currency": deposit.currency,
        "returnUrl": f"{host}/?memberCentre=depositv2&deposit={deposit.id}",
        "notifyUrl": f"{host}/wps/payments/webhook/{channel.plugin}/{channel.channel}",
        "member": {"id": member_id, "username": call.db.get_one(Member, member_id).username},
    }
    try:
        answer = call.plugins.payment_start(channel.plugin, channel.channel, order)
    except AdapterError as refused:
        log.warning("payment plugin %s could not start deposit %s: %s", channel.plugin, deposit.id, refused.code)
        if refused.code == "payment_refused":
            raise ApiError(502, "payment_refused") from None
        raise ApiError(503, "payment_unavailable") from None
    if channel.kind == REDIRECT:
        url = (answer or {}).get("redirectUrl")
        if not isinstance(url, str) or not url.startswith(("https://", "http://")):
            log.error(
                "payment plugin %s started deposit %s without a redirect URL: %r", channel.plugin, deposit.id, answer
            )
            raise ApiError(503, "payment_unavailable")
        return {"redirectUrl": url}
    instructions = (answer or {}).get("instructions") or channel.instructions
    return {"instructions": instructions} if instructions else {}


# -- Crediting -------------------------------------------------------------------------------


def credit(ledger, deposit: Deposit, at) -> None:
    """Credit the deposit to its member, once: a second credit of the same deposit posts nothing."""
    main = ledger.member_account(deposit.member_id)
    clearing = ledger.house_account("deposits_clearing", deposit.member_id)
    transaction = ledger.post(
        key=f"deposit:{deposit.id}:paid",
        kind="deposit",
        member_id=deposit.member_id,
        legs=[Leg(clearing, -deposit.amount_minor), Leg(main, deposit.amount_minor)],
        reference=f"deposit:{deposit.id}",
    )
    deposit.status, deposit.paid_at, deposit.transaction_id, deposit.updated_at = PAID, at, transaction.id, at


def apply_reading(db, ledger, money, plugin: str, channel: str, reading: dict, at, ip: str | None) -> str:
    """Bring a deposit to what the gateway says of it; returns what happened: ``credited``,
    ``unchanged`` (a repeat, or news older than what is known), ``failed``, or ``mismatch``
    (a payment of another amount or currency: audited, nothing credited)."""
    if not isinstance(reading, dict) or reading.get("status") not in READINGS:
        raise ApiError(400, "payment_notification_malformed")
    try:
        deposit_id = int(str(reading.get("depositId")))
    except ValueError:
        raise ApiError(400, "payment_notification_malformed") from None
    found = 0 < deposit_id <= MAX_ID
    deposit = locked(db, Deposit, deposit_id, Deposit.plugin == plugin, Deposit.channel == channel) if found else None
    if deposit is None:  # another brand's, another channel's, or never made
        raise ApiError(404, "deposit_not_found")
    status = reading["status"]
    if deposit.status == PAID or status == PENDING:
        return "unchanged"
    if status == FAILED:
        if deposit.status != PENDING:
            return "unchanged"
        deposit.status, deposit.updated_at = FAILED, at
        return "failed"
    currency = reading.get("currency", deposit.currency)
    if money.minor_of(reading.get("amount")) != deposit.amount_minor or currency != deposit.currency:
        audit(
            db,
            "deposit_mismatch",
            ip,
            at,
            deposit.member_id,
            deposit=deposit.id,
            plugin=plugin,
            amount=str(reading.get("amount")),
            currency=str(currency),
            expected=money.format(deposit.amount_minor),
        )
        return "mismatch"
    if reading.get("reference") and deposit.kind == REDIRECT:
        deposit.reference = str(reading["reference"])[:64]
    credit(ledger, deposit, at)  # a late payment (expired, failed, rejected) was still taken: it counts
    return "credited"


def _told(reading: dict) -> dict:
    """What a notification said of its payment, as short text (for the audit)."""
    fields = {"depositId": "deposit", "amount": "amount", "currency": "currency", "reference": "reference"}
    return {name: str(reading[key])[:64] for key, name in fields.items() if reading.get(key) is not None}


def takes_notifications(plugins, plugin: str, channel: str) -> None:
    """Refuse a notification for a plugin that takes none (checked before its body is read)."""
    if not plugins.takes_notifications(plugin):
        raise ApiError(404, "payment_channel_unknown", channel=channel)


def receive_notification(call: Call, ledger: Ledger, plugin: str, channel: str, headers: dict, body: bytes) -> None:
    """A gateway's notification (for a plugin that takes them: :func:`takes_notifications`): its
    plugin reads and checks it, then the deposit follows it."""
    at, ip = call.at, call.ip
    try:
        reading = call.plugins.payment_webhook(plugin, channel, headers, body)
    except AdapterError as refused:
        if refused.code == "payment_notification_forged":
            audit(call.db, "payment_forged", ip, at, plugin=plugin, channel=channel)
            raise KeptRefusal(401, "payment_signature_invalid") from None
        raise ApiError(400, "payment_notification_malformed") from None
    if reading is None:
        raise ApiError(404, "payment_channel_unknown", channel=channel)
    try:
        outcome = apply_reading(call.db, ledger, call.tenant.money, plugin, channel, reading, at, ip)
    except ApiError as refused:
        if refused.code != "deposit_not_found":
            raise
        # A payment the brand knows nothing of: kept, for the back office's unmatched notifications.
        audit(call.db, "payment_unmatched", ip, at, plugin=plugin, channel=channel, **_told(reading))
        raise KeptRefusal(404, "deposit_not_found") from None
    if outcome == "mismatch":
        raise KeptRefusal(409, "payment_amount_mismatch")


# -- Operators -------------------------------------------------------------------------------


def approve(db, ledger, deposit_id: int, remark: str | None, at, operator: str, ip: str | None) -> Deposit:
    """An operator saw the money arrive: credit it. Approving a paid deposit again credits nothing."""
    deposit = _locked_or_404(db, deposit_id)
    if deposit.status == PAID:
        return deposit
    if deposit.status == REJECTED:
        raise ApiError(409, "deposit_state_conflict", state=deposit.status)
    credit(ledger, deposit, at)
    if remark:
        deposit.remark = remark
    audit(db, "deposit_approved", ip, at, deposit.member_id, deposit=deposit.id, operator=operator)
    return deposit


def reject(db, deposit_id: int, remark: str, at, operator: str, ip: str | None) -> Deposit:
    deposit = _locked_or_404(db, deposit_id)
    if deposit.status == REJECTED:
        return deposit
    if deposit.status not in (PENDING, EXPIRED):
        raise ApiError(409, "deposit_state_conflict", state=deposit.status)
    deposit.status, deposit.remark, deposit.updated_at = REJECTED, remark, at
    audit(db, "deposit_rejected", ip, at, deposit.member_id, deposit=deposit.id, operator=operator)
    return deposit


def _locked_or_404(db, deposit_id: int) -> Deposit:
    deposit = locked(db, Deposit, deposit_id)
    if deposit is None:
        raise ApiError(404, "deposit_not_found")
    return deposit


# -- Reconciling -----------------------------------------------------------------------------


def reconcile(unit_of_work, plugins, tenant, at) -> dict[str, int]:
    """Ask the gateways about pending redirect deposits older than a few minutes, for the
    notifications that never came; a deposit the gateway does not know is marked expired once
    past the brand's expiry. ``unit_of_work()`` opens a transaction on the brand's rows (a context
    manager giving a session): each deposit is settled in its own, after its gateway answered,
    so no lock is held while a gateway is asked. Returns how many deposits ended each way."""
    counts = {"credited": 0, "failed": 0, "expired": 0, "unchanged": 0, "mismatch": 0, "unavailable": 0}
    with unit_of_work() as db:
        waiting = db.execute(
            select(Deposit.id, Deposit.plugin, Deposit.channel)
            .where(
                Deposit.status == PENDING,
                Deposit.kind == REDIRECT,
                Deposit.created_at <= at - RECONCILE_AFTER,
            )
            .order_by(Deposit.id)
        ).all()
    for deposit_id, plugin, channel in waiting:
        try:
            reading = plugins.payment_query(plugin, channel, str(deposit_id))
            with unit_of_work() as db:
                counts[_settle(db, tenant, plugin, channel, deposit_id, reading, at)] += 1
        except (AdapterError, ApiError) as refused:
            log.warning("could not reconcile deposit %s with plugin %s: %s", deposit_id, plugin, refused.code)
            counts["unavailable"] += 1
    return counts


def _settle(db, tenant, plugin: str, channel: str, deposit_id: int, reading: dict | None, at) -> str:
    if reading is not None and reading.get("status") != PENDING:
        return apply_reading(db, Ledger(db, tenant.id), tenant.money, plugin, channel, reading, at, None)
    deposit = locked(db, Deposit, deposit_id)
    if deposit.status == PENDING and shown_status(deposit, at, tenant) == EXPIRED:
        deposit.status, deposit.updated_at = EXPIRED, at
        return "expired"
    return "unchanged"
