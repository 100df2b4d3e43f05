"""Running wrk against one loopback URL and reading its results."""

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

SCRIPT = Path(__file__).with_name("report.lua")
MARKER = "WRK-RESULT "


class WrkFailed(RuntimeError):
    pass


@dataclass(frozen=True)
class Result:
    requests: int
    seconds: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    socket_errors: int
    non2xx: int
    first_bad_status: int
    raw: str

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def failures(self) -> int:
        return self.socket_errors + self.non2xx


def find_wrk() -> str:
    path = shutil.which("wrk")
    if path is None:
        raise WrkFailed("wrk is not installed (Debian: apt-get install -y wrk; `make bench` installs it)")
    return path


def parse(output: str) -> Result:
    line = next((found for found in output.splitlines() if found.startswith(MARKER)), None)
    if line is None:
        raise WrkFailed(f"wrk printed no result line:\n{output}")
    data = json.loads(line[len(MARKER) :])
    return Result(
        requests=int(data["requests"]),
        seconds=data["duration_us"] / 1e6,
        p50_ms=data["p50_us"] / 1000,
        p90_ms=data["p90_us"] / 1000,
        p99_ms=data["p99_us"] / 1000,
        max_ms=data["max_us"] / 1000,
        socket_errors=int(data["connect"] + data["read"] + data["write"] + data["timeout"]),
        non2xx=int(max(data["non2xx"], data["status_errors"])),
        first_bad_status=int(data["first_bad_status"]),
        raw=output,
    )


def run(
    url: str, host: str | None, *, seconds: float, connections: int, threads: int, timeout_s: float = 5.0
) -> Result:
    if urlsplit(url).hostname != "127.0.0.1":
        raise WrkFailed(f"refusing to load anything but 127.0.0.1: {url}")
    command = [
        find_wrk(),
        f"--threads={threads}",
        f"--connections={connections}",
        f"--duration={max(1, round(seconds))}s",
        f"--timeout={max(1, round(timeout_s))}s",
        "--latency",
        f"--script={SCRIPT}",
    ]
    if host:
        command.append(f"--header=Host: {host}")
    command.append(url)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + timeout_s + 30)
    except subprocess.TimeoutExpired:
        raise WrkFailed(f"wrk did not finish in time: {' '.join(command)}") from None
    if done.returncode != 0:
        raise WrkFailed(f"wrk exited {done.returncode}: {done.stderr.strip() or done.stdout.strip()}")
    return parse(done.stdout)
