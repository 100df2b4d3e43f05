"""What the benchmarks share: servers as subprocesses (started on a free loopback port, checked,
stopped by PID), the PostgreSQL server a bench may make its database on, the test suite's helpers,
and the exit status."""

import collections
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
SECRET_KEY = (
    "tessera-bench-secret-of-32-bytes-or-more"  # the benches' Tessera, and the brands of the databases they prepare
)


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
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
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
                raise ServerFailed(
                    f"{self.name}: exited with {self.process.returncode} before listening\n{self.log_tail()}"
                )
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
                raise ServerFailed(
                    f"{self.name}: GET {path} (Host: {host}) answered {status}: {body[:500]!r}\n{self.log_tail()}"
                )
            try:
                answer = json.loads(body)
            except ValueError:
                raise ServerFailed(f"{self.name}: GET {path} (Host: {host}) answered no JSON: {body[:500]!r}") from None
            if answer.get("success") is not True:
                raise ServerFailed(f"{self.name}: GET {path} (Host: {host}) did not succeed: {body[:500]!r}")
            return answer
        raise ServerFailed(
            f"{self.name}: GET {path} (Host: {host}) got no answer in {timeout:.0f} s: {last}\n{self.log_tail()}"
        )

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


class Gunicorn:
    """``gunicorn -c python:tessera.gunicorn_conf APP`` (Tessera's production settings; APP by
    default Tessera as deployed) on a loopback socket this process bound (``port``, by default a
    free one), handed over as a file descriptor; stopped by its PID."""

    def __init__(self, env: dict, log: Path, app: str = "tessera.wsgi:application", port: int = 0):
        self.env, self.log_path, self.app = env, log, app
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a fixed port a run before just closed
        self.socket.bind(("127.0.0.1", port))
        self.socket.listen(128)
        self.port = self.socket.getsockname()[1]
        self.process = None

    def start(self) -> None:
        fd = self.socket.fileno()
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:tessera.gunicorn_conf", "--bind", f"fd://{fd}", self.app],
            cwd=ROOT,
            env=self.env,
            pass_fds=(fd,),
            start_new_session=True,  # its own process group: its master and workers can be stopped together
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
        )

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerFailed(f"gunicorn exited with {self.process.returncode}\n{self.tail()}")
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                connection.request("GET", "/healthz", headers={"Host": "demo-bd.localhost"})
                if connection.getresponse().status == 200:
                    return
            except OSError:
                pass
            finally:
                connection.close()
            time.sleep(0.2)
        raise ServerFailed(f"gunicorn not answering /healthz after {timeout:.0f} s\n{self.tail()}")

    def tail(self) -> str:
        lines = self.log_path.read_text("utf-8", "replace").splitlines()[-30:]
        return "\n".join(f"    | {line}" for line in lines) or "    | (no output)"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.socket.close()
        if self.process is not None:
            self.log.close()


class CpuUse:
    """CPU seconds used during a run by the server (a process and its children), by PostgreSQL's
    processes on this machine and by this process (the clients), read from /proc (Linux); where
    /proc cannot be read, ``per_call`` says so."""

    def __init__(self, server_pid: int):
        self.server_pid = server_pid
        self.before: dict[int, tuple[str, int]] = {}
        self.used: dict[str, float] = {}

    def _sample(self) -> dict[int, tuple[str, int]]:
        found = {}
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                    command = cmdline.read(200)
            except OSError:
                continue
            pid, parent = int(name), int(fields[1])
            program = command.split(b"\0", 1)[0]  # a backend's title, or the postmaster's path
            if pid == os.getpid():
                group = "clients"
            elif self.server_pid in (pid, parent):
                group = "server"
            elif program.startswith(b"postgres") or program.endswith(b"/postgres"):
                group = "PostgreSQL"
            else:
                continue
            # utime + stime, and cutime + cstime: what its children that ended used (PostgreSQL's
            # postmaster reaps the backends of connections closed during the run), in clock ticks
            found[pid] = (group, sum(int(field) for field in fields[11:15]))
        return found

    def __enter__(self):
        self.before = self._sample() if os.path.isdir("/proc") else {}
        return self

    def __exit__(self, *exc):
        if not self.before:
            return
        # Per group, what its processes had used at the end less what they had at the start: a
        # process that ended meanwhile (a recycled worker, a closed connection's backend) counts
        # through its parent's cutime, less what it had used before the run.
        ticks, after = os.sysconf("SC_CLK_TCK"), self._sample()
        for group in {group for group, _ in after.values()}:
            spent = sum(used for name, used in after.values() if name == group)
            spent -= sum(used for name, used in self.before.values() if name == group)
            self.used[group] = spent / ticks

    def per_call(self, calls: int) -> str:
        if not self.used or not calls:
            return "CPU use not known (no /proc)"
        parts = [
            f"{group} {1000 * self.used.get(group, 0.0) / calls:.2f} ms"
            for group in ("server", "PostgreSQL", "clients")
        ]
        return "CPU a call: " + ", ".join(parts) + f" (all: {1000 * sum(self.used.values()) / calls:.2f} ms)"


