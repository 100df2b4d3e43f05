"""The jobs' own scheduled job: the runs recorded over RUNS_KEPT ago and the embedded broker's
delivered messages removed.

kombu's SQLAlchemy transport (the default broker, a SQLite file) keeps every message it has
delivered, marked invisible; nothing else removes them, so a checkout's broker file would grow by
some 30,000 rows a day. A broker on RabbitMQ or Redis keeps nothing delivered: nothing to do there.
"""

from datetime import datetime, timedelta

from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from tessera.jobs.app import embedded
from tessera.jobs.registry import Work, job
from tessera.jobs.services import prune_runs

# Delivered messages kept this long (read when a delivery goes wrong).
KEPT = timedelta(hours=1)
# Runs kept this long: the back office's jobs pages and `tessera jobs list` read the recent ones.
RUNS_KEPT = timedelta(days=14)
MESSAGES = "kombu_message"


@job("jobs.prune-broker", every=3600, per_brand=False)
def prune_broker(work: Work) -> dict[str, int]:
    """The runs that ended over RUNS_KEPT ago, and the messages the embedded broker delivered over
    an hour ago, deleted."""
    with work.unit_of_work() as db:
        runs = prune_runs(db, work.at - RUNS_KEPT)
    if not embedded(work.settings.broker_url):
        return {"runs": runs, "messages": 0}
    messages = prune_delivered(work.settings.broker_url.removeprefix("sqla+"), datetime.now() - KEPT)
    return {"runs": runs, "messages": messages}


def prune_delivered(url: str, before: datetime) -> int:
    """Delete the delivered messages of the broker database at ``url`` last touched before
    ``before`` (kombu stamps a message, in local time, as it delivers it); how many."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            found = connection.execute(
                text(f"DELETE FROM {MESSAGES} WHERE visible = :hidden AND timestamp < :before"),
                {"hidden": False, "before": before},
            )
            return found.rowcount
    except OperationalError:  # no broker table yet: nothing was ever sent
        return 0
    finally:
        engine.dispose()
