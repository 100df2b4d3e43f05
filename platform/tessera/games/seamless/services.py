"""The seamless wallet: a vendor whose games play on the member's main wallet calls it to
authenticate a launch, read the balance, take a bet (debit), pay a win (credit) and undo a bet
(rollback), and to correct a round it settled (cancel, resettle: ``corrections``).

Only real accounts play for money: a call naming a free-play account or an agent is refused
(``player_unknown``) before the ledger is looked at, and leaves nothing behind.

Every money call is kept in ``seamless_calls`` with its answer, under the vendor's transaction id:
a replay with the same fields gets the first answer again (a refusal too), a replay with other
fields is refused (``transaction_conflict``). A member's calls take turns: each locks the member's
main account first (PostgreSQL; SQLite transactions take turns already, each begins IMMEDIATE), so
what a call reads (the round, the balance) still holds when it writes. Its first answer is read in
the locking statement; calls of one transaction id that meet (for one member or two) meet at the
unique constraints, and the one that comes second is run again and replays the first. On
PostgreSQL a debit the member can pay, into a round it opens (most bets), then writes in one more
statement: the round, the ledger's post and the kept answer (``DEBIT_AT_ONCE``).

Rounds (``game_bets``): a debit opens its round or adds to it; a rollback undoes one debit, and the
round is rolled back once none of its bets stands. A rollback that comes before its debit is kept
as that debit's refusal, so the debit, arriving late, moves nothing.

Credits follow the rule the established seamless protocols have for late wins:

- a credit names its round (``roundId``) and goes only into a round the wallet knows for that
  member and vendor, opened by a debit (``round_unknown`` otherwise);
- a credit into an open round settles it, however late it comes (a credit of 0 settles a loss):
  a vendor resending a credit whose answer it lost always lands it;
- a further credit into a settled round is a late win, paid only within the vendor's late-credit
  window after the round settled (``lateCreditHours`` in the vendor's description, as its
  protocol documents it; 24 hours when it says nothing), and refused ``round_closed`` after it;
  the window runs from the first settlement, so late wins cannot stretch it;
- a credit into a rolled-back round is refused (``round_rolled_back``);
- there is no credit without a round: a bonus or jackpot credit of its own is not part of any
  protocol the wallet speaks.

A refusal is kept with the credit's transaction id like any answer, so a replay after the window
still gets the first answer, accepted or refused.

Bets that settle later (sports, esports, cockfight) stay open after their debit until the vendor
credits them; the vendor may then correct them, cancel or resettle (``corrections``).
"""

import json
from datetime import datetime, timedelta
from functools import cache
from typing import cast

from pyramid_retry import mark_error_retryable
from sqlalchemy import Table, and_, bindparam, func, insert, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import load_only, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from tessera.core.db import bound_to_tenant, writes
from tessera.core.timeutil import as_utc
from tessera.games.bets.models import CANCELLED, DECIDED, OPEN, ROLLED_BACK, SETTLED, GameBet
from tessera.games.catalog.models import Game
from tessera.games.launch.models import GameSession
from tessera.games.launch.services import token_hash
from tessera.games.seamless import corrections
from tessera.games.seamless.calls import (
    AUTHENTICATE,
    BALANCE,
    CANCEL,
    CREDIT,
    DEBIT,
    INSUFFICIENT_FUNDS,
    PLAYER_UNKNOWN,
    REQUEST_INVALID,
    RESETTLE,
    ROUND_CANCELLED,
    ROUND_CLOSED,
    ROUND_ROLLED_BACK,
    ROUND_SETTLED,
    ROUND_UNKNOWN,
    TOKEN_INVALID,
    TRANSACTION_CONFLICT,
    Call,
    Refusal,
    refused,
)
from tessera.games.seamless.models import SeamlessCall
from tessera.games.vendors import SEAMLESS
from tessera.identity.accounts.models import ACTIVE, REAL, Member
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import (
    ALL_POSTED,
    HOUSE_ACCOUNT,
    MAIN_ACCOUNT,
    IdempotencyConflict,
    InsufficientFunds,
    Ledger,
    Leg,
    house_account_of,
    main_account_of,
    posting,
)

