"""A member's saved bank accounts, which withdrawals are paid into: at most five, the number
shown masked. Deleting one hides it; the withdrawals made to it keep their copy of it."""

from sqlalchemy import func, select

from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import Member
from tessera.identity.calls import Call
from tessera.wallet.pages import stamp
from tessera.wallet.payments.models import BankAccount
from tessera.wallet.payments.services import field_refusal, locked, masked

MAX_ACCOUNTS = 5
NAME_FIELDS = (("bankName", "bank_name"), ("accountName", "account_name"))


def account_value(account: BankAccount) -> dict:
    return {
        "id": account.id,
        "bankName": account.bank_name,
        "accountName": account.account_name,
        "accountNumber": masked(account.account_number),
        "createdAt": stamp(account.created_at),
    }


def _live(member_id: int):
    return select(BankAccount).where(BankAccount.member_id == member_id, BankAccount.deleted_at.is_(None))


def live_accounts(db, member_id: int) -> list[BankAccount]:
    return list(db.scalars(_live(member_id).order_by(BankAccount.id)))


def live_account(db, member_id: int, account_id: int) -> BankAccount:
    """One of the member's own accounts, not deleted; any other is not found."""
    account = db.scalar(_live(member_id).where(BankAccount.id == account_id))
    if account is None:
        raise ApiError(404, "bank_account_not_found")
    return account


def add_account(call: Call, member_id: int, form: dict) -> BankAccount:
    """Save the account; the same account sent again (a second tap, a retried request, at the same
    moment or later) answers the one saved, never a copy."""
    db = call.db
    names = {column: " ".join(form[field].split()) for field, column in NAME_FIELDS}
    blank = [field for field, column in NAME_FIELDS if not names[column]]
    if blank:
        raise field_refusal(call, blank, "field_required")
    locked(db, Member, member_id)  # the member's adds take turns (PostgreSQL; SQLite's already do)
    same = _live(member_id).where(
        BankAccount.bank_name == names["bank_name"], BankAccount.account_number == form["accountNumber"]
    )
    saved = db.scalar(same.order_by(BankAccount.id).limit(1))
    if saved is not None:
        return saved
    count = db.execute(select(func.count()).select_from(_live(member_id).subquery())).scalar_one()
    if count >= MAX_ACCOUNTS:
        raise ApiError(409, "bank_account_limit", max=MAX_ACCOUNTS)
    account = BankAccount(member_id=member_id, account_number=form["accountNumber"], created_at=call.at, **names)
    db.add(account)
    db.flush()
    return account


def delete_account(db, at, member_id: int, account_id: int) -> None:
    live_account(db, member_id, account_id).deleted_at = at
