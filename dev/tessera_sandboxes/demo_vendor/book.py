"""Bets on the games that are not slots, through the brand's seamless wallet, as ``play.py`` plays
a spin: the stake is debited first (a lost answer rolls it back), then the round is either played
out at once and credited (fish, the card room), or kept open with its ticket until it is decided
(a live table's coup, a fixture's or a fight's result). A decided round is credited (0.00 for a
loss); a round whose events were all called off is cancelled (the brand refunds the stake); a
settled round whose result was corrected is resettled to its new payout. Credits, cancels and
resettles are delivered like a spin's credit: called again with the same transaction id until the
brand answers (the retrier), so each reaches the brand once.

Transaction ids: ``<round>-debit``, ``-credit``, ``-cancel``, ``-resettle-<n>`` (each correction
its own)."""

import time

from tessera_plugins.demo_vendor.protocol import to_minor, to_money
from tessera_sandboxes.demo_vendor import currencies
from tessera_sandboxes.demo_vendor.play import LEASE_SECONDS, SpinRefused, Table
from tessera_sandboxes.demo_vendor.state import Round, Session, WalletCall

OPEN, SETTLED, RESETTLED = "open", "settled", "resettled"


class Book:
    """The bets of the vendor's table, card, fish and sports games."""

    def __init__(self, table: Table):
        self.table, self.store = table, table.store

    def place(self, session: Session, stake_minor: int, ticket: dict) -> tuple[Round, int]:
        """Debit ``stake_minor`` for a round with ``ticket`` (what was bet on), kept open: the
        round and the balance after. Refused: ``SpinRefused``."""
        if session.free_play:
            raise SpinRefused(403, "real_money_only")
        if session.member_id is None:
            self.table.authenticate(session)
        round_id, debit, answer = self.table.debit_round(session, stake_minor)
        self.store.placed(debit, ticket)
        return self.store.round(round_id), to_minor(answer.value["balance"])

    def settle(self, placed: Round, payout_minor: int, outcome: dict) -> str:
        """Credit an open round's payout (rounded down to what its currency writes); the round's status after."""
        payout_minor = currencies.of(placed.currency).payable(payout_minor)
        return self._deliver(
            placed, "credit", f"{placed.round_id}-credit", {"amount": to_money(payout_minor)}, outcome, payout_minor
        )

    def cancel(self, placed: Round, outcome: dict) -> str:
        return self._deliver(placed, "cancel", f"{placed.round_id}-cancel", {}, outcome, placed.payout_minor or 0)

    def resettle(self, placed: Round, payout_minor: int, outcome: dict) -> str:
        payout_minor = currencies.of(placed.currency).payable(payout_minor)
        number = int((placed.outcome or {}).get("corrections", 0)) + 1
        outcome = {**outcome, "corrections": number}
        fields = {"amount": to_money(payout_minor)}
        return self._deliver(placed, "resettle", f"{placed.round_id}-resettle-{number}", fields, outcome, payout_minor)

    def _deliver(
        self, placed: Round, operation: str, transaction_id: str, fields: dict, outcome: dict, payout: int
    ) -> str:
        session = self.store.session(placed.session_id)
        body = {
            "player": placed.player,
            "transactionId": transaction_id,
            "roundId": placed.round_id,
            "gameCode": placed.game_code,
            "currency": placed.currency,
            **fields,
        }
        call = WalletCall(
            placed.operator, transaction_id, placed.round_id, operation, session.wallet_url, body, "pending", 0
        )
        if self.store.decided(call, outcome, payout, placed.status, time.time() + LEASE_SECONDS):
            self.table.attempt(call)  # else another thread (the retrier, a player's page) decided it first
        return self.store.round(placed.round_id).status
