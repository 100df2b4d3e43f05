"""``python -m tests.bench.login``: login latency at a fixed rate, against the argon2id hash time.

A member is made on a temporary SQLite database; Tessera is served by waitress in a subprocess
on a free loopback port (as ``python -m tests.bench``). Encrypted login payloads are sealed
before the run, so the client's own RSA work is not timed. Logins are sent open-loop at a fixed
rate (each at its own scheduled instant, whatever the previous one is doing) for a bounded time.
The baseline, measured in the same run and process as the client, is one argon2id verification:
the cost every login must pay. The result is the login p95 and its ratio to that baseline.
Exit status 1 means something did not run or a login did not succeed.
"""

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tessera.identity.passwords import hash_password, verify_password

from ..calls import seal
from .servers import ROOT, Server, ServerFailed, bench_env, prepare_database, tessera_command

HOST = "demo-bd.localhost"
USERNAME, PASSWORD = "benchplayer", "Bench0pass"
PATH = "/wps/session/login"


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.bench.login", description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=5.0, help="logins a second (default 5)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of logins (default 20)")
    parser.add_argument("--hashes", type=int, default=20, help="argon2id hashes and verifications timed (default 20)")
    args = parser.parse_args(argv)
    if args.rate <= 0 or args.duration < 1 or args.hashes < 3:
        parser.error("need --rate > 0, --duration >= 1, --hashes >= 3")
    return args


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def argon2_times(count: int) -> tuple[float, float]:
    """Median milliseconds of one argon2id hash and of one verification, with Tessera's parameters."""
    hashes, verifications = [], []
    stored = hash_password(PASSWORD)
    for _ in range(count):
        started = time.perf_counter()
        hash_password(PASSWORD)
        hashes.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        verify_password(stored, PASSWORD)
        verifications.append((time.perf_counter() - started) * 1000)
    return statistics.median(hashes), statistics.median(verifications)


def make_member(env: dict) -> None:
    done = subprocess.run(
        tessera_command() + ["members", "create", "demo-bd", USERNAME, "--type", "4", "--password", PASSWORD],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        raise ServerFailed(f"tessera members create exited {done.returncode}:\n{done.stdout}{done.stderr}")


def log_in(port: int, body: str) -> tuple[float, int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        started = time.perf_counter()
        connection.request(
            "POST",
            PATH,
            body=body.encode(),
            headers={"Host": HOST, "Content-Type": "application/jose", "Accept": "application/json"},
        )
        response = connection.getresponse()
        answer = response.read()
        return (time.perf_counter() - started) * 1000, response.status, answer
    finally:
        connection.close()


def run(args) -> int:
    count = max(1, round(args.rate * args.duration))
    print(f"Tessera login bench: POST {PATH} ({HOST}), {count} logins at {args.rate:g}/s, open loop")
    hash_ms, verify_ms = argon2_times(args.hashes)
    print(
        f"  argon2id (memory 19 MiB, 2 passes, parallelism 1), median of {args.hashes}: "
        f"hash {hash_ms:.1f} ms, verify {verify_ms:.1f} ms"
    )
    with tempfile.TemporaryDirectory(prefix="tessera-bench-login-") as tmp:
        env = bench_env(Path(tmp), "WARNING")
        server = Server("tessera", "tessera", threads=8, env=env)
        try:
            prepare_database(env)
            make_member(env)
            server.start()
            server.wait_listening(120)
            public_key = server.check("/wps/system/status", HOST)["value"]["publicKey"]
            bodies = [
                seal(public_key, {"username": USERNAME, "password": PASSWORD, "type": "username"})
                for _ in range(count + 1)
            ]
            warm = log_in(server.port, bodies.pop())
            if warm[1] != 200:
                raise ServerFailed(f"the warm-up login answered {warm[1]}: {warm[2][:300]!r}")
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=32) as pool:
                futures = []
                for i, body in enumerate(bodies):
                    delay = started + i / args.rate - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                    futures.append(pool.submit(log_in, server.port, body))
                results = [f.result() for f in futures]
            bad = [
                (status, answer[:200])
                for _, status, answer in results
                if status != 200 or not json.loads(answer).get("success")
            ]
            latencies = [ms for ms, _, _ in results]
            p50, p95 = percentile(latencies, 0.50), percentile(latencies, 0.95)
            print(
                f"  logins: {len(results)} in {time.monotonic() - started:.1f} s; "
                f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(latencies):.1f} ms"
            )
            print(
                f"\nLogin p95 / argon2id verify: {p95 / verify_ms:.2f} "
                f"({p95:.1f} ms / {verify_ms:.1f} ms; the rest is the JWE, the database and HTTP)"
            )
            if bad:
                print(f"\nFAILED: {len(bad)} login(s) did not succeed, first: {bad[0]}", file=sys.stderr)
                return 1
            return 0
        except ServerFailed as exc:
            print(f"\nFAILED: {exc}", file=sys.stderr)
            return 1
        finally:
            server.stop()


def main(argv=None) -> int:
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
