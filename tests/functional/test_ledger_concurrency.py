"""The ledger under concurrent load, committing for real on a database of its own.

Worker threads post random operations through ``Ledger`` (deposits, withdrawals, transfers between
members and to and from a vendor wallet, replays of earlier keys with the same and with other
fields, and keys that several workers post at once), each operation in its own session and
transaction. On PostgreSQL a killer thread terminates random backends in the middle of their
transactions; a worker then runs the operation again on a new connection with the same key, as
pyramid_retry replays a request. At the end the audit is clean, no member account is negative,
each key is posted once, and every balance is what the operations that committed say it is.

The operations come from TESSERA_LEDGER_SEED (a fixed seed by default): the same seed gives every
worker the same sequence of operations; which of them win their races is up to the database.
"""

import os
import random
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from databases import demo_brands, kill_backends
from factories import MemberFactory, building_in
from tessera.core.db import ALL_TENANTS, is_transient, make_engine, scope_connection
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import IdempotencyConflict, InsufficientFunds, Ledger, Leg, house_name

SEED = int(os.environ.get("TESSERA_LEDGER_SEED", "20261123"))
MEMBERS = 10  # per brand
RACE_KEYS = 30  # keys every worker of a brand may post at the same time
ATTEMPTS = 100  # runs of one operation before its outcome is looked up by its key
VENDOR = "TWV"
DEADLINE = 120.0  # seconds for all the workers, whatever happens


@dataclass(frozen=True)
class Move:
    """One operation as a worker sends it: the key and everything the fingerprint covers."""

    key: str
    kind: str
    member_id: int
    legs: tuple[tuple[str, int], ...]  # (account code, minor units)

    @property
    def may_be_short(self) -> bool:
        return any(amount < 0 and code.startswith("member:") for code, amount in self.legs)


def plan(rng: random.Random, worker: int, members: list[int], count: int) -> list[Move]:
    """A worker's operations, drawn from ``rng`` alone: the same seed, the same sequence."""
    moves: list[Move] = []
    while len(moves) < count:
        n, roll = len(moves), rng.random()
        a, b = rng.sample(members, 2)
        main, other = f"member:{a}:main", f"member:{b}:main"
        earlier = [m for m in moves if not m.key.startswith("race:")]
        if roll < 0.10 and earlier:  # the same request delivered again
            moves.append(rng.choice(earlier))
            continue
        if roll < 0.15 and earlier:  # the same key with other amounts
            first = rng.choice(earlier)
            legs = tuple((code, amount + (1 if amount > 0 else -1)) for code, amount in first.legs)
            moves.append(Move(first.key, first.kind, first.member_id, legs))
            continue
        if roll < 0.20:  # a key every worker of the brand may be posting right now
            k = rng.randrange(RACE_KEYS)
            member = members[k % len(members)]
            moves.append(
                Move(
                    f"race:{k}",
                    "deposit",
                    member,
                    (("house:deposits_clearing", -(1000 + k)), (f"member:{member}:main", 1000 + k)),
                )
            )
            continue
        key, amount = f"w{worker}:{n}", rng.randrange(100, 5000)
        if roll < 0.45:
            moves.append(Move(key, "deposit", a, (("house:deposits_clearing", -amount), (main, amount))))
        elif roll < 0.60:
            moves.append(Move(key, "withdrawal", a, ((main, -2 * amount), ("house:withdrawals_payable", 2 * amount))))
        elif roll < 0.80:
            moves.append(Move(key, "upline_out", a, ((main, -amount), (other, amount))))
        elif roll < 0.90:
            moves.append(Move(key, "transfer_in", a, ((main, -amount), (f"member:{a}:vendor:{VENDOR}", amount))))
        else:
            moves.append(Move(key, "transfer_out", a, ((f"member:{a}:vendor:{VENDOR}", -amount), (main, amount))))
    return moves


def account(ledger: Ledger, code: str, member_id: int) -> LedgerAccount:
    """The account of a move's leg: ``house:<name>`` is the member's shard of it."""
    parts = code.split(":")
    if parts[0] == "house":
        return ledger.house_account(parts[1], member_id)
    return ledger.member_account(int(parts[1]), parts[2], parts[3] if len(parts) > 3 else None)


def connection_lost(error: DBAPIError) -> bool:
    """The backend was terminated (or the database asks for the transaction again)."""
    return error.connection_invalidated or is_transient(error.orig)


@dataclass
class Tally:
    outcomes: Counter = field(default_factory=Counter)  # posted, short, conflict, unknown -> operations
    retries: int = 0
    lost_commits: int = 0  # commits whose connection died: outcome unknown until the retry
    looked_up: int = 0  # operations given up and resolved by looking up their key


