"""Two app nodes on one PostgreSQL database and one Redis, behind a round-robin balancer
(two_nodes.py): members log in, deposit through the gateway, play seamless rounds and withdraw
across both nodes while one node is killed outright in the middle and started again; nothing is
lost or posted twice. Wrong passwords alternating over both nodes reach the lockout at the limit
of one brand, not of each node.

Skipped where the suite does not run on PostgreSQL (the SQLite pass: the nodes are other
processes sharing one database server) or where Redis does not answer."""

import http.client
import itertools
import json
import random
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from tessera_sandboxes.signed_gateway.local import Sandbox

from calls import JOSE, seal
from databases import own_database
from factories import PASSWORD
from proxy import RoundRobinProxy
from seamless_vendor import SEAMLESS_VENDOR, SLOT
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.identity.sessions.logins import MAX_FAILURES_PER_IP
from tessera.identity.sessions.models import FailedLogin
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.payments.models import Deposit, Withdrawal
from two_nodes import (
    APP,
    BRAND,
    CALL_TIMEOUT,
    CAPTCHA_SECRET,
    GATEWAY_SECRET,
    GIVE_UP,
    HOST,
    NOTIFY_AGAIN,
    Client,
    Node,
    Tally,
    brands_folder,
    node_env,
    prepare,
    start_nodes,
    wait_for,
)
from wallet_helpers import PAYMENT_PASSWORD, pay_on_checkout

REDIS_URL = "redis://127.0.0.1:6379/5"
MEMBERS, ROUNDS = 8, 6
DEPOSIT, WITHDRAWAL = 200_000, 60_000  # minor units (2000.00 and 600.00 taka)
KILL_AFTER = 60  # calls answered before the first node is killed (about a third of the members' calls)
START_TIMEOUT = 60.0  # seconds a node may take to answer /healthz
THROTTLED = "lockedout01"  # the member whose wrong passwords are counted
THROTTLED_IP = "203.0.113.99"


def money(minor: int) -> str:
    return f"{minor // 100}.{minor % 100:02d}"


@pytest.fixture(scope="module")
def deployment(settings):
    if not settings.database_url.startswith("postgresql"):
        pytest.skip(
            "needs PostgreSQL: the two nodes are processes of their own sharing one database server, which the "
            "SQLite pass has not; set TESSERA_TEST_DATABASE_URL to a postgresql+psycopg:// URL"
        )
    shared = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        shared.ping()
    except redis.RedisError as error:
        pytest.skip(f"needs Redis, which the nodes share: none answers at {REDIS_URL} ({error})")
    finally:
        shared.close()
    prefix = f"tessera-nodes-{uuid.uuid4().hex[:8]}"
    usernames = [f"nodes{n:02d}" for n in range(MEMBERS)] + [THROTTLED]
    with (
        own_database(settings.database_url, f"tessera_nodes_{uuid.uuid4().hex[:8]}") as url,
        tempfile.TemporaryDirectory(prefix="tessera-nodes-") as folder,
    ):
        tmp, nodes = Path(folder), []
        proxy, gateway = RoundRobinProxy(nodes), Sandbox(retry_delays=NOTIFY_AGAIN)
        gateway.gateway.secrets[BRAND] = GATEWAY_SECRET
        engine = make_engine(url)
        try:
            tenants = brands_folder(tmp / "tenants", urlsplit(gateway.gateway_url).port, proxy.port)
            prepared = prepare(url, tenants, usernames)
            env = node_env(tmp, url, tenants, REDIS_URL, prefix)
            nodes += [Node(env, tmp / f"node{n}.log", APP) for n in range(2)]
            start_nodes(nodes, START_TIMEOUT)
            yield {
                "engine": engine,
                "proxy": proxy,
                "nodes": nodes,
                "gateway": gateway.gateway,
                "prefix": prefix,
                **prepared,
            }
        finally:
            for node in nodes:
                node.stop()
            proxy.close()
            gateway.close()
            engine.dispose()
            with redis.Redis.from_url(REDIS_URL) as shared:
                for found in shared.scan_iter(f"{prefix}:*"):
                    shared.delete(found)