def bench_env(tmp: Path, log_level: str) -> dict:
    """The environment of every benchmark process: no inherited TESSERA_* setting, a temporary SQLite database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TESSERA_")}
    env.update(
        {
            "TESSERA_DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite'}",
            "TESSERA_TENANTS_DIR": str(ROOT / "tenants"),
            "TESSERA_UPLOAD_DIR": str(tmp / "uploads"),
            "TESSERA_STATIC_DIR": str(tmp / "build"),
            "TESSERA_SECRET_KEY": SECRET_KEY,
            "TESSERA_LOG_LEVEL": log_level,
            "TESSERA_LOG_FORMAT": "json",
            "TESSERA_VALIDATE_RESPONSES": "0",
        }
    )
    return env


def tessera_command() -> list[str]:
    script = Path(sys.executable).parent / "tessera"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from tessera.commands import main; sys.exit(main())"]


def prepare_database(env: dict, timeout: float = 300.0) -> None:
    """``tessera db upgrade`` and ``tessera tenants sync`` against the temporary database."""
    for args in (["db", "upgrade"], ["tenants", "sync"]):
        try:
            done = subprocess.run(
                tessera_command() + args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            raise ServerFailed(f"tessera {' '.join(args)} did not finish in {timeout:.0f} s") from None
        if done.returncode != 0:
            raise ServerFailed(f"tessera {' '.join(args)} exited {done.returncode}:\n{done.stdout}{done.stderr}")


def postgres_options(parser, database: str) -> None:
    """``--postgres``, the server, and ``--database``, the bench's own database there."""
    parser.add_argument(
        "--postgres",
        default=os.environ.get("TESSERA_BENCH_POSTGRES_URL", DEFAULT_POSTGRES),
        help="a PostgreSQL server the bench may make a database on (TESSERA_BENCH_POSTGRES_URL)",
    )
    parser.add_argument(
        "--database",
        default=database,
        help=f"the bench's own database there, made again and dropped at the end (default {database})",
    )


def postgres_reachable(server: str) -> str | None:
    """None, or why the server cannot be used."""
    try:
        engine = create_engine(server, poolclass=NullPool, connect_args={"connect_timeout": 5})
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
    except (OperationalError, ImportError) as exc:
        return str(exc).splitlines()[0]
    return None


def analyze(url: str) -> None:
    """``VACUUM ANALYZE`` the bench database, as autovacuum does on a running server: without
    statistics the planner may read a fresh table through an index that only matches part of a
    look-up, whose cost then grows with every call the run keeps (a machine may run PostgreSQL
    with autovacuum off; a bench does not count on it). Then a CHECKPOINT, so that writing out the
    pages the vacuum touched does not fall into a measured run."""
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text("VACUUM ANALYZE"))
            connection.execute(text("CHECKPOINT"))
    finally:
        engine.dispose()


def import_test_helpers() -> None:
    """Let a bench import the test suite's helpers (tests/databases.py, tests/functional/...) by
    name, as they import each other: pytest puts their folders on sys.path."""
    for folder in (ROOT / "tests", ROOT / "tests" / "functional"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))


def exit_status(problems: list[str], shown: int = 20) -> int:
    """0 when nothing went wrong; else 1, the first ``shown`` problems on stderr."""
    if not problems:
        return 0
    print(f"\nFAILED: {len(problems)} problem(s)", file=sys.stderr)
    for problem in problems[:shown]:
        print(f"  {problem}", file=sys.stderr)
    if len(problems) > shown:
        print(f"  ... and {len(problems) - shown} more", file=sys.stderr)
    return 1
