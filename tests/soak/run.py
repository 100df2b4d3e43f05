"""The soak's run: its database, sandboxes and nodes up, the clients and the faults, the checks."""

import argparse
import itertools
import os
import random
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy.engine import make_url
from tests.bench.servers import ServerFailed, bench_env, exit_status, postgres_options, postgres_reachable
from tests.databases import own_database

from tessera.core.db import make_engine

from . import __doc__ as about
from .calls import Caller
from .checks import check
from .faults import KILL_EVERY, backend_killer, node_killer
from .operations import MIX, Tally, play
from .prepare import brand_folders, prepare
from .servers import Node, Sandboxes

SEED = int(os.environ.get("TESSERA_SOAK_SEED", "20261127"))


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.soak", description=about.splitlines()[0])
    postgres_options(parser, "tessera_soak")
    parser.add_argument(
        "--operations", type=int, default=int(os.environ.get("SOAK_OPERATIONS", "100000")), help="money operations"
    )
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--members", type=int, default=200, help="members the operations spread over (default 200)")
    parser.add_argument(
        "--port", type=int, default=6570, help="the sandboxes' port; the two nodes take the next two (default 6570)"
    )
    args = parser.parse_args(argv)
    if args.operations < 100 or args.clients < 1 or args.members < 2:
        parser.error("need --operations >= 100, --clients >= 1, --members >= 2")
    return args


def client(n: int, tickets, total: int, caller: Caller, brand, tally: Tally, done: list[int]) -> None:
    try:
        while (ticket := next(tickets)) < total:
            play(caller, brand, SEED, ticket, tally)
            done.append(1)
    except Exception as exc:  # noqa: BLE001 - reported, the soak fails
        tally.problems.append(f"client {n}: {exc!r}"[:500])
    finally:
        caller.close()


def soak(args, url: str, brand, nodes: list[Node], tally: Tally) -> tuple[float, list[str]]:
    """The operations under the faults: the seconds they took, and what went wrong."""
    tickets, done, stop = itertools.count(), [], threading.Event()
    callers = [Caller(nodes, brand, args.port, tally) for _ in range(args.clients)]
    threads = [
        threading.Thread(target=client, args=(n, tickets, args.operations, caller, brand, tally, done))
        for n, caller in enumerate(callers)
    ]
    faults = [
        threading.Thread(target=backend_killer, args=(url, stop, random.Random(f"{SEED}:killer"), tally)),
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
    requests = tally.counts["requests"]
    print(
        f"  {len(done)} operations done in {seconds:.1f} s ({len(done) / seconds:.1f} /s), "
        f"{requests} requests to the nodes ({requests / seconds:.1f} /s)"
    )
    print(f"  {dict(sorted(tally.counts.items()))}")
    problems = tally.problems[:10]
    if len(done) != args.operations:
        problems.append(f"{len(done)} of {args.operations} operations done")
    if not tally.counts["nodes killed"] or not tally.counts["nodes started again"]:
        problems.append("the node was not killed and started again")
    return seconds, problems


def run(args) -> int:
    mix = ", ".join(f"{operation.__name__.strip('_').replace('_', ' ')} {weight}%" for operation, weight in MIX.items())
    print(f"Tessera soak: {args.operations} money operations, {args.clients} clients, two nodes, seed {SEED}")
    print(f"  {mix}; a backend terminated every {KILL_EVERY} requests")
    unreachable = postgres_reachable(args.postgres)
    if unreachable:
        print(f"  SKIPPED: needs PostgreSQL ({make_url(args.postgres).render_as_string()}): {unreachable}")
        return 0
    problems, tally = [], Tally()
    with own_database(args.postgres, args.database) as url, tempfile.TemporaryDirectory(prefix="tessera-soak-") as tmp:
        tmp = Path(tmp)
        made = brand_folders(tmp / "tenants", args.port, args.port + 1)
        env = {
            **bench_env(tmp, "ERROR"),
            **made,
            "TESSERA_DATABASE_URL": url,
            "TESSERA_TENANTS_DIR": str(tmp / "tenants"),
            "TESSERA_WORKERS": os.environ.get("TESSERA_WORKERS", "2"),
            "TESSERA_THREADS": os.environ.get("TESSERA_THREADS", "4"),
        }
        sandboxes = Sandboxes(args.port, env, tmp / "sandboxes.log")
        nodes = [Node(env, tmp / f"node{n}.log", "tests.soak:application()", args.port + 1 + n) for n in range(2)]
        engine = None
        started = time.monotonic()
        try:
            brand = prepare(url, args.members, tmp / "tenants", made)
            engine = make_engine(url)
            sandboxes.start()
            for node in nodes:
                node.start()
            sandboxes.wait_ready(60)
            for node in nodes:
                node.wait_ready(60)
            print(
                f"  prepared, the sandboxes on port {args.port} and two nodes on {args.port + 1} and "
                f"{args.port + 2} up in {time.monotonic() - started:.1f} s"
            )
            seconds, found = soak(args, url, brand, nodes, tally)
            problems += found
            problems += check(engine, brand, tally, env)
            print(f"\n  {time.monotonic() - started:.1f} s in all, {seconds:.1f} s of them under load")
        except ServerFailed as exc:
            problems.append(str(exc))
        finally:
            for node in nodes:
                node.stop()
            sandboxes.stop()
            if engine is not None:
                engine.dispose()
    return exit_status(problems)
