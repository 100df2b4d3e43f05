"""What several app nodes share through Redis (core/shared.py): a captcha issued by one node is
answered on another, once; an encrypted payload seen by one is refused by the other; a sync or
maintenance change makes every process drop its memos at once. Skipped where Redis does not answer."""

import threading
import time
import uuid
from dataclasses import replace
from datetime import timedelta
from types import SimpleNamespace

import pytest
import redis
import webtest
from sqlalchemy import func, select

from calls import captcha_text, seal
from factories import PASSWORD
from tessera.app import make_app
from tessera.core.cache import memo
from tessera.core.onetime import OneTimeValue
from tessera.core.shared import RedisOneTimeStore, announce_change, claim_once, redis_client
from tessera.identity.encryption.models import SeenPayload

REDIS_URL = "redis://127.0.0.1:6379/3"
BD_IP, PH_IP = "203.0.113.9", "192.0.2.44"  # addresses in Bangladesh and the Philippines, as the other tests use


@pytest.fixture(scope="module")
def redis_settings(settings):
    """The test settings with Redis, under a prefix of this run's own (its keys removed afterwards)."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.skip(f"Redis does not answer at {REDIS_URL} ({error})")
    shared = replace(settings, redis_url=REDIS_URL, redis_prefix=f"tessera-test-{uuid.uuid4().hex[:8]}")
    yield shared
    client = redis_client(shared)
    for found in client.scan_iter(f"{shared.redis_prefix}:*"):
        client.delete(found)


@pytest.fixture
def nodes(redis_settings, serve_connection):
    """Two app nodes sharing the database and Redis, as demo-bd's members reach them."""
    apps = [serve_connection(make_app(redis_settings)) for _ in range(2)]
    yield [webtest.TestApp(app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": BD_IP}) for app in apps]
    for app in apps:
        app.registry["db_engine"].dispose()


def store(settings, taker: str) -> RedisOneTimeStore:
    return RedisOneTimeStore(redis_client(settings), settings, 1, taker)


def test_a_one_time_value_goes_to_its_first_taker_only(redis_settings):
    first, second = store(redis_settings, "attempt-a"), store(redis_settings, "attempt-b")
    first.put("captcha:1", "8F3K", timedelta(minutes=1))
    assert first.take("captcha:1") == "8F3K"
    assert second.take("captcha:1") is None
    # The same request run again after a database conflict takes it again.
    assert first.take("captcha:1") == "8F3K"
    assert first.take("never-put") is None and first.take("") is None and first.take("x" * 200) is None
    with pytest.raises(ValueError):
        first.put("y" * 200, "value", timedelta(minutes=1))


def test_a_one_time_value_expires(redis_settings):
    kept = store(redis_settings, "attempt")
    kept.put("captcha:2", "value", timedelta(milliseconds=1))
    time.sleep(0.05)
    assert kept.take("captcha:2") is None


def test_of_many_takers_at_once_one_gets_the_value(redis_settings):
    store(redis_settings, "putter").put("captcha:3", "value", timedelta(minutes=1))
    got, start = [], threading.Barrier(8)

    def take(taker):
        start.wait()
        got.append(store(redis_settings, taker).take("captcha:3"))

    threads = [threading.Thread(target=take, args=(f"taker-{n}",)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(got, key=str) == [None] * 7 + ["value"]


def test_a_claim_holds_for_its_request_and_its_retries_only(redis_settings):
    def request():
        return SimpleNamespace(
            environ={}, tenant=SimpleNamespace(id=1), registry=SimpleNamespace(settings={"tessera": redis_settings})
        )

    first, other = request(), request()
    assert claim_once(first, "seen-payload", "jti-1", timedelta(minutes=5)) is True
    assert claim_once(first, "seen-payload", "jti-1", timedelta(minutes=5)) is True  # its retried attempt
    assert claim_once(other, "seen-payload", "jti-1", timedelta(minutes=5)) is False


def test_a_captcha_issued_by_one_node_is_answered_on_the_other_once(
    redis_settings, serve_connection, members, monkeypatch, db_session
):
    monkeypatch.setenv("DEMO_PH_CAPTCHA_SECRET", "shared-captcha")  # demo-ph asks a captcha at every login
    apps = [serve_connection(make_app(redis_settings)) for _ in range(2)]
    first, second = (
        webtest.TestApp(app, extra_environ={"HTTP_HOST": "demo-ph.localhost", "REMOTE_ADDR": PH_IP}) for app in apps
    )
    text = captcha_text(first, "shared-captcha")
    second.set_cookie("tessera_captcha", first.cookies["tessera_captcha"])
    # The answer is kept in Redis, not among the database's one-time values.
    assert db_session.scalar(select(func.count()).select_from(OneTimeValue)) == 0
    login = {"username": members("demo-ph").username, "password": PASSWORD, "captcha": text}
    key = second.get("/wps/system/status").json["value"]["publicKey"]
    answer = second.post("/wps/session/login?lang=en", seal(key, login), content_type="application/jose").json
    assert answer["success"] is True, answer
    first.set_cookie("tessera_captcha", second.cookies.get("tessera_captcha", first.cookies["tessera_captcha"]))
    again = first.post("/wps/session/login?lang=en", seal(key, login), content_type="application/jose", status=400).json
    assert again["code"] == "captcha_invalid"
    for app in apps:
        app.registry["db_engine"].dispose()


def test_a_payload_seen_by_one_node_is_refused_by_the_other(nodes, members, db_session):
    first, second = nodes
    member = members()
    key = first.get("/wps/system/status").json["value"]["publicKey"]
    body = seal(key, {"username": member.username, "password": PASSWORD})
    assert first.post("/wps/session/login?lang=en", body, content_type="application/jose").json["success"] is True
    replayed = second.post("/wps/session/login?lang=en", body, content_type="application/jose", status=400).json
    assert replayed["code"] == "payload_replayed"
    assert db_session.scalar(select(func.count()).select_from(SeenPayload)) == 0  # kept in Redis


def test_a_change_announced_by_any_node_drops_every_processs_memos(redis_settings, nodes):
    registries = [node.app.registry for node in nodes]
    memos = [memo(registry, "brands_by_host", seconds=3600) for registry in registries]
    for kept in memos:
        kept.get("demo-bd.localhost", lambda: "remembered")
    assert all(kept.get("demo-bd.localhost", lambda: "loaded again") == "remembered" for kept in memos)
    announce_change(redis_settings)
    deadline, seen = time.monotonic() + 10, []
    while time.monotonic() < deadline:
        seen = [kept.get("demo-bd.localhost", lambda: "loaded again") for kept in memos]
        if seen == ["loaded again"] * 2:
            break
        time.sleep(0.05)
    assert seen == ["loaded again"] * 2
