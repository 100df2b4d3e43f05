"""``python -m tests.bench.money``: money calls on PostgreSQL against raw psycopg, in one run.

Needs PostgreSQL (TESSERA_BENCH_POSTGRES_URL, by default the local server as postgres); without it
the bench says so and stops. It makes a database of its own (``tessera_bench_money``, dropped at
the end): migrated, the demo brands synced, the test suite's seamless vendor enabled on demo-bd,
MEMBERS funded members (and the hot wallet's member and operator key, as tests.bench.wallet makes
them). Tessera runs under gunicorn with its production settings on a loopback socket.

(a) Money calls spread over members: CLIENTS keep-alive clients each send bets (a signed seamless
    debit of 1.00, ``POST /vendors/TSV/wallet/debit``) for a member drawn at random from MEMBERS.
    Baseline: CLIENTS psycopg connections doing the same durable writes a bet makes, over the same
    number of rows: a member's balance and a house shard's (the member's id modulo the shards)
    updated, a transaction row and its two postings inserted, committed; a member at random each.
    Target: Tessera / baseline >= 0.5. Beside it, (a)'s ceiling: the cached status request ((b)'s
    run, no money work) against the same baseline.
(b) The hot wallet, as tests.bench.wallet measures it: bonuses over HTTP to ONE member against a
    raw one-row UPDATE. Target >= 0.25.
(c) CPU milliseconds a money call costs, from (a)'s run: the server's processes, PostgreSQL's, and
    the two together (target <= 4 ms).
Then every member's balance is checked against the bets that committed and ``tessera ledger
audit``'s checks run over the database. Exit status 1 means something did not run or add up.
"""

import argparse
import http.client
import itertools
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import psycopg
from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from tessera.core.db import ALL_TENANTS, make_engine
from tessera.plugins import make_plugin_manager
from tessera.wallet.ledger.models import HOUSE_SHARDS, LedgerAccount, LedgerTransaction

from ..databases import own_database
from .seamless import (  # gunicorn's app factory here too, and the test suite's vendor plugin it imported
    BRAND,
    PLUGIN,
    SECRETS,
    SLOT,
    SeamlessVendor,
    application,
    enable_seamless_vendor,
    vendor_call,
)
from .servers import (
    ROOT,
    CpuUse,
    Gunicorn,
    ServerFailed,
    analyze,
    bench_env,
    exit_status,
    postgres_options,
    postgres_reachable,
)
from .wallet import Load, audit_all, hot_wallet, print_ratios
from .wallet import prepare as prepare_wallets

__all__ = ["application", "main"]

SPREAD_TARGET, CPU_TARGET = 0.5, 4.0
FUNDS = 100_000  # minor units each member has (tests.bench.wallet's funding)
BASELINE_TABLES = """
CREATE TABLE raw_accounts (id integer PRIMARY KEY, balance bigint NOT NULL);
CREATE TABLE raw_transactions (id bigserial PRIMARY KEY, idempotency_key varchar(160) UNIQUE NOT NULL,
                               member_id integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE raw_postings (id bigserial PRIMARY KEY, transaction_id bigint NOT NULL REFERENCES raw_transactions,
                           account_id integer NOT NULL REFERENCES raw_accounts, amount bigint NOT NULL,
                           balance_after bigint NOT NULL);
CREATE INDEX ON raw_postings (transaction_id);
CREATE INDEX ON raw_postings (account_id);
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.bench.money", description=__doc__.splitlines()[0])
    postgres_options(parser, "tessera_bench_money")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (default 16)")
    parser.add_argument("--members", type=int, default=1000, help="members the calls spread over (default 1000)")
    parser.add_argument("--duration", type=float, default=10.0, help="measured seconds per run (default 10)")
    parser.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds per run (default 2)")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.members < 2 or args.duration < 1 or args.warmup < 0:
        parser.error("need --clients >= 1, --members >= 2, --duration >= 1, --warmup >= 0")
    return args


def prepare_members(url: str, members: int, tenants_dir: Path = ROOT / "tenants") -> dict:
    """tests.bench.wallet's database (its funded members, hot member and operator key; the demo
    brands of ``tenants_dir``) with the seamless vendor enabled on demo-bd."""
    prepared = prepare_wallets(url, members, tenants_dir)
    pm = make_plugin_manager()
    pm.register(SeamlessVendor(), name=PLUGIN)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            db.info["tenant_id"] = ALL_TENANTS
            enable_seamless_vendor(db, pm, BRAND)
            db.commit()
    finally:
        engine.dispose()
    return prepared


def prepare(url: str, members: int) -> dict:
    """``prepare_members``, and the baseline's tables: a row per member and per house shard."""
    prepared = prepare_members(url, members)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            for statement in BASELINE_TABLES.strip().split(";\n"):
                db.execute(text(statement))
            rows = [{"id": n, "balance": FUNDS} for n in range(members)]
            rows += [{"id": members + k, "balance": 0} for k in range(HOUSE_SHARDS)]
            db.execute(text("INSERT INTO raw_accounts VALUES (:id, :balance)"), rows)
            db.commit()
    finally:
        engine.dispose()
    return prepared


