"""State that several app nodes share, in Redis when ``TESSERA_REDIS_URL`` is set: the one-time
values (captchas, passes), the ids of encrypted payloads already seen, and word that a brand's
configuration changed, so every process drops its memos at once (core/cache.py). Without Redis the
first two live in the database, which every node shares too, and memos simply age out.

A request that pyramid_retry runs again after a database conflict is the same request: it may take
again the one-time value it took, and carry again the payload id it brought. Its attempts share the
WSGI environ, where the request's token marks what it claimed.
"""

import secrets
import threading
from datetime import timedelta

import redis

# The largest one-time key and value (the database's columns).
MAX_KEY = 128
MAX_VALUE = 512
# Memos dropped on word from any node.
CHANGES = "changes"
TOKEN = "tessera.request_token"


def redis_client(settings) -> redis.Redis | None:
    """The deployment's Redis (one client, and its connection pool, per process), or None."""
    if not settings.redis_url:
        return None
    with _lock:
        client = _clients.get(settings.redis_url)
        if client is None:
            client = _clients[settings.redis_url] = redis.Redis.from_url(settings.redis_url, decode_responses=True)
        return client


_clients: dict[str, redis.Redis] = {}
_lock = threading.Lock()


def key(settings, *parts) -> str:
    return ":".join((settings.redis_prefix, *map(str, parts)))


def request_token(request) -> str:
    """What marks the claims of one request, the same in each of its attempts."""
    return request.environ.setdefault(TOKEN, secrets.token_hex(12))


# Take a one-time value: the first taker gets it, and so does that taker again (a retried attempt);
# anyone else finds it gone.
TAKE = """
local value = redis.call('HGET', KEYS[1], 'value')
if not value then return false end
local taker = redis.call('HGET', KEYS[1], 'taker')
if taker and taker ~= ARGV[1] then return false end
redis.call('HSET', KEYS[1], 'taker', ARGV[1])
return value
"""


def check_sizes(name: str, value: str) -> None:
    if len(name) > MAX_KEY or len(value) > MAX_VALUE:
        raise ValueError("one-time key or value too long")


class RedisOneTimeStore:
    """One brand's single-use values in Redis (the database's OneTimeStore, for several nodes)."""

    def __init__(self, client: redis.Redis, settings, tenant_id: int, taker: str):
        self.client, self.settings, self.tenant_id, self.taker = client, settings, tenant_id, taker
        self._take = client.register_script(TAKE)

    def _key(self, name: str) -> str:
        return key(self.settings, "one-time", self.tenant_id, name)

    def put(self, name: str, value: str, ttl: timedelta) -> None:
        check_sizes(name, value)
        with self.client.pipeline() as pipe:
            pipe.delete(self._key(name))
            pipe.hset(self._key(name), "value", value)
            pipe.pexpire(self._key(name), max(1, int(ttl.total_seconds() * 1000)))
            pipe.execute()

    def take(self, name: str) -> str | None:
        if not isinstance(name, str) or not name or len(name) > MAX_KEY:
            return None
        return self._take(keys=[self._key(name)], args=[self.taker])


def claim_once(request, kind: str, name: str, ttl: timedelta) -> bool:
    """Claim ``name`` of ``kind`` for the brand until ``ttl`` passes: True for the first claimant
    (and its retried attempts), False for anyone else."""
    settings = request.registry.settings["tessera"]
    client = redis_client(settings)
    assert client is not None
    where = key(settings, kind, request.tenant.id, name)
    token = request_token(request)
    if client.set(where, token, nx=True, px=max(1, int(ttl.total_seconds() * 1000))):
        return True
    return client.get(where) == token


def announce_change(settings) -> None:
    """Tell every process of the deployment that a brand's configuration changed (a sync, a
    maintenance window): each drops its memos at once. Nothing to tell without Redis."""
    client = redis_client(settings)
    if client is not None:
        client.publish(key(settings, CHANGES), "memos")