class Worker:
    def __init__(self, engine, tenant_id: int, moves: list[Move], shared: dict, lock: threading.Lock):
        self.engine, self.tenant_id, self.moves = engine, tenant_id, moves
        self.shared, self.lock = shared, lock  # race keys: (tenant, key) -> (move, transaction ids answered)
        self.posted: dict[str, tuple[Move, int]] = {}  # own keys -> the move that stands, its transaction
        self.tally = Tally()
        self.violations: list[str] = []

    def run(self, deadline: float) -> None:
        try:
            for move in self.moves:
                if time.monotonic() > deadline:
                    self.violations.append("ran out of time")
                    return
                self.check(move, self.send(move))
        except Exception as error:  # noqa: BLE001 - anything else is a failure the test reports
            self.violations.append(f"{type(error).__name__}: {error}")

    def send(self, move: Move) -> tuple[str, int | None]:
        for attempt in range(ATTEMPTS):
            committing = False
            try:
                with Session(self.engine) as db:
                    scope_connection(db, self.tenant_id)
                    ledger = Ledger(db, self.tenant_id)
                    legs = [Leg(account(ledger, code, move.member_id), amount) for code, amount in move.legs]
                    transaction_id = ledger.post(
                        move.key, move.kind, legs, member_id=move.member_id, reference=move.key
                    ).id
                    committing = True
                    db.commit()
                    return "posted", transaction_id
            except InsufficientFunds:
                return "short", None
            except IdempotencyConflict:
                return "conflict", None
            except DBAPIError as error:
                if not connection_lost(error):
                    raise
                self.tally.retries += 1
                self.tally.lost_commits += committing
                time.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))  # apart, as retried requests come
        self.tally.looked_up += 1
        return self.look_up(move)

    def look_up(self, move: Move) -> tuple[str, int | None]:
        """What became of an operation never answered: its key tells."""
        with Session(self.engine) as db:
            scope_connection(db, self.tenant_id)
            found = Ledger(db, self.tenant_id).find(move.key)
            return ("posted", found.id) if found is not None else ("unknown", None)

    def check(self, move: Move, answer: tuple[str, int | None]) -> None:
        outcome, transaction_id = answer
        self.tally.outcomes[outcome] += 1
        if move.key.startswith("race:"):
            if outcome != "posted":
                self.violations.append(f"{move.key}: {outcome}, not posted")
            with self.lock:
                self.shared.setdefault((self.tenant_id, move.key), (move, set()))[1].add(transaction_id)
            return
        standing = self.posted.get(move.key)
        if standing is None:
            if outcome == "posted":
                self.posted[move.key] = (move, transaction_id)
            elif not (outcome == "short" and move.may_be_short):
                self.violations.append(f"{move.key} (first post): {outcome}")
        elif standing[0] == move and answer != ("posted", standing[1]):
            self.violations.append(f"{move.key} (replay): {answer}, not the first transaction {standing[1]}")
        elif standing[0] != move and outcome != "conflict":
            self.violations.append(f"{move.key} (replay with other fields): {outcome}, not refused")


def prepare(url: str, settings) -> dict[str, list[int]]:
    """Migrate, load the demo brands, make their members; the members' ids by brand."""
    with demo_brands(url, settings.secret_key) as db:
        tenant_ids = {t.slug: t.id for t in db.scalars(select(Tenant))}
        with building_in(db):
            members = {
                tenant_ids[slug]: [MemberFactory(brand=slug, password=None).id for _ in range(MEMBERS)]
                for slug in ("demo-bd", "demo-ph")
            }
        db.commit()
    return members