def raw_bet_client(url: str, members: int, run_id: str):
    """A bet's durable writes in plain SQL: two balance updates, a transaction row, two postings."""
    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    counter = itertools.count()

    def make(n):
        connection, rng = psycopg.connect(dsn), random.Random(f"raw:{n}")

        def call():
            member = rng.randrange(members)
            house = members + member % HOUSE_SHARDS
            with connection.transaction():
                after = connection.execute(
                    "UPDATE raw_accounts SET balance = balance - 100 WHERE id = %s AND balance >= 100 "
                    "RETURNING balance",
                    (member,),
                ).fetchone()
                if after is None:
                    raise ServerFailed(f"raw member {member} is short")
                house_after = connection.execute(
                    "UPDATE raw_accounts SET balance = balance + 100 WHERE id = %s RETURNING balance", (house,)
                ).fetchone()
                (transaction,) = connection.execute(
                    "INSERT INTO raw_transactions (idempotency_key, member_id) VALUES (%s, %s) RETURNING id",
                    (f"{run_id}-{n}-{next(counter)}", member),
                ).fetchone()
                connection.execute(
                    "INSERT INTO raw_postings (transaction_id, account_id, amount, balance_after) "
                    "VALUES (%s, %s, -100, %s), (%s, %s, 100, %s)",
                    (transaction, member, after[0], transaction, house, house_after[0]),
                )

        return call, connection.close

    return make


def http_bet_client(port: int, members: list[int], run_id: str, bets: Counter):
    """Seamless debits of 1.00 for a member at random; ``bets`` counts the answered ones by member."""
    secret = SECRETS[BRAND]
    counter, lock = itertools.count(), threading.Lock()

    def make(n):
        connection, rng = http.client.HTTPConnection("127.0.0.1", port, timeout=30), random.Random(f"http:{n}")

        def call():
            member_id, number = rng.choice(members), next(counter)
            fields = {
                "memberId": member_id,
                "roundId": f"{run_id}-{number}",
                "gameCode": SLOT,
                "amount": "1.00",
                "transactionId": f"{run_id}-{number}-d",
            }
            vendor_call(connection, secret, "debit", fields)
            with lock:
                bets[member_id] += 1

        return call, connection.close

    return make


def spread(args, url: str, server: Gunicorn, prepared: dict) -> tuple[dict, dict, list[str]]:
    """(a) and (c): the rates, the bets each member made, the problems."""
    rates, bets, problems, cpu_use = {}, Counter(), [], None
    runs = (
        ("raw", "raw psycopg: a bet's writes", raw_bet_client(url, args.members, "raw")),
        ("http", "POST /vendors/TSV/wallet/debit", http_bet_client(server.port, prepared["wallets"], "spread", bets)),
    )
    # Every gunicorn worker's first calls compile statements and read settings: not a call's cost.
    # Each side's tables then hold rows, and statistics of them: a plan made while a table was empty
    # reads it whole, ever longer as the run fills it (both sides alike).
    Load(args.clients, 0, 2 * args.warmup or 1).run(http_bet_client(server.port, prepared["wallets"], "warm", bets))
    Load(args.clients, 0, args.warmup or 1).run(raw_bet_client(url, args.members, "warm"))
    analyze(url)
    for name, label, client in runs:
        load = Load(args.clients, args.warmup, args.duration)
        with CpuUse(server.process.pid) as cpu:
            rates[name] = load.run(client)
        print(
            f"  {label:<36} {rates[name]:9.1f} /s   p50 {load.percentile(0.5):7.2f} ms   "
            f"p99 {load.percentile(0.99):7.2f} ms   ({len(load.latencies)} in {args.duration:g} s)",
            flush=True,
        )
        print(f"  {'':<36} {cpu.per_call(load.calls)}")
        problems += [f"{label}: {p}" for p in load.problems[:3]]
        if name == "http":
            cpu_use = (cpu, load.calls)
    ratio = rates["http"] / rates["raw"] if rates["raw"] else 0.0
    verdict = "PASS" if ratio >= SPREAD_TARGET else "BELOW TARGET"
    print(
        f"\n  (a) Money calls over {args.members} members, Tessera / raw psycopg: {ratio:.3f}  {verdict} "
        f"(target >= {SPREAD_TARGET})"
    )
    return rates, {"bets": bets, "cpu": cpu_use}, problems


