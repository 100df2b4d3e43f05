"""Scheduled and background work: Celery tasks registered by each feature's ``tasks.py`` with
``@job`` (``tessera.jobs.registry``), their runs claimed once per period and recorded in
``job_runs`` (``tessera jobs list``)."""
