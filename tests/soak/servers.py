"""The soak's processes: the app nodes, which it kills outright and starts again, and the
development sandboxes (the payment gateway, the transfer-wallet vendor) the brand's plugins call;
each stopped by its PID."""

import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.bench.servers import ROOT, Gunicorn, ServerFailed


class Node(Gunicorn):
    """A Tessera node that can be killed outright and started again on its socket."""

    def kill(self) -> None:
        """SIGKILL to the node's master and workers (its own process group)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
        self.log.close()


class Sandboxes:
    """``python -m tessera_sandboxes`` on ``port`` (dev/ on its path), serving the brands of the
    environment's TESSERA_TENANTS_DIR with the secrets the environment sets; its output in ``log``."""

    def __init__(self, port: int, env: dict, log: Path):
        self.port, self.log_path = port, log
        self.env = {**env, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT / "dev"), env.get("PYTHONPATH"))))}
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tessera_sandboxes", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerFailed(f"the sandboxes exited with {self.process.returncode}\n{self.tail()}")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                connection.request("GET", "/gateway/")
                connection.getresponse().read()
                return
            except OSError:
                time.sleep(0.2)
        raise ServerFailed(f"the sandboxes do not answer on port {self.port} after {timeout:.0f} s\n{self.tail()}")

    def tail(self) -> str:
        lines = self.log_path.read_text("utf-8", "replace").splitlines()[-30:]
        return "\n".join(f"    | {line}" for line in lines) or "    | (no output)"

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log.close()
