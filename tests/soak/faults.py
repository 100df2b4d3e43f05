"""The soak's faults: a database backend terminated in the middle of its transaction every
KILL_EVERY requests (about 2% of them), and the first node killed outright once, half-way, then
started again on its socket."""

import random
import threading
import time

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from .operations import Tally
from .servers import Node

KILL_EVERY = 50  # requests between two backends terminated


def backend_killer(url: str, stop: threading.Event, rng: random.Random, tally: Tally) -> None:
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    busy = text(
        "SELECT pid FROM pg_stat_activity WHERE datname = :db AND pid <> pg_backend_pid() "
        "AND backend_type = 'client backend' AND xact_start IS NOT NULL ORDER BY pid"
    )
    next_kill = KILL_EVERY
    try:
        with engine.connect() as connection:
            while not stop.wait(0.01):
                if tally.counts["requests"] < next_kill:
                    continue
                pids = connection.execute(busy, {"db": make_url(url).database}).scalars().all()
                if pids and connection.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": rng.choice(pids)}):
                    tally.count("backends terminated")
                    next_kill += KILL_EVERY
    finally:
        engine.dispose()


def node_killer(nodes: list[Node], done: list[int], half: int, stop: threading.Event, tally: Tally) -> None:
    while not stop.wait(0.05):
        if len(done) >= half:
            nodes[0].kill()
            tally.count("nodes killed")
            time.sleep(1.0)  # the other node serves alone meanwhile
            nodes[0].start()
            nodes[0].wait_ready(60)
            tally.count("nodes started again")
            return
