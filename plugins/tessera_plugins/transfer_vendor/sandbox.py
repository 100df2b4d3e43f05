"""A development transfer-wallet vendor: the protocol of ``protocol.py``, served at the app's root.

It keeps each (operator, player) balance and every transfer (for idempotency and the status
lookup) in SQLite: a file ``transfer-vendor.sqlite3`` under ``state_dir`` when given (it survives a
restart), else in memory. Every change runs in one immediate transaction under a lock, so
concurrent transfers for one player keep the balance exact, even across processes sharing the
file. Requests are checked against the operator's secret and the clock; anything else is 401.

Run it alone with ``python -m tessera_plugins.transfer_vendor.sandbox --port 6551``: the
operators ``demo-bd`` and ``demo-ph`` use the secret in ``DEMO_VENDOR_SECRET``.
"""
import argparse
import html
import json
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import astuple, dataclass
from datetime import datetime, timezone
from pathlib import Path

from webob import Request, Response

from .protocol import (
    MONEY, OPERATOR_HEADER, PLAYER, SIGNATURE_HEADER, TIMESTAMP_HEADER, TRANSFER_ID, canonical_query, fresh, verify,
)

DEMO_OPERATORS = ("demo-bd", "demo-ph")
STATE_FILE = "transfer-vendor.sqlite3"
GAMES = (
    {"code": "lucky-lanterns", "name": "Lucky Lanterns", "type": "RNG", "classify": "SLOT", "min_bet": "0.20",
     "lines": 25, "hot": True},
    {"code": "tiger-fortune", "name": "Tiger Fortune", "type": "RNG", "classify": "SLOT", "min_bet": "0.10",
     "lines": 20, "hot": False},
    {"code": "monsoon-gold", "name": "Monsoon Gold", "type": "RNG", "classify": "SLOT", "min_bet": "0.50",
     "lines": 30, "hot": False},
    {"code": "jeepney-jackpot", "name": "Jeepney Jackpot", "type": "RNG", "classify": "SLOT", "min_bet": "0.25",
     "lines": 10, "hot": True},
)
SCHEMA = """
CREATE TABLE IF NOT EXISTS wallets (
    operator TEXT NOT NULL, player TEXT NOT NULL, balance_minor INTEGER NOT NULL CHECK (balance_minor >= 0),
    PRIMARY KEY (operator, player));
CREATE TABLE IF NOT EXISTS transfers (
    operator TEXT NOT NULL, transfer_id TEXT NOT NULL, player TEXT NOT NULL, amount_minor INTEGER NOT NULL,
    direction TEXT NOT NULL, status TEXT NOT NULL, balance_minor INTEGER NOT NULL, created_at TEXT NOT NULL,
    PRIMARY KEY (operator, transfer_id));
"""


def to_minor(amount: str) -> int:
    return int(amount.replace(".", ""))


def to_money(minor: int) -> str:
    return f"{minor // 100}.{minor % 100:02d}"


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
        return {"transfer_id": self.transfer_id, "status": self.status, "player": self.player,
                "amount": to_money(self.amount_minor), "direction": self.direction,
                "balance": to_money(self.balance_minor), "created_at": self.created_at}