HOUSE = "vendor_settlement"
# Ledger kinds: the account record shows them as "game".
BET, PAYOUT, UNDO = "game_bet", "game_payout", "game_rollback"
DEFAULT_LATE_CREDIT = timedelta(hours=24)
# The fingerprint of a debit refused before it came, because its rollback came first.
ROLLED_BACK_FIRST = "rolled-back-before-it-came"


# The statements of every call, built once (their values bound when they run).
MEMBER = bound_to_tenant(
    select(Member).where(Member.tenant_id == bindparam("tenant_id"), Member.id == bindparam("member_id"))
)
# A money call's member, their main account locked (the member's calls take turns from here), the
# house shard the member's posts take (None when not made yet) and the call kept before under the
# same transaction id (None when none): one statement. No row when the member has no main account yet.
MONEY_CALL = bound_to_tenant(
    select(Member, MAIN_ACCOUNT, HOUSE_ACCOUNT, SeamlessCall)
    .join_from(Member, MAIN_ACCOUNT, main_account_of(Member.id))
    .join_from(Member, HOUSE_ACCOUNT, house_account_of(HOUSE, Member.id), isouter=True)
    .join_from(
        Member,
        SeamlessCall,
        and_(
            SeamlessCall.tenant_id == bindparam("tenant_id"),
            SeamlessCall.vassalage == bindparam("vassalage"),
            SeamlessCall.transaction_id == bindparam("transaction_id"),
        ),
        isouter=True,
    )
    .where(Member.tenant_id == bindparam("tenant_id"), Member.id == bindparam("member_id"))
    .options(load_only(Member.id, Member.tenant_id, Member.member_type, Member.status))  # what a money call reads
    .with_for_update(of=MAIN_ACCOUNT)
    .execution_options(populate_existing=True)
)
LOCKED_BALANCE = bound_to_tenant(
    select(LedgerAccount.balance_minor)
    .where(LedgerAccount.tenant_id == bindparam("tenant_id"), LedgerAccount.id == bindparam("account_id"))
    .with_for_update()
)
KEPT_CALL = bound_to_tenant(
    select(SeamlessCall)
    .where(
        SeamlessCall.tenant_id == bindparam("tenant_id"),
        SeamlessCall.vassalage == bindparam("vassalage"),
        SeamlessCall.transaction_id == bindparam("transaction_id"),
    )
    .execution_options(populate_existing=True)
)
ROUND = bound_to_tenant(
    select(GameBet)
    .where(
        GameBet.tenant_id == bindparam("tenant_id"),
        GameBet.vassalage == bindparam("vassalage"),
        GameBet.round_id == bindparam("round_id"),
    )
    .execution_options(populate_existing=True)
)

KEEP_CALL = bound_to_tenant(insert(cast(Table, SeamlessCall.__table__)))  # the values named as its columns


# PostgreSQL: a debit that opens its round, in one statement: the round made (its game's id and
# category read in it), the bet posted and the answer kept, each only where the one before it
# wrote. No row comes back when the round exists; a row without a posted transaction when the
# ledger's key is taken (the round made then is ROUND_DROPPED, and the call takes the long way).
DEBIT_AT_ONCE = writes(
    text(f"""WITH called AS (  -- the values named more than once, of one type each
    SELECT CAST(:vassalage AS varchar) AS vassalage, CAST(:game_code AS varchar) AS game_code,
           CAST(:round_id AS varchar) AS round_id
), bet AS (
    INSERT INTO game_bets (tenant_id, member_id, vassalage, game_code, round_id, bet_minor, payout_minor, status,
                           wallet_mode, placed_at, game_id, category)
    SELECT :tenant_id, :member_id, called.vassalage, called.game_code, called.round_id, :stake, 0, :status,
           :wallet_mode, :called_at, game.id, coalesce(game.category, :default_category)
    FROM called LEFT JOIN games AS game
      ON game.tenant_id = :tenant_id AND game.vassalage = called.vassalage AND game.game_code = called.game_code
    WHERE true
    ON CONFLICT (tenant_id, vassalage, round_id) DO NOTHING
    RETURNING id
), {posting("EXISTS (SELECT FROM bet)")}, kept AS (
    INSERT INTO seamless_calls (tenant_id, vassalage, transaction_id, operation, member_id, round_id, amount_minor,
                                fingerprint, ledger_transaction_id, answer, created_at)
    SELECT :tenant_id, called.vassalage, :transaction_id, :operation, :member_id, called.round_id, :stake,
           :call_fingerprint, posted_transaction.id, :answer, :called_at
    FROM posted_transaction CROSS JOIN called
    WHERE {ALL_POSTED}
    RETURNING id
)
SELECT bet.id AS bet, posted_transaction.id AS posted, kept.id AS kept,
       postings.account_id, postings.balance_after_minor
FROM bet LEFT JOIN posted_transaction ON true LEFT JOIN kept ON true LEFT JOIN postings ON true""")
)
ROUND_DROPPED = writes(text("DELETE FROM game_bets WHERE id = :bet"))


