"""``python -m tests.bench.wallet``: money on PostgreSQL, against a raw UPDATE of the same run.

Needs PostgreSQL (TESSERA_BENCH_POSTGRES_URL, by default the local server as postgres); without
it the bench says so and stops. It makes a database of its own (``tessera_bench``: dropped and
made again, migrated, the demo brands synced, dropped at the end).

(a) Hot wallet: CLIENTS concurrent HTTP clients (keep-alive, loopback) call ``POST /ops/bonuses``
    of Tessera served by gunicorn with its production settings (tessera.gunicorn_conf), each call
    a bonus of 0.01 with a fresh requestId to ONE member: every call moves the same two rows (the
    member's main account and its shard of house:bonuses). Baseline: CLIENTS threads of psycopg running
    ``UPDATE bench_accounts SET balance = balance - 1 WHERE id = 1`` (autocommit, one statement a
    transaction) on a scratch table. Where the time goes: during each run the bench samples what
    the database's backends are doing (running, waiting for a row lock, or idle inside a
    transaction: holding its locks while the application works) and measures the CPU time a call
    costs the server, PostgreSQL and the clients; GET /healthz and GET /wps/system/status show
    what a request costs without the database, and the same bonus is also posted through
    ``Ledger`` in this process, one session and commit each (no HTTP).
(b) Transfers among WALLETS members' wallets: threads post random member-to-member transfers
    through ``Ledger``, each in its own session and commit; transactions a second.
Then ``tessera ledger audit``'s checks over everything posted.

Exit status 1 means something did not run: the server did not start, a call did not succeed, the
balances do not add up, or the audit found a problem.
"""

import argparse
import http.client
import itertools
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from tessera.core.db import ALL_TENANTS, is_transient, make_engine, scope_connection
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import REAL, Member, username_key
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import InsufficientFunds, Ledger, Leg
from tessera.wallet.operators.services import create_key

from ..databases import demo_brands, own_database
from .servers import (
    ROOT,
    SECRET_KEY,
    CpuUse,
    Gunicorn,
    ServerFailed,
    analyze,
    bench_env,
    exit_status,
    postgres_options,
    postgres_reachable,
)

HOST, BRAND = "demo-bd.localhost", "demo-bd"
HOT_MEMBER = "benchwallet"
TARGET_RATIO = 0.25
BASELINE_SQL = "UPDATE bench_accounts SET balance = balance - 1 WHERE id = 1"


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.bench.wallet", description=__doc__.splitlines()[0])
    postgres_options(parser, "tessera_bench")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients on the hot wallet (default 16)")
    parser.add_argument("--duration", type=float, default=10.0, help="measured seconds per hot-wallet run (default 10)")
    parser.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds per hot-wallet run (default 2)")
    parser.add_argument("--wallets", type=int, default=1000, help="members' wallets for the transfers (default 1000)")
    parser.add_argument("--transfer-threads", type=int, default=16, help="threads posting transfers (default 16)")
    parser.add_argument("--transfers", type=int, default=6000, help="at most this many transfers (default 6000)")
    parser.add_argument("--transfer-seconds", type=float, default=15.0, help="or for at most this long (default 15)")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.duration < 1 or args.warmup < 0 or args.wallets < 2 or args.transfer_threads < 1:
        parser.error("need --clients >= 1, --duration >= 1, --warmup >= 0, --wallets >= 2, --transfer-threads >= 1")
    return args


# -- the bench database ---------------------------------------------------------------------


def prepare(url: str, wallets: int, tenants_dir: Path = ROOT / "tenants") -> dict:
    """Migrate, sync the demo brands (of ``tenants_dir``), make the hot member, an operator key and
    the funded wallets."""
    with demo_brands(url, SECRET_KEY, tenants_dir=tenants_dir) as db:
        tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == BRAND))
        scope_connection(db, tenant_id)
        names = [HOT_MEMBER] + [f"benchwallet{n:04d}" for n in range(wallets)]
        members = [
            Member(username=name, username_key=username_key(name), nickname=name, member_type=REAL, created_at=utcnow())
            for name in names
        ]
        db.add_all(members)
        db.flush()
        key = create_key(db, tenant_id, "bench", utcnow())
        ledger = Ledger(db, tenant_id)
        funded = [ledger.member_account(member.id) for member in members[1:]]
        ledger.post(
            "bench:funding",
            "deposit",
            member_id=None,
            legs=[Leg(ledger.house_account("deposits_clearing", None), -100_000 * len(funded))]
            + [Leg(account, 100_000) for account in funded],
        )
        db.execute(text("CREATE TABLE bench_accounts (id integer PRIMARY KEY, balance bigint NOT NULL)"))
        db.execute(text("INSERT INTO bench_accounts VALUES (1, 0)"))
        db.commit()
        return {
            "tenant_id": tenant_id,
            "hot_member": members[0].id,
            "wallets": [m.id for m in members[1:]],
            "operator_key": key,
        }


