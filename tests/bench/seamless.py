"""``python -m tests.bench.seamless``: seamless-wallet round trips a second, against the same ledger
posts made in-process.

A round trip is what a seamless vendor does for one spin: a signed debit, then a signed credit of
the same round, each a POST to ``/vendors/TSV/wallet/{operation}`` of Tessera served by gunicorn
with its production settings (tessera.gunicorn_conf) on a loopback socket; the vendor is the test
suite's seamless vendor plugin (tests/functional/seamless_vendor.py: HMAC-SHA256 signatures),
enabled on demo-bd. CLIENTS keep-alive clients, each playing for a member of its own.

Measured in the same run, on the same database:
- the wallet in-process: ``SeamlessWallet.answer`` for the same two calls, one session and commit
  each (everything but HTTP, the plugin's signatures and the WSGI stack);
- the baseline: the two ledger posts alone (``Ledger.post``: the bet, then the win), one session
  and commit each.
The result is the ratio HTTP / baseline. Then every member's balance is checked (each round
trip stakes 1.00 and wins 1.00 back: nothing lost, nothing doubled) and ``tessera ledger audit``'s
checks run over the database.

Runs on a temporary SQLite database, and on PostgreSQL where one is reachable
(TESSERA_BENCH_POSTGRES_URL, by default the local server as postgres; the bench makes a database
of its own there and drops it). Exit status 1 means something did not run: the server did not
start, a call did not succeed, the balances do not add up, or the audit found a problem.
"""

import argparse
import http.client
import itertools
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from tessera.app import make_app
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.core.timeutil import utcnow
from tessera.games.seamless.calls import CREDIT, DEBIT, Call
from tessera.games.seamless.services import SeamlessWallet
from tessera.identity.accounts.models import REAL, Member, username_key
from tessera.plugins import make_plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg

from ..databases import demo_brands, own_database, run_committed
from .servers import (
    SECRET_KEY,
    Gunicorn,
    ServerFailed,
    bench_env,
    exit_status,
    import_test_helpers,
    postgres_options,
    postgres_reachable,
)
from .wallet import Load

import_test_helpers()  # the test suite's vendor plugin, beside the functional tests
from seamless_vendor import (  # noqa: E402
    PLUGIN,
    SEAMLESS_VENDOR,
    SECRETS,
    SIGNATURE,
    SLOT,
    TIMESTAMP,
    SeamlessVendor,
    enable_seamless_vendor,
    signature,
)

HOST, BRAND = "demo-bd.localhost", "demo-bd"
FUNDS = 10_000_000  # minor units per member: far more than any run stakes
STAKE = 100  # 1.00 a call


def application():
    """gunicorn's app factory (``tests.bench.seamless:application()``): Tessera with the vendor plugin."""
    pm = make_plugin_manager()
    pm.register(SeamlessVendor(), name=PLUGIN)
    return make_app(plugin_manager=pm)


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.bench.seamless", description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients, a member each (default 8)")
    parser.add_argument("--duration", type=float, default=5.0, help="measured seconds per run (default 5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up seconds per run (default 1)")
    postgres_options(parser, "tessera_bench_seamless")
    parser.add_argument("--sqlite-only", action="store_true", help="skip PostgreSQL")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.duration < 1 or args.warmup < 0:
        parser.error("need --clients >= 1, --duration >= 1, --warmup >= 0")
    return args


# -- the database -------------------------------------------------------------------------------


def prepare(url: str, clients: int) -> dict:
    """Migrate, sync the demo brands, enable the vendor on demo-bd, and fund a member per client."""
    pm = make_plugin_manager()
    pm.register(SeamlessVendor(), name=PLUGIN)
    with demo_brands(url, SECRET_KEY, pm) as db:
        enable_seamless_vendor(db, pm, BRAND)
        tenant = db.scalar(select(Tenant).where(Tenant.slug == BRAND))
        names = [f"benchspin{n:03d}" for n in range(clients)]
        members = [
            Member(
                tenant_id=tenant.id,
                username=name,
                username_key=username_key(name),
                nickname=name,
                member_type=REAL,
                created_at=utcnow(),
            )
            for name in names
        ]
        db.add_all(members)
        db.flush()
        ledger = Ledger(db, tenant.id)
        ledger.post(
            "bench:seamless:funding",
            "deposit",
            member_id=None,
            legs=[Leg(ledger.house_account("deposits_clearing", None), -FUNDS * clients)]
            + [Leg(ledger.member_account(member.id), FUNDS) for member in members],
        )
        db.commit()
        return {"tenant": TenantContext.from_row(tenant), "members": [m.id for m in members]}


