"""The plugin's signed calls to the demo vendor's API (Tessera's signed-vendor scheme), and what
its answers mean for Tessera."""

import threading

from cachetools import TTLCache

from tessera.plugins import AdapterError, client
from tessera_plugins.demo_vendor.protocol import MONEY

VENDORS_CACHE_SECONDS = 60  # the lobby and every seamless call ask which vendors are this plugin's

_vendors_cache: TTLCache = TTLCache(maxsize=256, ttl=VENDORS_CACHE_SECONDS)
_last_vendors: dict = {}  # the last list each operator got, for when the vendor cannot answer
_cache_lock = threading.Lock()


class VendorClient(client.SignedClient):
    def expect(self, method: str, path: str, query=None, body=None, status: int = 200) -> dict:
        """A 404 is ``game_unknown``; any other answer but ``status`` is ``vendor_unavailable``."""
        got, value = self.call(method, path, query, body)
        if got == 404:
            raise AdapterError("game_unknown")
        if got != status:
            raise self.unavailable(f"{method} {path}: HTTP {got} {value.get('error')!r}")
        return value

    def vendors(self) -> list[dict]:
        """The vendor's list, kept for a minute; the last one known when the vendor cannot answer."""
        key = (self.base_url, self.settings["operator_id"])
        with _cache_lock:
            cached = _vendors_cache.get(key)
        if cached is not None:
            return cached
        try:
            found = self.listing("/api/vendors", "vendors", ("code", "name", "gameType"))
        except AdapterError:
            with _cache_lock:
                if key in _last_vendors:
                    return _last_vendors[key]
            raise
        with _cache_lock:
            _vendors_cache[key] = _last_vendors[key] = found
        return found

    def games(self, vendor: str, currency: str) -> list[dict]:
        """``vendor``'s games, their least bets in ``currency``."""
        return self.listing("/api/games", "games", ("code", "name", "type"), {"vendor": vendor, "currency": currency})

    def rooms(self, vendor: str, currency: str) -> list[dict]:
        """``vendor``'s tables, their limits in ``currency``."""
        rooms = self.listing("/api/rooms", "rooms", (), {"vendor": vendor, "currency": currency})
        for room in rooms:
            if not (
                MONEY.fullmatch(str(room.get("minBet")))
                and MONEY.fullmatch(str(room.get("maxBet")))
                and room.get("status") in ("open", "closed")
                and isinstance(room.get("players"), int)
            ):
                raise self.unavailable(f"not a table: {room!r}")
        return rooms

    def open_session(self, fields: dict) -> str:
        url = self.expect("POST", "/api/sessions", body=fields, status=201).get("url")
        if not (isinstance(url, str) and url.startswith(("http://", "https://"))):
            raise self.unavailable(f"a launch URL that is not one: {url!r}")
        return url


def forget_vendors() -> None:
    """Drop the kept vendor lists (tests that change what a vendor offers)."""
    with _cache_lock:
        _vendors_cache.clear()
        _last_vendors.clear()
