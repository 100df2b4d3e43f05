"""The ledger audit: a ledger written by the Ledger passes; each way a raw UPDATE can corrupt it
is caught by its check, and by that check only where the corruption breaks nothing else."""

import shutil

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from factories import MemberFactory, building_in
from tessera.commands import main
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.core.settings import ROOT
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import CHECKS, audit_brand
from tessera.wallet.ledger.models import LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg


def write_ledger(db, tenant_ids) -> dict:
    """Deposits, a withdrawal, a transfer between members and one to a vendor wallet on demo-bd;
    a deposit on demo-ph. Returns the accounts and transactions by name."""
    with building_in(db):
        ann, bob, ph_member = (
            MemberFactory(password=None),
            MemberFactory(password=None),
            MemberFactory(brand="demo-ph", password=None),
        )
    bd, ph = Ledger(db, tenant_ids["demo-bd"]), Ledger(db, tenant_ids["demo-ph"])
    clearing, payable = bd.house_account("deposits_clearing", ann.id), bd.house_account("withdrawals_payable", ann.id)
    ann_main, bob_main = bd.member_account(ann.id), bd.member_account(bob.id)
    ann_vendor = bd.member_account(ann.id, "vendor", "DEMOTW")
    ledger = {"ann_main": ann_main, "bob_main": bob_main, "clearing": clearing, "payable": payable}
    ledger["deposit"] = bd.post(
        "audit:deposit", "deposit", [Leg(clearing, -1000), Leg(ann_main, 1000)], member_id=ann.id
    )
    ledger["withdrawal"] = bd.post(
        "audit:withdrawal", "withdrawal", [Leg(ann_main, -400), Leg(payable, 400)], member_id=ann.id
    )
    ledger["transfer"] = bd.post(
        "audit:upline", "upline_out", [Leg(ann_main, -100), Leg(bob_main, 100)], member_id=ann.id
    )
    ledger["vendor"] = bd.post(
        "audit:vendor", "transfer_in", [Leg(ann_main, -300), Leg(ann_vendor, 300)], member_id=ann.id
    )
    ph_clearing, ph_main = ph.house_account("deposits_clearing", ph_member.id), ph.member_account(ph_member.id)
    ledger["ph_deposit"] = ph.post(
        "audit:deposit", "deposit", [Leg(ph_clearing, -700), Leg(ph_main, 700)], member_id=ph_member.id
    )
    db.flush()
    return ledger


@pytest.fixture
def before(db_session, tenant_ids) -> dict:
    """What each brand's ledger held before the test wrote its own (the database is shared), and
    how many house shards it had (others' tests may have made the ones the test posts to)."""
    held = {slug: audit_brand(db_session, tenant_id) for slug, tenant_id in tenant_ids.items()}
    held["houses"] = {slug: house_shards(db_session, tenant_id) for slug, tenant_id in tenant_ids.items()}
    return held


def house_shards(db, tenant_id: int) -> int:
    return db.scalar(
        select(func.count())
        .select_from(LedgerAccount)
        .where(LedgerAccount.tenant_id == tenant_id, LedgerAccount.kind == "house")
    )


@pytest.fixture
def ledger(db_session, tenant_ids, before):
    return write_ledger(db_session, tenant_ids)


def failing(report) -> dict[str, int]:
    return {finding.check: finding.found for finding in report.findings if finding.found}


def posting(db, transaction, account) -> LedgerPosting:
    return db.scalar(
        select(LedgerPosting).where(
            LedgerPosting.transaction_id == transaction.id, LedgerPosting.account_id == account.id
        )
    )


def run(db, sql, **params):
    db.execute(text(sql), params)
    db.expire_all()


def counts(report) -> tuple[int, int, int]:
    return report.accounts, report.transactions, report.postings


def written(report, before) -> tuple[int, ...]:
    return tuple(now - then for now, then in zip(counts(report), counts(before), strict=True))


def test_a_ledger_written_by_the_ledger_is_clean(db_session, tenant_ids, before, ledger):
    assert before["demo-bd"].clean and before["demo-ph"].clean
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert report.clean, report.findings
    assert [f.check for f in report.findings] == [check.name for check in CHECKS]
    # ann: main and vendor; bob: main; ann's shards of the two house accounts, unless made before.
    new_houses = {slug: house_shards(db_session, tenant_ids[slug]) - before["houses"][slug] for slug in tenant_ids}
    assert 0 <= new_houses["demo-bd"] <= 2 and 0 <= new_houses["demo-ph"] <= 1
    assert written(report, before["demo-bd"]) == (3 + new_houses["demo-bd"], 4, 8)
    ph = audit_brand(db_session, tenant_ids["demo-ph"])
    assert ph.clean and written(ph, before["demo-ph"]) == (1 + new_houses["demo-ph"], 1, 2)


