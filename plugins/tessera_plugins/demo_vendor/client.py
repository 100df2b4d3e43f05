"""The plugin's signed calls to the demo vendor's API, and what its answers mean for Tessera."""
import logging
import threading

from cachetools import TTLCache

from tessera.plugins import AdapterError
from tessera_plugins.signed_http import SignedClient

from .protocol import MONEY, OPERATOR_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, canonical_query, sign_request

VENDORS_CACHE_SECONDS = 60  # the lobby and every seamless call ask which vendors are this plugin's
log = logging.getLogger("tessera.games.demo_vendor")

_vendors_cache: TTLCache = TTLCache(maxsize=256, ttl=VENDORS_CACHE_SECONDS)
_last_vendors: dict = {}  # the last list each operator got, for when the vendor cannot answer
_cache_lock = threading.Lock()


def unavailable(settings, why: str) -> AdapterError:
    log.warning("demo vendor %s unavailable: %s", settings["base_url"], why)
    return AdapterError("vendor_unavailable")


class VendorClient(SignedClient):
    sign = staticmethod(sign_request)
    canonical_query = staticmethod(canonical_query)
    unavailable = staticmethod(unavailable)
    header_names = (OPERATOR_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER)

    def expect(self, method: str, path: str, key: str, query: dict | None = None, body: dict | None = None,
               status: int = 200):
        """The ``key`` of a ``status`` answer. A 404 is ``game_unknown``; any other answer (a wrong
        secret or clock, a request the vendor cannot read) is ``vendor_unavailable``."""
        got, value = self.call(method, path, query, body)
        if got == 404:
            raise AdapterError("game_unknown")
        if got != status or key not in value:
            raise unavailable(self.settings, f"{method} {path}: HTTP {got} {value.get('error')!r}")
        return value[key]

    def listing(self, path: str, key: str, query: dict | None = None) -> list[dict]:
        items = self.expect("GET", path, key, query)
        if not (isinstance(items, list) and all(isinstance(item, dict) for item in items)):
            raise unavailable(self.settings, f"{path} without a list of {key}")
        return items

    def vendors(self) -> list[dict]:
        """The vendor's list, kept for a minute; the last one known when the vendor cannot answer."""
        key = (self.base_url, self.settings["operator_id"])
        with _cache_lock:
            cached = _vendors_cache.get(key)
        if cached is not None:
            return cached
        try:
            found = self.listing("/api/vendors", "vendors")
        except AdapterError:
            with _cache_lock:
                if key in _last_vendors:
                    return _last_vendors[key]
            raise
        for vendor in found:
            if not all(isinstance(vendor.get(k), str) and vendor[k] for k in ("code", "name", "gameType")):
                raise unavailable(self.settings, f"a vendor without code, name or type: {vendor!r}")
        with _cache_lock:
            _vendors_cache[key] = _last_vendors[key] = found
        return found

    def games(self, vendor: str) -> list[dict]:
        games = self.listing("/api/games", "games", {"vendor": vendor})
        for game in games:
            if not all(isinstance(game.get(k), str) and game[k] for k in ("code", "name", "type")):
                raise unavailable(self.settings, f"a game without code, name or type: {game!r}")
        return games

    def rooms(self, vendor: str) -> list[dict]:
        rooms = self.listing("/api/rooms", "rooms", {"vendor": vendor})
        for room in rooms:
            if not (MONEY.fullmatch(str(room.get("minBet"))) and MONEY.fullmatch(str(room.get("maxBet")))
                    and room.get("status") in ("open", "closed") and isinstance(room.get("players"), int)):
                raise unavailable(self.settings, f"not a table: {room!r}")
        return rooms

    def open_session(self, fields: dict) -> str:
        url = self.expect("POST", "/api/sessions", "url", body=fields, status=201)
        if not (isinstance(url, str) and url.startswith(("http://", "https://"))):
            raise unavailable(self.settings, f"a launch URL that is not one: {url!r}")
        return url


def forget_vendors() -> None:
    """Drop the kept vendor lists (tests that change what a vendor offers)."""
    with _cache_lock:
        _vendors_cache.clear()
        _last_vendors.clear()
