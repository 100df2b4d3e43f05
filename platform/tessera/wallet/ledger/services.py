"""Double-entry posting: every change of a balance is a transaction whose postings sum to zero.

Each transaction carries an idempotency key unique within its brand (a deposit id, a vendor's
transaction id, a member's request id). Posting the same key again answers the first transaction;
posting it with other fields is refused. Balances move by conditional updates taken in account-id
order, so concurrent posts neither lose an update nor deadlock each other, and an account that may
not go negative never does. On PostgreSQL a whole post (the transaction's row, every leg's move and
posting) is one statement, so the accounts' rows stay locked for one round trip before the commit.
House accounts are split into shards (models.HOUSE_SHARDS) and a member's posts take the shard of
their id, so members' posts lock rows of their own and never queue on one brand-wide row. A ledger
reads the house shards of a member with its first look-up of that member's account, and keeps the
accounts it has read for the rest of its unit of work.
"""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from sqlalchemy import (
    ColumnElement,
    String,
    Table,
    TextClause,
    and_,
    bindparam,
    delete,
    func,
    inspect,
    literal,
    select,
    text,
    update,
)
from sqlalchemy import cast as sql_cast
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from tessera.core.db import bound_to_tenant, writes
from tessera.core.envelope import ApiError
from tessera.core.timeutil import utcnow
from tessera.wallet.ledger.models import (
    HOUSE,
    HOUSE_ACCOUNTS,
    HOUSE_SHARDS,
    MAIN,
    POINTS,
    VENDOR,
    LedgerAccount,
    LedgerPosting,
    LedgerTransaction,
)


def posting(when: str = "true") -> str:
    """The common table expressions of a whole post (``posted_transaction``, ``postings`` and the
    steps between), for a statement that posts with more writes of its own: the post is made only
    where the SQL ``when`` holds (a row another expression wrote, say). Its values are those
    :meth:`Ledger.post_values` gives."""
    return f"""posted_transaction AS (
    INSERT INTO ledger_transactions (tenant_id, idempotency_key, kind, member_id, fingerprint, reference, remark,
                                     created_at)
    SELECT :tenant_id, :idempotency_key, :kind, :member_id, :fingerprint, :reference, :remark, :created_at
    WHERE {when}
    ON CONFLICT (tenant_id, idempotency_key) DO NOTHING
    RETURNING id
), legs AS (
    SELECT * FROM unnest(CAST(:accounts AS integer[]), CAST(:amounts AS bigint[])) AS leg(account_id, amount)
    WHERE EXISTS (SELECT FROM posted_transaction)
), locked AS (
    SELECT account.id FROM ledger_accounts AS account JOIN legs ON legs.account_id = account.id
    ORDER BY account.id FOR UPDATE OF account
), moved AS (
    UPDATE ledger_accounts AS account SET balance_minor = account.balance_minor + legs.amount
    FROM legs WHERE legs.account_id = account.id AND account.id IN (SELECT id FROM locked)
      AND (account.allow_negative OR legs.amount >= 0 OR account.balance_minor + legs.amount >= 0)
    RETURNING account.id, legs.amount, account.balance_minor
), postings AS (
    INSERT INTO ledger_postings (tenant_id, transaction_id, account_id, amount_minor, balance_after_minor)
    SELECT :tenant_id, posted_transaction.id, moved.id, moved.amount, moved.balance_minor
    FROM moved CROSS JOIN posted_transaction
    RETURNING account_id, balance_after_minor
)"""


# SQL that holds in a statement built on ``posting()`` once every leg moved (not on a refusal for funds).
ALL_POSTED = "(SELECT count(*) FROM postings) = cardinality(CAST(:accounts AS integer[]))"


def post_statement(along: str | None = None) -> TextClause:
    """The statement of a whole post; with ``along``, the common table expressions of a write that
    goes with it (reading ``posted_transaction``, gated on ``ALL_POSTED``), in the same statement."""
    return writes(
        text(f"""WITH {posting()}{f", {along}" if along else ""}
SELECT posted_transaction.id, postings.account_id, postings.balance_after_minor
FROM posted_transaction LEFT JOIN postings ON true""")
    )


