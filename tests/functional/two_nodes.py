"""Tessera deployed whole, as in production, for the tests that need it so: two app nodes
(gunicorn with tessera.gunicorn_conf) on one PostgreSQL database and one Redis, behind a
round-robin balancer (tests/proxy.py). demo-bd takes deposits through the sandbox gateway
(tessera_sandboxes.signed_gateway, the real signed-gateway plugin speaking to it) and plays at
the test suite's seamless vendor; the gateway's notifications and the vendor's calls reach the
brand through the balancer, at its public address. Its clients call through the balancer as real
ones do: a call left without an answer by a node that died is sent again, the same call."""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import threading
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from bench.servers import SECRET_KEY, Gunicorn, bench_env
from calls import JOSE, seal
from factories import MemberFactory, building_in
from seamless_vendor import PLUGIN as SEAMLESS_PLUGIN
from seamless_vendor import (
    SEAMLESS_VENDOR,
    SECRETS,
    SIGNATURE,
    TIMESTAMP,
    SeamlessVendor,
    enable_seamless_vendor,
    signature,
)
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.core.settings import ROOT
from tessera.core.timeutil import utcnow
from tessera.migrate import upgrade
from tessera.plugins import make_plugin_manager, settings_schemas
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.models import Tenant
from tessera.tenancy.services import sync_tenants
from tessera.wallet.operators.services import create_key

HOST, BRAND = "demo-bd.localhost", "demo-bd"
APP = "tests.bench.seamless:application()"  # Tessera with the test suite's seamless vendor plugin
GATEWAY_SECRET = "two-nodes-gateway-secret-of-demo-bd"  # the brand's env:DEMO_BD_GATEWAY_SECRET
CAPTCHA_SECRET = "two-nodes-captcha-secret"  # env:DEMO_BD_CAPTCHA_SECRET: tells a captcha's text
NOTIFY_AGAIN = (0.2, 0.5, 1, 2, 4, 8)  # seconds the gateway waits before sending a notification again
SANDBOXES = "127.0.0.1:6550"  # where the demo brands' tenant.toml expect the development sandboxes
GIVE_UP = 60.0  # seconds a call may go unanswered before the test fails
CALL_TIMEOUT = 30.0  # seconds one attempt waits for its answer


class Node(Gunicorn):
    """An app node that can die outright: SIGKILL to its master and workers, and its port closed,
    so connections to it are refused as a dead machine's are. Started again on a new port."""

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
        self.log.close()
        self.socket.close()

    def start_again(self, timeout: float) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(128)
        self.port = self.socket.getsockname()[1]
        self.log_path = self.log_path.with_name(f"{self.log_path.stem}-again.log")
        self.start()
        self.wait_ready(timeout)


def brands_folder(target: Path, gateway_port: int, public_port: int) -> Path:
    """A copy of tenants/ whose sandboxes are served on ``gateway_port`` and whose demo-bd is
    reached at ``public_port`` (the balancer's): the address its gateway notifies."""
    shutil.copytree(ROOT / "tenants", target)
    for config in target.glob("*/tenant.toml"):
        text = config.read_text("utf-8").replace(SANDBOXES, f"127.0.0.1:{gateway_port}")
        text = re.sub(rf"http://{re.escape(HOST)}:\d+", f"http://{HOST}:{public_port}", text)
        config.write_text(text, "utf-8")
    return target


def node_env(tmp: Path, url: str, tenants_dir: Path, redis_url: str, redis_prefix: str) -> dict:
    """The environment of both nodes: one database, one Redis, the brands of ``tenants_dir``."""
    return {
        **bench_env(tmp, "ERROR"),
        "TESSERA_DATABASE_URL": url,
        "TESSERA_TENANTS_DIR": str(tenants_dir),
        "TESSERA_REDIS_URL": redis_url,
        "TESSERA_REDIS_PREFIX": redis_prefix,
        "TESSERA_WORKERS": "2",
        "TESSERA_THREADS": "4",
        "DEMO_BD_GATEWAY_SECRET": GATEWAY_SECRET,
        "DEMO_BD_CAPTCHA_SECRET": CAPTCHA_SECRET,
    }


