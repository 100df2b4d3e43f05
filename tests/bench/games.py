"""``python -m tests.bench.games``: the server time of game-list queries over a 10,000-game catalog.

For each database, a SQLite file of its own and, when PostgreSQL is reachable
(TESSERA_BENCH_POSTGRES_URL, by default the local server as postgres), a database of its own
(``tessera_bench_games``: made again, dropped at the end): migrate, sync the demo brands, enable
the test game vendors (tests/functional/games_helpers.py) on demo-bd with 10,000 games (PG 5,500
and TY 3,500 slots, 125 for each of the 8 other vendors: a slots lane of 9,000, as the demo
vendor's slots lane is most of its catalog), and sync the
catalog as ``tessera games sync`` does (timed; the table then vacuumed and analysed), and
again with nothing new (timed). Then POST /wps/relay/GCSGAME_gameList is
called in this process through webtest (no network), each query of QUERIES in turn for --rounds
rounds after one warm-up round; the server time of a call is the time.perf_counter around the
app's WSGI call, to the last byte of its answer.
Tessera runs with its production settings (memo time 5 s, responses not validated), logging at
WARNING. The result is p50 and p95 per query and per database against TARGET_MS.

Exit status 1 means something did not run: a query was refused or answered what it should not,
or a database could not be prepared. Falling short of the target is reported, not failed.
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import webtest
from sqlalchemy import select
from sqlalchemy.engine import make_url

from tessera.app import make_app
from tessera.core.db import scope_connection
from tessera.core.settings import Settings
from tessera.core.timeutil import utcnow
from tessera.games.catalog.services import sync_catalog, vacuum_after_sync
from tessera.identity.accounts.models import REAL, Member, username_key
from tessera.identity.sessions.services import start_session
from tessera.plugins import TenantPlugins, make_plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

from ..databases import demo_brands, own_database
from .login import percentile
from .servers import ROOT, SECRET_KEY, exit_status, import_test_helpers, postgres_options, postgres_reachable

import_test_helpers()  # the game tests' vendors, beside the functional tests
from games_helpers import PLUGIN, VENDORS, GameVendors, enable_game_vendors  # noqa: E402

HOST, BRAND = "demo-bd.localhost", "demo-bd"
PATH = "/wps/relay/GCSGAME_gameList"
TARGET_MS = 20.0
SIZES = {"PG": 5500, "TY": 3500}
OTHERS = 125
CATALOG = sum(SIZES.values()) + OTHERS * (len(VENDORS) - len(SIZES))
MEMBER = "benchgames"
# (label, form, whether the member asks, whether games must be found)
QUERIES = (
    ("slots, first page", {"gameType": "RNG"}, False, True),
    ("slots, page 360 of 375", {"gameType": "RNG", "pageNo": 360}, False, True),
    ("slots, a member's page", {"gameType": "RNG", "pageNo": 2}, True, True),
    ("one vendor", {"gameType": "RNG", "vassalage": "PG"}, False, True),
    ("one vendor, page 220 of 230", {"gameType": "RNG", "vassalage": "PG", "pageNo": 220}, False, True),
    ("class JP", {"gameType": "RNG", "gameClassify": "JP"}, False, True),
    ("min bet 0.10", {"gameType": "RNG", "minBet": "0.10"}, False, True),
    ("50 lines or more", {"gameType": "RNG", "minLineNum": 50}, False, True),
    ("search 'tiger'", {"gameType": "RNG", "gameName": "tiger"}, False, True),
    ("search 'sakura ninja 3'", {"gameType": "RNG", "gameName": "sakura ninja 3"}, False, True),
    ("search, nothing found", {"gameType": "RNG", "gameName": "zzz"}, False, False),
    (
        "every filter",
        {
            "gameType": "RNG",
            "vassalage": "PG",
            "gameClassify": "SC",
            "minBet": "0.01",
            "minLineNum": 25,
            "gameName": "golden",
        },
        True,
        True,
    ),
    ("esports lane, page 3", {"gameType": "ESPORTS", "pageNo": 3}, False, True),
    ("fishing, page 5", {"gameType": "FISH", "pageNo": 5}, False, True),
)


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.bench.games", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60, help="times each query is measured (default 60)")
    postgres_options(parser, "tessera_bench_games")
    args = parser.parse_args(argv)
    if args.rounds < 5:
        parser.error("need --rounds >= 5")
    return args


def prepare(url: str, pm) -> tuple[dict, dict]:
    """Migrate, sync the brands, enable the test vendors on demo-bd, sync its catalog (timed); a
    member with a session and a few favourites. Answers the timings and the member's headers."""
    with demo_brands(url, SECRET_KEY) as db:
        enable_game_vendors(db, BRAND)
        db.commit()
        tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == BRAND)))
        scope_connection(db, tenant.id)
        timings = {}
        for run in ("first sync", "again, nothing new"):
            started = time.perf_counter()
            report = sync_catalog(db, tenant, TenantPlugins(pm, tenant), utcnow())
            db.commit()
            timings[run] = time.perf_counter() - started
            if report["failed"]:
                raise RuntimeError(f"the catalog sync failed: {report['failed']}")
            if run == "first sync":
                started = time.perf_counter()
                vacuum_after_sync(db.get_bind(), report)  # as tessera games sync does
                timings["vacuum"] = time.perf_counter() - started
        scope_connection(db, tenant.id)
        member = Member(
            username=MEMBER, username_key=username_key(MEMBER), nickname=MEMBER, member_type=REAL, created_at=utcnow()
        )
        db.add(member)
        db.flush()
        token = start_session(db, tenant, member, None, utcnow())
        db.commit()
        return timings, {"Authorization": f"Bearer {token}"}


