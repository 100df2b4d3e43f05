"""The demo game vendor's server, a WSGI app speaking ``protocol.py``: the signed API for the
brands' plugin, the game pages players open, icons, and the calls to the brands' wallets.

    GET  /                            the vendors and their game counts
    GET  /icons/vendors/<CODE>.svg    a vendor's logo;  /icons/games/<code>.svg  a game's icon
    GET  /games/<code>/paytable.json  a slot's published paytable (symbols, pays, lines, exact RTP)
    GET  /slots/...                   the slot page's script and style
    *    /api/...                     the plugin's signed calls (protocol.py)
    GET  /play/<session>?exp=&sig=    the page a launch URL opens: a slot, or the vendor's lobby
    POST /play/<session>/spin         a spin ``{lineBet}`` (the slot page calls it)
    GET  /play/<session>/rooms        a live lobby's tables, refreshed by its page
    GET  /play/<session>/state        a table, book, arena, fish or card game's page state (tables.py)
    POST /play/<session>/bet          a bet on it; GET /play/<session>/balance the player's balance
    POST /desk/results                the vendor's trading desk: ``{event, result}`` enters or corrects
                                      a fixture's or a fight's result, settling its bets (loopback only)

Every RNG game, whatever its slot class, plays on the slot engine (``tessera_sandboxes.slots``);
baccarat tables, sportsbooks, esports books, cockfight arenas, fish and card games play by
``tables.py``; the other live tables open the vendor's lobby. State (sessions, rounds, wallet calls still to deliver) is
kept by ``state.Store``; a ``Retrier`` thread delivers credits and rollbacks until the brands
accept them.

Run it alone with ``python -m tessera_sandboxes.demo_vendor.server --port 6552``: its operators are
the brands whose tenant.toml enables ``demo-vendor`` (their ``operator_id``), each signing with the
secret its table names (``env:DEMO_GAMES_SECRET`` for the demo brands).
"""

import hashlib
import json
import os
import re
import secrets
import time
from datetime import UTC, datetime
from pathlib import Path

from webob import Request, Response

from tessera.plugins.client import signature_refusal
from tessera_plugins.demo_vendor.protocol import (
    LANGUAGE,
    OPERATOR_HEADER,
    PLAYER,
    canonical_query,
    sign_launch,
    to_minor,
    to_money,
    verify_launch,
)
from tessera_sandboxes import vendors as sandbox_vendors
from tessera_sandboxes.demo_vendor import catalog, currencies, game_pages, icons, pages, rooms, tables
from tessera_sandboxes.demo_vendor.book import Book
from tessera_sandboxes.demo_vendor.play import FUN_BALANCE_MINOR, Retrier, SpinRefused, Table
from tessera_sandboxes.demo_vendor.state import Session, Store
from tessera_sandboxes.slots import engine, page

PLUGIN = "demo-vendor"  # the brands whose tenant.toml enables it are its operators
SESSION_SECONDS = 12 * 3600  # as long as the brand's launch token
LAUNCH_URL_SECONDS = 10 * 60  # a launch URL opens the game only this soon after the launch
ICON_CACHE = "public, max-age=604800, immutable"
MAX_BODY = 16 * 1024
CURRENCY = re.compile(r"[A-Z]{3,4}")
URL = re.compile(r"https?://[^\s/?#]+(/[^\s?#]*)?")


def _json(status: int, value: dict) -> Response:
    response = Response(json_body=value, status=status, charset="utf-8")
    response.cache_control = "no-store"
    return response


def _error(status: int, code: str) -> Response:
    return _json(status, {"error": code})


def _html(status: int, text: str) -> Response:
    response = Response(text, status=status, content_type="text/html", charset="utf-8")
    response.cache_control = "no-store"
    return response


def _moment(seconds: float | None) -> str | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC).isoformat()


