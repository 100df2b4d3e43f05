"""A development transfer-wallet vendor: the protocol of ``protocol.py``, served at the app's root,
and its slot games, playable.

Its state (``state.py``: wallets, transfers, game sessions, rounds) lives in SQLite: a file
``transfer-vendor.sqlite3`` under ``state_dir`` when given (it survives a restart), else in memory.
Requests are checked against the operator's secret and the clock; anything else is 401.

A launch link opens ``/play/{code}``: the slot page (``tessera_sandboxes.slots``), which spins by
``POST /sessions/{token}/spin``. For money the spin pays the bet from the player's vendor wallet and
the win into it, and the round is kept for ``GET /bets``; free play spins fun credits the session
holds. ``/games/{code}/paytable`` publishes each game's paytable, ``/slots/`` serves the page's
script and style.

Run it alone with ``python -m tessera_sandboxes.transfer_vendor.server --port 6551``: its operators
are the brands whose tenant.toml enables ``transfer-vendor`` (their ``operator_id``), each signing
with the secret its table names (``env:DEMO_VENDOR_SECRET`` for the demo brands).
"""

import json
import os
import re
import time
from pathlib import Path

from webob import Request, Response

from tessera.plugins.client import signature_refusal
from tessera_plugins.transfer_vendor.protocol import (
    MAX_BETS_PAGE,
    MONEY,
    OPERATOR_HEADER,
    PLAYER,
    POSITION,
    TRANSFER_ID,
    canonical_query,
    fresh,
    verify,
)
from tessera_sandboxes import vendors as sandbox_vendors
from tessera_sandboxes.slots import engine, page
from tessera_sandboxes.transfer_vendor.state import GameSession, VendorState, to_minor, to_money

PLUGIN = "transfer-vendor"  # the brands whose tenant.toml enables it are its operators
CURRENCY = "BDT"  # what the page shows beside a balance; the vendor keeps amounts, not currencies
# ``min_bet`` is the smallest line bet; a spin bets the line bet on every one of ``lines``.
GAMES = (
    {
        "code": "lucky-lanterns",
        "name": "Lucky Lanterns",
        "type": "RNG",
        "classify": "SC",
        "min_bet": "0.20",
        "lines": 25,
        "hot": True,
    },
    {
        "code": "tiger-fortune",
        "name": "Tiger Fortune",
        "type": "RNG",
        "classify": "SC",
        "min_bet": "0.10",
        "lines": 25,
        "hot": False,
    },
    {
        "code": "monsoon-gold",
        "name": "Monsoon Gold",
        "type": "RNG",
        "classify": "SC",
        "min_bet": "0.50",
        "lines": 30,
        "hot": False,
    },
    {
        "code": "jeepney-jackpot",
        "name": "Jeepney Jackpot",
        "type": "RNG",
        "classify": "JP",
        "min_bet": "0.25",
        "lines": 50,
        "hot": True,
    },
)
# The player's side: not signed with headers (the page's link is signed, a session token is the right to spin).
PUBLIC_ROUTES = (
    ("GET", re.compile(r"/play/(?P<code>[a-z0-9-]{1,64})"), "play"),
    ("GET", re.compile(r"/games/(?P<code>[a-z0-9-]{1,64})/paytable"), "paytable"),
    ("POST", re.compile(r"/sessions/(?P<token>[A-Za-z0-9_-]{20,64})/spin"), "spin"),
)


def _game(code: str) -> dict | None:
    return next((game for game in GAMES if game["code"] == code), None)


def line_bets(game: dict) -> list[int]:
    """The line bets a game offers, in minor units."""
    return engine.line_bet_choices(to_minor(game["min_bet"]))


def _json(http_status: int, value: dict) -> Response:
    return Response(json_body=value, status=http_status, charset="utf-8")


def _error(http_status: int, code: str, details: dict | None = None) -> Response:
    return _json(http_status, {"error": code, **(details or {})})


