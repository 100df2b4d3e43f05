"""``python -m tests.soak``: the ledger's fault-injection proof through two app nodes, on PostgreSQL.

Needs PostgreSQL (TESSERA_BENCH_POSTGRES_URL, by default the local server as postgres; without it
the soak says so and stops with status 0). It makes a database of its own (``tessera_soak``,
dropped at the end): migrated, the demo brands synced, the test suite's seamless vendor enabled on
demo-bd, MEMBERS funded members and an operator key.

Two Tessera nodes (gunicorn, production settings) serve it. CLIENTS threads run OPERATIONS money
calls in all, drawn from a fixed seed (TESSERA_SOAK_SEED): seamless rounds (a debit, then a win, a
win of nothing or a rollback), and bonuses (``POST /ops/bonuses``); a call is sent again, now and
then, as a vendor or an operator repeats one. A client sends each call to the nodes in turn and,
when a call gets no answer (a node killed, a connection reset, a 5xx), sends it again with the same
id to the other node until it is answered. Meanwhile one database backend in 50 calls is
terminated in the middle of its transaction (about 2% of the connections), and one node is killed
(SIGKILL, master and workers) once, half-way, then started again on the same socket.

At the end: the audit is clean on every brand; each call answered once in the ledger (as many bets,
wins, rollbacks and bonuses posted as were answered, none twice: the kept answers and keys are
unique); every member holds their funding, less the stakes, plus the wins, rollbacks and bonuses
answered. Exit status 1 otherwise. Counts are printed.
"""

import argparse
import http.client
import itertools
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool
from tests.bench.money import application, prepare_members
from tests.bench.seamless import BRAND, HOST, SEAMLESS_VENDOR, SECRETS, SIGNATURE, SLOT, TIMESTAMP, signature
from tests.bench.servers import (
    Gunicorn,
    ServerFailed,
    bench_env,
    exit_status,
    postgres_options,
    postgres_reachable,
)
from tests.bench.wallet import audit_all
from tests.databases import own_database

from tessera.core.db import ALL_TENANTS, make_engine
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction

__all__ = ["application", "main"]

SEED = int(os.environ.get("TESSERA_SOAK_SEED", "20261127"))
FUNDS = 100_000  # minor units each member is funded with (tests.bench.wallet's funding)
KILL_EVERY = 50  # calls between two backends terminated
GIVE_UP = 120.0  # seconds one call may go unanswered before the soak fails


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.soak", description=__doc__.splitlines()[0])
    postgres_options(parser, "tessera_soak")
    parser.add_argument(
        "--operations", type=int, default=int(os.environ.get("SOAK_OPERATIONS", "100000")), help="money calls"
    )
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--members", type=int, default=200, help="members the calls spread over (default 200)")
    args = parser.parse_args(argv)
    if args.operations < 100 or args.clients < 1 or args.members < 2:
        parser.error("need --operations >= 100, --clients >= 1, --members >= 2")
    return args


class Node(Gunicorn):
    """A Tessera node that can be killed outright and started again on its socket."""

    def kill(self) -> None:
        """SIGKILL to the node's master and workers (its own process group)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
        self.log.close()


class Caller:
    """One client's connections to the nodes; a call is sent until a node answers it."""

    def __init__(self, nodes: list[Node], operator_key: str, tally: "Tally"):
        self.nodes, self.operator_key, self.tally = nodes, operator_key, tally
        self.connections: dict[int, http.client.HTTPConnection] = {}
        self.turn = itertools.count()

    def send(self, path: str, body: bytes, headers: dict) -> dict:
        deadline = time.monotonic() + GIVE_UP
        while time.monotonic() < deadline:
            node = next(self.turn) % len(self.nodes)
            try:
                connection = self.connections.get(node) or http.client.HTTPConnection(
                    "127.0.0.1", self.nodes[node].port, timeout=30
                )
                self.connections[node] = connection
                connection.request("POST", path, body=body, headers={"Host": HOST, **headers})
                response = connection.getresponse()
                answer = response.read()
                if response.status < 500:
                    return json.loads(answer)
                self.tally.count("answered 5xx, sent again")
            except (OSError, http.client.HTTPException):
                self.tally.count("no answer, sent again")
                self.connections.pop(node, None)
                time.sleep(0.05)
        raise ServerFailed(f"{path}: no answer in {GIVE_UP:.0f} s")

    def seamless(self, operation: str, fields: dict) -> dict:
        body = json.dumps(fields).encode()
        stamp = str(int(time.time()))
        secret = SECRETS[BRAND]
        headers = {"Content-Type": "application/json", TIMESTAMP: stamp, SIGNATURE: signature(secret, stamp, body)}
        return self.send(f"/vendors/{SEAMLESS_VENDOR}/wallet/{operation}", body, headers)

    def bonus(self, username: str, amount: str, request_id: str) -> dict:
        body = json.dumps({"username": username, "amount": amount, "title": "soak", "requestId": request_id})
        headers = {"Authorization": f"Bearer {self.operator_key}", "Content-Type": "application/json"}
        return self.send("/ops/bonuses", body.encode(), headers)

    def close(self) -> None:
        for connection in self.connections.values():
            connection.close()


