"""Corrections of a vendor's rounds through the seamless wallet (``services.SeamlessWallet`` runs
them like its other money calls, kept with their answers).

Bets that settle later (sports, esports, cockfight) stay open after their debit until the vendor
credits them, hours or days on. Then the vendor may correct them:

- a cancel voids a round (a fixture abandoned, a fight called off): an open round gets its stakes
  back, a settled one gets its stakes back and gives back what it was paid; the round is
  cancelled once, whichever cancel asks (a further cancel answers ok and moves nothing), and takes
  no other call after;
- a resettle names a settled round's corrected payout (``amount``, the whole payout, not a
  difference): the wallet moves the difference from what the round paid, up or down, so resettling
  to the same payout again moves nothing; an open round is refused ``round_open`` (the vendor
  credits it), a cancelled one ``round_cancelled``.

Money taken back (a resettle down, a cancel of a round that paid more than it staked) comes from the
member's main wallet as far as it holds; what the member spent already is not taken below zero
(a member's wallet never goes negative) but booked to the house's ``game_receivable`` under the
member's name: their debt. Money paid back to a member (a resettle up, a cancel's refund) pays
that debt first. So the ledger stays exact and the betting record shows the corrected result.
"""

from datetime import datetime
from typing import Protocol

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tessera.games.bets.models import CANCELLED, OPEN, RESETTLED, GameBet
from tessera.games.seamless.calls import ROUND_OPEN, Call, Refusal
from tessera.identity.accounts.models import Member
from tessera.wallet.ledger.models import LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg, house_prefix

RECEIVABLE = "game_receivable"  # what members owe after a correction took back money they had spent
# Ledger kinds: the account record shows them as "game".
VOID, CORRECTION = "game_cancel", "game_resettle"


class Wallet(Protocol):
    """What a correction uses of the seamless wallet it runs in (``services.SeamlessWallet``)."""

    db: Session
    ledger: Ledger
    vassalage: str
    at: datetime

    def house(self, member: Member) -> LedgerAccount: ...

    def known_round(self, member: Member, round_id: str | None) -> GameBet: ...

    def refuse_closed(self, bet: GameBet) -> None: ...

    def key(self, transaction_id: str | None) -> str: ...

    def post(self, key: str, kind: str, member: Member, bet: GameBet, legs: list[Leg]) -> LedgerTransaction: ...


def cancel(wallet: Wallet, call: Call, member: Member, main: LedgerAccount):
    """(amount kept with the call, ledger transaction or None)."""
    bet = wallet.known_round(member, call.round_id)
    if bet.status == CANCELLED:  # cancelled once, whichever cancel asks
        return 0, None
    wallet.refuse_closed(bet)
    # Keyed by the round: it is voided once.
    key = f"seamless-cancel:{wallet.vassalage}:{bet.round_id}"
    posted = _correct(wallet, key, VOID, member, main, bet, bet.bet_minor - bet.payout_minor)
    bet.status, bet.settled_at = CANCELLED, bet.settled_at or wallet.at
    wallet.db.flush()
    return 0, posted


def resettle(wallet: Wallet, call: Call, member: Member, main: LedgerAccount):
    """(amount kept with the call, ledger transaction or None)."""
    assert call.amount_minor is not None  # read_call requires an amount of every resettle
    bet = wallet.known_round(member, call.round_id)
    wallet.refuse_closed(bet)
    if bet.status == OPEN:
        raise Refusal(ROUND_OPEN, kept=True)
    difference = call.amount_minor - bet.payout_minor
    posted = _correct(wallet, wallet.key(call.transaction_id), CORRECTION, member, main, bet, difference)
    bet.payout_minor, bet.status = call.amount_minor, RESETTLED
    wallet.db.flush()
    return call.amount_minor, posted


def _correct(wallet: Wallet, key: str, kind: str, member: Member, main: LedgerAccount, bet: GameBet, amount: int):
    """Post a correction of ``amount`` to the member (from them when negative): taken back as
    far as their wallet holds, the rest booked as their debt; paid back to them after their
    debt is paid. None when nothing moves."""
    if amount == 0:
        return None
    ledger = wallet.ledger
    house, receivable = wallet.house(member), ledger.house_account(RECEIVABLE, member.id)
    if amount < 0:
        from_wallet = max(amount, -ledger.balance(main))
        to_debt = amount - from_wallet
    else:
        to_debt = min(amount, _owed(ledger, member))
        from_wallet = amount - to_debt
    legs = [Leg(main, from_wallet), Leg(house, -amount), Leg(receivable, to_debt)]
    return wallet.post(key, kind, member, bet, [leg for leg in legs if leg.amount])


def _owed(ledger: Ledger, member: Member) -> int:
    """What the member owes the house after corrections took back money they had spent (on
    every shard of the receivable: a member's shard stays theirs only while the shards are as many)."""
    owed = ledger.db.execute(
        select(func.coalesce(func.sum(LedgerPosting.amount_minor), 0))
        .join(LedgerTransaction, LedgerTransaction.id == LedgerPosting.transaction_id)
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .where(
            LedgerPosting.tenant_id == ledger.tenant_id,
            LedgerAccount.code.startswith(house_prefix(RECEIVABLE), autoescape=True),
            LedgerTransaction.member_id == member.id,
        )
    ).scalar_one()
    return -int(owed)