@pytest.fixture
def both_nodes(deployment):
    """The deployment with both nodes serving, whatever a test before did to them."""
    for node in deployment["nodes"]:
        if node.process.poll() is not None:
            node.start_again(START_TIMEOUT)
    return deployment


# -- A member's day -------------------------------------------------------------------------------


def members_day(n: int, username: str, member_id: int, deployment: dict, key: dict, tally: Tally) -> dict:
    """Log in, set a payment password and a bank account, deposit through the gateway, play
    ROUNDS seamless rounds, withdraw (an operator approves and pays): the member's client, the
    ledger keys the answered calls posted, and the balance they leave."""
    port, rng, ip = deployment["proxy"].port, random.Random(f"two-nodes:{n}"), f"203.0.113.{20 + n}"
    token = Client(port, tally, ip).sealed("/wps/session/login", key, {"username": username, "password": PASSWORD})
    member = Client(port, tally, ip, token["token"])
    member.sealed(
        "/wps/member/payment-password",
        key,
        {"password": PASSWORD, "paymentPassword": PAYMENT_PASSWORD, "confirmPaymentPassword": PAYMENT_PASSWORD},
    )
    account = {"bankName": "City Bank", "accountName": username, "accountNumber": f"55551234{n:02d}"}
    account_id = member.post("/wps/wallet/bank-accounts", account)["id"]
    started = member.post(
        "/wps/wallet/deposits", {"channel": "bkash", "amount": money(DEPOSIT), "requestId": uuid.uuid4().hex}
    )
    deposit_id = started["deposit"]["id"]
    assert pay_on_checkout(started["redirectUrl"]) == 303  # the gateway notifies the brand through the balancer
    wait_for(lambda: member.get(f"/wps/wallet/deposits/{deposit_id}")["status"] == "paid", f"deposit {deposit_id} paid")
    keys, balance = [(f"deposit:{deposit_id}:paid", "deposit")], DEPOSIT
    vendor = Client(port, tally, "203.0.113.6")
    for number in range(ROUNDS):
        stake, round_id = rng.randrange(100, 2000), f"{username}-{number}"
        win = rng.choice((0, rng.randrange(1, 3 * stake)))
        play = {"memberId": member_id, "roundId": round_id, "gameCode": SLOT}
        vendor.wallet("debit", {**play, "transactionId": f"{round_id}-d", "amount": money(stake)})
        vendor.wallet("credit", {**play, "transactionId": f"{round_id}-c", "amount": money(win)})
        keys.append((f"seamless:{SEAMLESS_VENDOR}:{round_id}-d", "game_bet"))
        keys += [(f"seamless:{SEAMLESS_VENDOR}:{round_id}-c", "game_payout")] if win else []  # nothing won: no post
        balance += win - stake
    asked = {"bankAccountId": account_id, "amount": money(WITHDRAWAL), "requestId": uuid.uuid4().hex}
    withdrawal = member.post("/wps/wallet/withdrawals", {**asked, "paymentPassword": PAYMENT_PASSWORD})
    operator = Client(port, tally, "203.0.113.5", deployment["operator_key"])
    operator.post(f"/ops/withdrawals/{withdrawal['id']}/approve")
    paid = operator.post(f"/ops/withdrawals/{withdrawal['id']}/pay", {"reference": f"BANK-{withdrawal['id']}"})
    assert paid["status"] == "paid", paid
    keys += [
        (f"withdrawal:{withdrawal['id']}:hold", "withdrawal"),
        (f"withdrawal:{withdrawal['id']}:paid", "withdrawal_paid"),
    ]
    return {
        "member": member,
        "member_id": member_id,
        "deposit_id": deposit_id,
        "keys": keys,
        "balance": balance - WITHDRAWAL,
    }


