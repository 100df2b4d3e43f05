"""``python -m tests.bench.profiling``: where a status request's time goes, in-process.

Prepares a temporary SQLite database as the bench does, builds the app with ``make_app()`` from
the same TESSERA_* environment, and calls the WSGI app directly (no server, no sockets): first
timed against the bare Pyramid view, then under cProfile. Prints the time per request of both,
the Tessera steps that matter (cumulative time per request), and the top cProfile entries.
"""

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

from .server import bare_app
from .servers import bench_env, prepare_database

PATH = "/wps/system/status"

# (label, file path suffix, function name): the steps of a status request, outermost first.
STEPS = (
    ("whole WSGI call (Pyramid router)", "pyramid/router.py", "__call__"),
    ("  pyramid_retry policy", "pyramid_retry/__init__.py", "retry_policy"),
    ("  request id + access log tween", "tessera/logs.py", "tween"),
    ("  pyramid_tm tween (transaction, commit)", "pyramid_tm/__init__.py", "tm_tween"),
    ("    transaction commit", "transaction/_transaction.py", "commit"),
    ("  tenant lookup (request.tenant_or_none)", "tessera/tenancy/hosts.py", "request_tenant_or_none"),
    ("    find_domain query", "tessera/tenancy/hosts.py", "find_domain"),
    ("  OpenAPI request validation (openapi-core)", "openapi_core/app.py", "unmarshal_request"),
    ("    spec path lookups (pathable)", "pathable/accessors.py", "_get_subnode"),
    ("    format checker deepcopy", "openapi_core/validation/schemas/factories.py", "get_format_checker"),
    ("  status view (services.status)", "tessera/system/status/services.py", "status"),
    ("    location (region plugin)", "tessera/system/status/services.py", "location"),
    ("    active_maintenance query", "tessera/system/status/services.py", "active_maintenance"),
    ("    register_settings", "tessera/system/status/services.py", "register_settings"),
    ("    customer_service (plugins + seal)", "tessera/system/status/services.py", "customer_service"),
    ("      linkseal.seal", "tessera/system/status/linkseal.py", "seal"),
    ("    public_jwk", "tessera/tenancy/context.py", "public_jwk"),
    ("  envelope renderer (json.dumps)", "tessera/envelope.py", "__call__"),
    ("  request.db (session + zope register)", "tessera/db.py", "request_db"),
    ("    zope.sqlalchemy register", "zope/sqlalchemy/datamanager.py", "register"),
    ("  tenant scoping (do_orm_execute)", "tessera/db.py", "_scope_to_tenant"),
    ("    statement traversal (_touches_tenant_rows)", "tessera/db.py", "_touches_tenant_rows"),
    ("  ORM execute (all queries)", "sqlalchemy/orm/session.py", "_execute_internal"),
    ("    connection + BEGIN (all queries)", "sqlalchemy/orm/session.py", "_connection_for_bind"),
    ("    sqlite3 cursor.execute (all)", "sqlalchemy/engine/default.py", "do_execute"),
    ("  plugin hook calls (pluggy, all)", "pluggy/_manager.py", "_hookexec"),
    ("  plugin settings (resolve_secrets, all)", "tessera/tenancy/context.py", "plugin_settings"),
)


def environ_for(host: str) -> dict:
    return {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "PATH_INFO": PATH,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": host,
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }


def call(app, host: str) -> str:
    status = []
    body = b"".join(app(environ_for(host), lambda s, h, exc_info=None: status.append(s)))
    if not status or not status[0].startswith("2") or not body:
        raise RuntimeError(f"GET {PATH} (Host: {host}) answered {status[:1]}: {body[:300]!r}")
    return status[0]


def per_request_us(app, host: str, count: int) -> float:
    started = time.perf_counter()
    for _ in range(count):
        call(app, host)
    return (time.perf_counter() - started) / count * 1e6


def step_times(stats: pstats.Stats, requests: int) -> list[tuple[str, float | None, int]]:
    rows = []
    for label, suffix, name in STEPS:
        total, calls = None, 0
        for (filename, _line, func), (_cc, nc, _tt, ct, _callers) in stats.stats.items():
            if func == name and filename.replace(os.sep, "/").endswith(suffix):
                total = (total or 0.0) + ct
                calls += nc
        rows.append((label, None if total is None else total / requests * 1e6, calls))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.profiling", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="demo-bd.localhost")
    parser.add_argument("--requests", type=int, default=3000, help="profiled requests (default 3000)")
    parser.add_argument("--log-level", default="WARNING", help="TESSERA_LOG_LEVEL (default WARNING)")
    parser.add_argument("--top", type=int, default=30, help="cProfile entries to print (default 30)")
    parser.add_argument("--output", help="also write the raw cProfile data here (for snakeviz, pstats, ...)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="tessera-profile-") as tmp:
        env = bench_env(Path(tmp), args.log_level.upper())
        prepare_database(env)
        for key in [k for k in os.environ if k.startswith("TESSERA_")]:
            del os.environ[key]
        os.environ.update({k: v for k, v in env.items() if k.startswith("TESSERA_")})
        from tessera.app import make_app

        app, bare = make_app(), bare_app()
        for _ in range(200):
            call(app, args.host)
            call(bare, args.host)
        timed = max(200, args.requests // 3)
        tessera_us, bare_us = per_request_us(app, args.host, timed), per_request_us(bare, args.host, timed)
        print(
            f"In-process, no server, {timed} requests each, Host: {args.host}, "
            f"TESSERA_LOG_LEVEL={args.log_level.upper()}"
        )
        print(f"  tessera status: {tessera_us:8.0f} us/request")
        print(f"  bare pyramid:   {bare_us:8.0f} us/request   (ratio bare/tessera {bare_us / tessera_us:.3f})")

        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.requests):
            call(app, args.host)
        profiler.disable()
        if args.output:
            profiler.dump_stats(args.output)
        stats = pstats.Stats(profiler)
        print(
            f"\nSteps of the status request under cProfile ({args.requests} requests; cumulative, per request;"
            " cProfile inflates absolute times, compare shares):"
        )
        rows = step_times(stats, args.requests)
        whole = rows[0][1] or 1.0
        for label, us, calls in rows:
            if us is None:
                print(f"  {label:<44} {'-':>9}")
            else:
                print(f"  {label:<44} {us:9.0f} us {us / whole:6.1%}  {calls / args.requests:6.1f} calls/request")
        for order in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(args.top)
            text = out.getvalue()
            print(f"\nTop {args.top} by {order}:")
            print(text[text.find("   ncalls") :].rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
