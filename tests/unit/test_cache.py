"""Memos keep what the database said for a few seconds, and no longer."""

from dataclasses import replace

import webtest

from tessera.app import make_app
from tessera.core.cache import Memo
from tessera.system.status.models import MaintenanceWindow


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_a_memo_answers_from_memory_until_it_expires():
    clock, loads = Clock(), []
    memo = Memo(5, timer=clock)
    load = lambda: loads.append(1) or len(loads)  # noqa: E731
    assert [memo.get("k", load), memo.get("k", load)] == [1, 1]
    clock.now += 5.1
    assert memo.get("k", load) == 2
    assert memo.get("other", load) == 3


def test_a_memo_of_zero_seconds_always_loads():
    loads = []
    memo = Memo(0)
    assert [memo.get("k", lambda: loads.append(1) or len(loads)) for _ in range(3)] == [1, 2, 3]


def test_maintenance_shows_once_the_memo_of_a_brand_expires(settings, serve_connection, db_session, tenant_ids):
    clock = Clock()
    wsgi = serve_connection(make_app(replace(settings, cache_seconds=2)))
    for name in ("maintenance", "brands_by_host", "brand_info"):
        wsgi.registry.setdefault("memos", {})[name] = Memo(2, timer=clock)
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    assert app.get("/wps/system/status").json["value"]["status"] == 0
    db_session.add(MaintenanceWindow(tenant_id=tenant_ids["demo-bd"], info="upgrade"))
    db_session.flush()
    assert app.get("/wps/system/status").json["value"]["status"] == 0  # remembered for 2 seconds
    clock.now += 2.5
    answer = app.get("/wps/system/status").json["value"]
    assert (answer["status"], answer["maintenance"]["info"]) == (1, "upgrade")
    wsgi.registry["db_engine"].dispose()