# PostgreSQL: a whole post in one statement. The transaction's row goes in unless its key is taken
# (then nothing else happens: no row comes back, and the first post stands); the accounts' rows are
# locked in account-id order (no deadlock); each leg is checked on the row it locked, and a leg
# that would take an account that may not go negative below zero moves nothing (UNDO_POST then
# takes back the legs that moved). One row comes back per posting, or one without a posting.
POST_AT_ONCE = post_statement()
# The look-ups of every post, built once (their values bound when they run).
ACCOUNTS = bound_to_tenant(
    select(LedgerAccount).where(
        LedgerAccount.tenant_id == bindparam("tenant_id"), LedgerAccount.code.in_(bindparam("codes", expanding=True))
    )
)
BALANCE = bound_to_tenant(
    select(LedgerAccount.balance_minor).where(
        LedgerAccount.tenant_id == bindparam("tenant_id"), LedgerAccount.id == bindparam("account_id")
    )
)
TRANSACTION = bound_to_tenant(
    select(LedgerTransaction).where(
        LedgerTransaction.tenant_id == bindparam("tenant_id"), LedgerTransaction.idempotency_key == bindparam("key")
    )
)
UNDO_POST = writes(
    text("""
WITH undone AS (DELETE FROM ledger_postings WHERE transaction_id = :transaction RETURNING account_id, amount_minor)
UPDATE ledger_accounts AS account SET balance_minor = account.balance_minor - undone.amount_minor
FROM undone WHERE account.id = undone.account_id
""")
)


# The columns of a transaction's row among a post's values (``Ledger.post_values``).
TRANSACTION_FIELDS = (
    "tenant_id",
    "idempotency_key",
    "kind",
    "member_id",
    "fingerprint",
    "reference",
    "remark",
    "created_at",
)


def _row(values: dict) -> dict:
    return {name: values[name] for name in TRANSACTION_FIELDS}


NO_MEMBER_SHARD = 0  # the house shard of posts that name no member (a brand's own moves, fundings)


def house_shard(member_id: int | None) -> int:
    """The house shard a member's posts take: their id modulo the number of shards."""
    return NO_MEMBER_SHARD if member_id is None else member_id % HOUSE_SHARDS


def house_code(name: str, shard: int) -> str:
    """The code of one shard of a house account: ``house:bonuses:7``."""
    return f"{house_prefix(name)}{shard}"


def house_prefix(name: str) -> str:
    """What the codes of every shard of the house account ``name`` start with (for LIKE)."""
    if name not in HOUSE_ACCOUNTS:
        raise ValueError(f"no house account {name!r}")
    return f"house:{name}:"


def house_name(code: str) -> str | None:
    """The house account a shard's code belongs to (``house:bonuses:7`` -> ``bonuses``); None for
    an account that is not the house's."""
    parts = code.split(":")
    return parts[1] if parts[0] == HOUSE and len(parts) == 3 else None


def _unsharded(code: str) -> str:
    name = house_name(code)
    return code if name is None else f"{HOUSE}:{name}"


def _shard_of(code: str) -> int | None:
    """The house shard that goes with an account's code: a member's, or a house shard's own."""
    parts = code.split(":")
    if parts[0] == "member" and parts[1].isdigit():
        return house_shard(int(parts[1]))
    if parts[0] == HOUSE and len(parts) == 3 and parts[2].isdigit():
        return int(parts[2])
    return None


def house_code_of(name: str, member_id) -> ColumnElement[str]:
    """``house_code`` in SQL: the code of the shard of ``name`` that the posts of the member whose
    id is the SQL expression ``member_id`` take (to join the account in a query)."""
    return literal(house_prefix(name)) + sql_cast(member_id % HOUSE_SHARDS, String)


def main_code_of(member_id) -> ColumnElement[str]:
    """``member_code`` of a main account in SQL, for the member whose id is the SQL expression ``member_id``."""
    return literal("member:") + sql_cast(member_id, String) + literal(f":{MAIN}")


# A member's main account and their shard of a house account, joined to a query of members (the
# money call's, the bonus's) on these conditions, in the brand bound as ``tenant_id``.
MAIN_ACCOUNT = aliased(LedgerAccount, name="main_account")
HOUSE_ACCOUNT = aliased(LedgerAccount, name="house_account")


