"""``python -m tests.bench``: GET /wps/system/status per brand against a bare Pyramid JSON view.

Every server is its own waitress subprocess (same thread count, same waitress arguments) on a
free 127.0.0.1 port; wrk loads each in turn at a fixed concurrency for a bounded time after a
warm-up. Tessera runs on a temporary SQLite database, migrated and synced first. The result is
the throughput ratio status/bare against TARGET_RATIO; falling short is reported, not failed.
Exit status 1 means something did not run: a server did not start or died, wrk failed, or a
response was an error or not 2xx.
"""

import argparse
import platform
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import wrk
from .server import BARE_PATH
from .servers import Server, ServerFailed, bench_env, prepare_database

PATH = "/wps/system/status"
TARGET_RATIO = 0.5
DEFAULT_HOSTS = ("demo-bd.localhost", "demo-ph.localhost")
QUIET_LEVEL = "WARNING"


@dataclass
class Target:
    label: str
    server: Server
    host: str
    log: str
    result: wrk.Result | None = None
    problem: str | None = None


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=10.0, help="measured seconds per target (default 10)")
    parser.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds per target, not counted (default 2)")
    parser.add_argument("--connections", type=int, default=16, help="concurrent keep-alive connections (default 16)")
    parser.add_argument("--wrk-threads", type=int, default=1, help="wrk threads (default 1; the machine has few cores)")
    parser.add_argument(
        "--threads", type=int, default=8, help="waitress threads of every server (default 8, as tessera serve)"
    )
    parser.add_argument("--hosts", default=",".join(DEFAULT_HOSTS), help="brand hosts, comma-separated")
    parser.add_argument(
        "--log-levels",
        default=f"{QUIET_LEVEL},INFO",
        help=f"TESSERA_LOG_LEVEL values to measure Tessera with (default {QUIET_LEVEL},INFO)",
    )
    args = parser.parse_args(argv)
    args.hosts = [h.strip() for h in args.hosts.split(",") if h.strip()]
    args.log_levels = list(
        dict.fromkeys(level.strip().upper() for level in args.log_levels.split(",") if level.strip())
    )
    if not args.hosts or not args.log_levels:
        parser.error("--hosts and --log-levels need at least one value")
    if args.connections < args.wrk_threads or args.wrk_threads < 1 or args.duration < 1 or args.warmup < 0:
        parser.error("need --wrk-threads >= 1, --connections >= --wrk-threads, --duration >= 1, --warmup >= 0")
    return args


def _terminate(signum, frame):
    raise SystemExit(128 + signum)


