"""Playing a slot through the brand's seamless wallet.

A spin is paid before it is played: the vendor debits the stake (``<walletUrl>/debit``), plays the
spin on the slot engine (a cryptographic random source), then credits the win (``credit``, also
0.00 for a loss, which settles the round). What each answer means:

- a debit refused by the brand refuses the spin (``insufficient_funds`` and the like);
- a debit whose answer is lost (timeout, 5xx, an answer not signed by the brand) may or may not
  have been made, so it is rolled back (``rollback`` with ``rollbackOf``) and the spin refused;
- a credit or rollback whose answer is lost is called again, with the same transaction id and
  fields, in the background, until the brand accepts it. The calls are kept in the state, so a
  restart goes on with them. A refusal from the brand is its answer for that transaction id for
  good (a replay gets it again), so a refused credit or rollback is not retried but left, logged,
  for someone to look at.

Free play spins a fun balance kept in the session and never calls a wallet.
"""

import logging
import secrets
import threading
import time
from dataclasses import dataclass

from tessera_plugins.demo_vendor.protocol import MONEY, PLAYER, to_minor, to_money
from tessera_sandboxes.demo_vendor import catalog, currencies
from tessera_sandboxes.demo_vendor.seamless_client import WalletAnswer, WalletClient
from tessera_sandboxes.demo_vendor.state import Round, Session, Store, WalletCall
from tessera_sandboxes.slots import engine

FUN_BALANCE_MINOR = 2_000_00
RETRY_DELAYS = (1, 2, 5, 10, 30, 60)  # seconds before each further attempt; the last repeats
LEASE_SECONDS = 60  # a call being attempted is not due again before this
# Refusals that are not the wallet's answer for the transaction (it was not read): try again.
UNREAD = frozenset({"signature_invalid", "request_invalid"})
log = logging.getLogger("tessera.demo_vendor.play")


class SpinRefused(Exception):
    """A spin (or the opening of a game) the player is told no to: ``code`` is one the slot page
    words (``insufficient_funds``, ``bet_invalid``, ``session_expired``, ``game_unavailable``)."""

    def __init__(self, status: int, code: str, balance_minor: int | None = None):
        super().__init__(code)
        self.status = status
        self.code = code
        self.balance_minor = balance_minor


def refused_by_wallet(answer: WalletAnswer) -> SpinRefused:
    """The player's side of the wallet's final refusal of a debit."""
    balance = answer.value.get("balance")
    balance_minor = to_minor(balance) if balance is not None else None
    if answer.code == "insufficient_funds":
        return SpinRefused(402, "insufficient_funds", balance_minor)
    if answer.code in ("token_invalid", "player_unknown"):
        return SpinRefused(401, "session_expired")
    return SpinRefused(409, "game_unavailable", balance_minor)


def member_id(player: str | None) -> int | None:
    found = PLAYER.fullmatch(player or "")
    return int(found["member"]) if found else None


def backoff(attempts: int) -> float:
    return RETRY_DELAYS[min(attempts, len(RETRY_DELAYS) - 1)]


