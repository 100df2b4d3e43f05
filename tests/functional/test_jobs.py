"""The jobs' machinery and the work it schedules, in the test's transaction: run keys of a
period, a run claimed once whoever asks, a retry claimed by its retry alone, a run skipped while
the last one still runs, which failures pass; the expiries, and paid withdrawals counted as
received; and ``tessera jobs run`` and ``list`` on the test's database."""

import sqlite3
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from click.testing import CliRunner
from sqlalchemy import delete, func, select
from sqlalchemy.exc import OperationalError

from tessera.commands import main
from tessera.core.onetime import OneTimeValue
from tessera.identity.encryption.models import SeenPayload
from tessera.identity.sessions.models import MemberSession
from tessera.identity.verification.models import VerificationCode
from tessera.jobs.models import OK, RETRYING, RUNNING, SKIPPED, JobRun
from tessera.jobs.services import LEASE, claim, finish, passing, period_key, recent_runs
from tessera.wallet.payments.models import AUTO_RECEIVED, PAID, RECEIVED, BankAccount, Withdrawal
from tessera.wallet.payments.withdrawals import settle_all_overdue
from tessera.worker import celery_app

AT = datetime(2026, 11, 28, 10, 4, 59, tzinfo=UTC)


class TestRunKeys:
    def test_moments_of_one_period_share_its_key(self):
        assert (
            period_key("demo-bd", 60, AT)
            == period_key("demo-bd", 60, AT - timedelta(seconds=59))
            == ("demo-bd 2026-11-28T10:04:00Z")
        )
        assert period_key("demo-bd", 60, AT + timedelta(seconds=1)) == "demo-bd 2026-11-28T10:05:00Z"

    def test_brands_and_lengths_have_keys_of_their_own(self):
        assert period_key("demo-ph", 60, AT) != period_key("demo-bd", 60, AT)
        assert period_key(None, 600, AT) == "all 2026-11-28T10:00:00Z"


class TestClaims:
    def test_a_period_is_claimed_once(self, db_session):
        first = claim(db_session, "test.job", "demo-bd", "demo-bd p1", AT)
        assert first is not None and first.outcome == RUNNING
        assert claim(db_session, "test.job", "demo-bd", "demo-bd p1", AT) is None
        finish(db_session, first.id, OK, AT, counts={"done": 2})
        assert claim(db_session, "test.job", "demo-bd", "demo-bd p1", AT) is None
        [run] = recent_runs(db_session, job="test.job")
        assert (run.outcome, run.attempts, run.counts) == (OK, 1, {"done": 2})

    def test_a_run_waiting_for_its_retry_is_claimed_again_once(self, db_session):
        first = claim(db_session, "test.job", None, "all p1", AT)
        finish(db_session, first.id, RETRYING, AT, error=OperationalError("SELECT", {}, Exception("gone")))
        again = claim(db_session, "test.job", None, "all p1", AT)
        assert again is not None and (again.outcome, again.attempts, again.finished_at) == (RUNNING, 2, None)
        assert "OperationalError" in again.error
        assert claim(db_session, "test.job", None, "all p1", AT) is None

    def test_a_period_starting_while_the_last_run_still_runs_is_skipped(self, db_session):
        claim(db_session, "test.job", "demo-bd", "demo-bd p1", AT)
        assert claim(db_session, "test.job", "demo-bd", "demo-bd p2", AT + timedelta(minutes=1)) is None
        assert claim(db_session, "test.job", "demo-ph", "demo-ph p2", AT + timedelta(minutes=1)) is not None
        skipped = db_session.scalar(select(JobRun).where(JobRun.run_key == "demo-bd p2"))
        assert skipped.outcome == SKIPPED and skipped.finished_at is not None

    def test_a_run_left_running_past_its_lease_holds_nobody_back(self, db_session):
        claim(db_session, "test.job", "demo-bd", "demo-bd p1", AT)
        assert claim(db_session, "test.job", "demo-bd", "demo-bd p9", AT + LEASE + timedelta(seconds=1)) is not None