def wrk_version() -> str:
    try:
        done = subprocess.run([wrk.find_wrk(), "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired, wrk.WrkFailed):
        return "wrk"
    lines = (done.stdout or done.stderr).splitlines()
    return lines[0].split(" Copyright")[0].strip() if lines else "wrk"


def measure(target: Target, args) -> None:
    url = target.server.base_url + (BARE_PATH if target.server.app == "bare" else PATH)
    try:
        if args.warmup > 0:
            wrk.run(url, target.host, seconds=args.warmup, connections=args.connections, threads=args.wrk_threads)
        target.result = wrk.run(
            url, target.host, seconds=args.duration, connections=args.connections, threads=args.wrk_threads
        )
    except wrk.WrkFailed as exc:
        target.problem = str(exc)
        return
    result = target.result
    if not target.server.alive():
        target.problem = f"{target.server.name} exited during the run\n{target.server.log_tail()}"
    elif result.requests == 0:
        target.problem = "no request completed"
    elif result.failures:
        target.problem = f"{result.socket_errors} socket error(s), {result.non2xx} non-2xx response(s)" + (
            f" (first status {result.first_bad_status})" if result.first_bad_status else ""
        )


def print_table(targets: list[Target]) -> None:
    rows = [("target", "TESSERA_LOG_LEVEL", "req/s", "p50 ms", "p99 ms", "requests", "errors")]
    for t in targets:
        r = t.result
        if r is None:
            rows.append((t.label, t.log, "-", "-", "-", "-", "did not run"))
        else:
            rows.append(
                (t.label, t.log, f"{r.rps:.1f}", f"{r.p50_ms:.2f}", f"{r.p99_ms:.2f}", str(r.requests), str(r.failures))
            )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        cells = [cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        print("  " + "  ".join(cells).rstrip())
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))


def print_ratios(bare: Target, tessera: list[Target]) -> None:
    print(f"\nThroughput ratio status/bare (target >= {TARGET_RATIO:.2f}):")
    for t in tessera:
        if bare.result is None or t.result is None or not bare.result.rps:
            print(f"  {t.host:<22} {t.log:<8} -     not measured")
            continue
        ratio = t.result.rps / bare.result.rps
        verdict = "PASS" if ratio >= TARGET_RATIO else "BELOW TARGET"
        print(
            f"  {t.host:<22} {t.log:<8} {ratio:.3f}  {verdict}  "
            f"({t.result.rps:.1f} / {bare.result.rps:.1f} req/s; p50 x{t.result.p50_ms / bare.result.p50_ms:.1f})"
        )


def run(args) -> int:
    print(f"Tessera bench: GET {PATH}, Tessera per brand vs a bare Pyramid JSON view, same run")
    print(
        f"  servers: waitress, {args.threads} threads each, one subprocess each on 127.0.0.1 (free port); "
        f"Python {platform.python_version()}"
    )
    print(
        f"  load: {wrk_version()}, {args.wrk_threads} thread(s), {args.connections} connections, "
        f"{args.warmup:g} s warm-up + {args.duration:g} s measured per target, keep-alive"
    )
    print(
        f"  Tessera: temporary SQLite database (db upgrade + tenants sync), TESSERA_LOG_FORMAT=json, "
        f"TESSERA_LOG_LEVEL in {', '.join(args.log_levels)}"
    )
    if QUIET_LEVEL in args.log_levels:
        print(f"    {QUIET_LEVEL}: the ratio that counts; no access log line per request")
    if "INFO" in args.log_levels:
        print("    INFO: the default level; one JSON access line per request, written to a pipe the bench drains")
    servers: list[Server] = []
    with tempfile.TemporaryDirectory(prefix="tessera-bench-") as tmp:
        tmp = Path(tmp)
        try:
            started = time.monotonic()
            prepare_database(bench_env(tmp, QUIET_LEVEL))
            print(f"  database prepared in {time.monotonic() - started:.1f} s")
            bare_server = Server("bare", "bare", threads=args.threads, env=bench_env(tmp, QUIET_LEVEL))
            servers.append(bare_server)
            tessera_servers = {}
            for level in args.log_levels:
                server = Server(f"tessera[{level}]", "tessera", threads=args.threads, env=bench_env(tmp, level))
                servers.append(server)
                tessera_servers[level] = server
            for server in servers:
                server.start()
            for server in servers:
                server.wait_listening(120)
            bare_server.check(BARE_PATH, args.hosts[0])
            bare = Target("bare pyramid json view", bare_server, args.hosts[0], "-")
            tessera = []
            for level, server in tessera_servers.items():
                for host in args.hosts:
                    answer = server.check(PATH, host)
                    slug = ((answer.get("value") or {}).get("brand") or {}).get("slug", "?")
                    tessera.append(Target(f"tessera {host} ({slug})", server, host, level))
            print("  servers ready: " + ", ".join(f"{s.name} on :{s.port} (pid {s.process.pid})" for s in servers))
            targets = [bare] + tessera
            print(
                f"  measuring {len(targets)} targets, about {len(targets) * (args.duration + args.warmup):.0f} s ...\n",
                flush=True,
            )
            for target in targets:
                measure(target, args)
            print_table(targets)
            print_ratios(bare, tessera)
            problems = [t for t in targets if t.problem]
            for server in servers:
                if not server.alive():
                    problems.append(Target(server.name, server, "", "", problem=f"exited\n{server.log_tail()}"))
            if problems:
                print("\nFAILED:", file=sys.stderr)
                for t in problems:
                    print(f"  {t.label} [{t.log}]: {t.problem}", file=sys.stderr)
                return 1
            return 0
        except ServerFailed as exc:
            print(f"\nFAILED: {exc}", file=sys.stderr)
            return 1
        except wrk.WrkFailed as exc:
            print(f"\nFAILED: {exc}", file=sys.stderr)
            return 1
        finally:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            for server in servers:
                server.stop()


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    signal.signal(signal.SIGTERM, _terminate)
    try:
        wrk.find_wrk()
    except wrk.WrkFailed as exc:
        print(f"FAILED: {exc}", file=sys.stderr)
        return 1
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