def main_account_of(member_id) -> ColumnElement[bool]:
    """``MAIN_ACCOUNT`` is the main account of the member whose id is the SQL expression ``member_id``."""
    return and_(MAIN_ACCOUNT.tenant_id == bindparam("tenant_id"), MAIN_ACCOUNT.code == main_code_of(member_id))


def house_account_of(name: str, member_id) -> ColumnElement[bool]:
    """``HOUSE_ACCOUNT`` is the shard of the house account ``name`` that the member's posts take."""
    return and_(HOUSE_ACCOUNT.tenant_id == bindparam("tenant_id"), HOUSE_ACCOUNT.code == house_code_of(name, member_id))


def member_code(member_id: int, kind: str = MAIN, vendor: str | None = None) -> str:
    """The code of a member's account: ``member:7:main``, ``member:7:points``, ``member:7:vendor:TWV``."""
    if kind not in (MAIN, VENDOR, POINTS) or (kind == VENDOR) != bool(vendor):
        raise ValueError(f"no member account of kind {kind!r} (vendor {vendor!r})")
    return f"member:{member_id}:{kind}" + (f":{vendor}" if vendor else "")


def member_accounts(db, tenant_id: int, member_id: int) -> list[LedgerAccount]:
    """The member's main and vendor accounts that exist (reading never makes one)."""
    found = (
        select(LedgerAccount)
        .where(
            LedgerAccount.tenant_id == tenant_id,
            LedgerAccount.member_id == member_id,
            LedgerAccount.kind.in_((MAIN, VENDOR)),
        )
        .order_by(LedgerAccount.id)
    )
    return list(db.scalars(found))


class InsufficientFunds(ApiError):
    def __init__(self, account: LedgerAccount):
        super().__init__(400, "insufficient_funds")
        self.account = account


class IdempotencyConflict(ApiError):
    def __init__(self, key: str):
        super().__init__(409, "idempotency_conflict")
        self.key = key


@dataclass(frozen=True)
class Along:
    """A write that goes with a post, made only when the post is (not on a replay or a refusal).
    On PostgreSQL it is part of the post's statement (``statement``, built once by
    ``post_statement``, with ``values`` bound beside the post's), so the accounts' rows are locked
    for no statement after it; elsewhere ``write(transaction)`` runs after the post."""

    statement: TextClause
    values: dict
    write: Callable[[LedgerTransaction], None]


@dataclass(frozen=True)
class Leg:
    account: LedgerAccount
    amount: int  # minor units; positive raises the account's balance