class Timed:
    """The app behind a stopwatch: from the call to the last byte of the answer, in milliseconds of
    wall-clock time and of this process's CPU time (the client's own work left out)."""

    def __init__(self, app):
        self.app = app
        self.last = (0.0, 0.0)

    def __call__(self, environ, start_response):
        started, used = time.perf_counter(), time.process_time()
        body = list(self.app(environ, start_response))
        self.last = ((time.perf_counter() - started) * 1000, (time.process_time() - used) * 1000)
        return body


def marked(value: dict) -> int:
    return sum(game["isFavourite"] for game in value["games"])


def measure(
    app: webtest.TestApp, timed: Timed, member: dict, rounds: int
) -> tuple[dict[str, list[float]], list[float], list[str]]:
    """Milliseconds per query: server time by query, and this process's CPU time of every query."""
    times: dict[str, list[float]] = {label: [] for label, *_ in QUERIES}
    cpu, problems = [], []
    favourites = app.post_json(PATH, {"gameType": "RNG", "pageNo": 2}).json["value"]["games"][::5]
    for game in favourites:
        app.post_json("/wps/relay/MCSFE_getFavoriteGames", {"nodeId": game["nodeId"], "action": "add"}, headers=member)
    for round_no in range(rounds + 1):  # the first round warms up
        for label, form, as_member, found in QUERIES:
            response = app.post_json(PATH, form, headers=member if as_member else {}, expect_errors=True)
            elapsed, used = timed.last
            value = (response.json.get("value") or {}) if response.content_type == "application/json" else {}
            if response.status_int != 200 or bool(value.get("games")) != found:
                problems.append(f"{label}: {response.status} {response.text[:200]}")
            elif as_member and form.get("pageNo") == 2 and marked(value) != len(favourites):
                problems.append(f"{label}: the member's favourites are not marked")
            if round_no:
                times[label].append(elapsed)
                cpu.append(used)
    return times, cpu, problems


