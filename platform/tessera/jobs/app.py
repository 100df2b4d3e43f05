"""The Celery app of Tessera's workers and beat, configured from the settings: the broker
(``TESSERA_BROKER_URL``; by default a SQLite file under var/, through kombu's SQLAlchemy
transport, so a checkout needs no server), no result store (each run is recorded in ``job_runs``
instead), and beat's schedule: every registered job at its interval."""

from datetime import timedelta

from celery import Celery

from tessera.core.settings import Settings
from tessera.jobs.registry import JOBS, MAX_RETRIES
from tessera.jobs.services import LEASE


def embedded(broker_url: str) -> bool:
    """Whether the broker is a database file or table (kombu's SQLAlchemy transport), which
    carries no broadcasts: workers then neither greet each other nor take remote commands."""
    return broker_url.startswith("sqla+")


def make_celery(settings: Settings) -> Celery:
    app = Celery("tessera", set_as_current=False)
    app.conf.update(
        broker_url=settings.broker_url,
        broker_connection_retry_on_startup=True,
        task_ignore_result=True,
        task_acks_late=True,  # a run cut off by a lost worker is delivered again, and claimed again
        task_reject_on_worker_lost=True,
        task_time_limit=int(LEASE.total_seconds()),
        task_default_queue=settings.job_queue,
        task_annotations={"*": {"max_retries": MAX_RETRIES}},
        worker_prefetch_multiplier=1,
        worker_hijack_root_logger=False,
        worker_enable_remote_control=not embedded(settings.broker_url),
        enable_utc=True,
        timezone="UTC",
        beat_schedule=schedule(settings),
        tessera_settings=settings,
    )
    return app


def schedule(settings: Settings) -> dict:
    """Beat's schedule: each job at its interval, sent without arguments (a brand's job then
    sends one task per active brand)."""
    return {name: {"task": name, "schedule": timedelta(seconds=job.interval(settings))} for name, job in JOBS.items()}
