"""What the development game vendors (``transfer_vendor.sandbox``, ``demo_vendor.server``) share:
the operators of the brands that use them (read from the brand folders by
:mod:`tessera_sandboxes.brands`), the state they keep in SQLite, and serving one of them alone."""

import argparse
import os
import sqlite3
import threading
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import waitress

from tessera.core.settings import load_development_env
from tessera_sandboxes import brands

OPERATOR_ID = "operator_id"  # a brand's account at a vendor, in the vendor plugin's table


def operator_secrets(plugin: str, environ=os.environ) -> dict[str, str]:
    """The operators of the brands whose tenant.toml enables ``plugin``, and the secret each names
    (an unset variable lets no one in)."""
    return brands.secrets(plugin, OPERATOR_ID, environ)


class SqliteState:
    """A vendor's state: ``schema`` in SQLite, the file ``state_file`` under ``state_dir`` when one
    is given (a restart keeps it), else in memory. Each change runs in one immediate transaction
    under a lock, as the vendor's threads share one connection."""

    schema: str
    state_file: str

    def __init__(self, state_dir: Path | None = None):
        path = ":memory:"
        if state_dir is not None:
            Path(state_dir).mkdir(parents=True, exist_ok=True)
            path = str(Path(state_dir) / self.state_file)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.executescript(self.schema)

    @contextmanager
    def _transaction(self):
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")  # other processes on the same file wait their turn
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()


def serve_alone(make_app: Callable, plugin: str, description: str, port: int, state_help: str, argv=None) -> None:
    """A vendor's ``main``: ``make_app(secrets, state_dir)`` served on 127.0.0.1 (``--port``,
    ``--state-dir``), for the operators of the brands that enable ``plugin``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=port)
    parser.add_argument("--state-dir", type=Path, help=state_help)
    args = parser.parse_args(argv)
    load_development_env()
    secrets = operator_secrets(plugin)
    if not secrets:
        parser.error(f"no brand folder enables {plugin}")
    missing = brands.unset(plugin, OPERATOR_ID)
    if missing:
        parser.error(f"set {', '.join(missing)}")
    waitress.serve(make_app(secrets, args.state_dir), host="127.0.0.1", port=args.port)