def test_a_balance_that_is_not_the_sum_of_its_postings(db_session, tenant_ids, ledger):
    run(
        db_session,
        "UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE id = :id",
        id=ledger["bob_main"].id,
    )
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"balance": 1}
    assert report.findings[0].problems == [
        f"account {ledger['bob_main'].id} member:{ledger['bob_main'].member_id}:main: balance 1.01, "
        "its postings sum to 1.00"
    ]


def test_a_posting_amount_changed_alone(db_session, tenant_ids, ledger):
    # bob's only posting: his balance, the transfer and the running balance all break.
    target = posting(db_session, ledger["transfer"], ledger["bob_main"])
    run(db_session, "UPDATE ledger_postings SET amount_minor = 150 WHERE id = :id", id=target.id)
    assert failing(audit_brand(db_session, tenant_ids["demo-bd"])) == {
        "balance": 1,
        "transaction": 1,
        "running_balance": 1,
    }


def test_a_posting_moved_to_another_transaction(db_session, tenant_ids, ledger):
    target = posting(db_session, ledger["transfer"], ledger["bob_main"])
    run(
        db_session,
        "UPDATE ledger_postings SET transaction_id = :other WHERE id = :id",
        other=ledger["deposit"].id,
        id=target.id,
    )
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"transaction": 2}
    texts = report.findings[1].problems
    assert "1 posting(s) summing to -1.00" in texts[1] and "3 posting(s) summing to 1.00" in texts[0]


def test_a_transaction_without_postings(db_session, tenant_ids, ledger):
    db_session.add(
        LedgerTransaction(
            tenant_id=tenant_ids["demo-bd"], idempotency_key="audit:empty", kind="adjustment", fingerprint="0" * 64
        )
    )
    db_session.flush()
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"transaction": 1}
    assert "audit:empty: 0 posting(s)" in report.findings[1].problems[0]


def test_a_member_account_taken_below_zero(db_session, tenant_ids, ledger):
    # The transfer to bob grows by 10.00 on both sides, and every balance follows: only the
    # overdraft is wrong. ann: +10.00 (10.00), -4.00 (6.00), -11.00 (-5.00), -3.00 (-8.00).
    ann, bob = ledger["ann_main"], ledger["bob_main"]
    ann_leg, bob_leg = posting(db_session, ledger["transfer"], ann), posting(db_session, ledger["transfer"], bob)
    run(db_session, "UPDATE ledger_postings SET amount_minor = amount_minor - 1000 WHERE id = :id", id=ann_leg.id)
    run(
        db_session,
        "UPDATE ledger_postings SET balance_after_minor = balance_after_minor - 1000 "
        "WHERE account_id = :ann AND id >= :id",
        ann=ann.id,
        id=ann_leg.id,
    )
    run(
        db_session,
        "UPDATE ledger_postings SET amount_minor = amount_minor + 1000, "
        "balance_after_minor = balance_after_minor + 1000 WHERE id = :id",
        id=bob_leg.id,
    )
    run(db_session, "UPDATE ledger_accounts SET balance_minor = balance_minor - 1000 WHERE id = :id", id=ann.id)
    run(db_session, "UPDATE ledger_accounts SET balance_minor = balance_minor + 1000 WHERE id = :id", id=bob.id)
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"negative_balance": 1, "negative_history": 1}
    by_check = {f.check: f.problems for f in report.findings}
    assert by_check["negative_balance"] == [f"account {ann.id} {ann.code} may not go negative and has -8.00"]
    assert by_check["negative_history"] == [
        f"account {ann.id} {ann.code} may not go negative and went to -8.00 after 2 posting(s)"
    ]


def swap_postings(db, first: LedgerPosting, second: LedgerPosting, afters: tuple[int, int]) -> None:
    """Give ``first`` what ``second`` posted and the other way round (transaction and amount), with
    the given balances after them: the same movements, written in the other order."""
    moves = [(p.id, p.transaction_id, p.amount_minor) for p in (second, first)]
    for (_, txn, amount), target, after in zip(moves, (first, second), afters, strict=True):
        run(
            db,
            "UPDATE ledger_postings SET transaction_id = :txn, amount_minor = :amount, "
            "balance_after_minor = :after WHERE id = :id",
            txn=txn,
            amount=amount,
            after=after,
            id=target.id,
        )