class Wallets:
    """The vendor's ledger: (operator, player) -> balance, and (operator, transfer id) -> transfer."""

    def __init__(self, path: Path | None):
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path or ":memory:", check_same_thread=False, isolation_level=None, timeout=30)
        self._db.executescript(SCHEMA)

    @contextmanager
    def _transaction(self):
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")  # other processes on the same file wait their turn
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def balance(self, operator: str, player: str) -> int:
        with self._transaction() as db:
            return self._balance(db, operator, player)

    @staticmethod
    def _balance(db, operator: str, player: str) -> int:
        row = db.execute("SELECT balance_minor FROM wallets WHERE operator = ? AND player = ?",
                         (operator, player)).fetchone()
        return row[0] if row else 0

    def find(self, operator: str, transfer_id: str) -> Transfer | None:
        with self._transaction() as db:
            return self._find(db, operator, transfer_id)

    @staticmethod
    def _find(db, operator: str, transfer_id: str) -> Transfer | None:
        row = db.execute("SELECT transfer_id, player, amount_minor, direction, status, balance_minor, created_at"
                         " FROM transfers WHERE operator = ? AND transfer_id = ?", (operator, transfer_id)).fetchone()
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
                db.execute("INSERT INTO wallets (operator, player, balance_minor) VALUES (?, ?, ?) ON CONFLICT"
                           " (operator, player) DO UPDATE SET balance_minor = excluded.balance_minor",
                           (operator, player, after))
            made = Transfer(transfer_id, player, amount_minor, direction, status, after if status == "done" else before,
                            datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
            db.execute("INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (operator, *astuple(made)))
            return made


def _json(http_status: int, value: dict) -> Response:
    return Response(json_body=value, status=http_status, charset="utf-8")


def _error(http_status: int, code: str, details: dict | None = None) -> Response:
    return _json(http_status, {"error": code, **(details or {})})


class VendorSandbox:
    """The WSGI app. ``secrets`` maps operator id -> secret; it is read at each request, so operators may be added."""

    def __init__(self, secrets, wallets: Wallets):
        self.secrets = secrets
        self.wallets = wallets

    def __call__(self, environ, start_response):
        return self.respond(Request(environ))(environ, start_response)

    def respond(self, request: Request) -> Response:
        path, method = request.path_info, request.method
        if method == "GET" and path.startswith("/play/"):
            return self.play(request, path.removeprefix("/play/"))
        routes = {("POST", "/wallet/transfer"): self.transfer, ("GET", "/wallet/balance"): self.balance,
                  ("GET", "/games"): self.games, ("GET", "/bets"): self.bets}
        handler = routes.get((method, path))
        if handler is None and method == "GET" and path.startswith("/wallet/transfer/"):
            handler = self.transfer_status
        if handler is None:
            return _error(404, "not_found")
        operator = request.headers.get(OPERATOR_HEADER, "")
        timestamp = request.headers.get(TIMESTAMP_HEADER, "")
        if not verify(self.secrets.get(operator, ""), request.headers.get(SIGNATURE_HEADER, ""), method, path,
                      canonical_query(request.GET.items()), operator, timestamp, request.body):
            return _error(401, "signature_invalid")
        if not fresh(timestamp, time.time()):
            return _error(401, "timestamp_stale")
        return handler(request, operator)

    def transfer(self, request: Request, operator: str) -> Response:
        try:
            asked = json.loads(request.body)
        except ValueError:
            asked = None
        texts = ("player", "amount", "transfer_id")
        if not (isinstance(asked, dict) and all(isinstance(asked.get(k), str) for k in texts)
                and PLAYER.fullmatch(asked["player"]) and MONEY.fullmatch(asked["amount"])
                and to_minor(asked["amount"]) > 0 and asked.get("direction") in ("in", "out")
                and TRANSFER_ID.fullmatch(asked["transfer_id"])):
            return _error(400, "invalid_request")
        fields = (asked["player"], to_minor(asked["amount"]), asked["direction"])
        made = self.wallets.transfer(operator, asked["transfer_id"], *fields)
        if (made.player, made.amount_minor, made.direction) != fields:
            return _error(409, "transfer_conflict", {"transfer_id": made.transfer_id})
        if made.status == "refused":
            return _error(422, "insufficient_funds", made.answer())
        return _json(200, made.answer())

    def transfer_status(self, request: Request, operator: str) -> Response:
        transfer_id = request.path_info.removeprefix("/wallet/transfer/")
        if not TRANSFER_ID.fullmatch(transfer_id):
            return _error(400, "invalid_request")
        made = self.wallets.find(operator, transfer_id)
        return _json(200, made.answer() if made else {"transfer_id": transfer_id, "status": "unknown"})

    def balance(self, request: Request, operator: str) -> Response:
        player = request.GET.get("player", "")
        if not PLAYER.fullmatch(player):
            return _error(400, "invalid_request")
        return _json(200, {"player": player, "balance": to_money(self.wallets.balance(operator, player))})

    def games(self, request: Request, operator: str) -> Response:
        return _json(200, {"games": list(GAMES)})

    def bets(self, request: Request, operator: str) -> Response:
        try:
            since, until = (datetime.fromisoformat(request.GET.get(k, "")) for k in ("since", "until"))
        except ValueError:
            return _error(400, "invalid_request")
        if since.tzinfo is None or until.tzinfo is None or since > until:
            return _error(400, "invalid_request")
        return _json(200, {"bets": []})  # the launch page is not a playable game yet: nothing is wagered

    def play(self, request: Request, code: str) -> Response:
        """The page a launch URL opens (signed in its query): the game and the player's balance."""
        query = dict(request.GET.items())
        operator, timestamp, signature = query.pop("operator", ""), query.pop("ts", ""), query.pop("sig", "")
        if not (verify(self.secrets.get(operator, ""), signature, "GET", request.path_info, canonical_query(query),
                       operator, timestamp, b"") and fresh(timestamp, time.time())):
            return Response("This game link is not valid any more.", status=401, content_type="text/plain")
        game = next((g for g in GAMES if g["code"] == code), None)
        if game is None:
            return Response("No such game.", status=404, content_type="text/plain")
        if query.get("demo") == "1" or not PLAYER.fullmatch(query.get("player", "")):
            wallet = "Free play"
        else:
            wallet = f"Balance {to_money(self.wallets.balance(operator, query['player']))}"
        page = (f"<!doctype html><html lang=\"{html.escape(query.get('lang', 'en'))}\"><meta charset=\"utf-8\">"
                f"<title>{html.escape(game['name'])}</title><h1>{html.escape(game['name'])}</h1>"
                f"<p>{html.escape(wallet)}</p></html>")
        return Response(page, content_type="text/html", charset="utf-8")


def make_app(secrets: dict[str, str], state_dir: Path | None = None) -> VendorSandbox:
    if state_dir is None:
        return VendorSandbox(secrets, Wallets(None))
    Path(state_dir).mkdir(parents=True, exist_ok=True)
    return VendorSandbox(secrets, Wallets(Path(state_dir) / STATE_FILE))


def demo_secrets(environ=os.environ) -> dict[str, str]:
    """The demo brands' operators and their development secret (an unset variable lets no one in)."""
    return dict.fromkeys(DEMO_OPERATORS, environ.get("DEMO_VENDOR_SECRET", ""))


def main(argv=None) -> None:
    import waitress

    parser = argparse.ArgumentParser(description="The development transfer-wallet vendor, on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=6551)
    parser.add_argument("--state-dir", type=Path, help="keep balances in a SQLite file here (default: memory)")
    args = parser.parse_args(argv)
    secrets = demo_secrets()
    if not all(secrets.values()):
        parser.error("set DEMO_VENDOR_SECRET")
    waitress.serve(make_app(secrets, args.state_dir), host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