class Tally:
    def __init__(self):
        self.counts: Counter = Counter()
        self.moved: Counter = Counter()  # member id -> minor units the answered calls moved
        self.lock = threading.Lock()
        self.problems: list[str] = []

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n

    def move(self, member_id: int, minor: int) -> None:
        with self.lock:
            self.moved[member_id] += minor


def play(caller: Caller, rng: random.Random, members: list[tuple[int, str]], n: int, tag: str, tally: Tally):
    """One operation ``n`` of a client: a seamless round or a bonus, now and then sent twice."""
    member_id, username = rng.choice(members)
    repeat = rng.random() < 0.05
    if rng.random() < 0.15:
        minor = rng.randrange(1, 500)
        request_id = f"{tag}-{n}"
        for _ in range(1 + repeat):
            answer = caller.bonus(username, f"{minor / 100:.2f}", request_id)
            if not answer.get("success"):
                raise ServerFailed(f"bonus {request_id}: {answer}")
        tally.count("bonuses")
        tally.move(member_id, minor)
        return
    stake, round_id = rng.randrange(1, 1000), f"{tag}-{n}"
    debit = {"memberId": member_id, "roundId": round_id, "gameCode": SLOT, "amount": f"{stake / 100:.2f}"}
    answers = [caller.seamless("debit", {**debit, "transactionId": f"{round_id}-d"}) for _ in range(1 + repeat)]
    if not answers[0].get("ok") or answers[-1] != answers[0]:
        raise ServerFailed(f"debit {round_id}: {answers}")
    tally.count("bets")
    tally.move(member_id, -stake)
    ending = rng.random()
    if ending < 0.15:
        answer = caller.seamless(
            "rollback", {"memberId": member_id, "transactionId": f"{round_id}-r", "rollbackOf": f"{round_id}-d"}
        )
        tally.count("rollbacks")
        tally.move(member_id, stake)
    else:
        win = 0 if ending < 0.55 else rng.randrange(1, 3 * stake)
        credit = {**debit, "amount": f"{win / 100:.2f}", "transactionId": f"{round_id}-c"}
        answer = caller.seamless("credit", credit)
        tally.count("wins" if win else "wins of nothing")
        tally.move(member_id, win)
    if not answer.get("ok"):
        raise ServerFailed(f"round {round_id} ended with {answer}")


def client(n: int, tickets, total: int, nodes, prepared, members, tally: Tally, done: list[int]):
    rng = random.Random(f"{SEED}:{n}")
    caller = Caller(nodes, prepared["operator_key"], tally)
    try:
        while (ticket := next(tickets)) < total:
            play(caller, rng, members, ticket, f"soak{SEED}", tally)
            done.append(1)
    except Exception as exc:  # noqa: BLE001 - reported, the soak fails
        tally.problems.append(f"client {n}: {exc!r}"[:500])
    finally:
        caller.close()


def killer(url: str, done: list[int], stop: threading.Event, rng: random.Random, tally: Tally) -> None:
    """Terminate a backend inside a transaction every KILL_EVERY calls done."""
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    busy = text(
        "SELECT pid FROM pg_stat_activity WHERE datname = :db AND pid <> pg_backend_pid() "
        "AND backend_type = 'client backend' AND xact_start IS NOT NULL ORDER BY pid"
    )
    next_kill = KILL_EVERY
    try:
        with engine.connect() as connection:
            while not stop.wait(0.01):
                if len(done) < next_kill:
                    continue
                pids = connection.execute(busy, {"db": make_url(url).database}).scalars().all()
                if pids and connection.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": rng.choice(pids)}):
                    tally.count("backends terminated")
                    next_kill += KILL_EVERY
    finally:
        engine.dispose()


def node_killer(nodes: list[Node], done: list[int], half: int, stop: threading.Event, tally: Tally) -> None:
    """Kill the first node once half the calls are done, and start it again."""
    while not stop.wait(0.05):
        if len(done) >= half:
            nodes[0].kill()
            tally.count("nodes killed")
            time.sleep(1.0)  # the other node serves alone meanwhile
            nodes[0].start()
            nodes[0].wait_ready(60)
            tally.count("nodes started again")
            return


