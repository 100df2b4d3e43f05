"""Transfers to the upline: a member sends money from the main wallet to the main wallet of the
agent or member who brought them, when the brand allows it ([wallet] to_upline)."""

from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import Member
from tessera.identity.accounts.services import upline_of
from tessera.identity.calls import Call
from tessera.wallet.ledger.services import InsufficientFunds, Ledger, Leg
from tessera.wallet.payments.password import check_payment_password
from tessera.wallet.requests import request_key, require_request_id
from tessera.wallet.settings import wallet_settings

KIND = "upline_out"  # one transaction with both legs, made for the sender; the upline sees it too


def transfer_to_upline(call: Call, ledger: Ledger, member_id: int, form: dict) -> dict:
    """Send the form's amount from the member's main wallet to the upline's, once per ``requestId``."""
    db = call.db
    key = request_key(member_id, "uplineTransfer", require_request_id(form))
    amount = call.tenant.money.parse(form.get("amount"))
    member = db.get_one(Member, member_id)
    upline = upline_of(db, member) if wallet_settings(call.tenant).get("to_upline", False) else None
    if upline is None:
        raise ApiError(403, "upline_transfer_not_allowed")
    given = form.get("paymentPassword")
    check_payment_password(call, member.id, given if isinstance(given, str) else None)
    sender = ledger.member_account(member.id)
    # Refused before posting too: an amount past any balance may be past the column's range.
    if ledger.find(key) is None and amount > ledger.balance(sender):
        raise InsufficientFunds(sender)
    transaction = ledger.post(
        key,
        KIND,
        [Leg(sender, -amount), Leg(ledger.member_account(upline.id), amount)],
        member_id=member.id,
        reference=f"upline:{upline.id}",
    )
    # A replay answers the first result: the balance that transfer left.
    left = next(p.balance_after_minor for p in transaction.postings if p.account_id == sender.id)
    return {"transferId": transaction.id, "mainBalance": call.tenant.money.format(left)}