def test_a_member_account_that_went_negative_and_came_back(db_session, tenant_ids, ledger):
    ann = ledger["ann_main"]
    deposit, withdrawal = posting(db_session, ledger["deposit"], ann), posting(db_session, ledger["withdrawal"], ann)
    assert (deposit.amount_minor, withdrawal.amount_minor) == (1000, -400) and deposit.id < withdrawal.id
    swap_postings(db_session, deposit, withdrawal, afters=(-400, 600))  # the withdrawal first: -4.00, then +10.00
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"negative_history": 1}
    assert "went to -4.00 after 1 posting(s)" in report.findings[4].problems[0]


def test_a_posting_out_of_order(db_session, tenant_ids, ledger):
    ann = ledger["ann_main"]
    deposit, withdrawal = posting(db_session, ledger["deposit"], ann), posting(db_session, ledger["withdrawal"], ann)
    swap_postings(db_session, deposit, withdrawal, afters=(600, 1000))  # the balances after no longer run
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"running_balance": 2}
    deposit_id = deposit.id
    problems = {f.check: f.problems for f in report.findings}["running_balance"]
    assert problems[0] == (
        f"posting {deposit_id} (account {ann.id}, transaction {ledger['withdrawal'].id}): "
        "balance after 6.00, but the account's postings up to it sum to -4.00"
    )


def test_a_wrong_balance_after(db_session, tenant_ids, ledger):
    run(
        db_session,
        "UPDATE ledger_postings SET balance_after_minor = balance_after_minor + 5 WHERE id = :id",
        id=posting(db_session, ledger["withdrawal"], ledger["payable"]).id,
    )
    assert failing(audit_brand(db_session, tenant_ids["demo-bd"])) == {"running_balance": 1}


@pytest.mark.parametrize("code", ["member", "house"])
def test_an_account_with_the_wrong_overdraft_rule(db_session, tenant_ids, ledger, code):
    account = ledger["ann_main"] if code == "member" else ledger["payable"]  # both hold money
    run(db_session, "UPDATE ledger_accounts SET allow_negative = NOT allow_negative WHERE id = :id", id=account.id)
    report = audit_brand(db_session, tenant_ids["demo-bd"])
    assert failing(report) == {"overdraft_rule": 1}
    may = "may" if code == "member" else "may not"
    assert {f.check: f.problems for f in report.findings}["overdraft_rule"] == [
        f"account {account.id} {account.code} ({account.kind}) {may} go negative; only house accounts may"
    ]


def test_a_posting_in_another_brand(db_session, tenant_ids, ledger):
    target = posting(db_session, ledger["transfer"], ledger["bob_main"])
    run(db_session, "UPDATE ledger_postings SET tenant_id = :ph WHERE id = :id", ph=tenant_ids["demo-ph"], id=target.id)
    bd, ph = tenant_ids["demo-bd"], tenant_ids["demo-ph"]
    expected = f"posting {target.id} belongs to brand {ph}, its transaction to brand {bd}, its account to brand {bd}"
    for tenant_id in (bd, ph):  # each brand's audit sees it
        report = audit_brand(db_session, tenant_id)
        assert failing(report) == {"brand": 1}
        assert report.findings[-1].problems == [expected]


def test_a_transaction_in_another_brand(db_session, tenant_ids, ledger):
    run(
        db_session,
        "UPDATE ledger_transactions SET tenant_id = :ph WHERE id = :id",
        ph=tenant_ids["demo-ph"],
        id=ledger["vendor"].id,
    )
    assert failing(audit_brand(db_session, tenant_ids["demo-bd"])) == {"brand": 2}
    assert failing(audit_brand(db_session, tenant_ids["demo-ph"])) == {"brand": 2}


def test_problems_are_listed_up_to_the_limit_and_counted_in_full(db_session, tenant_ids, ledger):
    ours = [ledger[name].id for name in ("deposit", "withdrawal", "transfer", "vendor")]
    run(
        db_session,
        "UPDATE ledger_postings SET balance_after_minor = balance_after_minor + 1 "
        f"WHERE transaction_id IN ({', '.join(map(str, ours))})",
    )
    finding = {f.check: f for f in audit_brand(db_session, tenant_ids["demo-bd"], limit=3).findings}["running_balance"]
    assert finding.found == 8 and len(finding.problems) == 3


def test_a_session_scoped_to_one_brand_is_refused(db_session, tenant_ids, ledger):
    db_session.info["tenant_id"] = tenant_ids["demo-bd"]
    try:
        with pytest.raises(ValueError, match="all brands"):
            audit_brand(db_session, tenant_ids["demo-bd"])
    finally:
        db_session.info["tenant_id"] = ALL_TENANTS