@cache
def _opening_round(dialect_name: str):
    """The statement making a round unless it exists (its game's id and category read in it),
    built once: every value a bound parameter named as GameBet's columns, and ``default_category``."""
    game = select(Game).where(
        Game.tenant_id == bindparam("tenant_id"),
        Game.vassalage == bindparam("vassalage"),
        Game.game_code == bindparam("game_code"),
    )
    columns = ["tenant_id", "member_id", "vassalage", "game_code", "round_id", "bet_minor", "payout_minor", "status"]
    columns += ["wallet_mode", "placed_at", "settled_at"]
    table = cast(Table, GameBet.__table__)
    dialect = postgresql if dialect_name == "postgresql" else sqlite
    return bound_to_tenant(
        dialect.insert(table)
        .values(
            {name: bindparam(name) for name in columns}
            | {
                "game_id": game.with_only_columns(Game.id).scalar_subquery(),
                "category": func.coalesce(
                    game.with_only_columns(Game.category).scalar_subquery(), bindparam("default_category")
                ),
            }
        )
        .on_conflict_do_nothing(index_elements=["tenant_id", "vassalage", "round_id"])
        .returning(table.c.id, table.c.game_id, table.c.category)
    )


def seamless_vendor(plugins, vassalage: str) -> dict | None:
    """The brand's seamless vendor ``vassalage``: the first plugin's that offers it (as in the game
    menu), which must read its vendor's calls."""
    offer = plugins.game_offers()[0].get(vassalage)
    if offer is None or offer.vendor.get("walletMode") != SEAMLESS or not plugins.reads_seamless_calls(offer):
        return None
    return offer.vendor


def late_credit_window(vendor: dict) -> timedelta:
    """How long after a round settled the vendor may still credit it: its protocol's window."""
    hours = vendor.get("lateCreditHours")
    return DEFAULT_LATE_CREDIT if hours is None else timedelta(hours=hours)


