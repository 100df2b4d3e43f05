"""The jobs' runs in the back office: a brand's staff read their brand's runs only, a superuser
the deployment's own too; each job's latest run and its failures of the day."""

import uuid
from datetime import timedelta

import pytest

from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import utcnow
from tessera.jobs.models import FAILED, OK, JobRun


@pytest.fixture
def runs(db_session):
    at, tag = utcnow(), uuid.uuid4().hex[:8]  # names of this test's own (other tests' jobs may have run)

    def run(job, brand, minutes_ago, outcome=OK, **fields):
        started = at - timedelta(minutes=minutes_ago)
        row = JobRun(
            job=f"{job}.{tag}",
            run_key=f"{brand}:{minutes_ago}",
            brand=brand,
            started_at=started,
            finished_at=started + timedelta(seconds=2),
            outcome=outcome,
            counts=fields.pop("counts", {}),
            **fields,
        )
        db_session.add(row)
        return row

    made = [
        run("deposits.reconcile", "demo-bd", 30, counts={"reconciled": 2}),
        run("deposits.reconcile", "demo-bd", 20, FAILED, error="gateway timed out"),
        run("deposits.reconcile", "demo-bd", 10, counts={"reconciled": 0}),
        run("bets.pull", "demo-bd", 5, counts={"pulled": 14}),
        run("bets.pull", "demo-ph", 4, counts={"pulled": 3}),
        run("sessions.expire", None, 3, counts={"expired": 9}),
    ]
    db_session.flush()
    return made


def test_a_brands_staff_read_its_runs_newest_first(staff_member, runs):
    reader = staff_member({"demo-bd": [Permission.JobsRead]})
    reader.login()
    reconcile = runs[0].job
    page = reader.browser.get("/bo/api/jobs/runs", {"brand": "demo-bd", "job": reconcile, "pageSize": 2}).json["value"]
    assert page["total"] == 3
    assert [(r["id"], r["counts"]) for r in page["items"]] == [(runs[2].id, {"reconciled": 0}), (runs[1].id, {})]
    failed = reader.browser.get("/bo/api/jobs/runs", {"brand": "demo-bd", "job": reconcile, "outcome": "failed"}).json[
        "value"
    ]
    assert [(r["id"], r["error"]) for r in failed["items"]] == [(runs[1].id, "gateway timed out")]
    pulls = reader.browser.get("/bo/api/jobs/runs", {"brand": "demo-bd", "job": runs[4].job}).json["value"]
    assert [r["id"] for r in pulls["items"]] == [runs[3].id]  # demo-ph's run of the same job is not shown


def test_each_jobs_latest_run_and_its_failures_of_the_day(staff_member, runs):
    reader = staff_member({"demo-bd": [Permission.JobsRead]})
    reader.login()
    items = reader.browser.get("/bo/api/jobs", {"brand": "demo-bd"}).json["value"]["items"]
    ours = [(i["job"], i["latest"]["id"], i["failedToday"]) for i in items if i["job"] in {r.job for r in runs}]
    assert ours == [(runs[3].job, runs[3].id, 0), (runs[0].job, runs[2].id, 1)]


def test_the_deployments_own_runs_are_a_superusers(staff_member, runs):
    reader = staff_member({"demo-bd": [Permission.JobsRead]})
    reader.login()
    assert reader.browser.get("/bo/api/jobs/runs", status=403).json["code"] == "permission_denied"
    root = staff_member(superuser=True)
    root.login()
    page = root.browser.get("/bo/api/jobs/runs", {"job": runs[5].job}).json["value"]
    assert [(r["id"], r["brand"]) for r in page["items"]] == [(runs[5].id, None)]
    other = root.browser.get("/bo/api/jobs", {"brand": "demo-ph"}).json["value"]["items"]
    assert [i["latest"]["counts"] for i in other if i["job"] == runs[4].job] == [{"pulled": 3}]