def kill_first_node(deployment: dict, tally: Tally, finished: threading.Event, seen: dict) -> None:
    """Once KILL_AFTER calls are answered, kill the first node outright; start it again a second later."""
    proxy, node = deployment["proxy"], deployment["nodes"][0]
    deadline = time.monotonic() + GIVE_UP
    while tally.counts["answered"] < KILL_AFTER:
        if finished.wait(0.01) or time.monotonic() > deadline:
            return
    node.kill()
    seen["killed"] = len(proxy.routes)
    time.sleep(1.0)  # the other node serves alone meanwhile
    node.start_again(START_TIMEOUT)
    seen["started again"] = len(proxy.routes)


def in_threads(work: list, timeout: float) -> tuple[list, list[str]]:
    """Run each callable in a thread of its own: their results, and what went wrong."""
    results, problems = [None] * len(work), []

    def run(n, call):
        try:
            results[n] = call()
        except Exception as error:  # noqa: BLE001 - reported, the test fails
            problems.append(f"{getattr(call, '__name__', call)}: {error!r}"[:1000])

    threads = [threading.Thread(target=run, args=(n, call)) for n, call in enumerate(work)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    problems += [f"{thread.name} still running after {timeout:.0f} s" for thread in threads if thread.is_alive()]
    return results, problems


# -- What the ledger holds ------------------------------------------------------------------------


def posted(engine, tenant_id: int) -> Counter:
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        found = db.execute(
            select(LedgerTransaction.idempotency_key, LedgerTransaction.kind).where(
                LedgerTransaction.tenant_id == tenant_id
            )
        )
        return Counter(map(tuple, found))


def main_balances(engine, tenant_id: int) -> dict[int, int]:
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        found = select(LedgerAccount.member_id, LedgerAccount.balance_minor).where(
            LedgerAccount.tenant_id == tenant_id, LedgerAccount.kind == "main"
        )
        return dict(db.execute(found).all())


def audits(engine) -> dict[str, int]:
    """Every brand's audit: the number of problems found."""
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        brands = db.execute(select(Tenant.id, Tenant.slug)).all()
        return {slug: audit_brand(db, tenant_id).problem_count for tenant_id, slug in brands}


def statuses(engine, model) -> Counter:
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        return Counter(db.scalars(select(model.status)))


# -- The tests ------------------------------------------------------------------------------------


def test_members_flows_across_two_nodes_lose_nothing_when_one_dies(deployment):
    proxy, engine, tally = deployment["proxy"], deployment["engine"], Tally()
    key = Client(proxy.port, tally, "203.0.113.4").get("/wps/system/status")["publicKey"]
    members = [(name, member_id) for name, member_id in deployment["members"].items() if name != THROTTLED]
    finished, seen = threading.Event(), {}
    killer = threading.Thread(target=kill_first_node, args=(deployment, tally, finished, seen))
    killer.start()
    days = [
        lambda n=n, name=name, member_id=member_id: members_day(n, name, member_id, deployment, key, tally)
        for n, (name, member_id) in enumerate(members)
    ]
    results, problems = in_threads(days, timeout=2 * GIVE_UP)
    finished.set()
    killer.join(START_TIMEOUT + 5)
    assert problems == []
    # The first node died half-way with calls in flight, and served again once started.
    assert set(seen) == {"killed", "started again"}, "the node was not killed and started again"
    assert tally.counts["no answer, sent again"] > 0
    # Both nodes show every member the balance the answered calls leave.
    shown = {day["member_id"]: day["member"].get("/wps/v2/wallets/balance")["mainBalance"] for day in results}
    assert shown == {day["member_id"]: money(day["balance"]) for day in results}
    assert 0 in proxy.routes[seen["started again"] :] and {0, 1} <= set(proxy.routes[: seen["killed"]])
    # Nothing lost, nothing posted twice: the ledger holds exactly what the answered calls posted.
    expected = Counter(key for day in results for key in day["keys"])
    assert posted(engine, deployment["tenant_id"]) == expected
    assert statuses(engine, Deposit) == {"paid": len(members)}
    assert statuses(engine, Withdrawal) == {"paid": len(members)}
    balances = main_balances(engine, deployment["tenant_id"])
    assert {day["member_id"]: balances.get(day["member_id"]) for day in results} == {
        day["member_id"]: day["balance"] for day in results
    }
    audited = audits(engine)
    assert audited == dict.fromkeys(audited, 0)
    # The gateway was paid for each deposit the brand kept, and its last word on each was taken. A
    # start cut by the kill leaves an order nobody was sent to pay, for a deposit the brand never kept.
    orders = {order["order_id"]: order for order in deployment["gateway"].orders.values()}
    kept = {str(day["deposit_id"]) for day in results}
    assert {order_id for order_id, order in orders.items() if order["status"] == "paid"} == kept
    assert [orders[order_id]["notifications"][-1]["outcome"] for order_id in kept] == [200] * len(kept)
    assert all(
        order["status"] == "pending" and not order["notifications"]
        for order in orders.values()
        if order["order_id"] not in kept
    )


def test_wrong_passwords_alternating_over_both_nodes_meet_one_limit(both_nodes):
    """Each attempt on a connection of its own, so the balancer alternates the nodes; after a
    failure the page fetches a captcha on the same connection, which the next attempt answers on
    the other node."""
    proxy, tally = both_nodes["proxy"], Tally()
    key = Client(proxy.port, tally, THROTTLED_IP).get("/wps/system/status")["publicKey"]
    answers, captcha, first = [], None, len(proxy.routes)
    for attempt in range(MAX_FAILURES_PER_IP + 1):
        password = PASSWORD if attempt == MAX_FAILURES_PER_IP else "not-the-password"
        answer, captcha = attempt_login(proxy.port, key, password, captcha)
        answers.append((answer["code"], answer["value"]))
    assert answers == [("login_failed", {"captcha": True})] * MAX_FAILURES_PER_IP + [("too_many_attempts", None)]
    served = proxy.routes[first:]  # the attempts' connections
    assert len(served) == MAX_FAILURES_PER_IP + 1 and all(a != b for a, b in itertools.pairwise(served))
    with Session(both_nodes["engine"]) as db:
        db.info["tenant_id"] = ALL_TENANTS
        failures = db.scalar(select(func.count()).select_from(FailedLogin).where(FailedLogin.ip == THROTTLED_IP))
    assert failures == MAX_FAILURES_PER_IP
    # The captchas were kept in the Redis both nodes share.
    with redis.Redis.from_url(REDIS_URL) as shared:
        assert any(shared.scan_iter(f"{both_nodes['prefix']}:one-time:*"))


def attempt_login(port: int, key: dict, password: str, captcha: tuple[str, str] | None):
    """One login of THROTTLED from THROTTLED_IP on a connection of its own, answering ``captcha``
    (its id and text) when given; the answer, and the captcha fetched on the same connection when
    the answer asks for one."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=CALL_TIMEOUT)
    headers = {"Host": HOST, "X-Forwarded-For": THROTTLED_IP}
    fields = {"username": THROTTLED, "password": password}
    try:
        sent = {**headers, "Content-Type": JOSE}
        if captcha is not None:
            fields["captcha"] = captcha[1]
            sent["Cookie"] = f"tessera_captcha={captcha[0]}"
        connection.request("POST", "/wps/session/login?lang=en", seal(key, fields).encode(), sent)
        answer = json.loads(connection.getresponse().read())
        if not (answer["value"] or {}).get("captcha"):
            return answer, None
        connection.request("GET", "/wps/captcha?lang=en", headers=headers)
        response = connection.getresponse()
        response.read()
        return answer, read_captcha(response)
    finally:
        connection.close()


def read_captcha(response) -> tuple[str, str]:
    """The captcha's id (its cookie) and its text, as a member reads the picture."""
    from http.cookies import SimpleCookie

    from tessera_plugins.image_captcha import contract_answer

    cookies = SimpleCookie()
    for header in response.msg.get_all("Set-Cookie") or ():
        cookies.load(header)
    captcha_id = cookies["tessera_captcha"].value
    return captcha_id, contract_answer({"secret": CAPTCHA_SECRET, "length": 5}, {"captchaId": captcha_id})["captcha"]