# -- the clients --------------------------------------------------------------------------------


def vendor_call(connection, secret: str, operation: str, fields: dict) -> None:
    """One signed call of the seamless vendor's wallet (``debit``, ``credit``...) on ``connection``;
    anything but an ok answer stops the bench."""
    body = json.dumps(fields).encode()
    stamp = str(int(time.time()))
    headers = {
        "Host": HOST,
        "Content-Type": "application/json",
        TIMESTAMP: stamp,
        SIGNATURE: signature(secret, stamp, body),
    }
    connection.request("POST", f"/vendors/{SEAMLESS_VENDOR}/wallet/{operation}", body=body, headers=headers)
    response = connection.getresponse()
    answer = response.read()
    if response.status != 200 or not json.loads(answer).get("ok"):
        raise ServerFailed(f"{operation} answered {response.status}: {answer[:300]!r}")


def http_client(port: int, members: list[int], run_id: str):
    secret = SECRETS[BRAND]

    def make(n):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        member_id, rounds = members[n], itertools.count()

        def send(operation: str, fields: dict) -> None:
            vendor_call(connection, secret, operation, fields)

        def call():
            round_id = f"{run_id}-{n}-{next(rounds)}"
            fields = {"memberId": member_id, "roundId": round_id, "gameCode": SLOT, "amount": "1.00"}
            send("debit", {**fields, "transactionId": f"{round_id}-d"})
            send("credit", {**fields, "transactionId": f"{round_id}-c"})

        return call, connection.close

    return make


def wallet_client(engine, tenant, members: list[int], run_id: str):
    def make(n):
        member_id, rounds = members[n], itertools.count()

        def answer(call: Call) -> None:
            def work(db):
                answered = SeamlessWallet(db, tenant, SEAMLESS_VENDOR, "RNG", utcnow()).answer(call)
                if not answered["ok"]:
                    raise ServerFailed(f"{call.operation} answered {answered}")

            run_committed(engine, tenant.id, work)

        def call():
            round_id = f"{run_id}-{n}-{next(rounds)}"
            for operation in (DEBIT, CREDIT):
                answer(
                    Call(
                        operation,
                        member_id=member_id,
                        transaction_id=f"{round_id}-{operation}",
                        round_id=round_id,
                        game_code=SLOT,
                        amount_minor=STAKE,
                    )
                )

        return call, lambda: None

    return make


def ledger_client(engine, tenant_id: int, members: list[int], run_id: str):
    """The baseline: the bet and the win as two ledger posts, nothing else."""

    def make(n):
        member_id, rounds = members[n], itertools.count()

        def post(key: str, kind: str, amount: int) -> None:
            def work(db):
                ledger = Ledger(db, tenant_id)
                ledger.post(
                    key,
                    kind,
                    member_id=member_id,
                    reference=key,
                    legs=[
                        Leg(ledger.member_account(member_id), amount),
                        Leg(ledger.house_account("vendor_settlement", member_id), -amount),
                    ],
                )

            run_committed(engine, tenant_id, work)

        def call():
            round_id = f"{run_id}-{n}-{next(rounds)}"
            post(f"bench:{round_id}:bet", "game_bet", -STAKE)
            post(f"bench:{round_id}:win", "game_payout", STAKE)

        return call, lambda: None

    return make


# -- the run ------------------------------------------------------------------------------------


def measure(args, engine, server, prepared) -> tuple[dict, list[str]]:
    tenant, members = prepared["tenant"], prepared["members"]
    runs = (
        ("http", f"POST /vendors/{SEAMLESS_VENDOR}/wallet: debit + credit", http_client(server.port, members, "http")),
        ("wallet", "SeamlessWallet in-process", wallet_client(engine, tenant, members, "wallet")),
        ("ledger", "Ledger.post in-process (baseline)", ledger_client(engine, tenant.id, members, "ledger")),
    )
    rates, problems = {}, []
    for name, label, client in runs:
        load = Load(args.clients, args.warmup, args.duration)
        rates[name] = load.run(client)
        print(
            f"  {label:<44} {rates[name]:8.1f} round trips/s   p50 {load.percentile(0.5):7.2f} ms   "
            f"p99 {load.percentile(0.99):7.2f} ms   ({len(load.latencies)} in {args.duration:g} s)",
            flush=True,
        )
        problems += [f"{label}: {p}" for p in load.problems[:3]]
    return rates, problems