class SeamlessWallet:
    """One vendor's calls on one brand, inside the request's unit of work (it never commits)."""

    def __init__(
        self, db, tenant, vassalage: str, category: str, at: datetime, late_credit: timedelta = DEFAULT_LATE_CREDIT
    ):
        self.db, self.tenant, self.vassalage, self.category, self.at = db, tenant, vassalage, category, at
        self.late_credit = late_credit
        self.ledger = Ledger(db, tenant.id)

    def answer(self, call: Call) -> dict:
        """The answer to give the vendor (see the module's description)."""
        try:
            if call.operation == AUTHENTICATE:
                return self._authenticate(call.token)
            if call.operation == BALANCE:
                member = self._member(call.member_id)
                return self._ok(self.ledger.member_balance(member.id), memberId=member.id)
            return self._money(call, *self._member_locked(call))
        except Refusal as refusal:
            return refused(refusal.code)

    # -- who plays

    def _member(self, member_id: int | None) -> Member:
        """The real account the vendor names. Free play and agents never play for money (a launch
        gives them no wallet, and a member's type never changes): a call naming one is refused
        here, before the ledger is looked at, so it leaves no account or kept call behind."""
        member = self.db.scalars(MEMBER, {"tenant_id": self.tenant.id, "member_id": member_id}).one_or_none()
        if member is None or member.member_type != REAL:
            raise Refusal(PLAYER_UNKNOWN)
        return member

    def _member_locked(self, call: Call) -> tuple[Member, LedgerAccount, SeamlessCall | None]:
        """The real account a money call names, its main account locked (from here to the end of
        the transaction the member's calls take turns, and the balance read under the lock stays
        the balance until a post of this call moves it, and says so), and the call kept before
        under the same transaction id, read in the same statement. A call of that id kept while
        this one waited for the lock is met at the unique constraints: the request is run again,
        and then finds it. A member without a main account yet is read first (and refused unless
        real), then the account is made and locked."""
        found = None
        if isinstance(call.member_id, int):
            where = {
                "tenant_id": self.tenant.id,
                "member_id": call.member_id,
                "vassalage": self.vassalage,
                "transaction_id": call.transaction_id,
            }
            found = self.db.execute(MONEY_CALL, where).one_or_none()
        if found is None:
            member = self._member(call.member_id)
            main = self.ledger.member_account(member.id)
            balance = self.db.execute(LOCKED_BALANCE, {"tenant_id": self.tenant.id, "account_id": main.id}).scalar_one()
            set_committed_value(main, "balance_minor", balance)
            return member, main, self._kept(call.transaction_id)
        member, main, house, first = found
        if member.member_type != REAL:
            raise Refusal(PLAYER_UNKNOWN)
        self.ledger.knows(main, house)
        return member, main, first

    @staticmethod
    def _may_bet(member: Member) -> bool:
        """Only an active account bets; a credit or rollback is taken whatever the member's status
        became since the bet."""
        return member.status == ACTIVE

    def _authenticate(self, token: str | None) -> dict:
        if token is None:
            raise Refusal(TOKEN_INVALID)
        session = self.db.scalars(
            select(GameSession).where(
                GameSession.tenant_id == self.tenant.id,
                GameSession.token_hash == token_hash(token),
                GameSession.vassalage == self.vassalage,
            )
        ).one_or_none()
        if session is None or as_utc(session.expires_at) <= self.at:
            raise Refusal(TOKEN_INVALID)
        member = self._member(session.member_id)
        if not self._may_bet(member):
            raise Refusal(PLAYER_UNKNOWN)
        return self._ok(self.ledger.member_balance(member.id), memberId=member.id, username=member.username)

    def _shown(self, minor: int) -> str:
        return self.tenant.money.format(minor)

    def _ok(self, balance_minor: int, **more) -> dict:
        return {"ok": True, "balance": self._shown(balance_minor), "currency": self.tenant.currency, **more}

    # -- money calls

    def _money(self, call: Call, member: Member, main: LedgerAccount, first: SeamlessCall | None) -> dict:
        if first is not None:
            return self._replayed(first, call, main)
        if self._surely_taken(call, member, main):
            return self._taken(call, member, main)
        try:
            with self.db.begin_nested():
                amount, posted = self._run(call, member, main)
                answer = self._ok(main.balance_minor, transactionId=call.transaction_id, memberId=call.member_id)
                self._keep(call, answer, amount, posted)
            return answer
        except Refusal as refusal:
            return self._refusal(call, refusal, main)
        except (IntegrityError, IdempotencyConflict):  # the same id, kept meanwhile by a call for another member
            return self._replayed(self._kept(call.transaction_id), call, main)

    def _surely_taken(self, call: Call, member: Member, main: LedgerAccount) -> bool:
        """A debit the member can pay (the balance read under the lock) by a member who may bet:
        most calls. It is written without a savepoint, as nothing it writes is refused after."""
        return call.operation == DEBIT and self._may_bet(member) and main.balance_minor >= (call.amount_minor or 0)

    def _taken(self, call: Call, member: Member, main: LedgerAccount) -> dict:
        """A debit ``_surely_taken``: a refusal it still meets (a round of another member's, or one
        closed) comes before it writes anything. A call of the same id kept meanwhile for another
        member, or of the same id kept while this call waited for the member's lock, spoils the
        transaction at the unique constraints: the request is run again, and then finds that call kept."""
        try:
            answer = self._debited_at_once(call, member, main)
            if answer is None:
                amount, posted = self._run(call, member, main)
                answer = self._ok(main.balance_minor, transactionId=call.transaction_id, memberId=call.member_id)
                self._keep(call, answer, amount, posted)
        except Refusal as refusal:
            return self._refusal(call, refusal, main)
        except (IntegrityError, IdempotencyConflict) as error:
            mark_error_retryable(error)
            raise
        return answer

    def _debited_at_once(self, call: Call, member: Member, main: LedgerAccount) -> dict | None:
        """PostgreSQL: a debit ``_surely_taken`` that opens its round, in one statement
        (DEBIT_AT_ONCE), and its answer; None when it takes the long way, having left nothing
        behind: on another database, into a round that exists, or under a ledger key taken."""
        if self.db.get_bind().dialect.name != "postgresql":
            return None
        assert call.amount_minor is not None  # read_call requires an amount of every debit
        stake = call.amount_minor
        legs = [Leg(main, -stake), Leg(self.house(member), stake)]
        answer = self._ok(main.balance_minor - stake, transactionId=call.transaction_id, memberId=call.member_id)
        key, remark = self.key(call.transaction_id), self._remark(call.game_code)
        values = self.ledger.post_values(key, BET, legs, member_id=member.id, reference=call.round_id, remark=remark)
        made = dict(
            vassalage=self.vassalage,
            game_code=call.game_code,
            round_id=call.round_id,
            stake=stake,
            status=OPEN,
            wallet_mode=SEAMLESS,
            called_at=self.at,
            default_category=self.category,
            transaction_id=call.transaction_id,
            operation=DEBIT,
            call_fingerprint=call.fingerprint,
            answer=json.dumps(answer),
        )
        rows = self.db.execute(DEBIT_AT_ONCE, values | made).all()
        if not rows:  # the round exists
            return None
        if rows[0].posted is None:  # the key was taken: the ledger's replay says what stands
            self.db.execute(ROUND_DROPPED, {"bet": rows[0].bet})
            return None
        if rows[0].kept is None:  # the balance read under the member's lock pays the stake: never
            raise RuntimeError(f"the debit {call.transaction_id} was refused for funds it had")
        self.ledger.moved(legs, {row.account_id: row.balance_after_minor for row in rows})
        return answer

    def _refusal(self, call: Call, refusal: Refusal, main: LedgerAccount) -> dict:
        answer = refused(refusal.code, self._shown(self.ledger.balance(main)))
        if refusal.kept:
            return self._keep_refusal(call, answer, main)
        return answer

    def _run(self, call: Call, member: Member, main: LedgerAccount):
        """What an accepted call moved: (amount kept with the call, ledger transaction or None)."""
        if call.operation == DEBIT:
            return self._debit(call, member, main)
        if call.operation == CREDIT:
            return self._credit(call, member, main)
        if call.operation == CANCEL:
            return corrections.cancel(self, call, member, main)
        if call.operation == RESETTLE:
            return corrections.resettle(self, call, member, main)
        return self._rollback(call, member, main)

    def _kept(self, transaction_id: str | None) -> SeamlessCall | None:
        found = {"tenant_id": self.tenant.id, "vassalage": self.vassalage, "transaction_id": transaction_id}
        return self.db.scalars(KEPT_CALL, found).one_or_none()

    def _replayed(self, first: SeamlessCall | None, call: Call, main: LedgerAccount) -> dict:
        if first is None:  # nothing kept after all: the conflict was the ledger's alone
            return refused(TRANSACTION_CONFLICT, self._shown(self.ledger.balance(main)))
        if first.fingerprint == ROLLED_BACK_FIRST and call.operation == DEBIT and first.member_id == call.member_id:
            return refused(ROUND_ROLLED_BACK, self._shown(self.ledger.balance(main)))
        if first.fingerprint != call.fingerprint:
            return refused(TRANSACTION_CONFLICT, self._shown(self.ledger.balance(main)))
        return json.loads(first.answer)

    def _keep(
        self,
        call: Call,
        answer: dict,
        amount: int,
        posted=None,
        fingerprint: str | None = None,
        transaction_id: str | None = None,
        operation: str | None = None,
    ):
        self.db.flush()  # what the call changed goes first, as the kept call's row refers to it
        self.db.execute(
            KEEP_CALL,
            dict(
                tenant_id=self.tenant.id,
                vassalage=self.vassalage,
                transaction_id=transaction_id or call.transaction_id,
                operation=operation or call.operation,
                member_id=call.member_id,
                round_id=call.round_id or "",
                amount_minor=amount,
                fingerprint=fingerprint or call.fingerprint,
                ledger_transaction_id=posted.id if posted else None,
                answer=json.dumps(answer),
                created_at=self.at,
            ),
        )

    def _keep_refusal(self, call: Call, answer: dict, main: LedgerAccount) -> dict:
        try:
            with self.db.begin_nested():
                self._keep(call, answer, call.amount_minor or 0)
        except IntegrityError:
            return self._replayed(self._kept(call.transaction_id), call, main)
        return answer

    def key(self, transaction_id: str | None) -> str:
        """The ledger's idempotency key of the vendor's transaction."""
        return f"seamless:{self.vassalage}:{transaction_id}"

    def house(self, member: Member) -> LedgerAccount:
        """The house's side of the vendor's bets and wins with ``member``."""
        return self.ledger.house_account(HOUSE, member.id)

    def post(self, key: str, kind: str, member: Member, bet: GameBet, legs: list[Leg]) -> LedgerTransaction:
        """``legs`` for the member's round, the vendor and game named in the account record."""
        remark = self._remark(bet.game_code)
        return self.ledger.post(key, kind, legs, member_id=member.id, reference=bet.round_id, remark=remark)

    def _remark(self, game_code: str | None) -> str:
        return f"{self.vassalage} {game_code}"

    def _post(self, key: str, kind: str, member: Member, main: LedgerAccount, amount: int, bet: GameBet):
        """``amount`` into the member's main wallet (out of it when negative), against the house."""
        return self.post(key, kind, member, bet, [Leg(main, amount), Leg(self.house(member), -amount)])

    # -- rounds

    def _round(self, member: Member, round_id: str | None) -> GameBet | None:
        """The member's round; None when the vendor has no such round for this member."""
        found = {"tenant_id": self.tenant.id, "vassalage": self.vassalage, "round_id": round_id}
        bet = self.db.scalars(ROUND, found).one_or_none()
        return bet if bet is not None and bet.member_id == member.id else None

    def known_round(self, member: Member, round_id: str | None) -> GameBet:
        """The member's round a credit or correction names, which a debit opened."""
        bet = self._round(member, round_id)
        if bet is None:
            raise Refusal(ROUND_UNKNOWN, kept=True)
        return bet

    def _opened(self, call: Call, member: Member, stake: int) -> GameBet:
        """The round a debit of ``stake`` goes into, ``stake`` added to it; made with it when it is
        the round's first (one statement: most rounds have one debit)."""
        bet = self._made(call, member, stake)
        if bet is not None:
            return bet
        existing = self._round(member, call.round_id)
        if existing is None:  # the round is another member's (made now or before)
            raise Refusal(ROUND_UNKNOWN, kept=True)
        self._refuse_unless_open(existing)
        existing.bet_minor += stake
        return existing

    def _made(self, call: Call, member: Member, stake: int) -> GameBet | None:
        """The round made with ``stake``, its game's id and category read in the same statement
        (a retired game keeps its bets: not only active games); None when the round exists."""
        fields = dict(
            tenant_id=self.tenant.id,
            member_id=member.id,
            vassalage=self.vassalage,
            game_code=call.game_code,
            round_id=call.round_id,
            bet_minor=stake,
            payout_minor=0,
            status=OPEN,
            wallet_mode=SEAMLESS,
            placed_at=self.at,
            settled_at=None,
        )
        statement = _opening_round(self.db.get_bind().dialect.name)
        made = self.db.execute(statement, {**fields, "default_category": self.category}).one_or_none()
        if made is None:
            return None
        bet = GameBet(id=made.id, game_id=made.game_id, category=made.category, **fields)
        make_transient_to_detached(bet)
        self.db.add(bet)
        return bet

    def _debit(self, call: Call, member: Member, main: LedgerAccount):
        if not self._may_bet(member):
            raise Refusal(PLAYER_UNKNOWN)
        assert call.amount_minor is not None  # read_call requires an amount of every debit and credit
        bet = self._opened(call, member, call.amount_minor)
        self.db.flush()
        try:
            posted = self._post(self.key(call.transaction_id), BET, member, main, -call.amount_minor, bet)
        except InsufficientFunds:
            raise Refusal(INSUFFICIENT_FUNDS, kept=True) from None
        return call.amount_minor, posted

    def _credit(self, call: Call, member: Member, main: LedgerAccount):
        assert call.amount_minor is not None  # read_call requires an amount of every debit and credit
        bet = self.known_round(member, call.round_id)
        self.refuse_closed(bet)
        if bet.status in DECIDED and bet.settled_at and self.at >= as_utc(bet.settled_at) + self.late_credit:
            raise Refusal(ROUND_CLOSED, kept=True)
        posted = None
        if call.amount_minor:
            posted = self._post(self.key(call.transaction_id), PAYOUT, member, main, call.amount_minor, bet)
        bet.payout_minor += call.amount_minor
        if bet.status == OPEN:
            bet.status, bet.settled_at = SETTLED, self.at
        self.db.flush()
        return call.amount_minor, posted

    @staticmethod
    def refuse_closed(bet: GameBet) -> None:
        """A rolled-back or cancelled round takes no further call."""
        if bet.status == ROLLED_BACK:
            raise Refusal(ROUND_ROLLED_BACK, kept=True)
        if bet.status == CANCELLED:
            raise Refusal(ROUND_CANCELLED, kept=True)

    def _refuse_unless_open(self, bet: GameBet) -> None:
        """A debit or a rollback goes only into an open round."""
        self.refuse_closed(bet)
        if bet.status in DECIDED:
            raise Refusal(ROUND_SETTLED, kept=True)

    def _rollback(self, call: Call, member: Member, main: LedgerAccount):
        debit = self._kept(call.rollback_of)
        if debit is None:
            self._refuse_before_it_comes(call)
            return 0, None
        if debit.operation != DEBIT or debit.member_id != member.id:
            raise Refusal(TRANSACTION_CONFLICT)
        # Keyed by the debit: it is undone once, whichever rollback asks.
        undo_key = f"seamless-rollback:{self.vassalage}:{debit.transaction_id}"
        if debit.ledger_transaction_id is None or self.ledger.find(undo_key) is not None:
            return 0, None  # the debit moved nothing, or was undone already
        bet = self._round(member, debit.round_id)
        assert bet is not None  # a kept debit that moved money opened its round for this member
        self._refuse_unless_open(bet)
        posted = self._post(undo_key, UNDO, member, main, debit.amount_minor, bet)
        bet.bet_minor -= debit.amount_minor
        if bet.bet_minor == 0:  # no bet of the round stands
            bet.status, bet.settled_at = ROLLED_BACK, self.at
        self.db.flush()
        return debit.amount_minor, posted

    def _refuse_before_it_comes(self, call: Call) -> None:
        """A rollback of a debit not seen yet (its answer got lost before it was kept, or it is
        late): the debit is kept now as refused, so it moves nothing when it comes."""
        if call.rollback_of == call.transaction_id:
            raise Refusal(REQUEST_INVALID)  # a rollback needs an id of its own
        answer = refused(ROUND_ROLLED_BACK)
        self._keep(call, answer, 0, transaction_id=call.rollback_of, operation=DEBIT, fingerprint=ROLLED_BACK_FIRST)