class TestPassingFailures:
    @pytest.mark.parametrize(
        "error",
        [
            OperationalError("UPDATE", {}, sqlite3.OperationalError("database is locked")),
            httpx.ConnectError("refused"),
            ConnectionResetError(),
        ],
    )
    def test_conflicts_and_unreachable_services_pass(self, error):
        assert passing(error)

    @pytest.mark.parametrize(
        "error",
        [OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: x")), ValueError("bad"), KeyError()],
    )
    def test_mistakes_do_not(self, error):
        assert not passing(error)


def _member(db, members, slug="demo-bd"):
    member = members(slug)
    db.flush()
    return member


class TestExpiries:
    def test_what_no_request_can_use_is_deleted_and_the_rest_kept(self, db_session, members, tenant_ids):
        from tessera.identity.tasks import expire

        at = datetime.now(UTC) + timedelta(days=400)  # past whatever the other tests left
        member = _member(db_session, members)
        brand = tenant_ids["demo-bd"]
        keep, gone = at + timedelta(minutes=5), at - timedelta(seconds=1)
        for n, (expires, revoked) in enumerate([(keep, None), (gone, None), (keep, gone)]):
            db_session.add(
                MemberSession(
                    tenant_id=brand,
                    member_id=member.id,
                    token_hash=f"{n:064d}",
                    created_at=gone,
                    last_seen_at=gone,
                    expires_at=expires,
                    revoked_at=revoked,
                )
            )
        for n, expires in enumerate([keep, gone]):
            db_session.add(OneTimeValue(tenant_id=brand, key=f"test-expiry-{n}", value="v", expires_at=expires))
            db_session.add(SeenPayload(tenant_id=brand, jti=f"test-expiry-{n}", expires_at=expires))
        for n, created in enumerate([at - timedelta(hours=23), at - timedelta(days=2)]):
            db_session.add(
                VerificationCode(
                    tenant_id=brand, purpose="register", phone=f"+88017000000{n}", code_hash="x" * 64,
                    expires_at=created + timedelta(minutes=5), created_at=created,
                )
            )  # fmt: skip
        db_session.flush()
        before = {model: db_session.scalar(select(func.count()).select_from(model)) for model in KINDS.values()}

        counts = expire(FixedWork(db_session, at))

        assert counts == {"sessions": 2, "one_time_values": 1, "verification_codes": 1, "seen_payloads": 1}
        after = {model: db_session.scalar(select(func.count()).select_from(model)) for model in KINDS.values()}
        assert {kind: before[model] - after[model] for kind, model in KINDS.items()} == counts
        assert db_session.scalar(select(MemberSession.token_hash).where(MemberSession.member_id == member.id)) == (
            f"{0:064d}"
        )


KINDS = {
    "sessions": MemberSession,
    "one_time_values": OneTimeValue,
    "verification_codes": VerificationCode,
    "seen_payloads": SeenPayload,
}


class FixedWork:
    """A job's Work in the test's transaction."""

    def __init__(self, db, at, tenant=None):
        self.db, self.at, self.tenant = db, at, tenant

    @contextmanager
    def unit_of_work(self):
        with self.db.begin_nested():
            yield self.db


class TestWithdrawalsCountedAsReceived:
    def test_paid_withdrawals_past_their_deadline_and_only_those(self, db_session, members):
        member = _member(db_session, members)
        account = BankAccount(
            tenant_id=member.tenant_id, member_id=member.id, bank_name="B", account_name="A", account_number="1"
        )
        db_session.add(account)
        db_session.flush()
        now = datetime.now(UTC)
        rows = [
            self.withdrawal(member, account, n, now + deadline, confirmation)
            for n, (deadline, confirmation) in enumerate(
                [(-timedelta(minutes=1), None), (timedelta(minutes=1), None), (-timedelta(minutes=5), RECEIVED)]
            )
        ]
        db_session.add_all(rows)
        db_session.flush()
        db_session.info["tenant_id"] = member.tenant_id
        try:
            assert settle_all_overdue(db_session, now) == 1
            assert settle_all_overdue(db_session, now) == 0  # a second run finds nothing more
        finally:
            db_session.info["tenant_id"] = "all"
        assert [(w.confirmation, w.received_minor) for w in rows] == [
            (AUTO_RECEIVED, 50000),
            (None, None),
            (RECEIVED, 50000),
        ]

    @staticmethod
    def withdrawal(member, account, n, confirm_by, confirmation):
        return Withdrawal(
            tenant_id=member.tenant_id,
            member_id=member.id,
            bank_account_id=account.id,
            bank_name="B",
            account_name="A",
            account_number="1",
            amount_minor=50000,
            status=PAID,
            confirm_by=confirm_by,
            confirmation=confirmation,
            received_minor=50000 if confirmation else None,
            request_key=f"test-job:{member.id}:{n}",
        )


# -- The commands, on the test's database (committed, then removed) -----------------------------


@pytest.fixture
def cli(settings, engine):
    env = {"TESSERA_DATABASE_URL": settings.database_url, "TESSERA_TENANTS_DIR": str(settings.tenants_dir)}
    yield lambda *args: CliRunner().invoke(main, list(args), env=env)
    with engine.begin() as connection:
        connection.execute(delete(JobRun).where(JobRun.run_key.like("% now %")))


def test_a_job_run_now_is_recorded_and_listed(cli):
    ran = cli("jobs", "run", "identity.expire")
    assert ran.exit_code == 0, ran.output
    assert ran.output.startswith("identity.expire all brands: ok {")
    listed = cli("jobs", "list", "--job", "identity.expire", "--outcome", "ok")
    assert listed.exit_code == 0 and "\tidentity.expire\t-\tall now " in listed.output


def test_a_brand_job_run_now_runs_for_each_active_brand_or_the_one_named(cli):
    every = cli("jobs", "run", "withdrawals.count-received")
    assert every.exit_code == 0, every.output
    assert sorted(line.split(":")[0] for line in every.output.splitlines()) == [
        "withdrawals.count-received demo-bd",
        "withdrawals.count-received demo-ph",
        "withdrawals.count-received demo-vn",
    ]
    one = cli("jobs", "run", "withdrawals.count-received", "--brand", "demo-ph")
    assert one.output == 'withdrawals.count-received demo-ph: ok {"received": 0}\n'
    assert "demo-ph" in cli("jobs", "list", "--brand", "demo-ph").output


def test_an_unknown_job_is_refused_with_the_list(cli):
    refused = cli("jobs", "run", "no.such-job")
    assert refused.exit_code == 2 and "no job 'no.such-job'; the jobs: games.pull-bets" in refused.output


def test_the_schedule_holds_every_job_at_its_interval_or_the_settings(settings):
    from dataclasses import replace

    schedule = celery_app(replace(settings, job_intervals=(("games.pull-bets", 5.0),))).conf.beat_schedule
    assert sorted(schedule) == [
        "games.pull-bets",
        "games.sync-catalog",
        "identity.expire",
        "jobs.prune-broker",
        "lottery.fast-draws",
        "lottery.results",
        "lottery.settle",
        "lottery.vn-draws",
        "payments.reconcile-deposits",
        "transfers.reconcile",
        "withdrawals.count-received",
    ]
    assert schedule["games.pull-bets"]["schedule"] == timedelta(seconds=5)
    assert schedule["payments.reconcile-deposits"]["schedule"] == timedelta(seconds=60)


def test_the_embedded_brokers_delivered_messages_are_pruned_and_the_waiting_kept(tmp_path):
    from kombu import Connection

    from tessera.jobs.tasks import prune_delivered

    url = f"sqlite:///{tmp_path / 'broker.sqlite'}"
    assert prune_delivered(url, datetime.now()) == 0  # no broker table yet
    with Connection(f"sqla+{url}") as connection:
        queue = connection.SimpleQueue("tessera-test")
        for number in range(3):
            queue.put({"n": number})
        for _ in range(2):
            queue.get(timeout=5).ack()
        assert prune_delivered(url, datetime.now() - timedelta(hours=1)) == 0  # delivered just now: kept a while
        assert prune_delivered(url, datetime.now() + timedelta(minutes=1)) == 2
        assert queue.get(timeout=5).payload == {"n": 2}  # the one still waiting is delivered
        queue.close()


def test_runs_that_ended_long_ago_are_pruned_and_the_others_kept(db_session):
    from tessera.jobs.services import prune_runs

    now = datetime(2030, 3, 1, tzinfo=UTC)
    made = {
        "old": JobRun(
            job="prune.test",
            run_key="old",
            started_at=now - timedelta(days=20),
            finished_at=now - timedelta(days=20),
            outcome=OK,
        ),
        "recent": JobRun(
            job="prune.test",
            run_key="recent",
            started_at=now - timedelta(days=1),
            finished_at=now - timedelta(days=1),
            outcome=OK,
        ),
        "retrying": JobRun(job="prune.test", run_key="retrying", started_at=now - timedelta(days=20), outcome=RETRYING),
    }
    db_session.add_all(made.values())
    db_session.flush()
    assert prune_runs(db_session, now - timedelta(days=14)) == 1
    db_session.expire_all()
    kept = db_session.scalars(select(JobRun.run_key).where(JobRun.job == "prune.test")).all()
    assert sorted(kept) == ["recent", "retrying"]  # a run to be tried again stays, however old
