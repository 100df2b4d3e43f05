"""What the development vendor keeps (``sandbox.py`` serves it): each (operator, player) wallet,
every transfer (for idempotency and the status lookup), the game sessions its pages open, and
every round played for money.

One SQLite database: ``transfer-vendor.sqlite3`` under the state folder when given (it survives a
restart), else memory. Every change runs in one immediate transaction under a lock, so concurrent
transfers and spins for one player keep the balance exact, even across processes sharing the file.
"""

import hashlib
import json
import secrets
import time
from dataclasses import astuple, dataclass
from datetime import UTC, datetime

from tessera_sandboxes.slots import engine
from tessera_sandboxes.vendors import SqliteState

STATE_FILE = "transfer-vendor.sqlite3"
SESSION_SECONDS = 12 * 3600
FUN_BALANCE_MINOR = 2000_00  # what a free-play session starts with
SCHEMA = """
CREATE TABLE IF NOT EXISTS wallets (
    operator TEXT NOT NULL, player TEXT NOT NULL, balance_minor INTEGER NOT NULL CHECK (balance_minor >= 0),
    PRIMARY KEY (operator, player));
CREATE TABLE IF NOT EXISTS transfers (
    operator TEXT NOT NULL, transfer_id TEXT NOT NULL, player TEXT NOT NULL, amount_minor INTEGER NOT NULL,
    direction TEXT NOT NULL, status TEXT NOT NULL, balance_minor INTEGER NOT NULL, created_at TEXT NOT NULL,
    PRIMARY KEY (operator, transfer_id));
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY, operator TEXT NOT NULL, player TEXT, game_code TEXT NOT NULL, lines INTEGER NOT NULL,
    language TEXT NOT NULL, fun_balance_minor INTEGER CHECK (fun_balance_minor >= 0), expires_at REAL NOT NULL,
    CHECK ((player IS NULL) = (fun_balance_minor IS NOT NULL)));
CREATE TABLE IF NOT EXISTS rounds (
    operator TEXT NOT NULL, round_id TEXT NOT NULL, player TEXT NOT NULL, game_code TEXT NOT NULL,
    line_bet_minor INTEGER NOT NULL, lines INTEGER NOT NULL, bet_minor INTEGER NOT NULL, payout_minor INTEGER NOT NULL,
    balance_minor INTEGER NOT NULL, grid TEXT NOT NULL, wins TEXT NOT NULL, placed_at INTEGER NOT NULL,
    settled_at INTEGER NOT NULL, PRIMARY KEY (operator, round_id));
CREATE INDEX IF NOT EXISTS rounds_by_settlement ON rounds (operator, settled_at);
"""


def to_minor(amount: str) -> int:
    return int(amount.replace(".", ""))


def to_money(minor: int) -> str:
    return f"{minor // 100}.{minor % 100:02d}"


def _micros(moment: datetime) -> int:
    """An aware datetime as whole microseconds since the epoch: exact, and ordered as text is not."""
    delta = moment - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds


def _iso(micros: int) -> str:
    return datetime.fromtimestamp(micros // 1_000_000, UTC).replace(microsecond=micros % 1_000_000).isoformat()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Transfer:
    transfer_id: str
    player: str
    amount_minor: int
    direction: str
    status: str  # "done", or "refused" (more out than the balance)
    balance_minor: int  # after the transfer when done, at the refusal when refused
    created_at: str

    def answer(self) -> dict:
        return {
            "transfer_id": self.transfer_id,
            "status": self.status,
            "player": self.player,
            "amount": to_money(self.amount_minor),
            "direction": self.direction,
            "balance": to_money(self.balance_minor),
            "created_at": self.created_at,
        }


@dataclass(frozen=True)
class GameSession:
    """A game page's right to spin: for a player's wallet, or (player None) for fun credits."""

    operator: str
    player: str | None
    game_code: str
    lines: int
    language: str

    @property
    def free_play(self) -> bool:
        return self.player is None


@dataclass(frozen=True)
class Outcome:
    """A spin played (``spin`` set, ``round_id`` too when for money), or refused for want of funds."""

    balance_minor: int
    spin: engine.Spin | None = None
    round_id: str | None = None


class VendorState(SqliteState):
    schema, state_file = SCHEMA, STATE_FILE

    # -- Wallets and transfers

    def balance(self, operator: str, player: str) -> int:
        with self._transaction() as db:
            return self._balance(db, operator, player)

    @staticmethod
    def _balance(db, operator: str, player: str) -> int:
        row = db.execute(
            "SELECT balance_minor FROM wallets WHERE operator = ? AND player = ?", (operator, player)
        ).fetchone()
        return row[0] if row else 0

    @staticmethod
    def _set_balance(db, operator: str, player: str, balance_minor: int) -> None:
        db.execute(
            "INSERT INTO wallets (operator, player, balance_minor) VALUES (?, ?, ?) ON CONFLICT"
            " (operator, player) DO UPDATE SET balance_minor = excluded.balance_minor",
            (operator, player, balance_minor),
        )

    def find(self, operator: str, transfer_id: str) -> Transfer | None:
        with self._transaction() as db:
            return self._find(db, operator, transfer_id)

    @staticmethod
    def _find(db, operator: str, transfer_id: str) -> Transfer | None:
        row = db.execute(
            "SELECT transfer_id, player, amount_minor, direction, status, balance_minor, created_at"
            " FROM transfers WHERE operator = ? AND transfer_id = ?",
            (operator, transfer_id),
        ).fetchone()
        return Transfer(*row) if row else None

    def transfer(self, operator: str, transfer_id: str, player: str, amount_minor: int, direction: str) -> Transfer:
        """The transfer under ``transfer_id``: the one made before if any (whatever its fields), else this one."""
        with self._transaction() as db:
            done = self._find(db, operator, transfer_id)
            if done is not None:
                return done
            before = self._balance(db, operator, player)
            after = before + amount_minor if direction == "in" else before - amount_minor
            status = "done" if after >= 0 else "refused"
            if status == "done":
                self._set_balance(db, operator, player, after)
            made = Transfer(
                transfer_id,
                player,
                amount_minor,
                direction,
                status,
                after if status == "done" else before,
                datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            )
            db.execute("INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (operator, *astuple(made)))
            return made

    # -- Game sessions and rounds

    def open_session(self, session: GameSession) -> tuple[str, int]:
        """A new session's token (only its hash is kept) and the balance it plays with."""
        token = secrets.token_urlsafe(32)
        fun = FUN_BALANCE_MINOR if session.free_play else None
        with self._transaction() as db:
            db.execute("DELETE FROM sessions WHERE expires_at < ?", (time.time(),))
            db.execute(
                "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    _token_hash(token),
                    session.operator,
                    session.player,
                    session.game_code,
                    session.lines,
                    session.language,
                    fun,
                    time.time() + SESSION_SECONDS,
                ),
            )
            return token, fun if session.free_play else self._balance(db, session.operator, session.player)

    @staticmethod
    def _session(db, token: str) -> tuple[GameSession, int | None] | None:
        row = db.execute(
            "SELECT operator, player, game_code, lines, language, fun_balance_minor FROM sessions"
            " WHERE token_hash = ? AND expires_at >= ?",
            (_token_hash(token), time.time()),
        ).fetchone()
        return (GameSession(*row[:5]), row[5]) if row else None

    def session(self, token: str) -> GameSession | None:
        with self._transaction() as db:
            found = self._session(db, token)
            return found[0] if found else None

    def play(self, token: str, line_bet_minor: int, rng=None) -> Outcome | None:
        """One spin of the session's game at ``line_bet_minor`` a line, paid from and into its
        balance in one transaction; a money round is kept. None when the session is unknown or over."""
        with self._transaction() as db:
            found = self._session(db, token)
            if found is None:
                return None
            session, fun_balance = found
            before = fun_balance if session.free_play else self._balance(db, session.operator, session.player)
            paytable = engine.paytable_for(session.game_code, session.lines)
            if before < line_bet_minor * len(paytable.lines):
                return Outcome(before)
            spin = engine.spin(paytable, line_bet_minor, rng)
            after = before - spin.bet_minor + spin.payout_minor
            if session.free_play:
                db.execute(
                    "UPDATE sessions SET fun_balance_minor = ? WHERE token_hash = ?", (after, _token_hash(token))
                )
                return Outcome(after, spin)
            self._set_balance(db, session.operator, session.player, after)
            round_id, now = secrets.token_hex(12), _micros(datetime.now(UTC))
            db.execute(
                "INSERT INTO rounds VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    session.operator,
                    round_id,
                    session.player,
                    session.game_code,
                    line_bet_minor,
                    len(paytable.lines),
                    spin.bet_minor,
                    spin.payout_minor,
                    after,
                    json.dumps(spin.grid),
                    json.dumps(spin.wins),
                    now,
                    now,
                ),
            )
            return Outcome(after, spin, round_id)

    def rounds(self, operator: str, after: int, limit: int) -> list[dict]:
        """The operator's rounds recorded after position ``after``, oldest first, as ``GET /bets``
        lists them. A round's position (``seq``) is its rowid: rounds are written one transaction at
        a time and never deleted, so a later round always has a larger one."""
        with self._transaction() as db:
            rows = db.execute(
                "SELECT rowid, round_id, player, game_code, line_bet_minor, lines, bet_minor,"
                " payout_minor, placed_at, settled_at FROM rounds WHERE operator = ? AND rowid > ?"
                " ORDER BY rowid LIMIT ?",
                (operator, after, limit),
            ).fetchall()
        return [
            {
                "seq": str(seq),
                "round_id": round_id,
                "player": player,
                "game_code": game_code,
                "line_bet": to_money(line_bet),
                "lines": lines,
                "bet": to_money(bet),
                "payout": to_money(payout),
                "placed_at": _iso(placed),
                "settled_at": _iso(settled),
            }
            for seq, round_id, player, game_code, line_bet, lines, bet, payout, placed, settled in rows
        ]