@dataclass
class Table:
    """The vendor's game server: sessions, spins and the wallet calls they need."""

    store: Store
    secrets: dict  # operator id -> secret, read at each call
    timeout: float = 5.0

    def wallet(self, operator: str, wallet_url: str) -> WalletClient:
        return WalletClient(wallet_url, operator, self.secrets.get(operator, ""), self.timeout)

    # -- Opening a game ------------------------------------------------------------------------

    def authenticate(self, session: Session) -> int:
        """The player's balance (minor units) from the brand, checking the launch token names the
        session's player. Refused: ``SpinRefused`` (401 ``session_expired``, 503 ``game_unavailable``)."""
        if session.free_play:
            return session.fun_balance_minor
        answer = self.wallet(session.operator, session.wallet_url).call(
            "authenticate",
            {
                "player": session.player,
                "token": session.token,
                "currency": session.currency,
                "gameCode": session.game_code,
            },
        )
        if answer.outcome == "lost":
            raise SpinRefused(503, "game_unavailable")
        if answer.outcome == "refused" or answer.value.get("memberId") != member_id(session.player):
            log.warning("session %s not authenticated: %s", session.id, answer.value)
            raise SpinRefused(401, "session_expired")
        self.store.authenticated(session.id, answer.value["memberId"])
        return to_minor(answer.value["balance"])

    # -- Spins ---------------------------------------------------------------------------------

    def spin(self, session: Session, line_bet: str) -> dict:
        """One spin at ``line_bet`` (an amount string) a line: ``{roundId, grid, wins, bet, payout,
        balance}``, with ``creditPending`` when the win is still being credited."""
        game = catalog.game(session.game_code)
        if game is None or not game.is_slot:
            raise SpinRefused(404, "game_unavailable")
        if not (isinstance(line_bet, str) and MONEY.fullmatch(line_bet)) or to_minor(
            line_bet
        ) not in engine.line_bet_choices(currencies.of(session.currency).limit(to_minor(game.min_bet))):
            raise SpinRefused(400, "bet_invalid")
        paytable = engine.paytable_for(game.code, game.lines)
        if session.free_play:
            return self._spin_for_fun(session, paytable, to_minor(line_bet))
        if session.member_id is None:
            self.authenticate(session)
        return self._spin_for_money(session, paytable, to_minor(line_bet))

    def _spin_for_fun(self, session: Session, paytable, line_bet_minor: int) -> dict:
        played = engine.spin(paytable, line_bet_minor)
        balance = self.store.play_for_fun(session.id, played.bet_minor, played.payout_minor)
        if balance is None:
            raise SpinRefused(402, "insufficient_funds", self.store.session(session.id).fun_balance_minor)
        return self._answer(f"fun-{secrets.token_hex(8)}", played, balance)

    def debit_round(self, session: Session, stake_minor: int) -> tuple[str, WalletCall, WalletAnswer]:
        """Open a round and debit its stake: the round id, the debit and the brand's answer to it.
        Refused by the brand, or unread or lost (then rolled back, never left standing): ``SpinRefused``."""
        round_id = secrets.token_hex(12)
        debit = self._call(session, round_id, "debit", {"amount": to_money(stake_minor)})
        opened = (session.operator, session.id, session.player, session.vendor, session.game_code, session.currency)
        self.store.open_round(Round.opened(round_id, *opened, stake_minor), debit)
        answer = self.wallet(session.operator, session.wallet_url).call("debit", debit.body)
        if answer.outcome == "refused" and answer.code not in UNREAD:
            self.store.debit_refused(debit, answer.code)
            raise refused_by_wallet(answer)
        if answer.outcome != "ok":
            rollback = self.rollback_for(debit)
            self.store.debit_lost(debit, rollback, time.time() + LEASE_SECONDS)
            self.attempt(rollback)
            raise SpinRefused(503, "game_unavailable")
        return round_id, debit, answer

    def _spin_for_money(self, session: Session, paytable, line_bet_minor: int) -> dict:
        round_id, debit, answer = self.debit_round(session, line_bet_minor * len(paytable.lines))
        played = engine.spin(paytable, line_bet_minor)
        credit = self._call(session, round_id, "credit", {"amount": to_money(played.payout_minor)})
        outcome = {"grid": [list(row) for row in played.grid], "wins": played.wins}
        self.store.debited(debit, outcome, played.payout_minor, credit, time.time() + LEASE_SECONDS)
        credited = self.attempt(credit)
        if credited.outcome == "ok":
            return self._answer(round_id, played, to_minor(credited.value["balance"]))
        return {
            **self._answer(round_id, played, to_minor(answer.value["balance"]) + played.payout_minor),
            "creditPending": True,
        }

    @staticmethod
    def _answer(round_id: str, played, balance_minor: int) -> dict:
        return {
            "roundId": round_id,
            "grid": [list(row) for row in played.grid],
            "wins": [{**win, "pay": to_money(win["payMinor"])} for win in played.wins],
            "bet": to_money(played.bet_minor),
            "payout": to_money(played.payout_minor),
            "balance": to_money(balance_minor),
        }

    @staticmethod
    def _call(session: Session, round_id: str, operation: str, fields: dict) -> WalletCall:
        # No launch token: a credit retried after the token expired must still be accepted.
        body = {
            "player": session.player,
            "transactionId": f"{round_id}-{operation}",
            "roundId": round_id,
            "gameCode": session.game_code,
            "currency": session.currency,
            **fields,
        }
        return WalletCall(
            session.operator, body["transactionId"], round_id, operation, session.wallet_url, body, "pending", 0
        )

    @staticmethod
    def rollback_for(debit: WalletCall) -> WalletCall:
        body = {key: debit.body[key] for key in ("player", "roundId", "gameCode", "currency", "amount")}
        body |= {"transactionId": f"{debit.round_id}-rollback", "rollbackOf": debit.transaction_id}
        return WalletCall(
            debit.operator, body["transactionId"], debit.round_id, "rollback", debit.wallet_url, body, "pending", 0
        )

    # -- Credits and rollbacks, until accepted ---------------------------------------------------

    def attempt(self, call: WalletCall) -> WalletAnswer:
        """One try of a pending credit or rollback; a lost or unread answer schedules the next."""
        answer = self.wallet(call.operator, call.wallet_url).call(call.operation, call.body)
        if answer.outcome == "ok":
            self.store.call_accepted(call, time.time())
        elif answer.outcome == "refused" and answer.code not in UNREAD:
            log.error("the brand refused %s %s for good: %s", call.operation, call.transaction_id, answer.code)
            self.store.call_refused(call, answer.code)
        else:
            self.store.try_later(call, answer.why or answer.code, time.time() + backoff(call.attempts))
        return answer

    def retry_due(self, now: float | None = None) -> int:
        """Try every credit and rollback that is due; how many were tried."""
        now = time.time() if now is None else now
        due = self.store.claim_due(now, now + LEASE_SECONDS)
        for call in due:
            try:
                self.attempt(call)
            except Exception:  # one broken call must not stop the others; it is due again after its lease
                log.exception("retrying %s %s", call.operation, call.transaction_id)
        return len(due)


class Retrier:
    """A daemon thread calling ``table.retry_due`` every ``interval`` seconds until stopped."""

    def __init__(self, table: Table, interval: float = 1.0, also=None):
        self.table = table
        self.also = also  # what else each pass does (the live tables deal their closed rounds)
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="demo-vendor-retrier", daemon=True)

    def start(self) -> "Retrier":
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.table.retry_due()
                if self.also is not None:
                    self.also()
            except Exception:
                log.exception("retrier pass failed")

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