def print_spread_ceiling(spread_rates: dict, rates: dict) -> None:
    """What (a)'s baseline leaves a whole Tessera request that does no money work: the cached
    status request ((b)'s run) against the raw bets, both at the same concurrency in this run."""
    if not spread_rates.get("raw") or not rates.get("status"):
        return
    ceiling = rates["status"] / spread_rates["raw"]
    print(
        f"  (a)'s ceiling, GET /wps/system/status (cached, no money) / raw psycopg bets: {ceiling:.3f}; "
        f"the money call reaches {spread_rates['http'] / rates['status']:.3f} of that request's rate"
    )


def print_cpu(cpu_use) -> None:
    cpu, calls = cpu_use
    if not cpu.used or not calls:
        print("\n  (c) CPU a money call: not known (no /proc)")
        return
    server = 1000 * cpu.used.get("server", 0.0) / calls
    database = 1000 * cpu.used.get("PostgreSQL", 0.0) / calls
    verdict = "PASS" if server + database <= CPU_TARGET else "ABOVE TARGET"
    print(
        f"\n  (c) CPU a money call: server {server:.2f} ms + PostgreSQL {database:.2f} ms = "
        f"{server + database:.2f} ms  {verdict} (target <= {CPU_TARGET:g} ms)"
    )


def check_members(engine, prepared: dict, bets: dict) -> list[str]:
    """Every member holds their funds less 1.00 a bet answered, and the bets posted are the bets answered."""
    tenant_id = prepared["tenant_id"]
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        balances = dict(
            db.execute(
                select(LedgerAccount.member_id, LedgerAccount.balance_minor).where(
                    LedgerAccount.tenant_id == tenant_id,
                    LedgerAccount.member_id.in_(prepared["wallets"]),
                    LedgerAccount.kind == "main",
                )
            ).all()
        )
        posted = db.scalar(
            select(func.count())
            .select_from(LedgerTransaction)
            .where(LedgerTransaction.tenant_id == tenant_id, LedgerTransaction.kind == "game_bet")
        )
    answered = sum(bets.values())
    print(f"  {answered} bets answered, {posted} posted, over {len(bets)} members")
    wrong = [m for m in prepared["wallets"] if balances.get(m) != FUNDS - 100 * bets.get(m, 0)]
    problems = [f"member {m} holds {balances.get(m)}, not {FUNDS - 100 * bets.get(m, 0)}" for m in wrong[:3]]
    return problems + ([] if posted == answered else [f"{answered} bets answered but {posted} posted"])


def run(args) -> int:
    print(f"Tessera money bench: PostgreSQL database {args.database}, {os.cpu_count()} CPU(s), loopback only")
    unreachable = postgres_reachable(args.postgres)
    if unreachable:
        print(f"  SKIPPED: needs PostgreSQL ({make_url(args.postgres).render_as_string()}): {unreachable}")
        return 0
    problems, engine = [], None
    with own_database(args.postgres, args.database) as url, tempfile.TemporaryDirectory(prefix="tessera-money-") as tmp:
        env = {
            **bench_env(Path(tmp), "WARNING"),
            "TESSERA_DATABASE_URL": url,
            **{k: os.environ[k] for k in ("TESSERA_WORKERS", "TESSERA_THREADS") if k in os.environ},
        }
        server = Gunicorn(env, Path(tmp) / "gunicorn.log", "tests.bench.money:application()")
        try:
            started = time.monotonic()
            prepared = prepare(url, args.members)
            print(f"  database prepared in {time.monotonic() - started:.1f} s ({args.members} funded members)")
            server.start()
            server.wait_ready(60)
            workers = env.get("TESSERA_WORKERS") or f"{os.cpu_count() * 2 + 1}"
            print(
                f"  server: gunicorn (tessera.gunicorn_conf: gthread, {workers} workers x "
                f"{env.get('TESSERA_THREADS', '4')} threads) on 127.0.0.1:{server.port}"
            )
            engine = make_engine(url)
            print(
                f"\n(a) Bets spread over {args.members} members: {args.clients} clients, "
                f"{args.warmup:g} s warm-up + {args.duration:g} s each"
            )
            spread_rates, measured, found = spread(args, url, server, prepared)
            problems += found + check_members(engine, prepared, measured["bets"])
            print(f"\n(b) Hot wallet: {args.clients} clients at once on ONE member (as tests.bench.wallet)")
            rates, found = hot_wallet(args, url, prepared, server, engine)
            problems += found
            print_ratios(rates)
            print_spread_ceiling(spread_rates, rates)
            print_cpu(measured["cpu"])
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
