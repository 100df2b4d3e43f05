"""Reading the jobs' recorded runs: a page of them, filtered, and each job's latest."""

from datetime import datetime, timedelta

from sqlalchemy import func, select

from tessera.core.timeutil import iso
from tessera.jobs.models import FAILED, JobRun

RECENT = timedelta(hours=24)  # the window a job's failures are counted over


def run_value(run: JobRun) -> dict:
    return {
        "id": run.id,
        "job": run.job,
        "brand": run.brand,
        "runKey": run.run_key,
        "startedAt": iso(run.started_at),
        "finishedAt": iso(run.finished_at),
        "outcome": run.outcome,
        "attempts": run.attempts,
        "counts": run.counts or {},
        "error": run.error,
    }


def _of(brand: str | None):
    return JobRun.brand == brand if brand is not None else JobRun.brand.is_(None)


def runs(db, brand: str | None, job: str | None, outcome: str | None, page: int, page_size: int) -> dict:
    """A page of the runs of ``brand`` (None: the deployment's own), newest first."""
    criteria = [_of(brand)]
    if job:
        criteria.append(JobRun.job == job)
    if outcome:
        criteria.append(JobRun.outcome == outcome)
    total = db.scalar(select(func.count(JobRun.id)).where(*criteria))
    found = db.scalars(
        select(JobRun)
        .where(*criteria)
        .order_by(JobRun.started_at.desc(), JobRun.id.desc())
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return {"items": [run_value(run) for run in found], "total": total, "page": page, "pageSize": page_size}


def latest(db, brand: str | None, at: datetime) -> list[dict]:
    """Each job's latest run for ``brand``, with how many of its runs failed in the last day."""
    newest = select(JobRun.job, func.max(JobRun.id).label("id")).where(_of(brand)).group_by(JobRun.job).subquery()
    failures = dict(
        db.execute(
            select(JobRun.job, func.count(JobRun.id))
            .where(_of(brand), JobRun.outcome == FAILED, JobRun.started_at >= at - RECENT)
            .group_by(JobRun.job)
        ).all()
    )
    found = db.scalars(select(JobRun).join(newest, newest.c.id == JobRun.id).order_by(JobRun.job))
    return [{"job": run.job, "latest": run_value(run), "failedToday": failures.get(run.job, 0)} for run in found]