def check_members(engine, prepared: dict) -> list[str]:
    """Each round trip stakes and wins back the same amount: every member still holds FUNDS, and
    every bet has its win."""
    tenant_id = prepared["tenant"].id
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        balances = db.scalars(
            select(LedgerAccount.balance_minor).where(
                LedgerAccount.tenant_id == tenant_id, LedgerAccount.member_id.in_(prepared["members"])
            )
        ).all()
        kinds = dict(
            db.execute(
                select(LedgerTransaction.kind, func.count())
                .where(
                    LedgerTransaction.tenant_id == tenant_id, LedgerTransaction.kind.in_(("game_bet", "game_payout"))
                )
                .group_by(LedgerTransaction.kind)
            ).all()
        )
    print(f"  {kinds.get('game_bet', 0)} bets and {kinds.get('game_payout', 0)} wins posted")
    problems = [f"a member holds {b} minor units, not {FUNDS}" for b in balances if b != FUNDS][:3]
    if kinds.get("game_bet") != kinds.get("game_payout"):
        problems.append(f"bets and wins do not pair: {kinds}")
    return problems


def audit(engine, tenant_id: int) -> list[str]:
    """``tessera ledger audit``'s checks over the brand (nothing writes any more)."""
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        report = audit_brand(db, tenant_id)
    print(
        f"  audit {BRAND}: {report.accounts} accounts, {report.transactions} transactions, "
        f"{report.postings} postings, {report.problem_count} problem(s)"
    )
    return [f"audit: {finding.check}: {problem}" for finding in report.findings for problem in finding.problems][:10]


def bench(args, label: str, url: str, env: dict, tmp: Path) -> list[str]:
    print(f"\n{label}: {args.clients} clients, {args.warmup:g} s warm-up + {args.duration:g} s each")
    started = time.monotonic()
    prepared = prepare(url, args.clients)
    print(f"  database prepared in {time.monotonic() - started:.1f} s")
    server = Gunicorn(
        {**env, "TESSERA_DATABASE_URL": url}, tmp / f"gunicorn-{label}.log", "tests.bench.seamless:application()"
    )
    engine = make_engine(url)
    problems = []
    try:
        server.start()
        server.wait_ready(60)
        workers, threads = env["TESSERA_WORKERS"], env["TESSERA_THREADS"]
        print(
            f"  server: gunicorn (tessera.gunicorn_conf: gthread, {workers} workers x {threads} threads) "
            f"on 127.0.0.1:{server.port}, TESSERA_LOG_LEVEL=WARNING"
        )
        rates, problems = measure(args, engine, server, prepared)
        if rates["ledger"]:
            print(
                f"  ratio HTTP / Ledger.post baseline: {rates['http'] / rates['ledger']:.3f}   "
                f"(SeamlessWallet in-process / baseline: {rates['wallet'] / rates['ledger']:.3f})"
            )
        problems += check_members(engine, prepared)
        problems += audit(engine, prepared["tenant"].id)
    except ServerFailed as exc:
        problems.append(str(exc))
    finally:
        server.stop()
        engine.dispose()
    return [f"{label}: {p}" for p in problems]


def run(args) -> int:
    print(f"Tessera seamless-wallet bench: {os.cpu_count()} CPU(s), loopback only")
    problems = []
    with tempfile.TemporaryDirectory(prefix="tessera-bench-seamless-") as tmp:
        tmp = Path(tmp)
        env = {
            **bench_env(tmp, "WARNING"),
            "TESSERA_WORKERS": os.environ.get("TESSERA_WORKERS", "2"),
            "TESSERA_THREADS": os.environ.get("TESSERA_THREADS", "4"),
            "TESSERA_RETRY_ATTEMPTS": "10",
        }
        problems += bench(args, "SQLite", env["TESSERA_DATABASE_URL"], env, tmp)
        unreachable = "skipped (--sqlite-only)" if args.sqlite_only else postgres_reachable(args.postgres)
        if unreachable:
            print(f"\nPostgreSQL ({make_url(args.postgres).render_as_string()}): not measured: {unreachable}")
        else:
            with own_database(args.postgres, args.database) as url:
                problems += bench(args, "PostgreSQL", url, env, tmp)
    return exit_status(problems)


def main(argv=None) -> int:
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
