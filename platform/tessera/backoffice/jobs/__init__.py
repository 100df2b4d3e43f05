"""The background jobs' runs as the back office shows them: each job's latest run, and every run
with filters (``jobs.read`` on the brand; the deployment's own runs, with no brand, a superuser's)."""

from pathlib import Path


def includeme(config):
    config.add_route("backoffice.jobs", "/bo/api/jobs")
    config.add_route("backoffice.job_runs", "/bo/api/jobs/runs")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
