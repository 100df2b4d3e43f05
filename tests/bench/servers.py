"""Benchmark servers as subprocesses: started on a free loopback port, checked, stopped by PID."""
import collections
import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class ServerFailed(RuntimeError):
    pass


class Server:
    """``python -m tests.bench.server APP`` with its stdout and stderr drained into a bounded tail."""

    def __init__(self, name: str, app: str, *, threads: int, env: dict):
        self.name = name
        self.app = app
        self.threads = threads
        self.env = env
        self.process: subprocess.Popen | None = None
        self.port: int | None = None
        self.lines = 0
        self.tail = collections.deque(maxlen=40)
        self._listening = threading.Event()
        self._drain: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.bench.server", self.app, f"--threads={self.threads}"],
            cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
        self._drain = threading.Thread(target=self._read, name=f"drain-{self.name}", daemon=True)
        self._drain.start()

    def _read(self) -> None:
        for raw in self.process.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if self.port is None and line.startswith("LISTENING "):
                self.port = int(line.split()[1])
                self._listening.set()
                continue
            self.lines += 1
            self.tail.append(line)

    def wait_listening(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self._listening.wait(0.1):
            if self.process.poll() is not None:
                raise ServerFailed(f"{self.name}: exited with {self.process.returncode} before listening\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise ServerFailed(f"{self.name}: not listening after {timeout:.0f} s\n{self.log_tail()}")

    def get(self, path: str, host: str | None, timeout: float = 10.0) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path, headers={"Host": host} if host else {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def check(self, path: str, host: str | None, timeout: float = 30.0) -> dict:
        """One GET answered 200 with a successful JSON envelope, or ServerFailed."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerFailed(f"{self.name}: exited with {self.process.returncode}\n{self.log_tail()}")
            try:
                status, body = self.get(path, host, timeout=max(1.0, deadline - time.monotonic()))
            except OSError as exc:
                last = repr(exc)
                time.sleep(0.2)
                continue
            if status != 200:
                raise ServerFailed(f"{self.name}: GET {path} (Host: {host}) answered {status}: {body[:500]!r}\n{self.log_tail()}")
            try:
                answer = json.loads(body)
            except ValueError:
                raise ServerFailed(f"{self.name}: GET {path} (Host: {host}) answered no JSON: {body[:500]!r}") from None
            if answer.get("success") is not True:
                raise ServerFailed(f"{self.name}: GET {path} (Host: {host}) did not succeed: {body[:500]!r}")
            return answer
        raise ServerFailed(f"{self.name}: GET {path} (Host: {host}) got no answer in {timeout:.0f} s: {last}\n{self.log_tail()}")

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout)
        if self._drain is not None:
            self._drain.join(timeout)
        process.stdout.close()

    def log_tail(self) -> str:
        return "\n".join(f"    | {line}" for line in self.tail) or "    | (no output)"


def bench_env(tmp: Path, log_level: str) -> dict:
    """The environment of every benchmark process: no inherited TESSERA_* setting, a temporary SQLite database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TESSERA_")}
    env.update({
        "TESSERA_DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite'}",
        "TESSERA_TENANTS_DIR": str(ROOT / "tenants"),
        "TESSERA_UPLOAD_DIR": str(tmp / "uploads"),
        "TESSERA_STATIC_DIR": str(tmp / "build"),
        "TESSERA_SECRET_KEY": "tessera-bench-secret",
        "TESSERA_LOG_LEVEL": log_level,
        "TESSERA_LOG_FORMAT": "json",
        "TESSERA_VALIDATE_RESPONSES": "0",
    })
    return env


def tessera_command() -> list[str]:
    script = Path(sys.executable).parent / "tessera"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from tessera.cli import main; sys.exit(main())"]


def prepare_database(env: dict, timeout: float = 300.0) -> None:
    """``tessera db upgrade`` and ``tessera tenants sync`` against the temporary database."""
    for args in (["db", "upgrade"], ["tenants", "sync"]):
        try:
            done = subprocess.run(tessera_command() + args, cwd=ROOT, env=env, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            raise ServerFailed(f"tessera {' '.join(args)} did not finish in {timeout:.0f} s") from None
        if done.returncode != 0:
            raise ServerFailed(f"tessera {' '.join(args)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
