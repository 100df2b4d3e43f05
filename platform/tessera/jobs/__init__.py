"""Scheduled and background work: Celery tasks registered by each feature's ``tasks.py`` with
``@job``, their runs claimed once per period and recorded in ``job_runs`` (``tessera jobs list``)."""

from tessera.jobs.registry import JOBS, Work, job

__all__ = ["JOBS", "Work", "job"]