class VendorSandbox:
    """The WSGI app. ``secrets`` maps operator id -> secret; it is read at each request, so operators may be added."""

    def __init__(self, secrets, state: VendorState):
        self.secrets = secrets
        self.state = state
        self.assets = page.static_app()

    def __call__(self, environ, start_response):
        request = Request(environ)
        if request.path_info.startswith("/slots/"):
            request.path_info_pop()
            return self.assets(environ, start_response)
        return self.respond(request)(environ, start_response)

    def respond(self, request: Request) -> Response:
        path, method = request.path_info, request.method
        public = self.public(request)
        if public is not None:
            return public
        routes = {
            ("POST", "/wallet/transfer"): self.transfer,
            ("GET", "/wallet/balance"): self.balance,
            ("GET", "/games"): self.games,
            ("GET", "/bets"): self.bets,
        }
        handler = routes.get((method, path))
        if handler is None and method == "GET" and path.startswith("/wallet/transfer/"):
            handler = self.transfer_status
        if handler is None:
            return _error(404, "not_found")
        operator = request.headers.get(OPERATOR_HEADER, "")
        query = canonical_query(request.GET.items())
        refusal = signature_refusal(self.secrets, request.headers, method, path, query, request.body)
        if refusal is not None:
            return _error(401, refusal)
        return handler(request, operator)

    def public(self, request: Request) -> Response | None:
        for method, pattern, name in PUBLIC_ROUTES:
            found = pattern.fullmatch(request.path_info)
            if found and request.method == method:
                return getattr(self, name)(request, *found.groups())
        return None

    def transfer(self, request: Request, operator: str) -> Response:
        try:
            asked = json.loads(request.body)
        except ValueError:
            asked = None
        texts = ("player", "amount", "transfer_id")
        if not (
            isinstance(asked, dict)
            and all(isinstance(asked.get(k), str) for k in texts)
            and PLAYER.fullmatch(asked["player"])
            and MONEY.fullmatch(asked["amount"])
            and to_minor(asked["amount"]) > 0
            and asked.get("direction") in ("in", "out")
            and TRANSFER_ID.fullmatch(asked["transfer_id"])
        ):
            return _error(400, "invalid_request")
        fields = (asked["player"], to_minor(asked["amount"]), asked["direction"])
        made = self.state.transfer(operator, asked["transfer_id"], *fields)
        if (made.player, made.amount_minor, made.direction) != fields:
            return _error(409, "transfer_conflict", {"transfer_id": made.transfer_id})
        if made.status == "refused":
            return _error(422, "insufficient_funds", made.answer())
        return _json(200, made.answer())

    def transfer_status(self, request: Request, operator: str) -> Response:
        transfer_id = request.path_info.removeprefix("/wallet/transfer/")
        if not TRANSFER_ID.fullmatch(transfer_id):
            return _error(400, "invalid_request")
        made = self.state.find(operator, transfer_id)
        return _json(200, made.answer() if made else {"transfer_id": transfer_id, "status": "unknown"})

    def balance(self, request: Request, operator: str) -> Response:
        player = request.GET.get("player", "")
        if not PLAYER.fullmatch(player):
            return _error(400, "invalid_request")
        return _json(200, {"player": player, "balance": to_money(self.state.balance(operator, player))})

    def games(self, request: Request, operator: str) -> Response:
        return _json(200, {"games": list(GAMES)})

    def bets(self, request: Request, operator: str) -> Response:
        after, limit = request.GET.get("after") or "0", request.GET.get("limit", str(MAX_BETS_PAGE))
        if not (POSITION.fullmatch(after) and limit.isascii() and limit.isdigit() and 1 <= int(limit) <= MAX_BETS_PAGE):
            return _error(400, "invalid_request")
        bets = self.state.rounds(operator, int(after), int(limit))
        return _json(200, {"bets": bets, "next": bets[-1]["seq"] if bets else after})

    def play(self, request: Request, code: str) -> Response:
        """The page a launch URL opens (signed in its query): the slot, for the player's wallet or for fun."""
        query = dict(request.GET.items())
        operator, timestamp, signature = query.pop("operator", ""), query.pop("ts", ""), query.pop("sig", "")
        if not (
            verify(
                self.secrets.get(operator, ""),
                signature,
                "GET",
                request.path_info,
                canonical_query(query),
                operator,
                timestamp,
                b"",
            )
            and fresh(timestamp, time.time())
        ):
            return Response("This game link is not valid any more.", status=401, content_type="text/plain")
        game = _game(code)
        if game is None:
            return Response("No such game.", status=404, content_type="text/plain")
        free_play = query.get("demo") == "1" or not PLAYER.fullmatch(query.get("player", ""))
        language = page.language_of(query.get("lang"))
        session = GameSession(operator, None if free_play else query["player"], code, game["lines"], language)
        token, balance = self.state.open_session(session)
        base = request.script_name
        spin_url, paytable_url = f"{base}/sessions/{token}/spin", f"{base}/games/{code}/paytable"
        html = page.slot_page(
            game["name"],
            language,
            spin_url,
            paytable_url,
            to_money(balance),
            CURRENCY,
            free_play,
            f"{base}/slots",
            [to_money(bet) for bet in line_bets(game)],
        )
        response = Response(html, content_type="text/html", charset="utf-8")
        response.headers["Content-Security-Policy"] = page.content_security_policy(
            f"{base}/slots", spin_url, paytable_url
        )
        response.cache_control = "no-store"  # the page holds a session token
        return response

    def paytable(self, request: Request, code: str) -> Response:
        game = _game(code)
        if game is None:
            return _error(404, "not_found")
        response = _json(200, engine.paytable_json(engine.paytable_for(code, game["lines"])))
        response.cache_control = "public, max-age=300"
        return response

    def spin(self, request: Request, token: str) -> Response:
        """A spin of the session's game: ``{"lineBet": "0.20"}`` -> the round, or a refusal the page shows."""
        session = self.state.session(token)
        if session is None:
            return _json(401, page.refusal("session_expired", "en"))
        try:
            asked = json.loads(request.body)
        except ValueError:
            asked = None
        line_bet = asked.get("lineBet") if isinstance(asked, dict) else None
        game = _game(session.game_code)
        if game is None:  # a session kept on disk, its game gone since
            return _json(404, page.refusal("game_unavailable", session.language))
        if not (isinstance(line_bet, str) and MONEY.fullmatch(line_bet) and to_minor(line_bet) in line_bets(game)):
            return _json(400, page.refusal("bet_invalid", session.language))
        outcome = self.state.play(token, to_minor(line_bet))
        if outcome is None:
            return _json(401, page.refusal("session_expired", session.language))
        balance = to_money(outcome.balance_minor)
        if outcome.spin is None:
            return _json(422, page.refusal("insufficient_funds", session.language, balance=balance))
        spin = outcome.spin
        wins = [
            {"line": win["line"], "symbol": win["symbol"], "count": win["count"], "pay": to_money(win["payMinor"])}
            for win in spin.wins
        ]
        return _json(
            200,
            {
                "roundId": outcome.round_id,
                "grid": spin.grid,
                "wins": wins,
                "lineBet": line_bet,
                "lines": spin.bet_minor // spin.line_bet_minor,
                "bet": to_money(spin.bet_minor),
                "payout": to_money(spin.payout_minor),
                "balance": balance,
            },
        )


def make_app(secrets: dict[str, str], state_dir: Path | None = None) -> VendorSandbox:
    return VendorSandbox(secrets, VendorState(state_dir))


def operator_secrets(environ=os.environ) -> dict[str, str]:
    """The operators of the brands whose tenant.toml enables this vendor's plugin, and their secrets."""
    return sandbox_vendors.operator_secrets(PLUGIN, environ)


def main(argv=None) -> None:
    sandbox_vendors.serve_alone(
        make_app,
        PLUGIN,
        "The development transfer-wallet vendor, on 127.0.0.1.",
        6551,
        "keep balances in a SQLite file here (default: memory)",
        argv,
    )


if __name__ == "__main__":
    main()