def run_workload(url: str, members: dict[int, list[int]], workers: int, operations: int, killer: bool) -> dict:
    engine = make_engine(url)
    brands = sorted(members)
    shared, lock = {}, threading.Lock()
    crew = []
    for n in range(workers):
        tenant_id = brands[0] if n % 3 else brands[1]  # two workers in three on the first brand
        rng = random.Random(f"{SEED}:{n}")
        crew.append(Worker(engine, tenant_id, plan(rng, n, members[tenant_id], operations // workers), shared, lock))
    stop, kills = threading.Event(), []
    deadline = time.monotonic() + DEADLINE
    threads = [threading.Thread(target=w.run, args=(deadline,), name=f"ledger-worker-{n}") for n, w in enumerate(crew)]
    if killer:
        threads.append(
            threading.Thread(
                target=kill_backends, args=(url, stop, random.Random(f"{SEED}:killer"), kills), name="ledger-killer"
            )
        )
    started = time.monotonic()
    try:
        for thread in threads:
            thread.start()
        for thread in threads[:workers]:
            thread.join(max(0.0, deadline - time.monotonic()) + 5)
    finally:
        stop.set()
        for thread in threads[workers:]:
            thread.join(10)
    try:
        assert not any(thread.is_alive() for thread in threads), f"seed {SEED}: a thread did not finish"
        return verify(engine, crew, shared, kills, time.monotonic() - started)
    finally:
        engine.dispose()


def verify(engine, crew: list[Worker], shared: dict, kills: list, seconds: float) -> dict:
    violations = [f"worker {n}: {v}" for n, w in enumerate(crew) for v in w.violations]
    assert not violations, f"seed {SEED}: {len(violations)} wrong answer(s): {violations[:10]}"
    raced = {key: ids for key, (_, ids) in shared.items() if len(ids) != 1}
    assert not raced, f"seed {SEED}: keys posted at once answered different transactions: {raced}"
    expected, keys = defaultdict(int), defaultdict(set)
    standing = [(w.tenant_id, key, move) for w in crew for key, (move, _) in w.posted.items()]
    standing += [(tenant_id, key, move) for (tenant_id, key), (move, _) in shared.items()]
    for tenant_id, key, move in standing:
        keys[tenant_id].add(key)
        for code, amount in move.legs:
            expected[tenant_id, code] += amount
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        for tenant_id in {w.tenant_id for w in crew}:
            report = audit_brand(db, tenant_id)
            assert report.clean, f"seed {SEED}: the audit found {[f for f in report.findings if f.found]}"
        in_database = db.execute(select(LedgerTransaction.tenant_id, LedgerTransaction.idempotency_key)).all()
        assert sorted(in_database) == sorted((t, k) for t, ks in keys.items() for k in ks), (
            f"seed {SEED}: the keys posted are not the keys the workers saw committed"
        )
        balances = defaultdict(int)  # a house account's shards summed, as the moves name it
        for a in db.scalars(select(LedgerAccount)):
            name = house_name(a.code)
            balances[a.tenant_id, a.code if name is None else f"house:{name}"] += a.balance_minor
        negative = db.scalar(
            select(func.count())
            .select_from(LedgerAccount)
            .where(LedgerAccount.kind != "house", LedgerAccount.balance_minor < 0)
        )
    assert negative == 0, f"seed {SEED}: {negative} member account(s) below zero"
    wrong = {
        account: (balance, expected.get(account, 0))
        for account, balance in balances.items()
        if balance != expected.get(account, 0)
    }
    assert not wrong, f"seed {SEED}: balances (database, expected) that differ: {dict(list(wrong.items())[:10])}"
    tally = Tally()
    for w in crew:
        tally.outcomes.update(w.tally.outcomes)
        tally.retries += w.tally.retries
        tally.lost_commits += w.tally.lost_commits
        tally.looked_up += w.tally.looked_up
    print(
        f"seed {SEED}: {sum(tally.outcomes.values())} operations in {seconds:.1f} s: {dict(tally.outcomes)}; "
        f"{len(kills)} backends terminated, {tally.retries} retries, {tally.lost_commits} commits lost "
        f"mid-way, {tally.looked_up} looked up; {len(in_database)} transactions"
    )
    return {"kills": len(kills), "tally": tally, "transactions": len(in_database)}


def test_the_ledger_holds_under_concurrency_and_killed_connections(postgresql_database, settings):
    print(f"TESSERA_LEDGER_SEED={SEED}")
    members = prepare(postgresql_database, settings)
    result = run_workload(postgresql_database, members, workers=12, operations=3000, killer=True)
    assert result["kills"] >= 10, f"seed {SEED}: only {result['kills']} backends were terminated"
    assert result["tally"].retries >= 10
    assert result["tally"].outcomes["conflict"] > 0 and result["tally"].outcomes["short"] > 0


def test_the_ledger_holds_under_concurrency_on_sqlite(tmp_path, settings):
    print(f"TESSERA_LEDGER_SEED={SEED}")
    url = f"sqlite:///{tmp_path / 'ledger-race.sqlite'}"
    members = prepare(url, settings)
    result = run_workload(url, members, workers=4, operations=300, killer=False)
    assert result["tally"].outcomes["posted"] > 150


def test_a_seed_gives_each_worker_the_same_operations():
    members = list(range(100, 110))
    first, again = (plan(random.Random(f"{SEED}:3"), 3, members, 200) for _ in range(2))
    assert first == again
    assert plan(random.Random(f"{SEED}:4"), 4, members, 200) != first
    kinds = Counter(move.kind for move in first)
    assert set(kinds) == {"deposit", "withdrawal", "upline_out", "transfer_in", "transfer_out"}
    assert len({move.key for move in first}) < len(first)  # earlier keys come again