# -- load ------------------------------------------------------------------------------------


class Load:
    """CLIENTS threads calling their own ``call()`` in a loop: a warm-up, then a measured window."""

    def __init__(self, clients: int, warmup: float, duration: float):
        self.clients, self.warmup, self.duration = clients, warmup, duration
        self.latencies: list[float] = []
        self.calls = 0  # warm-up included
        self.problems: list[str] = []
        self.lock = threading.Lock()

    def run(self, make_client) -> float:
        begin = time.monotonic() + 0.5 + self.warmup
        end = begin + self.duration
        threads = [
            threading.Thread(target=self._client, args=(make_client, n, begin, end)) for n in range(self.clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(self.warmup + self.duration + 60)
        return len(self.latencies) / self.duration

    def _client(self, make_client, n, begin, end):
        try:
            call, close = make_client(n)
        except Exception as exc:  # noqa: BLE001 - reported, the bench fails
            self.problems.append(f"client {n} did not start: {exc!r}")
            return
        mine, calls = [], 0
        try:
            while (started := time.monotonic()) < end:
                call()
                calls += 1
                finished = time.monotonic()
                if begin <= started and finished <= end:
                    mine.append(finished - started)
        except Exception as exc:  # noqa: BLE001
            self.problems.append(f"client {n}: {exc!r}"[:500])
        finally:
            close()
            with self.lock:
                self.latencies.extend(mine)
                self.calls += calls

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else float("nan")


class Backends:
    """Samples, every 10 ms, what the bench database's client backends are doing."""

    QUERY = text(
        "SELECT CASE WHEN wait_event_type = 'Lock' THEN 'waiting for a lock' "
        "WHEN state = 'idle in transaction' THEN 'idle in a transaction' "
        "WHEN state = 'active' THEN 'running' ELSE 'idle' END "
        "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
        "AND backend_type = 'client backend'"
    )

    def __init__(self, url: str):
        self.engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        self.counts: dict[str, int] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(10)
        self.engine.dispose()

    def _sample(self):
        with self.engine.connect() as connection:
            while not self.stop.wait(0.01):
                for (doing,) in connection.execute(self.QUERY):
                    self.counts[doing] = self.counts.get(doing, 0) + 1

    def summary(self) -> str:
        total = sum(self.counts.values()) or 1
        shares = sorted(self.counts.items(), key=lambda item: -item[1])
        return ", ".join(f"{100 * n / total:.0f}% {doing}" for doing, n in shares)


def raw_update_client(url: str):
    def make(n):
        connection = psycopg.connect(
            make_url(url).set(drivername="postgresql").render_as_string(hide_password=False), autocommit=True
        )
        return lambda: connection.execute(BASELINE_SQL), connection.close

    return make


def http_bonus_client(port: int, operator_key: str, run_id: str):
    """Bonuses of 0.01 over HTTP to the hot member."""
    counter = itertools.count()

    def make(n):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Host": HOST, "Authorization": f"Bearer {operator_key}", "Content-Type": "application/json"}

        def call():
            body = json.dumps(
                {
                    "username": HOT_MEMBER,
                    "amount": "0.01",
                    "title": "bench",
                    "requestId": f"{run_id}-{n:02d}-{next(counter):08d}",
                }
            )
            connection.request("POST", "/ops/bonuses", body=body, headers=headers)
            response = connection.getresponse()
            answer = response.read()
            if response.status != 200 or not json.loads(answer).get("success"):
                raise ServerFailed(f"POST /ops/bonuses answered {response.status}: {answer[:300]!r}")

        return call, connection.close

    return make


def http_get_client(port: int, path: str):
    """GET ``path`` over HTTP: what the server stack costs without the database."""

    def make(n):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

        def call():
            connection.request("GET", path, headers={"Host": HOST})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"GET {path}: {response.status}")

        return call, connection.close

    return make


def ledger_bonus_client(engine, tenant_id: int, member_id: int, run_id: str):
    counter = itertools.count()

    def make(n):
        def call():
            with Session(engine) as db:
                scope_connection(db, tenant_id)
                ledger = Ledger(db, tenant_id)
                key = f"bonus:{run_id}-{n:02d}-{next(counter):08d}"
                ledger.post(
                    key,
                    "bonus",
                    member_id=member_id,
                    reference=key,
                    remark="bench",
                    legs=[
                        Leg(ledger.house_account("bonuses", member_id), -1),
                        Leg(ledger.member_account(member_id), 1),
                    ],
                )
                db.commit()

        return call, lambda: None

    return make


def transfers(engine, tenant_id: int, wallets: list[int], threads: int, count: int, seconds: float) -> dict:
    """Random member-to-member transfers until ``count`` are done or ``seconds`` have passed."""
    tickets, deadline = itertools.count(), time.monotonic() + seconds
    done, refused, retried, problems = [], [], [], []

    def post(n):
        rng = random.Random(n)
        try:
            while (ticket := next(tickets)) < count and time.monotonic() < deadline:
                a, b = rng.sample(wallets, 2)
                amount = rng.randrange(1, 5000)
                while True:
                    try:
                        with Session(engine) as db:
                            scope_connection(db, tenant_id)
                            ledger = Ledger(db, tenant_id)
                            key = f"bench:transfer:{ticket}"
                            ledger.post(
                                key,
                                "upline_out",
                                member_id=a,
                                reference=key,
                                legs=[Leg(ledger.member_account(a), -amount), Leg(ledger.member_account(b), amount)],
                            )
                            db.commit()
                        done.append(1)
                        break
                    except InsufficientFunds:
                        refused.append(1)
                        break
                    except DBAPIError as exc:
                        if not is_transient(exc.orig):
                            raise
                        retried.append(1)
        except Exception as exc:  # noqa: BLE001 - reported, the bench fails
            problems.append(repr(exc)[:500])

    started = time.monotonic()
    workers = [threading.Thread(target=post, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(seconds + 60)
    elapsed = time.monotonic() - started
    return {
        "done": len(done),
        "refused": len(refused),
        "retried": len(retried),
        "seconds": elapsed,
        "rate": len(done) / elapsed,
        "problems": problems,
    }


# -- the run ---------------------------------------------------------------------------------


def hot_wallet(args, url: str, prepared: dict, server: Gunicorn, engine) -> tuple[dict, list[str]]:
    results, problems = {}, []
    key = prepared["operator_key"]
    analyze(url)
    runs = (
        ("raw", "raw UPDATE (psycopg, autocommit)", raw_update_client(url)),
        ("noop", "GET /healthz (no database)", http_get_client(server.port, "/healthz")),
        ("status", "GET /wps/system/status (cached)", http_get_client(server.port, "/wps/system/status")),
        ("http", "POST /ops/bonuses, one member", http_bonus_client(server.port, key, "http")),
        (
            "direct",
            "Ledger.post in-process, one member",
            ledger_bonus_client(engine, prepared["tenant_id"], prepared["hot_member"], "direct"),
        ),
    )
    for name, label, client in runs:
        load = Load(args.clients, args.warmup, args.duration)
        with Backends(url) as backends, CpuUse(server.process.pid) as cpu:
            rate = load.run(client)
        results[name] = rate
        print(
            f"  {label:<36} {rate:9.1f} /s   p50 {load.percentile(0.5):7.2f} ms   p99 {load.percentile(0.99):7.2f} ms"
            f"   ({len(load.latencies)} in {args.duration:g} s)",
            flush=True,
        )
        print(f"  {'':<36} {cpu.per_call(load.calls)}")
        print(f"  {'':<36} backends: {backends.summary()}")
        problems += [f"{label}: {p}" for p in load.problems[:3]]
    return results, problems


def print_ratios(rates: dict) -> None:
    def ratio(a, b):
        return rates[a] / rates[b] if rates[b] else 0.0

    verdict = "PASS" if ratio("http", "raw") >= TARGET_RATIO else "BELOW TARGET"
    print(
        f"\n  Hot-wallet ratio, Tessera over HTTP / raw UPDATE: {ratio('http', 'raw'):.3f}  {verdict} "
        f"(target >= {TARGET_RATIO})"
    )
    print(f"  Ledger.post in-process / raw UPDATE: {ratio('direct', 'raw'):.3f} (one Python process: the GIL caps it)")
    print(
        f"  The HTTP stack's own ceiling, GET /healthz / raw UPDATE: {ratio('noop', 'raw'):.3f}; "
        f"the money call reaches {ratio('http', 'noop'):.3f} of it"
    )
    print(
        f"  A whole Tessera request without the database, GET /wps/system/status / raw UPDATE: "
        f"{ratio('status', 'raw'):.3f}; the money call reaches {ratio('http', 'status'):.3f} of it"
    )


def check_hot_member(engine, prepared: dict) -> list[str]:
    """The hot member's balance is one minor unit per bonus posted: nothing lost, nothing doubled."""
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        bonuses = db.scalar(
            select(func.count())
            .select_from(LedgerTransaction)
            .where(
                LedgerTransaction.tenant_id == prepared["tenant_id"],
                LedgerTransaction.kind == "bonus",
                LedgerTransaction.member_id == prepared["hot_member"],
            )
        )
        balance = db.scalar(
            select(LedgerAccount.balance_minor).where(
                LedgerAccount.tenant_id == prepared["tenant_id"],
                LedgerAccount.code == f"member:{prepared['hot_member']}:main",
            )
        )
    print(f"  hot member: {bonuses} bonuses posted, balance {balance} minor units")
    return [] if balance == bonuses else [f"the hot member holds {balance} minor units after {bonuses} bonuses of 1"]


def audit_all(engine) -> list[str]:
    started, problems = time.monotonic(), []
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        db.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        for tenant_id, slug in db.execute(select(Tenant.id, Tenant.slug).order_by(Tenant.slug)).all():
            report = audit_brand(db, tenant_id)
            print(
                f"  audit {slug}: {report.accounts} accounts, {report.transactions} transactions, "
                f"{report.postings} postings, {report.problem_count} problem(s)"
            )
            problems += [f"audit {slug}: {f.check}: {p}" for f in report.findings for p in f.problems]
    print(f"  audit took {time.monotonic() - started:.2f} s")
    return problems


def run(args) -> int:
    database = args.database
    print(f"Tessera wallet bench: PostgreSQL database {database}, {os.cpu_count()} CPU(s), loopback only")
    unreachable = postgres_reachable(args.postgres)
    if unreachable:
        print(
            f"  SKIPPED: needs PostgreSQL ({make_url(args.postgres).render_as_string()}): {unreachable}\n"
            "  Set TESSERA_BENCH_POSTGRES_URL (or --postgres) to a server the bench may make a database on."
        )
        return 0
    problems = []
    engine = None
    with (
        own_database(args.postgres, database) as url,
        tempfile.TemporaryDirectory(prefix="tessera-bench-wallet-") as tmp,
    ):
        env = {
            **bench_env(Path(tmp), "WARNING"),
            "TESSERA_DATABASE_URL": url,
            **{k: os.environ[k] for k in ("TESSERA_WORKERS", "TESSERA_THREADS") if k in os.environ},
        }
        server = Gunicorn(env, Path(tmp) / "gunicorn.log")
        try:
            started = time.monotonic()
            prepared = prepare(url, args.wallets)
            print(
                f"  database prepared in {time.monotonic() - started:.1f} s "
                f"(migrated, demo brands synced, {args.wallets} funded wallets)"
            )
            server.start()
            server.wait_ready(60)
            workers = env.get("TESSERA_WORKERS") or f"{os.cpu_count() * 2 + 1}"
            print(
                f"  server: gunicorn (tessera.gunicorn_conf: gthread, {workers} workers x "
                f"{env.get('TESSERA_THREADS', '4')} threads) on 127.0.0.1:{server.port}, TESSERA_LOG_LEVEL=WARNING"
            )
            engine = make_engine(url)
            print(
                f"\n(a) Hot wallet: {args.clients} clients at once on ONE member, {args.warmup:g} s warm-up + "
                f"{args.duration:g} s each"
            )
            print(f"  baseline: {BASELINE_SQL}")
            rates, found = hot_wallet(args, url, prepared, server, engine)
            problems += found
            problems += check_hot_member(engine, prepared)
            print_ratios(rates)
            print(
                f"\n(b) Transfers among {args.wallets} wallets: {args.transfer_threads} threads, Ledger.post, "
                f"one session and commit each; at most {args.transfers} or {args.transfer_seconds:g} s"
            )
            moved = transfers(
                engine,
                prepared["tenant_id"],
                prepared["wallets"],
                args.transfer_threads,
                args.transfers,
                args.transfer_seconds,
            )
            print(
                f"  {moved['done']} transfers in {moved['seconds']:.1f} s: {moved['rate']:.1f} transactions/s "
                f"({moved['refused']} refused as short, {moved['retried']} retried)"
            )
            problems += [f"transfers: {p}" for p in moved["problems"][:3]]
            print("\nLedger audit over the bench database:")
            problems += audit_all(engine)[:10]
        except ServerFailed as exc:
            problems.append(str(exc))
        finally:
            server.stop()
            if engine is not None:
                engine.dispose()
    return exit_status(problems)


def main(argv=None) -> int:
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
