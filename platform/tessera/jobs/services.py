"""The runs of jobs: the run key of a period, claiming a run (once per job and key, whoever asks),
recording how it ended, and reading the recent ones.

A run is claimed by inserting its row: the unique (job, run_key) lets one of two workers, or two
beats' messages, have it; the other finds it taken. A run that failed for a passing reason waits
as ``retrying`` and is claimed again by its retry alone.
"""

import sqlite3
import uuid
from datetime import UTC, datetime, timedelta

import httpx
from sqlalchemy import delete, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from tessera.core.db import is_transient
from tessera.jobs.models import RETRYING, RUNNING, SKIPPED, JobRun

# A run holds its job at most this long (the worker ends a task that takes longer): a run still
# marked running after it was cut off, say by a machine going down, holds back nobody.
LEASE = timedelta(minutes=15)
EVERY_BRAND = "all"
MAX_ERROR = 2000


def period_key(brand: str | None, every: float, at: datetime) -> str:
    """The run key of the period of ``every`` seconds that ``at`` falls in (periods start at whole
    multiples of it since the epoch, so every beat and worker agrees on them)."""
    start = datetime.fromtimestamp(int(at.timestamp() // every * every), UTC)
    return f"{brand or EVERY_BRAND} {start:%Y-%m-%dT%H:%M:%SZ}"


def manual_key(brand: str | None, at: datetime) -> str:
    """A run key of its own, for a run an operator asked for (``tessera jobs run``)."""
    return f"{brand or EVERY_BRAND} now {at:%Y-%m-%dT%H:%M:%SZ} {uuid.uuid4().hex[:8]}"


def claim(db, job: str, brand: str | None, run_key: str, at: datetime) -> JobRun | None:
    """The run of ``job`` under ``run_key``, taken for this worker; None when it is another's (it
    ran, runs, or waits for its own retry). While an earlier run of the job for the brand still
    runs, this one is recorded as skipped and not taken."""
    found = db.scalar(select(JobRun).where(JobRun.job == job, JobRun.run_key == run_key))
    if found is not None:
        retaken = db.execute(
            update(JobRun)
            .where(JobRun.id == found.id, JobRun.outcome == RETRYING)
            .values(outcome=RUNNING, attempts=JobRun.attempts + 1)
            .execution_options(synchronize_session=False)
        ).rowcount
        db.refresh(found)
        return found if retaken == 1 else None
    busy = db.scalar(
        select(JobRun.id).where(
            JobRun.job == job, JobRun.brand == brand, JobRun.outcome == RUNNING, JobRun.started_at > at - LEASE
        )
    )
    run = JobRun(job=job, run_key=run_key, brand=brand, started_at=at, outcome=SKIPPED if busy else RUNNING)
    run.attempts, run.counts = 1, {}
    if busy:
        run.finished_at = at
    try:
        with db.begin_nested():
            db.add(run)
    except IntegrityError:
        return None  # another worker took the period first
    return None if busy else run


def finish(db, run_id: int, outcome: str, at: datetime, counts=None, error: BaseException | None = None) -> None:
    """Record how the run ended (``retrying``: it will be tried again)."""
    values: dict = {"outcome": outcome, "finished_at": None if outcome == RETRYING else at}
    if counts is not None:
        values["counts"] = dict(counts)
    if error is not None:
        values["error"] = f"{type(error).__name__}: {error}"[:MAX_ERROR]
    db.execute(update(JobRun).where(JobRun.id == run_id).values(**values).execution_options(synchronize_session=False))


def prune_runs(db, before: datetime) -> int:
    """Delete the runs that ended before ``before`` (a run still going or to be tried again stays);
    how many. A job every few seconds records thousands of runs a day."""
    ended = delete(JobRun).where(JobRun.finished_at.is_not(None), JobRun.finished_at < before)
    return db.execute(ended.execution_options(synchronize_session=False)).rowcount


def passing(error: BaseException) -> bool:
    """Whether a failure is likely to pass if the run is tried again: a database conflict, lost
    connection or refusal for now, or a service that could not be reached."""
    if isinstance(error, DBAPIError):
        original = error.orig
        lost = (getattr(original, "sqlstate", None) or "").startswith("08")  # connection exceptions
        return error.connection_invalidated or lost or (original is not None and is_transient(original))
    if isinstance(error, sqlite3.OperationalError):
        return is_transient(error)
    return isinstance(error, httpx.TransportError | ConnectionError | TimeoutError)


def recent_runs(db, job: str | None = None, brand: str | None = None, outcome: str | None = None, limit: int = 50):
    """The latest runs, newest first, of a job, a brand or an outcome when named."""
    query = select(JobRun).order_by(JobRun.started_at.desc(), JobRun.id.desc()).limit(limit)
    if job:
        query = query.where(JobRun.job == job)
    if brand:
        query = query.where(JobRun.brand == brand)
    if outcome:
        query = query.where(JobRun.outcome == outcome)
    return list(db.scalars(query))