# -- tessera ledger audit -----------------------------------------------------------------


@pytest.fixture(scope="module")
def operator_db(tmp_path_factory):
    """A migrated, synced SQLite database of its own, with a ledger committed on it."""
    tmp = tmp_path_factory.mktemp("ledger-audit")
    tenants_dir = tmp / "tenants"
    shutil.copytree(ROOT / "tenants", tenants_dir)
    env = {
        "TESSERA_DATABASE_URL": f"sqlite:///{tmp / 'audit.sqlite'}",
        "TESSERA_TENANTS_DIR": str(tenants_dir),
        "TESSERA_SECRET_KEY": "ledger-audit-secret",
    }
    for command in (["db", "upgrade"], ["tenants", "sync"]):
        assert CliRunner().invoke(main, command, env=env).exit_code == 0
    engine = make_engine(env["TESSERA_DATABASE_URL"])
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        write_ledger(db, {t.slug: t.id for t in db.scalars(select(Tenant))})
        db.commit()
    yield env, engine
    engine.dispose()


def tessera(env, *args, exit_code=0):
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exit_code == exit_code, result.output
    return result.output


@pytest.fixture
def corrupt(operator_db):
    """``corrupt(sql)``: a committed raw UPDATE, undone after the test by its inverse."""
    env, engine = operator_db
    undo = []

    def apply(sql, inverse):
        with engine.begin() as connection:
            connection.execute(text(sql))
        undo.append(inverse)

    yield apply
    for sql in reversed(undo):
        with engine.begin() as connection:
            connection.execute(text(sql))


def test_the_audit_command_passes_a_clean_ledger(operator_db):
    env, _ = operator_db
    assert tessera(env, "ledger", "audit", "--skip-vendors").splitlines() == [
        "demo-bd: 5 accounts, 4 transactions, 8 postings, 0 problem(s)",
        "  house accounts: deposits_clearing -10.00 (1 shard), withdrawals_payable 4.00 (1 shard)",
        "demo-ph: 2 accounts, 1 transactions, 2 postings, 0 problem(s)",
        "  house accounts: deposits_clearing -7.00 (1 shard)",
        "demo-vn: 0 accounts, 0 transactions, 0 postings, 0 problem(s)",
        "ledger audit: 3 brand(s), 0 problem(s)",
    ]
    assert (
        tessera(env, "ledger", "audit", "--skip-vendors", "demo-ph").splitlines()[-1]
        == "ledger audit: 1 brand(s), 0 problem(s)"
    )


def test_the_audit_command_lists_problems_and_fails(operator_db, corrupt):
    env, _ = operator_db
    corrupt(
        "UPDATE ledger_postings SET balance_after_minor = balance_after_minor + 1",
        "UPDATE ledger_postings SET balance_after_minor = balance_after_minor - 1",
    )
    lines = tessera(env, "ledger", "audit", "--skip-vendors", "--limit", "2", exit_code=1).splitlines()
    assert lines[0] == "demo-bd: 5 accounts, 4 transactions, 8 postings, 8 problem(s)"
    assert [line.split(":")[0] for line in lines[2:5]] == ["  running_balance"] * 3
    assert lines[4] == "  running_balance: ... and 6 more"
    assert lines[5] == "demo-ph: 2 accounts, 1 transactions, 2 postings, 2 problem(s)"
    assert lines[-1] == "ledger audit: 3 brand(s), 10 problem(s)"


def test_the_audit_command_checks_only_the_brand_asked_for(operator_db, corrupt):
    env, _ = operator_db
    corrupt(
        "UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE code LIKE 'house:deposits_clearing:%' "
        "AND tenant_id = (SELECT id FROM tenants WHERE slug = 'demo-ph')",
        "UPDATE ledger_accounts SET balance_minor = balance_minor - 1 WHERE code LIKE 'house:deposits_clearing:%' "
        "AND tenant_id = (SELECT id FROM tenants WHERE slug = 'demo-ph')",
    )
    tessera(env, "ledger", "audit", "--skip-vendors", "demo-bd")
    output = tessera(env, "ledger", "audit", "--skip-vendors", "demo-ph", exit_code=1)
    assert "balance: account" in output and "house:deposits_clearing:" in output and ": balance -6.99" in output


def test_the_audit_command_refuses_an_unknown_brand(operator_db):
    env, _ = operator_db
    assert "no brand 'demo-xx'" in tessera(env, "ledger", "audit", "--skip-vendors", "demo-xx", exit_code=2)
