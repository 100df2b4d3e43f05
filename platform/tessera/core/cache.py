"""Short-lived, per-process memos of what the database says about a brand.

Each worker keeps its own copy for ``TESSERA_CACHE_SECONDS`` (0 turns memos off): a change made
by ``tessera tenants sync`` or ``tessera maintenance`` is seen by every worker within that time.
Nothing here is state that another worker needs.
"""

import threading
import time

from cachetools import TTLCache


class Memo:
    def __init__(self, seconds: float, maxsize: int = 4096, timer=time.monotonic):
        self.seconds = seconds
        self._cache: TTLCache | None = TTLCache(maxsize=maxsize, ttl=seconds, timer=timer) if seconds > 0 else None
        self._lock = threading.Lock()

    def get(self, key, load):
        """The memo of ``key``, or ``load()`` remembered for the memo's time."""
        if self._cache is None:
            return load()
        with self._lock:
            try:
                return self._cache[key]
            except KeyError:
                pass
        value = load()
        with self._lock:
            self._cache[key] = value
        return value

    def clear(self) -> None:
        if self._cache is not None:
            with self._lock:
                self._cache.clear()


def memo(registry, name: str, maxsize: int = 4096, seconds: float | None = None) -> Memo:
    """The app's memo called ``name``, made on first use; it keeps for ``seconds``, by default
    ``TESSERA_CACHE_SECONDS``."""
    memos = registry.setdefault("memos", {})
    if name not in memos:
        memos[name] = Memo(registry.settings["tessera"].cache_seconds if seconds is None else seconds, maxsize)
    return memos[name]
