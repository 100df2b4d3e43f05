"""Short-lived, per-process memos of what the database says about a brand.

Each worker keeps its own copy for ``TESSERA_CACHE_SECONDS`` (0 turns memos off): a change made
by ``tessera tenants sync`` or ``tessera maintenance`` is seen by every worker within that time,
and at once where the deployment has Redis (core/shared.py): the command announces it there, and
every process listening drops its memos. Nothing here is state that another worker needs.
"""

import os
import threading
import time

from cachetools import TTLCache

from tessera.core.shared import CHANGES, announce_change, key, redis_client


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
    if registry.get("memos_listening") != os.getpid():
        listen_for_changes(registry)
    memos = registry.setdefault("memos", {})
    if name not in memos:
        memos[name] = Memo(registry.settings["tessera"].cache_seconds if seconds is None else seconds, maxsize)
    return memos[name]


def forget_memos(registry) -> None:
    for kept in list(registry.get("memos", {}).values()):
        kept.clear()


def listen_for_changes(registry) -> None:
    """In this process (a preloaded app's workers are forked: each listens for itself), drop every
    memo when any node announces a change; nothing to listen to without Redis."""
    with _listening:
        if registry.get("memos_listening") == os.getpid():
            return
        registry["memos_listening"] = os.getpid()
        settings = registry.settings["tessera"]
        client = redis_client(settings)
        if client is None:
            return
        subscription = client.pubsub(ignore_subscribe_messages=True)
        subscription.subscribe(**{key(settings, CHANGES): lambda message: forget_memos(registry)})
        registry["memos_listener"] = subscription.run_in_thread(sleep_time=1.0, daemon=True)


_listening = threading.Lock()


def announce_change_once_committed(request) -> None:
    """When the request's transaction commits (not before, and not when it rolls back), drop this
    process's memos and tell every other process to drop theirs: what the request changed of a
    brand is then seen at once everywhere."""
    registry = request.registry

    def after(committed: bool) -> None:
        if committed:
            forget_memos(registry)
            announce_change(registry.settings["tessera"])

    request.tm.get().addAfterCommitHook(after)