class DemoVendor:
    """The WSGI app. ``secrets`` maps operator id -> secret, read at each request."""

    def __init__(self, secrets_by_operator: dict, store: Store, wallet_timeout: float = 5.0):
        self.secrets = secrets_by_operator
        self.store = store
        self.table = Table(store, secrets_by_operator, wallet_timeout)
        self.games = tables.Games(Book(self.table))
        self.slot_assets = page.static_app()
        self.retrier: Retrier | None = None

    def __call__(self, environ, start_response):
        request = Request(environ)
        return self.respond(request)(environ, start_response)

    def respond(self, request: Request) -> Response:
        path, method = request.path_info, request.method
        if path.startswith("/slots/"):
            request.path_info_pop()
            return request.get_response(self.slot_assets)
        if path.startswith("/api/"):
            return self.api(request)
        parts = path.strip("/").split("/")
        if method == "GET" and path == "/":
            return _html(200, pages.index(request.GET.get("lang", "en"), request.application_url))
        if method == "GET" and len(parts) == 3 and parts[0] == "icons" and parts[2].endswith(".svg"):
            return self.icon(parts[1], parts[2].removesuffix(".svg"))
        if method == "GET" and len(parts) == 3 and parts[0] == "games" and parts[2] == "paytable.json":
            return self.paytable(parts[1])
        if len(parts) in (2, 3) and parts[0] == "play":
            action = parts[2] if len(parts) == 3 else None
            if method == "GET" and action is None:
                return self.play(request, parts[1])
            if method == "POST" and action == "spin":
                return self.spin(request, parts[1])
            if method == "GET" and action == "rooms":
                return self.session_rooms(parts[1])
            if action in ("state", "bet", "balance"):
                return self.table_game(request, parts[1], action)
        if method == "POST" and path == "/desk/results":
            return self.desk_result(request)
        return _error(404, "not_found")

    # -- Icons and paytables (public) --------------------------------------------------------

    def icon(self, kind: str, code: str) -> Response:
        if kind == "vendors" and (vendor := catalog.vendor(code)) is not None:
            svg = icons.vendor_logo(vendor)
        elif kind == "games" and (game := catalog.game(code)) is not None:
            svg = icons.game_icon(game)
        else:
            return _error(404, "not_found")
        # conditional_response: webob answers 304 to a matching If-None-Match.
        response = Response(svg, content_type="image/svg+xml", charset="utf-8", conditional_response=True)
        response.cache_control = ICON_CACHE
        response.etag = hashlib.sha256(svg.encode()).hexdigest()[:32]
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Access-Control-Allow-Origin"] = "*"
        return response

    def paytable(self, code: str) -> Response:
        game = catalog.game(code)
        if game is None or not game.is_slot:
            return _error(404, "not_found")
        response = Response(json_body=engine.paytable_json(engine.paytable_for(game.code, game.lines)), charset="utf-8")
        response.cache_control = "public, max-age=3600"
        return response

    # -- The plugin's API --------------------------------------------------------------------

    def api(self, request: Request) -> Response:
        routes = {
            ("GET", "/api/vendors"): self.api_vendors,
            ("GET", "/api/games"): self.api_games,
            ("POST", "/api/sessions"): self.api_sessions,
            ("GET", "/api/rooms"): self.api_rooms,
        }
        handler = routes.get((request.method, request.path_info))
        if handler is None:
            return _error(404, "not_found")
        operator = request.headers.get(OPERATOR_HEADER, "")
        query, body = canonical_query(request.GET.items()), request.body
        refusal = (
            "signature_invalid"  # too long to be a call of the API: not even hashed
            if len(body) > MAX_BODY
            else signature_refusal(self.secrets, request.headers, request.method, request.path_info, query, body)
        )
        if refusal is not None:
            return _error(401, refusal)
        return handler(request, operator)

    def api_vendors(self, request: Request, operator: str) -> Response:
        base = request.application_url
        return _json(
            200,
            {
                "vendors": [
                    {
                        "code": v.code,
                        "name": v.name,
                        "gameType": v.game_type,
                        "walletMode": "seamless",
                        "hot": v.hot,
                        "accountTypeId": v.account_type_id,
                        "logo": f"{base}/icons/vendors/{v.code}.svg",
                        "gameCount": len(catalog.games_by_vendor()[v.code]),
                    }
                    for v in catalog.VENDORS
                ]
            },
        )

    def api_games(self, request: Request, operator: str) -> Response:
        vendor = catalog.vendor(request.GET.get("vendor", ""))
        if vendor is None:
            return _error(404, "vendor_unknown")
        money = currencies.of(request.GET.get("currency"))
        base = request.application_url
        return _json(
            200,
            {
                "vendor": vendor.code,
                "games": [
                    {
                        "code": g.code,
                        "name": g.name,
                        "type": g.game_type,
                        "classify": g.classify,
                        "minBet": money.quote(g.min_bet),
                        "lines": g.lines,
                        "hot": g.hot,
                        "rank": g.rank,
                        "icon": f"{base}/icons/games/{g.code}.svg",
                    }
                    for g in catalog.games_by_vendor()[vendor.code]
                ],
            },
        )

    def api_rooms(self, request: Request, operator: str) -> Response:
        vendor = catalog.vendor(request.GET.get("vendor", ""))
        if vendor is None:
            return _error(404, "vendor_unknown")
        return _json(200, {"rooms": rooms.rooms(vendor.code, currency=request.GET.get("currency"))})

    def api_sessions(self, request: Request, operator: str) -> Response:
        try:
            asked = json.loads(request.body)
        except ValueError:
            asked = None
        if not isinstance(asked, dict):
            return _error(400, "invalid_request")
        vendor, game = catalog.vendor(str(asked.get("vendor"))), catalog.game(str(asked.get("game")))
        if vendor is None:
            return _error(404, "vendor_unknown")
        if game is None or game.vendor != vendor.code:
            return _error(404, "game_unknown")
        free_play = asked.get("freePlay")
        language, device, currency = asked.get("language"), asked.get("device"), asked.get("currency")
        if not (
            isinstance(free_play, bool)
            and isinstance(language, str)
            and LANGUAGE.fullmatch(language)
            and device in ("WEB", "MOBILE")
            and isinstance(currency, str)
            and CURRENCY.fullmatch(currency)
        ):
            return _error(400, "invalid_request")
        player, token, wallet_url = asked.get("player"), asked.get("token"), asked.get("walletUrl")
        if not free_play and not (
            isinstance(player, str)
            and PLAYER.fullmatch(player)
            and isinstance(token, str)
            and 16 <= len(token) <= 512
            and isinstance(wallet_url, str)
            and URL.fullmatch(wallet_url)
        ):
            return _error(400, "invalid_request")
        now = time.time()
        username = asked.get("username") if isinstance(asked.get("username"), str) else None
        session = Session(
            secrets.token_urlsafe(32),
            operator,
            vendor.code,
            game.code,
            None if free_play else player,
            None if free_play else username,
            currency,
            None if free_play else token,
            None if free_play else wallet_url,
            language,
            device,
            free_play,
            FUN_BALANCE_MINOR if free_play else 0,
            None,
            now,
            now + SESSION_SECONDS,
        )
        self.store.add_session(session)
        expires = int(now) + LAUNCH_URL_SECONDS
        signature = sign_launch(self.secrets[operator], session.id, expires)
        url = f"{request.application_url}/play/{session.id}?{canonical_query({'exp': expires, 'sig': signature})}"
        return _json(201, {"session": session.id, "url": url, "expiresAt": _moment(session.expires_at)})

    # -- The game pages ------------------------------------------------------------------------

    def _live_session(self, session_id: str) -> Session | None:
        session = self.store.session(session_id)
        return session if session is not None and session.expires_at > time.time() else None

    def play(self, request: Request, session_id: str) -> Response:
        session = self.store.session(session_id)
        language = session.language if session else request.GET.get("lang", "en")
        if (
            session is None
            or session.expires_at <= time.time()
            or not verify_launch(
                self.secrets.get(session.operator, ""),
                request.GET.get("sig", ""),
                session.id,
                request.GET.get("exp", ""),
                time.time(),
            )
        ):
            return _html(401, pages.notice(language, "expired"))
        game, vendor = catalog.game(session.game_code), catalog.vendor(session.vendor)
        if game is None or vendor is None:  # no longer in the catalog
            return _html(404, pages.notice(language, "unknown"))
        try:
            balance = self.table.authenticate(session)
        except SpinRefused as refused:
            return _html(refused.status, pages.notice(language, "ended" if refused.status == 401 else "unavailable"))
        base = request.application_url
        what = tables.kind(game)
        if what is not None and not session.free_play:
            return _html(200, game_pages.game_page(what, vendor, game, base, session, balance))
        if not game.is_slot:
            return _html(
                200,
                pages.lobby(
                    language,
                    vendor,
                    game,
                    base,
                    rooms.rooms(vendor.code, currency=session.currency),
                    f"{base}/play/{session.id}/rooms",
                    balance,
                    session.free_play,
                ),
            )
        line_bets = [
            to_money(bet)
            for bet in engine.line_bet_choices(currencies.of(session.currency).limit(to_minor(game.min_bet)))
        ]
        html_page = page.slot_page(
            game.name,
            language,
            f"{base}/play/{session.id}/spin",
            f"{base}/games/{game.code}/paytable.json",
            to_money(balance),
            session.currency,
            session.free_play,
            f"{base}/slots",
            line_bets,
        )
        return _html(200, html_page)

    def spin(self, request: Request, session_id: str) -> Response:
        session = self._live_session(session_id)
        language = session.language if session else "en"
        if session is None:
            return _json(401, page.refusal("session_expired", language))
        try:
            asked = json.loads(request.body) if len(request.body) <= MAX_BODY else None
        except ValueError:
            asked = None
        line_bet = asked.get("lineBet") if isinstance(asked, dict) else None
        try:
            return _json(200, self.table.spin(session, line_bet))
        except SpinRefused as refused:
            details = {} if refused.balance_minor is None else {"balance": to_money(refused.balance_minor)}
            return _json(refused.status, page.refusal(refused.code, language, **details))

    def table_game(self, request: Request, session_id: str, action: str) -> Response:
        session = self._live_session(session_id)
        game = catalog.game(session.game_code) if session else None
        if session is None or session.free_play or game is None:
            return _error(401, "session_expired")
        try:
            if action == "state" and request.method == "GET":
                return _json(200, self.games.state(session, game))
            if action == "balance" and request.method == "GET":
                return _json(200, {"balance": to_money(self.table.authenticate(session))})
            if action == "bet" and request.method == "POST":
                try:
                    asked = json.loads(request.body) if len(request.body) <= MAX_BODY else None
                except ValueError:
                    asked = None
                return _json(200, self.games.bet(session, game, asked if isinstance(asked, dict) else {}))
        except SpinRefused as refused:
            details = {} if refused.balance_minor is None else {"balance": to_money(refused.balance_minor)}
            return _json(refused.status, {"error": refused.code, **details})
        return _error(404, "not_found")

    def desk_result(self, request: Request) -> Response:
        """The trading desk, for development and tests: reachable from loopback only."""
        if request.remote_addr not in ("127.0.0.1", "::1", None):
            return _error(403, "forbidden")
        try:
            asked = json.loads(request.body)
        except ValueError:
            asked = None
        if (
            not isinstance(asked, dict)
            or not isinstance(asked.get("event"), str)
            or not isinstance(asked.get("result"), str)
        ):
            return _error(400, "invalid_request")
        try:
            return _json(200, self.games.enter_result(asked["event"], asked["result"]))
        except SpinRefused as refused:
            return _error(refused.status, refused.code)

    def close(self) -> None:
        """Stop the retrier (its pending calls stay in the state for the next start)."""
        if self.retrier is not None:
            self.retrier.stop()

    def session_rooms(self, session_id: str) -> Response:
        session = self._live_session(session_id)
        if session is None:
            return _error(401, "session_expired")
        return _json(200, {"rooms": rooms.rooms(session.vendor, currency=session.currency)})


def make_app(
    secrets_by_operator: dict,
    state_dir: Path | None = None,
    retry_interval: float | None = 1.0,
    wallet_timeout: float = 5.0,
) -> DemoVendor:
    """The vendor, its state under ``state_dir`` (memory when None), a retrier every
    ``retry_interval`` seconds (None: no thread; call ``app.table.retry_due()``). Rounds a stopped
    process left mid-debit are rolled back first."""
    store = Store(state_dir)
    app = DemoVendor(secrets_by_operator, store, wallet_timeout)
    store.recover(app.table.rollback_for, time.time())
    if retry_interval is not None:
        app.retrier = Retrier(app.table, retry_interval, also=app.games.deal_due).start()
    return app


def operator_secrets(environ=os.environ) -> dict[str, str]:
    """The operators of the brands whose tenant.toml enables this vendor's plugin, and their secrets."""
    return sandbox_vendors.operator_secrets(PLUGIN, environ)


def main(argv=None) -> None:
    sandbox_vendors.serve_alone(
        make_app,
        PLUGIN,
        "The demo game vendor, on 127.0.0.1.",
        6552,
        "keep sessions, rounds and wallet calls here (default: memory)",
        argv,
    )


if __name__ == "__main__":
    main()
