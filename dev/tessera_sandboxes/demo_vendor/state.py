"""What the demo vendor remembers: game sessions, rounds, and its calls to the brands' wallets.

SQLite, in ``demo-vendor.sqlite3`` under the state folder when one is given (a restart keeps
sessions, rounds and the credits and rollbacks still to deliver), else in memory. Each change
runs in one immediate transaction under a lock, as several threads (player requests and the
retrier) share the store.

A round goes ``debiting`` -> ``debit_refused``, or -> ``rolling_back`` -> ``rolled_back`` (a debit
whose answer was lost), or -> ``crediting`` -> ``settled``. A credit or rollback the brand refuses
for good ends in ``credit_refused`` / ``rollback_refused`` for someone to look at. A wallet call
is ``sent`` (a debit, tried once), then ``accepted``, ``refused`` or ``lost``; credits and rollbacks
are ``pending`` until accepted or refused, tried again at ``next_attempt_at``.
"""

import json
import time
from dataclasses import dataclass

from tessera_sandboxes.vendors import SqliteState

STATE_FILE = "demo-vendor.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY, operator TEXT NOT NULL, vendor TEXT NOT NULL, game_code TEXT NOT NULL, player TEXT,
    username TEXT, currency TEXT NOT NULL, token TEXT, wallet_url TEXT, language TEXT NOT NULL, device TEXT NOT NULL,
    free_play INTEGER NOT NULL, fun_balance_minor INTEGER NOT NULL, member_id INTEGER,
    created_at REAL NOT NULL, expires_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    round_id TEXT PRIMARY KEY, operator TEXT NOT NULL, session_id TEXT NOT NULL, player TEXT NOT NULL,
    vendor TEXT NOT NULL, game_code TEXT NOT NULL, currency TEXT NOT NULL, bet_minor INTEGER NOT NULL,
    payout_minor INTEGER, outcome TEXT, status TEXT NOT NULL, refusal TEXT, placed_at REAL NOT NULL,
    settled_at REAL);
CREATE INDEX IF NOT EXISTS rounds_placed ON rounds (operator, placed_at);
CREATE INDEX IF NOT EXISTS rounds_settled ON rounds (operator, settled_at);
CREATE TABLE IF NOT EXISTS wallet_calls (
    operator TEXT NOT NULL, transaction_id TEXT NOT NULL, round_id TEXT NOT NULL, operation TEXT NOT NULL,
    wallet_url TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL,
    next_attempt_at REAL, last_error TEXT, answer TEXT, PRIMARY KEY (operator, transaction_id));
