"""A development results feed of the Vietnamese lottery, speaking the protocol of the
``results-http`` plugin (see its docstring); ``python -m tessera_sandboxes`` serves it under
``/lottery-results``.

- ``GET /results/<game>/<numero>``: 200 with the draw's prizes by name once its time has come
  (:func:`tessera.lottery.schedule.draw_of`), 404 ``not_published`` before, 404 ``draw_unknown``
  for a game or numero the official schedule does not have (the house's fast games included).
  A draw's numbers are :func:`drawn_numbers` (a hash of game and numero, so tests can predict
  them) unless a result was set for it.
- ``POST /results/<game>/<numero>`` with ``{"prizes": {...}}`` (or ``{"numbers": [...]}`` in
  published order) sets that draw's result, published at once; 204.
- ``POST /failures`` with ``{"status": 503, "count": 1}`` makes the next reads answer that status.

An ``api_key`` given to :class:`ResultsFeed` is required as ``Authorization: Bearer <api_key>``.
"""

import hashlib
import json
import threading
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache

from webob import Request, Response

from tessera.core.timeutil import utcnow
from tessera.lottery.errors import LotteryError
from tessera.lottery.schedule import OFFICIAL, VnGame, draw_of
from tessera.plugins.kit.local_http import LocalWsgiServer

PLUGIN = "results-http"
NOT_SET = object()
PRIZE_NAMES = ("special", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def drawn_numbers(game_code: str, numero: str) -> list[str]:
    """The numbers the feed publishes for a draw no result was set for, in published order: each
    slot's digits from SHA-256 of ``game/numero/position``."""
    game = OFFICIAL.game(game_code)
    numbers = []
    for position, slot in enumerate(game.draw_format.slots):
        digest = hashlib.sha256(f"{game_code}/{numero}/{position}".encode()).digest()
        numbers.append(f"{int.from_bytes(digest[:8], 'big') % 10**slot.digits:0{slot.digits}d}")
    return numbers


def prizes_of(game_code: str, numbers: list[str]) -> dict[str, list[str]]:
    """Numbers in published order as the feed's prizes by name."""
    prizes: dict[str, list[str]] = {}
    for slot, number in zip(OFFICIAL.game(game_code).draw_format.slots, numbers, strict=True):
        prizes.setdefault(PRIZE_NAMES[slot.prize], []).append(number)
    return prizes


class ResultsFeed:
    """The feed's state: results set by tests, failures to come, the clock deciding what is published."""

    def __init__(self, api_key: str | None = None, clock: Callable[[], datetime] = utcnow):
        self.api_key, self.clock = api_key, clock
        self._lock = threading.Lock()
        self._set: dict[tuple[str, str], object] = {}  # (game, numero) -> its prizes, as set
        self._failures: list[int] = []

    def publish(self, game_code: str, numero: str, numbers: list[str]) -> None:
        """Publish ``numbers`` (published order) as the draw's result, whatever its time."""
        with self._lock:
            self._set[(game_code, numero)] = prizes_of(game_code, numbers)

    def fail_next(self, status: int = 503, count: int = 1) -> None:
        with self._lock:
            self._failures.extend([status] * count)

    def result(self, game_code: str, numero: str) -> tuple[int, dict]:
        """The status and JSON the feed answers a read of a draw."""
        with self._lock:
            if self._failures:
                return self._failures.pop(0), {"error": "feed_failure"}
            prizes = self._set.get((game_code, numero), NOT_SET)
        if prizes is NOT_SET:
            try:
                if not isinstance(OFFICIAL.game(game_code), VnGame):
                    return 404, {"error": "draw_unknown"}
                draw = draw_of(game_code, numero)
            except LotteryError:
                return 404, {"error": "draw_unknown"}
            if draw.at > self.clock():
                return 404, {"error": "not_published"}
            prizes = prizes_of(game_code, drawn_numbers(game_code, numero))
        return 200, {"gameCode": game_code, "numero": numero, "prizes": prizes}

    def __call__(self, environ, start_response):
        request = Request(environ)
        status, value = self._answer(request)
        response = Response(status=status)
        if value is not None:
            response.content_type, response.charset = "application/json", "utf-8"
            response.body = json.dumps(value).encode()
        return response(environ, start_response)

    def _answer(self, request: Request) -> tuple[int, dict | None]:
        if self.api_key and request.headers.get("Authorization") != f"Bearer {self.api_key}":
            return 401, {"error": "unauthorized"}
        parts = request.path_info.strip("/").split("/")
        try:
            body = json.loads(request.body or b"null") if request.method == "POST" else None
        except ValueError:
            return 400, {"error": "invalid_json"}
        if request.method == "POST" and parts == ["failures"] and isinstance(body, dict):
            self.fail_next(int(body.get("status", 503)), int(body.get("count", 1)))
            return 204, None
        if len(parts) != 3 or parts[0] != "results":
            return 404, {"error": "not_found"}
        game_code, numero = parts[1], parts[2]
        if request.method == "GET":
            return self.result(game_code, numero)
        if request.method == "POST" and isinstance(body, dict):
            return self._set_result(game_code, numero, body)
        return 405, {"error": "method_not_allowed"}

    def _set_result(self, game_code: str, numero: str, body: dict) -> tuple[int, dict | None]:
        if "prizes" in body:
            with self._lock:
                self._set[(game_code, numero)] = body["prizes"]  # as given: tests send malformed ones too
            return 204, None
        try:
            self.publish(game_code, numero, body["numbers"])
        except (KeyError, TypeError, ValueError, LotteryError):
            return 400, {"error": "invalid_result"}
        return 204, None


def make_app(api_key: str | None = None) -> ResultsFeed:
    return ResultsFeed(api_key)


class LocalFeed:
    """A feed served on a free port of 127.0.0.1 (the tests' and the contract's)."""

    def __init__(self, feed: ResultsFeed | None = None):
        self.feed = feed or ResultsFeed()
        self.server = LocalWsgiServer(self.feed)

    @property
    def url(self) -> str:
        return self.server.origin

    def publish(self, game_code: str, numero: str, numbers: list[str]) -> None:
        self.feed.publish(game_code, numero, numbers)

    def close(self) -> None:
        self.server.close()


@lru_cache(maxsize=1)
def shared() -> LocalFeed:
    """The feed the contract suite's settings point at, one per test process."""
    return LocalFeed()