def prepare(url: str, tenants_dir: Path, usernames: list[str]) -> dict:
    """The database at ``url`` migrated, the brands of ``tenants_dir`` synced, the seamless vendor
    enabled on demo-bd, members named ``usernames`` (the factories' password, no money) and an
    operator key: their ids by username, the key and the brand's id."""
    upgrade(url)
    pm = make_plugin_manager()
    pm.register(SeamlessVendor(), name=SEAMLESS_PLUGIN)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            db.info["tenant_id"] = ALL_TENANTS
            sync_tenants(db, load_tenants(tenants_dir, settings_schemas(pm)), SECRET_KEY)
            enable_seamless_vendor(db, pm, BRAND)
            tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == BRAND))
            with building_in(db):
                members = [MemberFactory(brand=BRAND, username=name) for name in usernames]
            db.flush()
            prepared = {
                "tenant_id": tenant_id,
                "members": {member.username: member.id for member in members},
                "operator_key": create_key(db, tenant_id, "two-nodes", utcnow()),
            }
            db.commit()
            return prepared
    finally:
        engine.dispose()


def start_nodes(nodes: list[Node], timeout: float) -> None:
    for node in nodes:
        node.start()
    for node in nodes:
        node.wait_ready(timeout)


# -- Calls through the balancer -----------------------------------------------------------------


class Tally:
    """What the clients saw, counted across their threads."""

    def __init__(self):
        self.counts: Counter = Counter()
        self.lock = threading.Lock()

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1


def fresh(value):
    """A value, or what a callable makes anew for each attempt of a call."""
    return value() if callable(value) else value


class Client:
    """Calls through the balancer as a browser, the vendor or an operator makes them, from ``ip``
    (as an outer balancer forwards it): a connection each, so that each call goes to the next node.
    A call that gets no answer (a reset, a connection closed, a 502, 503 or 504) is sent again, the
    same call, until it is answered; a body or headers given as a callable are made afresh each
    time (an encrypted payload sealed again, a vendor's call signed again)."""

    def __init__(self, port: int, tally: Tally, ip: str, token: str | None = None):
        self.port, self.tally, self.ip, self.token = port, tally, ip, token

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict]:
        deadline = time.monotonic() + GIVE_UP
        while time.monotonic() < deadline:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=CALL_TIMEOUT)
            try:
                connection.request(method, path, body=fresh(body), headers=self._headers(fresh(headers)))
                response = connection.getresponse()
                status, answer = response.status, response.read()
            except (OSError, http.client.HTTPException):
                self.tally.count("no answer, sent again")
                time.sleep(0.05)
                continue
            finally:
                connection.close()
            if status in (502, 503, 504):
                self.tally.count(f"answered {status}, sent again")
                time.sleep(0.05)
                continue
            self.tally.count("answered")
            return status, json.loads(answer)
        raise AssertionError(f"{method} {path}: no answer in {GIVE_UP:.0f} s")

    def _headers(self, more: dict | None) -> dict:
        headers = {"Host": HOST, "X-Forwarded-For": self.ip, "Connection": "close", **(more or {})}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def expect(self, method: str, path: str, body=None, headers=None) -> dict:
        status, answer = self.call(method, path, body, headers)
        assert status == 200, f"{method} {path} answered {status}: {answer}"
        return answer["value"]

    def get(self, path: str) -> dict:
        return self.expect("GET", f"{path}?lang=en")

    def post(self, path: str, fields: dict | None = None) -> dict:
        if fields is None:
            return self.expect("POST", f"{path}?lang=en")
        return self.expect("POST", f"{path}?lang=en", json.dumps(fields).encode(), {"Content-Type": "application/json"})

    def sealed(self, path: str, key: dict, fields: dict) -> dict:
        return self.expect("POST", f"{path}?lang=en", lambda: seal(key, fields).encode(), {"Content-Type": JOSE})

    def wallet(self, operation: str, fields: dict) -> dict:
        """The seamless vendor's signed call to the brand's wallet; its answer, which must be ``ok``."""
        secret, body = SECRETS[BRAND], json.dumps(fields).encode()

        def signed() -> dict:
            stamp = str(int(time.time()))
            return {"Content-Type": "application/json", TIMESTAMP: stamp, SIGNATURE: signature(secret, stamp, body)}

        status, answer = self.call("POST", f"/vendors/{SEAMLESS_VENDOR}/wallet/{operation}", body, signed)
        assert status == 200 and answer.get("ok") is True, f"{operation} {fields}: {status} {answer}"
        return answer


def wait_for(check, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.1)
    raise AssertionError(f"{what}: not after {timeout:.0f} s")