CREATE INDEX IF NOT EXISTS wallet_calls_due ON wallet_calls (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS rounds_game ON rounds (game_code, status);
CREATE TABLE IF NOT EXISTS results (event_id TEXT PRIMARY KEY, result TEXT NOT NULL, entered_at REAL NOT NULL);
"""
# What a placed round is while its credit, cancel or resettle is being delivered.
PENDING = {"credit": "crediting", "cancel": "cancelling", "resettle": "resettling"}
# What a round becomes when its credit or rollback is accepted or refused for good.
ACCEPTED = {"credit": "settled", "rollback": "rolled_back", "cancel": "cancelled", "resettle": "resettled"}
REFUSED = {
    "credit": "credit_refused",
    "rollback": "rollback_refused",
    "cancel": "cancel_refused",
    "resettle": "resettle_refused",
}


@dataclass(frozen=True)
class Session:
    id: str
    operator: str
    vendor: str
    game_code: str
    player: str | None
    username: str | None
    currency: str
    token: str | None
    wallet_url: str | None
    language: str
    device: str
    free_play: bool
    fun_balance_minor: int
    member_id: int | None
    created_at: float
    expires_at: float


@dataclass(frozen=True)
class WalletCall:
    operator: str
    transaction_id: str
    round_id: str
    operation: str
    wallet_url: str
    body: dict
    status: str
    attempts: int


@dataclass(frozen=True)
class Round:
    round_id: str
    operator: str
    session_id: str
    player: str
    vendor: str
    game_code: str
    currency: str
    bet_minor: int
    payout_minor: int | None
    outcome: dict | None
    status: str
    refusal: str | None
    placed_at: float
    settled_at: float | None

    @classmethod
    def opened(cls, round_id, operator, session_id, player, vendor, game_code, currency, bet_minor) -> "Round":
        """A round whose stake is being debited now: no payout, outcome or refusal yet."""
        fields = (round_id, operator, session_id, player, vendor, game_code, currency, bet_minor)
        return cls(*fields, None, None, "debiting", None, time.time(), None)


def _call(row) -> WalletCall:
    operator, transaction_id, round_id, operation, wallet_url, body, status, attempts = row
    return WalletCall(operator, transaction_id, round_id, operation, wallet_url, json.loads(body), status, attempts)


def _round(row) -> Round:
    *head, outcome, status, refusal, placed_at, settled_at = row
    return Round(*head, json.loads(outcome) if outcome else None, status, refusal, placed_at, settled_at)


CALL_COLUMNS = "operator, transaction_id, round_id, operation, wallet_url, body, status, attempts"
ROUND_COLUMNS = (
    "round_id, operator, session_id, player, vendor, game_code, currency, bet_minor, payout_minor, "
    "outcome, status, refusal, placed_at, settled_at"
)


class Store(SqliteState):
    schema, state_file = SCHEMA, STATE_FILE

    # -- Sessions ----------------------------------------------------------------------------

    def add_session(self, session: Session) -> None:
        with self._transaction() as db:
            db.execute(
                f"INSERT INTO sessions VALUES ({', '.join('?' * 16)})",
                (
                    session.id,
                    session.operator,
                    session.vendor,
                    session.game_code,
                    session.player,
                    session.username,
                    session.currency,
                    session.token,
                    session.wallet_url,
                    session.language,
                    session.device,
                    int(session.free_play),
                    session.fun_balance_minor,
                    session.member_id,
                    session.created_at,
                    session.expires_at,
                ),
            )

    def session(self, session_id: str) -> Session | None:
        with self._transaction() as db:
            row = db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        values = list(row)
        values[11] = bool(values[11])
        return Session(*values)

    def authenticated(self, session_id: str, member_id: int) -> None:
        with self._transaction() as db:
            db.execute("UPDATE sessions SET member_id = ? WHERE id = ?", (member_id, session_id))

    def play_for_fun(self, session_id: str, bet_minor: int, payout_minor: int) -> int | None:
        """The fun balance after a free-play spin, or None (nothing changed) when it cannot pay the bet."""
        with self._transaction() as db:
            (balance,) = db.execute("SELECT fun_balance_minor FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if balance < bet_minor:
                return None
            balance += payout_minor - bet_minor
            db.execute("UPDATE sessions SET fun_balance_minor = ? WHERE id = ?", (balance, session_id))
            return balance

    # -- Rounds and wallet calls ------------------------------------------------------------

    def open_round(self, made: Round, debit: WalletCall) -> None:
        """A round being debited, with its debit sent once and never again."""
        with self._transaction() as db:
            db.execute(
                f"INSERT INTO rounds ({ROUND_COLUMNS}) VALUES ({', '.join('?' * 14)})",
                (
                    made.round_id,
                    made.operator,
                    made.session_id,
                    made.player,
                    made.vendor,
                    made.game_code,
                    made.currency,
                    made.bet_minor,
                    None,
                    None,
                    "debiting",
                    None,
                    made.placed_at,
                    None,
                ),
            )
            self._add_call(db, debit, "sent", None)

    def debit_refused(self, debit: WalletCall, code: str) -> None:
        with self._transaction() as db:
            self._finish_call(db, debit, "refused", code)
            db.execute(
                "UPDATE rounds SET status = 'debit_refused', refusal = ? WHERE round_id = ?", (code, debit.round_id)
            )

    def debit_lost(self, debit: WalletCall, rollback: WalletCall, leased_until: float) -> None:
        """The debit's answer was lost: the round is rolled back, the rollback due at ``leased_until``."""
        with self._transaction() as db:
            self._finish_call(db, debit, "lost", None)
            db.execute("UPDATE rounds SET status = 'rolling_back' WHERE round_id = ?", (debit.round_id,))
            self._add_call(db, rollback, "pending", leased_until)

    def debited(
        self, debit: WalletCall, outcome: dict, payout_minor: int, credit: WalletCall, leased_until: float
    ) -> None:
        """The debit was accepted and the spin played: the round waits for its credit."""
        with self._transaction() as db:
            self._finish_call(db, debit, "accepted", None)
            db.execute(
                "UPDATE rounds SET status = 'crediting', outcome = ?, payout_minor = ? WHERE round_id = ?",
                (json.dumps(outcome), payout_minor, debit.round_id),
            )
            self._add_call(db, credit, "pending", leased_until)

    def placed(self, debit: WalletCall, ticket: dict) -> None:
        """The debit of a bet that settles later was accepted: the round is open with its ticket."""
        with self._transaction() as db:
            self._finish_call(db, debit, "accepted", None)
            db.execute(
                "UPDATE rounds SET status = 'open', outcome = ? WHERE round_id = ?",
                (json.dumps(ticket), debit.round_id),
            )

    def decided(self, call: WalletCall, outcome: dict, payout_minor: int, was: str, leased_until: float) -> bool:
        """A credit, cancel or resettle of a placed round that is still ``was``, pending from now
        on, with the round's outcome; False (nothing changed) when another thread decided it first."""
        with self._transaction() as db:
            changed = db.execute(
                "UPDATE rounds SET status = ?, outcome = ?, payout_minor = ? WHERE round_id = ? AND status = ?",
                (PENDING[call.operation], json.dumps(outcome), payout_minor, call.round_id, was),
            ).rowcount
            if changed:
                self._add_call(db, call, "pending", leased_until)
            return bool(changed)

    def rounds_of(self, game_codes: list[str], statuses: tuple[str, ...]) -> list[Round]:
        marks = ", ".join("?" * len(statuses))
        games = ", ".join("?" * len(game_codes))
        with self._transaction() as db:
            rows = db.execute(
                f"SELECT {ROUND_COLUMNS} FROM rounds WHERE game_code IN ({games}) AND status IN ({marks})"
                " ORDER BY placed_at",
                (*game_codes, *statuses),
            ).fetchall()
        return [_round(row) for row in rows]

    def player_rounds(self, session_id: str, limit: int = 10) -> list[Round]:
        with self._transaction() as db:
            rows = db.execute(
                f"SELECT {ROUND_COLUMNS} FROM rounds WHERE session_id = ? ORDER BY placed_at DESC LIMIT ?",
                (session_id, limit),
            ).fetchall()
        return [_round(row) for row in rows]

    def enter_result(self, event_id: str, result: str, now: float) -> bool:
        """Keep (or correct) an event's result; False when it had this result already."""
        with self._transaction() as db:
            row = db.execute("SELECT result FROM results WHERE event_id = ?", (event_id,)).fetchone()
            if row is not None and row[0] == result:
                return False
            db.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?)", (event_id, result, now))
            return True

    def results(self, event_ids: list[str]) -> dict[str, str]:
        marks = ", ".join("?" * len(event_ids))
        with self._transaction() as db:
            rows = db.execute(f"SELECT event_id, result FROM results WHERE event_id IN ({marks})", event_ids)
            return dict(rows.fetchall())

    def call_accepted(self, call: WalletCall, now: float) -> None:
        with self._transaction() as db:
            self._finish_call(db, call, "accepted", None)
            db.execute(
                "UPDATE rounds SET status = ?, settled_at = ? WHERE round_id = ?",
                (ACCEPTED[call.operation], now, call.round_id),
            )

    def call_refused(self, call: WalletCall, code: str) -> None:
        with self._transaction() as db:
            self._finish_call(db, call, "refused", code)
            db.execute(
                "UPDATE rounds SET status = ?, refusal = ? WHERE round_id = ?",
                (REFUSED[call.operation], code, call.round_id),
            )

    def try_later(self, call: WalletCall, why: str, at: float) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE wallet_calls SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?"
                " WHERE operator = ? AND transaction_id = ? AND status = 'pending'",
                (at, why, call.operator, call.transaction_id),
            )

    def claim_due(self, now: float, leased_until: float, limit: int = 50) -> list[WalletCall]:
        """The pending calls due by ``now``, each leased (not due again) until ``leased_until``."""
        with self._transaction() as db:
            rows = db.execute(
                f"SELECT {CALL_COLUMNS} FROM wallet_calls WHERE status = 'pending' AND next_attempt_at"
                " <= ? ORDER BY next_attempt_at LIMIT ?",
                (now, limit),
            ).fetchall()
            for row in rows:
                db.execute(
                    "UPDATE wallet_calls SET next_attempt_at = ? WHERE operator = ? AND transaction_id = ?",
                    (leased_until, row[0], row[1]),
                )
        return [_call(row) for row in rows]

    def recover(self, rollback_for, now: float) -> int:
        """Rounds left ``debiting`` by a process that stopped mid-debit: their debits are rolled back,
        as for a lost answer. ``rollback_for(debit)`` makes the rollback call. Call before serving."""
        with self._transaction() as db:
            debits = [
                _call(row)
                for row in db.execute(
                    f"SELECT {', '.join('c.' + c for c in CALL_COLUMNS.split(', '))} FROM wallet_calls c JOIN rounds r"
                    " ON r.round_id = c.round_id WHERE r.status = 'debiting' AND c.operation = 'debit'"
                ).fetchall()
            ]
            for debit in debits:
                self._finish_call(db, debit, "lost", "stopped before the answer")
                db.execute("UPDATE rounds SET status = 'rolling_back' WHERE round_id = ?", (debit.round_id,))
                self._add_call(db, rollback_for(debit), "pending", now)
        return len(debits)

    def round(self, round_id: str) -> Round | None:
        with self._transaction() as db:
            row = db.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE round_id = ?", (round_id,)).fetchone()
        return _round(row) if row else None

    def calls(self, round_id: str) -> list[tuple[str, str, int]]:
        """``(operation, status, attempts)`` of a round's wallet calls, in the order they were made."""
        with self._transaction() as db:
            return db.execute(
                "SELECT operation, status, attempts FROM wallet_calls WHERE round_id = ? ORDER BY rowid", (round_id,)
            ).fetchall()

    @staticmethod
    def _add_call(db, call: WalletCall, status: str, due: float | None) -> None:
        db.execute(
            "INSERT INTO wallet_calls VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, NULL, NULL)",
            (
                call.operator,
                call.transaction_id,
                call.round_id,
                call.operation,
                call.wallet_url,
                json.dumps(call.body),
                status,
                due,
            ),
        )

    @staticmethod
    def _finish_call(db, call: WalletCall, status: str, why: str | None) -> None:
        db.execute(
            "UPDATE wallet_calls SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = NULL"
            " WHERE operator = ? AND transaction_id = ?",
            (status, why, call.operator, call.transaction_id),
        )
