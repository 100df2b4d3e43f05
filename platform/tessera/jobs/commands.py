"""``tessera jobs``: the scheduled jobs, their recent runs, a run now, and the worker and beat."""

import json
import sys

import click

from tessera.core.cli import command_session
from tessera.core.timeutil import iso
from tessera.jobs.models import OUTCOMES
from tessera.jobs.services import recent_runs


def jobs_commands(celery_app) -> click.Group:
    """The ``tessera jobs`` group; ``celery_app(settings)`` makes the Celery app of the worker and
    beat, every feature's jobs registered."""

    @click.group()
    def jobs():
        """Scheduled jobs (Celery): worker, beat, and every run recorded."""

    @jobs.command("list")
    @click.option("--job", "name", help="Only this job's runs")
    @click.option("--brand", help="Only this brand's runs")
    @click.option("--outcome", type=click.Choice(OUTCOMES), help="Only the runs that ended so")
    @click.option("--limit", default=30, show_default=True, type=click.IntRange(min=1))
    @click.pass_obj
    def list_runs(settings, name, brand, outcome, limit):
        """The latest runs, newest first: job, brand, period, start and end, outcome, attempts,
        counts and error; and the registered jobs with their intervals when none ran yet."""
        from tessera.jobs.registry import JOBS  # Celery is imported by the jobs' commands alone

        celery_app(settings)  # registers the jobs, for their intervals
        with command_session(settings) as db:
            runs = recent_runs(db, name, brand, outcome, limit)
            rows = [_line(run) for run in runs]
        if not rows:
            click.echo("no runs recorded yet; the jobs (every N seconds):")
            for job_name, job in sorted(JOBS.items()):
                scope = "each brand" if job.per_brand else "every brand at once"
                click.echo(f"  {job_name}\tevery {job.interval(settings):g} s\t{scope}")
        for row in rows:
            click.echo(row)

    @jobs.command("run")
    @click.argument("name")
    @click.option("--brand", help="For this brand only (a brand's job runs for each active brand without it)")
    @click.pass_obj
    def run(settings, name, brand):
        """Run the job NAME now, in this process, and record the run like a scheduled one."""
        from tessera.jobs.registry import JOBS, run_now

        celery_app(settings)
        if name not in JOBS:
            raise click.BadParameter(f"no job {name!r}; the jobs: {', '.join(sorted(JOBS))}", param_hint="NAME")
        failed = False
        for slug, outcome, counts in run_now(settings, JOBS[name], brand):
            failed = failed or outcome != "ok"
            click.echo(f"{name} {slug or 'all brands'}: {outcome} {json.dumps(counts, sort_keys=True)}")
        if failed:
            sys.exit(1)

    @jobs.command("worker", context_settings={"ignore_unknown_options": True})
    @click.argument("celery_options", nargs=-1, type=click.UNPROCESSED)
    @click.pass_obj
    def worker(settings, celery_options):
        """Run a worker (``celery worker``'s options after the command, e.g. --concurrency 2)."""
        app = celery_app(settings)
        quiet = ["--without-mingle", "--without-gossip", "--without-heartbeat"] if _embedded(settings) else []
        app.worker_main(["worker", "--loglevel", settings.log_level, *quiet, *celery_options])

    @jobs.command("beat", context_settings={"ignore_unknown_options": True})
    @click.argument("celery_options", nargs=-1, type=click.UNPROCESSED)
    @click.pass_obj
    def beat(settings, celery_options):
        """Run beat, sending each job at its interval (``celery beat``'s options after the command,
        e.g. --schedule var/beat-schedule)."""
        celery_app(settings).start(["beat", "--loglevel", settings.log_level, *celery_options])

    return jobs


def _embedded(settings) -> bool:
    from tessera.jobs.app import embedded

    return embedded(settings.broker_url)


def _line(run) -> str:
    counts = json.dumps(run.counts or {}, sort_keys=True)
    error = f"\t{run.error}" if run.error else ""
    return (
        f"{run.id}\t{run.job}\t{run.brand or '-'}\t{run.run_key}\t{iso(run.started_at)}\t"
        f"{iso(run.finished_at) or '-'}\t{run.outcome}\t{run.attempts}\t{counts}{error}"
    )