def fingerprint(kind: str, member_id: int | None, legs: list[Leg], reference: str | None) -> str:
    """What makes two posts of one key the same post: the kind, whose it is, what moves where. A
    house shard counts as its house account (``house:bonuses``), as posts before the shards named it."""
    moves = sorted([_unsharded(leg.account.code), leg.amount] for leg in legs)
    text = json.dumps([kind, member_id, moves, reference], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class Ledger:
    """The ledger of one brand, inside the caller's unit of work (it never commits). It names its
    brand in every query, so operator commands working across brands use it safely too."""

    def __init__(self, db: Session, tenant_id: int):
        self.db = db
        self.tenant_id = tenant_id
        self._known: dict[str, LedgerAccount] = {}  # accounts read or made through this ledger, by code
        self._shards_read: set[int] = set()  # house shards read with a look-up

    # -- accounts -------------------------------------------------------------------------

    def member_account(self, member_id: int, kind: str = MAIN, vendor: str | None = None) -> LedgerAccount:
        code = member_code(member_id, kind, vendor)
        return self._account(code, kind=kind, member_id=member_id, vendor=vendor, allow_negative=False)

    def member_balance(self, member_id: int, kind: str = MAIN, vendor: str | None = None) -> int:
        """The balance of a member's account as the database has it now; 0 for an account not made
        yet (reading never makes it)."""
        account = self.existing_account(member_code(member_id, kind, vendor))
        return 0 if account is None else self.balance(account)

    def house_account(self, name: str, member_id: int | None) -> LedgerAccount:
        """The shard of the house account ``name`` that the posts of ``member_id`` take (None: a
        post that names no member)."""
        code = house_code(name, house_shard(member_id))
        return self._account(code, kind=HOUSE, member_id=None, vendor=None, allow_negative=True)

    def house_balance(self, name: str) -> int:
        """The balance of the house account ``name``: the sum of its shards, as the database has it now."""
        total = select(func.coalesce(func.sum(LedgerAccount.balance_minor), 0)).where(
            LedgerAccount.tenant_id == self.tenant_id,
            LedgerAccount.kind == HOUSE,
            LedgerAccount.code.startswith(house_prefix(name), autoescape=True),
        )
        return int(self.db.execute(total).scalar_one())

    def existing_account(self, code: str) -> LedgerAccount | None:
        """The account of ``code``, if it exists. The first look-up of a member's account (or of
        a house shard) also reads the house shards that go with it, which most posts need."""
        known = self._known.get(code)
        if known is not None and not inspect(known).persistent:  # made in a savepoint since rolled back
            del self._known[code]
        if code not in self._known:
            wanted = {code}
            shard = _shard_of(code)
            if shard is not None and shard not in self._shards_read:
                self._shards_read.add(shard)
                wanted.update(house_code(name, shard) for name in HOUSE_ACCOUNTS)
            for account in self.db.scalars(ACCOUNTS, {"tenant_id": self.tenant_id, "codes": sorted(wanted)}):
                self._known.setdefault(account.code, account)
        return self._known.get(code)

    def knows(self, *accounts: LedgerAccount | None) -> None:
        """Accounts the caller read itself (in a statement of its own, with a lock, say): they are
        not looked up again. None stands for an account not made yet."""
        for account in accounts:
            if account is not None:
                self._known.setdefault(account.code, account)

    def _account(self, code: str, **fields) -> LedgerAccount:
        account = self.existing_account(code)
        if account is not None:
            return account
        try:
            with self.db.begin_nested():
                account = LedgerAccount(tenant_id=self.tenant_id, code=code, balance_minor=0, **fields)
                self.db.add(account)
        except IntegrityError:  # made at the same moment by another request
            made = self.existing_account(code)
            assert made is not None
            return made
        self._known[code] = account
        return account

    def balance(self, account: LedgerAccount) -> int:
        """The account's balance as the database has it now."""
        minor = self.db.execute(BALANCE, {"tenant_id": self.tenant_id, "account_id": account.id}).scalar_one()
        set_committed_value(account, "balance_minor", minor)
        return minor

    # -- transactions ---------------------------------------------------------------------

    def find(self, key: str) -> LedgerTransaction | None:
        return self.db.scalars(TRANSACTION, {"tenant_id": self.tenant_id, "key": key}).one_or_none()

    def post(
        self,
        key: str,
        kind: str,
        legs: list[Leg],
        member_id: int | None = None,
        reference: str | None = None,
        remark: str | None = None,
        along: Along | None = None,
    ) -> LedgerTransaction:
        """Post ``legs`` as one transaction under ``key``, and what goes ``along`` with it; the
        first transaction on a replay (its ``replayed`` is then true).

        A post that writes leaves each leg's ``account.balance_minor`` at the balance it made (no
        need to read it again). Raises :class:`IdempotencyConflict` when ``key`` was posted with other fields and
        :class:`InsufficientFunds` when an account that may not go negative would; nothing is
        posted then.
        """
        values = self.post_values(key, kind, legs, member_id, reference, remark)
        if self.db.get_bind().dialect.name == "postgresql":
            return self._post_at_once(legs, values, along)
        first = self.find(key)
        if first is not None:
            return self._replayed(first, key, values["fingerprint"])
        try:
            with self.db.begin_nested():
                transaction = self._write(legs, values)
                if along is not None:
                    along.write(transaction)
                return transaction
        except InsufficientFunds:
            for leg in legs:  # balances read inside the undone savepoint are stale
                self.db.expire(leg.account, ["balance_minor"])
            raise
        except IntegrityError:  # the same key posted at the same moment: that one stands
            first = self.find(key)
            if first is None:
                raise
            return self._replayed(first, key, values["fingerprint"])

    def post_values(
        self,
        key: str,
        kind: str,
        legs: list[Leg],
        member_id: int | None = None,
        reference: str | None = None,
        remark: str | None = None,
    ) -> dict:
        """The values of a post of ``legs`` under ``key`` (the transaction's row, and on
        PostgreSQL the accounts and amounts ``posting()`` moves, in account-id order), checked."""
        if not legs or any(not isinstance(leg.amount, int) or leg.amount == 0 for leg in legs):
            raise ValueError("a transaction needs legs with non-zero integer amounts")
        if sum(leg.amount for leg in legs) != 0:
            raise ValueError("a transaction's postings must sum to zero")
        if len({leg.account.id for leg in legs}) != len(legs):
            raise ValueError("a transaction posts to an account once")
        ordered = sorted(legs, key=lambda leg: leg.account.id)
        return dict(
            tenant_id=self.tenant_id,
            idempotency_key=key,
            kind=kind,
            member_id=member_id,
            fingerprint=fingerprint(kind, member_id, legs, reference),
            reference=reference,
            remark=remark,
            created_at=utcnow(),
            accounts=[leg.account.id for leg in ordered],
            amounts=[leg.amount for leg in ordered],
        )

    @staticmethod
    def moved(legs: list[Leg], after: dict[int, int]) -> None:
        """Each leg's account holds the balance a post at once left it (``after``, by account id)."""
        for leg in legs:
            set_committed_value(leg.account, "balance_minor", after[leg.account.id])

    @staticmethod
    def _replayed(first: LedgerTransaction | None, key: str, prints: str) -> LedgerTransaction:
        if first is None or first.fingerprint != prints:
            raise IdempotencyConflict(key)
        first.replayed = True
        return first

    def _write(self, legs: list[Leg], values: dict) -> LedgerTransaction:
        transaction = LedgerTransaction(**_row(values))
        self.db.add(transaction)
        self.db.flush()
        postings = []
        for leg in sorted(legs, key=lambda leg: leg.account.id):
            after = self._move(leg)
            postings.append(
                LedgerPosting(
                    tenant_id=self.tenant_id,
                    transaction_id=transaction.id,
                    account_id=leg.account.id,
                    amount_minor=leg.amount,
                    balance_after_minor=after,
                )
            )
        self.db.add_all(postings)
        self.db.flush()
        return transaction

    def _post_at_once(self, legs: list[Leg], values: dict, along: Along | None) -> LedgerTransaction:
        """PostgreSQL: one statement, POST_AT_ONCE (or ``along``'s), and no savepoint; the accounts'
        rows then stay locked only until the caller commits. A taken key means the first post stands
        (nothing was locked). A refusal for funds takes back what moved and deletes the row: nothing
        is left (``along`` wrote nothing)."""
        if along is None:
            rows = self.db.execute(POST_AT_ONCE, values).all()
        else:
            rows = self.db.execute(along.statement, along.values | values).all()
        if not rows:  # posted before, or by a request that committed meanwhile
            key = values["idempotency_key"]
            return self._replayed(self.find(key), key, values["fingerprint"])
        transaction_id = rows[0][0]
        after = {account_id: balance for _, account_id, balance in rows if account_id is not None}
        if len(after) != len(legs):  # refused for funds: the rows are still ours to put back
            self.db.execute(UNDO_POST, {"transaction": transaction_id})
            table = cast(Table, LedgerTransaction.__table__)
            self.db.execute(delete(table).where(table.c.id == transaction_id))
            for leg in legs:  # as a refusal by the portable path leaves them
                self.db.expire(leg.account, ["balance_minor"])
            raise InsufficientFunds(next(leg.account for leg in legs if leg.account.id not in after))
        self.moved(legs, after)
        transaction = LedgerTransaction(id=transaction_id, **_row(values))
        make_transient_to_detached(transaction)
        self.db.add(transaction)
        return transaction

    def _move(self, leg: Leg) -> int:
        """Add the leg to its account's balance in one statement; refuse it when it would take an
        account that may not go negative below zero."""
        account = leg.account
        new_balance = LedgerAccount.balance_minor + leg.amount
        statement = (
            update(LedgerAccount)
            .where(LedgerAccount.id == account.id)
            .values(balance_minor=new_balance)
            .returning(LedgerAccount.balance_minor)
            .execution_options(synchronize_session=False)
        )
        if leg.amount < 0:
            statement = statement.where(LedgerAccount.allow_negative | (new_balance >= 0))
        after = self.db.scalar(statement)
        if after is None:
            raise InsufficientFunds(account)
        set_committed_value(account, "balance_minor", after)
        return after
