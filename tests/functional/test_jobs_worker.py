"""The jobs in real Celery workers: ``tessera jobs worker`` processes (and beat) against the
embedded broker (a SQLite file), and against RabbitMQ and Redis where they answer (skipped with
the reason where they do not), each test on a queue of its own. Every job runs and records its
runs; two workers given one period's run many times run it once; a run failing for a passing
reason is tried again; and with beat running, a gateway deposit whose notification never came
is credited by itself. Waits end at a deadline, which only a broken run reaches."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

import pytest
from celery.contrib.testing.worker import start_worker
from kombu import Connection, Queue
from sqlalchemy import delete, select
from sqlalchemy.exc import OperationalError
from tessera_sandboxes.signed_gateway.local import Sandbox

from factories import DepositFactory, MemberFactory, building_in
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.core.timeutil import utcnow
from tessera.jobs.models import OK, JobRun
from tessera.jobs.registry import JOBS, job
from tessera.plugins import TenantPlugins, plugin_manager
from tessera.plugins.kit.local_http import closed_port
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.payments.models import PAID, Deposit
from tessera.worker import celery_app
from wallet_helpers import forget_member, pay_on_checkout

TESSERA = Path(sys.executable).parent / "tessera"
DEADLINE = 90  # seconds: far beyond what a working run takes
BROKERS = {
    "embedded": None,
    "rabbitmq": "amqp://guest:guest@127.0.0.1:5672//",
    "redis": "redis://127.0.0.1:6379/5",
}
# The jobs that ask no game vendor (the demo brands' vendors are development sandboxes, not the tests').
OWN_JOBS = ("identity.expire", "payments.reconcile-deposits", "transfers.reconcile", "withdrawals.count-received")


@dataclass(frozen=True)
class Broker:
    url: str
    queue: str


def answers(url: str) -> str | None:
    """Why the broker at ``url`` cannot be used, or None."""
    try:
        with Connection(url, connect_timeout=2) as connection:
            connection.ensure_connection(max_retries=1, timeout=2)
    except Exception as error:  # what each transport raises differs
        return f"{type(error).__name__}: {error}"
    return None


@pytest.fixture(params=list(BROKERS))
def broker(request, tmp_path):
    url = BROKERS[request.param] or f"sqla+sqlite:///{tmp_path / 'broker.sqlite'}"
    if (why := answers(url)) is not None:
        pytest.skip(f"{request.param} broker at {url} does not answer ({why})")
    queue = f"tessera-test-{uuid.uuid4().hex[:10]}"
    yield Broker(url, queue)
    if BROKERS[request.param]:
        with Connection(url) as connection:
            Queue(queue).bind(connection.default_channel).delete()


@pytest.fixture
def embedded(tmp_path):
    return Broker(f"sqla+sqlite:///{tmp_path / 'broker.sqlite'}", f"tessera-test-{uuid.uuid4().hex[:10]}")


@pytest.fixture
def no_runs(engine):
    """The test database without job runs, before and after (periods of earlier tests would be taken)."""
    with engine.begin() as connection:
        connection.execute(delete(JobRun))
    yield
    with engine.begin() as connection:
        connection.execute(delete(JobRun))


class Processes:
    """``tessera jobs`` processes on the test's database and broker, stopped by their PIDs."""

    def __init__(self, settings, broker: Broker, tmp_path: Path, **env):
        self.tmp_path, self.running = tmp_path, []
        self.env = {
            **os.environ,
            "TESSERA_DATABASE_URL": settings.database_url,
            "TESSERA_TENANTS_DIR": str(settings.tenants_dir),
            "TESSERA_SECRET_KEY": settings.secret_key,
            "TESSERA_BROKER_URL": broker.url,
            "TESSERA_JOB_QUEUE": broker.queue,
            "TESSERA_LOG_FORMAT": "text",
            **env,
        }

    def start(self, *args: str) -> subprocess.Popen:
        log = open(self.tmp_path / f"{args[0]}-{len(self.running)}.log", "wb")  # noqa: SIM115 - closed in stop
        process = subprocess.Popen([str(TESSERA), "jobs", *args], env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.running.append((process, log))
        return process

    def worker(self) -> subprocess.Popen:
        return self.start("worker", "--pool", "solo", "--hostname", f"w{len(self.running)}@%h")

    def stop(self) -> None:
        for process, _ in self.running:
            process.send_signal(signal.SIGTERM)  # a warm shutdown: the run under way ends first
        for process, log in self.running:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()

    def logs(self) -> str:
        return "\n".join(path.read_text(errors="replace")[-3000:] for path in sorted(self.tmp_path.glob("*.log")))


@pytest.fixture
def processes(settings, tmp_path):
    made = []

    def make(broker: Broker, **env) -> Processes:
        made.append(Processes(settings, broker, tmp_path, **env))
        return made[-1]

    yield make
    for each in made:
        each.stop()


def sender(settings, broker: Broker):
    return celery_app(replace(settings, broker_url=broker.url, job_queue=broker.queue))


def wait_for(check, what: str, logs=lambda: ""):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    pytest.fail(f"not within {DEADLINE} s: {what}\n{logs()}")


def runs(engine) -> list[JobRun]:
    with operator_session(engine) as db:
        found = list(db.scalars(select(JobRun).order_by(JobRun.id)))
        db.expunge_all()
    return found


def brand_slugs(engine) -> list[str]:
    with operator_session(engine) as db:
        return list(db.scalars(select(Tenant.slug).where(Tenant.active.is_(True)).order_by(Tenant.slug)))


def test_every_job_runs_in_a_worker_and_records_its_runs(settings, engine, broker, processes, no_runs):
    workers = processes(broker)
    workers.worker()
    app = sender(settings, broker)
    for name in OWN_JOBS:
        app.send_task(name)  # as beat sends it: a brand's job then sends one run per brand
    slugs = brand_slugs(engine)
    expected = {("identity.expire", None)} | {(name, slug) for name in OWN_JOBS[1:] for slug in slugs}

    def finished():
        done = {(run.job, run.brand): run for run in runs(engine) if run.finished_at is not None}
        return done if set(done) >= expected else None

    done = wait_for(finished, f"a finished run of each of {sorted(expected, key=str)}", workers.logs)
    assert {key: done[key].outcome for key in expected} == {key: OK for key in expected}
    assert set(done["identity.expire", None].counts) == {
        "sessions",
        "one_time_values",
        "verification_codes",
        "seen_payloads",
    }
    assert done["withdrawals.count-received", "demo-bd"].counts == {"received": 0}


def queued(app, queue: str) -> int:
    with app.connection_for_write() as connection:
        return connection.default_channel.queue_declare(queue=queue, passive=True).message_count


def test_two_workers_given_one_period_many_times_run_it_once(settings, engine, embedded, processes, no_runs):
    workers = processes(embedded)
    workers.worker(), workers.worker()
    app = sender(settings, embedded)
    for _ in range(6):
        app.send_task("identity.expire", kwargs={"run_key": "all test-period"})
    for _ in range(2):  # two beats sending the same job
        app.send_task("withdrawals.count-received")
    slugs = brand_slugs(engine)

    def settled():
        found = runs(engine)
        brands = {run.brand for run in found if run.job == "withdrawals.count-received" and run.finished_at}
        identity = [run for run in found if run.job == "identity.expire" and run.finished_at]
        return found if identity and brands >= set(slugs) and not queued(app, embedded.queue) else None

    wait_for(settled, "every message taken and the runs finished", workers.logs)
    workers.stop()  # the runs taken meanwhile end first
    found = runs(engine)
    assert [(run.run_key, run.outcome, run.attempts) for run in found if run.job == "identity.expire"] == [
        ("all test-period", OK, 1)
    ]
    assert sorted(run.brand for run in found if run.job == "withdrawals.count-received") == slugs


# A job failing once for a passing reason, run by a worker in this process.
FLAKY, attempts = "test.flaky", []


@pytest.fixture
def flaky_job():
    @job(FLAKY, every=3600, per_brand=False)
    def flaky(work):
        attempts.append(utcnow())
        if len(attempts) == 1:
            raise OperationalError("UPDATE", {}, sqlite3.OperationalError("database is locked"))
        return {"attempts": len(attempts)}

    yield
    JOBS.pop(FLAKY)
    attempts.clear()


def test_a_run_failing_for_a_passing_reason_is_tried_again(settings, engine, embedded, flaky_job, no_runs):
    app = sender(replace(settings, job_retry_seconds=0.2), embedded)
    with start_worker(app, pool="solo", perform_ping_check=False, queues=[embedded.queue], loglevel="WARNING"):
        app.send_task(FLAKY)
        run = wait_for(
            lambda: next((r for r in runs(engine) if r.job == FLAKY and r.outcome == OK), None), "the retried run"
        )
    assert (run.attempts, run.counts, len(attempts)) == (2, {"attempts": 2}, 2)
    assert "database is locked" in run.error  # what the first attempt met


@pytest.fixture
def gateway():
    sandbox = Sandbox()
    yield sandbox
    sandbox.close()


@pytest.fixture
def pending_gateway_deposit(engine, gateway):
    """demo-bd paying through the gateway sandbox, and a member's deposit there, paid on the
    checkout page 6 minutes ago, whose notification never came (nothing listens where it was
    sent); committed, and all of it gone afterwards."""
    merchant_id, secret = gateway.open_merchant()
    channel = {"channel": "bkash", "title": "bKash", "min": "100", "max": "25000"}
    own = {"base_url": gateway.gateway_url, "merchant_id": merchant_id, "secret": secret, "channels": [channel]}
    with operator_session(engine, ALL_TENANTS) as db:
        tenant = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
        original = tenant.config
        tenant.config = {**original, "plugins": {**original["plugins"], "signed-gateway": own}}
        with building_in(db):
            member = MemberFactory(username=f"jobs{uuid.uuid4().hex[:8]}", tenant_id=tenant.id)
            deposit = DepositFactory(
                member=member, plugin="signed-gateway", channel="bkash", created_at=utcnow() - timedelta(minutes=6)
            )
        db.flush()
        member_id, deposit_id, context = member.id, deposit.id, TenantContext.from_row(tenant)
    started = TenantPlugins(plugin_manager(), context).call(
        "signed-gateway",
        "tessera_payment_start",
        channel="bkash",
        deposit={
            "depositId": str(deposit_id),
            "amount": "500.00",
            "currency": "BDT",
            "notifyUrl": f"http://127.0.0.1:{closed_port()}/notify",
            "returnUrl": "http://demo-bd.localhost/",
            "member": {"id": member_id, "username": "jobs"},
        },
    )
    assert pay_on_checkout(started["redirectUrl"]) == 303
    yield deposit_id
    with operator_session(engine, ALL_TENANTS) as db:
        db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
        forget_member(db, member_id)


def test_with_beat_running_a_pending_gateway_deposit_reconciles_by_itself(
    settings, engine, embedded, processes, pending_gateway_deposit, no_runs, tmp_path
):
    jobs = processes(embedded, TESSERA_JOB_INTERVALS="payments.reconcile-deposits=1")
    jobs.worker()
    jobs.start("beat", "--schedule", str(tmp_path / "beat-schedule"))

    def deposit():
        with operator_session(engine) as db:
            found = select(Deposit.status, Deposit.transaction_id).where(Deposit.id == pending_gateway_deposit)
            return db.execute(found.where(Deposit.status == PAID)).first()

    status, transaction_id = wait_for(deposit, "the deposit credited", jobs.logs)
    assert (status, transaction_id is not None) == (PAID, True)

    def credited_runs():  # a run is recorded done after its work commits
        return [run for run in runs(engine) if run.brand == "demo-bd" and run.counts.get("credited")]

    credited = wait_for(credited_runs, "the run that credited it recorded", jobs.logs)
    assert [(run.job, run.outcome, run.counts["credited"]) for run in credited] == [
        ("payments.reconcile-deposits", OK, 1)
    ]