def check(engine, prepared: dict, members: list[tuple[int, str]], tally: Tally) -> list[str]:
    """Each answered call posted once; every member holds what the answered calls say."""
    tenant_id = prepared["tenant_id"]
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        kinds = dict(
            db.execute(
                select(LedgerTransaction.kind, func.count())
                .where(LedgerTransaction.tenant_id == tenant_id)
                .group_by(LedgerTransaction.kind)
            ).all()
        )
        ids = [member_id for member_id, _ in members]
        balances = dict(
            db.execute(
                select(LedgerAccount.member_id, LedgerAccount.balance_minor).where(
                    LedgerAccount.tenant_id == tenant_id, LedgerAccount.member_id.in_(ids), LedgerAccount.kind == "main"
                )
            ).all()
        )
    counts = tally.counts
    posted = {
        "bets": kinds.get("game_bet", 0),
        "wins": kinds.get("game_payout", 0),
        "rollbacks": kinds.get("game_rollback", 0),
        "bonuses": kinds.get("bonus", 0),
    }
    print(f"  posted in the ledger: {posted}")
    problems = [f"{what}: {counts[what]} answered, {n} posted" for what, n in posted.items() if counts[what] != n]
    wrong = {m: (balances.get(m), FUNDS + tally.moved[m]) for m in ids if balances.get(m) != FUNDS + tally.moved[m]}
    problems += [
        f"member {m} holds {held}, the answered calls say {want}" for m, (held, want) in list(wrong.items())[:5]
    ]
    return problems


def run(args) -> int:
    print(f"Tessera soak: {args.operations} money calls, {args.clients} clients, two nodes, seed {SEED}")
    unreachable = postgres_reachable(args.postgres)
    if unreachable:
        print(f"  SKIPPED: needs PostgreSQL ({make_url(args.postgres).render_as_string()}): {unreachable}")
        return 0
    problems, tally = [], Tally()
    with own_database(args.postgres, args.database) as url, tempfile.TemporaryDirectory(prefix="tessera-soak-") as tmp:
        env = {
            **bench_env(Path(tmp), "ERROR"),
            "TESSERA_DATABASE_URL": url,
            "TESSERA_WORKERS": os.environ.get("TESSERA_WORKERS", "2"),
            "TESSERA_THREADS": os.environ.get("TESSERA_THREADS", "4"),
        }
        nodes = [Node(env, Path(tmp) / f"node{n}.log", "tests.soak:application()") for n in range(2)]
        engine = None
        started = time.monotonic()
        try:
            prepared = prepare_members(url, args.members)
            engine = make_engine(url)
            members = [(m, f"benchwallet{n:04d}") for n, m in enumerate(prepared["wallets"])]  # tests.bench.wallet's
            for node in nodes:
                node.start()
            for node in nodes:
                node.wait_ready(60)
            print(f"  prepared and two nodes up in {time.monotonic() - started:.1f} s")
            tickets, done, stop = itertools.count(), [], threading.Event()
            threads = [
                threading.Thread(
                    target=client, args=(n, tickets, args.operations, nodes, prepared, members, tally, done)
                )
                for n in range(args.clients)
            ]
            faults = [
                threading.Thread(target=killer, args=(url, done, stop, random.Random(f"{SEED}:killer"), tally)),
                threading.Thread(target=node_killer, args=(nodes, done, args.operations // 2, stop, tally)),
            ]
            begun = time.monotonic()
            for thread in threads + faults:
                thread.start()
            for thread in threads:
                thread.join()
            stop.set()
            for thread in faults:
                thread.join(90)
            seconds = time.monotonic() - begun
            print(f"  {len(done)} calls done in {seconds:.1f} s ({len(done) / seconds:.1f} /s)")
            print(f"  {dict(sorted(tally.counts.items()))}")
            problems += tally.problems[:10]
            if len(done) != args.operations:
                problems.append(f"{len(done)} of {args.operations} calls done")
            if not tally.counts["nodes killed"] or not tally.counts["nodes started again"]:
                problems.append("the node was not killed and started again")
            problems += check(engine, prepared, members, tally)
            print("\nLedger audit:")
            problems += audit_all(engine)[:10]
        except ServerFailed as exc:
            problems.append(str(exc))
        finally:
            for node in nodes:
                node.stop()
            if engine is not None:
                engine.dispose()
    return exit_status(problems)


def main(argv=None) -> int:
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