def bench_database(name: str, url: str, rounds: int) -> tuple[dict, list[float], list[str]]:
    pm = make_plugin_manager(load_entry_points=True)
    pm.register(GameVendors(OTHERS, sizes=SIZES), name=PLUGIN)
    timings, member = prepare(url, pm)
    print(
        f"  {name}: catalog sync of {CATALOG:,} games {timings['first sync']:.2f} s (then vacuumed and "
        f"analysed, as tessera games sync does: {timings['vacuum']:.2f} s), again with nothing new "
        f"{timings['again, nothing new']:.2f} s"
    )
    settings = Settings(
        database_url=url, tenants_dir=ROOT / "tenants", secret_key=SECRET_KEY, log_level="WARNING", log_format="json"
    )
    wsgi = make_app(settings, plugin_manager=pm)
    try:
        timed = Timed(wsgi)
        app = webtest.TestApp(timed, extra_environ={"HTTP_HOST": HOST, "REMOTE_ADDR": "203.0.113.9"})
        return measure(app, timed, member, rounds)
    finally:
        wsgi.registry["db_engine"].dispose()


def print_results(results: dict[str, dict[str, list[float]]], cpu: dict[str, list[float]]) -> None:
    names = list(results)
    width = max(len(label) for label, *_ in QUERIES)
    print("\n  " + "query".ljust(width) + "".join(f"  {n + ' p50':>14}  {n + ' p95':>14}" for n in names))
    for label, *_ in QUERIES:
        cells = "".join(
            f"  {percentile(times[label], 0.5):>11.2f} ms  {percentile(times[label], 0.95):>11.2f} ms"
            for times in results.values()
        )
        print("  " + label.ljust(width) + cells)
    print(f"\nGame list p95 over every query against the target ({TARGET_MS:g} ms):")
    for name, times in results.items():
        every = [ms for values in times.values() for ms in values]
        p95 = percentile(every, 0.95)
        verdict = "PASS" if p95 <= TARGET_MS else "ABOVE TARGET"
        print(
            f"  {name:<11} p50 {percentile(every, 0.5):6.2f} ms  p95 {p95:6.2f} ms  "
            f"p95/target {p95 / TARGET_MS:.2f}  {verdict}  ({len(every)} queries)"
        )
    print(
        "This process's CPU time a query (the app; with SQLite, the database too), which other load on the "
        "machine inflates less than the server time:"
    )
    for name, used in cpu.items():
        print(f"  {name:<11} p50 {percentile(used, 0.5):6.2f} ms  p95 {percentile(used, 0.95):6.2f} ms")


def run(args) -> int:
    print(
        f"Tessera games bench: POST {PATH} ({HOST}) over {CATALOG:,} games, {len(QUERIES)} queries x "
        f"{args.rounds} rounds per database, in process (webtest), {os.cpu_count()} CPU(s)"
    )
    print("  load average at the start: " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    results, cpu, problems = {}, {}, []
    with tempfile.TemporaryDirectory(prefix="tessera-bench-games-") as tmp:
        try:
            times, cpu["SQLite"], found = bench_database(
                "SQLite", f"sqlite:///{Path(tmp) / 'games.sqlite'}", args.rounds
            )
            results["SQLite"] = times
            problems += [f"SQLite: {p}" for p in found]
        except Exception as exc:  # noqa: BLE001 - reported, the bench fails
            problems.append(f"SQLite: {exc!r}")
    unreachable = postgres_reachable(args.postgres)
    if unreachable:
        print(f"  PostgreSQL SKIPPED ({make_url(args.postgres).render_as_string()}): {unreachable}")
    else:
        try:
            with own_database(args.postgres, args.database) as url:
                times, cpu["PostgreSQL"], found = bench_database("PostgreSQL", url, args.rounds)
            results["PostgreSQL"] = times
            problems += [f"PostgreSQL: {p}" for p in found]
        except Exception as exc:  # noqa: BLE001
            problems.append(f"PostgreSQL: {exc!r}")
    if results:
        print_results(results, cpu)
    print("  load average at the end: " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    return exit_status(problems)


def main(argv=None) -> int:
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
