"""Jobs: work a feature does on a schedule, registered with ``@job`` in its ``tasks.py``.

A job is a function taking a :class:`Work` (the settings, the moment, the brand and its plugins,
units of work on the database) and returning its counts. ``@job`` makes it a Celery task of the
same name: run by beat's schedule with no arguments, a brand's job sends one task per active
brand; each claims its period's run, runs, and records how it ended, tried again with growing
delays while it fails for a passing reason (see ``services.passing``).
"""

import logging
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property, lru_cache

from celery import shared_task
from celery.utils.time import get_exponential_backoff_interval

from tessera.core.db import make_engine, operator_session, scope_connection
from tessera.core.settings import Settings
from tessera.core.timeutil import utcnow
from tessera.jobs.models import FAILED, OK, RETRYING
from tessera.jobs.services import claim, finish, manual_key, passing, period_key
from tessera.plugins import TenantPlugins, plugin_manager
from tessera.tenancy.commands import brands
from tessera.tenancy.context import TenantContext

log = logging.getLogger(__name__)

MAX_RETRIES = 5
MAX_RETRY_SECONDS = 600


@dataclass
class Work:
    """What a job's run works with."""

    settings: Settings
    at: datetime
    tenant: TenantContext | None

    @property
    def engine(self):
        return engine_for(self.settings.database_url)

    @cached_property
    def plugins(self) -> TenantPlugins:
        assert self.tenant is not None, "only a brand's job has plugins"
        return TenantPlugins(plugin_manager(), self.tenant)

    @contextmanager
    def unit_of_work(self):
        """A transaction on the brand's rows (every brand's for a job across brands), committed
        when the block ends without an error."""
        with operator_session(self.engine) as db:
            if self.tenant is not None:
                scope_connection(db, self.tenant.id)
            yield db


@dataclass(frozen=True)
class Job:
    name: str
    work: Callable[[Work], Mapping[str, int]]
    every: float  # seconds between runs unless TESSERA_JOB_INTERVALS says otherwise
    per_brand: bool

    def interval(self, settings: Settings) -> float:
        return dict(settings.job_intervals).get(self.name, self.every)


JOBS: dict[str, Job] = {}


def job(name: str, *, every: float, per_brand: bool = True):
    """Register the decorated function as the job ``name``, run every ``every`` seconds (for each
    active brand unless ``per_brand`` is false)."""

    def register(work: Callable[[Work], Mapping[str, int]]):
        JOBS[name] = Job(name, work, every, per_brand)

        def task(self, brand: str | None = None, run_key: str | None = None) -> None:
            run_scheduled(self, JOBS[name], brand, run_key)

        task.__name__ = task.__qualname__ = work.__name__
        shared_task(name=name, bind=True, ignore_result=True)(task)
        return work

    return register


@lru_cache(maxsize=4)
def engine_for(url: str):
    """One engine per database and process (a worker's pool process makes its own after the fork)."""
    return make_engine(url)


def tessera_settings(app) -> Settings:
    return app.conf.tessera_settings


def run_scheduled(task, job: Job, brand: str | None, run_key: str | None) -> None:
    """The task's body: a brand's job sent without a brand sends one task per active brand, for
    the current period; otherwise this period's run (or ``run_key``'s) is claimed and run."""
    settings, at = tessera_settings(task.app), utcnow()
    every = job.interval(settings)
    if job.per_brand and brand is None:
        for slug in active_brands(settings):
            task.apply_async(kwargs={"brand": slug, "run_key": period_key(slug, every, at)})
        return
    key = run_key or period_key(brand, every, at)

    def try_again(run_id: int, error: BaseException) -> bool:
        if task.request.retries >= MAX_RETRIES:
            return False
        delay = get_exponential_backoff_interval(
            settings.job_retry_seconds, task.request.retries, MAX_RETRY_SECONDS, full_jitter=False
        )
        with operator_session(engine_for(settings.database_url)) as db:
            finish(db, run_id, RETRYING, utcnow(), error=error)
        raise task.retry(kwargs={"brand": brand, "run_key": key}, countdown=delay, exc=error)

    run(settings, job, brand, key, at, try_again)


def run_now(settings: Settings, job: Job, brand: str | None) -> list[tuple[str | None, str, dict]]:
    """Run ``job`` at once in this process (for ``brand``, or each active brand), under run keys
    of its own; the outcome and counts of each run."""
    at = utcnow()
    slugs = [brand] if brand or not job.per_brand else active_brands(settings)
    return [(slug, *run(settings, job, slug, manual_key(slug, at), at)) for slug in slugs]


def active_brands(settings: Settings) -> list[str]:
    with operator_session(engine_for(settings.database_url)) as db:
        return [tenant.slug for tenant in brands(db, None)]


def run(settings: Settings, job: Job, brand: str | None, run_key: str, at: datetime, try_again=None):
    """Claim and run ``job``'s run ``run_key``, recording its outcome: (outcome, counts), or
    ("taken", {}) when another has it. ``try_again(run_id, error)`` may schedule a retry of a
    passing failure (raising what hands the run over), or say False."""
    engine = engine_for(settings.database_url)
    with operator_session(engine) as db:
        tenant = brands(db, brand)[0] if brand else None
        claimed = claim(db, job.name, brand, run_key, at)
        run_id = claimed and claimed.id
    if not run_id:
        log.info("job run taken or skipped", extra={"job": job.name, "run_key": run_key})
        return "taken", {}
    try:
        counts = dict(job.work(Work(settings, at, tenant)))
    except Exception as error:
        if try_again is not None and passing(error) and try_again(run_id, error):
            return RETRYING, {}  # try_again raises in a worker: this is for a caller that does not
        log.exception("job run failed", extra={"job": job.name, "run_key": run_key})
        with operator_session(engine) as db:
            finish(db, run_id, FAILED, utcnow(), error=error)
        return FAILED, {}
    with operator_session(engine) as db:
        finish(db, run_id, OK, utcnow(), counts=counts)
    return OK, counts
