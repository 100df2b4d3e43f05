"""The operator API's keys (made and revoked with ``tessera operators``, one brand each), bonuses
credited by operators, and ``tessera payments reconcile``."""

import shutil
from datetime import timedelta

import pytest
import webtest
from click.testing import CliRunner
from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from factories import DepositFactory, MemberFactory, building_in
from tessera.core.db import ALL_TENANTS, make_engine, operator_session
from tessera.core.settings import ROOT, Settings
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import AGENT_TYPES, AuditEvent, Member
from tessera.migrate import upgrade
from tessera.plugins import TenantPlugins, plugin_manager, settings_schemas
from tessera.tenancy.context import TenantContext
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.models import Tenant
from tessera.tenancy.services import sync_tenants
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.operators.commands import operators
from tessera.wallet.operators.models import OperatorKey
from tessera.wallet.operators.services import key_hash, revoke_key
from tessera.wallet.payments.commands import payments
from tessera.wallet.payments.models import Deposit
from wallet_helpers import RACERS, Caller, LocalWsgi, balance, pay_on_checkout, race, request_id


class TestKeys:
    def test_a_call_without_a_live_key_of_the_brand_is_401(self, operator_of, member_of, bd, ph):
        bd_operator, ph_operator = operator_of("demo-bd"), operator_of("demo-ph")
        _, member = member_of("demo-bd")
        assert bd_operator.get("/ops/deposits")["success"] is True
        for token in (None, "not-a-key", ph_operator.token, member.token, bd_operator.token + "x"):
            answer = Caller(bd, token).get("/ops/deposits", expect=401)
            assert answer["code"] == "operator_key_invalid"
        answer = Caller(ph, bd_operator.token).post("/ops/withdrawals/1/approve", status=401)
        assert answer["code"] == "operator_key_invalid"
        response = bd.get("/ops/withdrawals", headers={"Authorization": f"Basic {bd_operator.token}"}, status=401)
        assert response.headers["WWW-Authenticate"] == "Bearer"

    def test_a_revoked_key_is_refused(self, operator_of, db_session, tenant_ids):
        operator = operator_of("demo-bd")
        name = db_session.scalar(select(OperatorKey.name).where(OperatorKey.key_hash == key_hash(operator.token)))
        assert revoke_key(db_session, tenant_ids["demo-bd"], name, utcnow())
        db_session.flush()
        assert operator.get("/ops/deposits", expect=401)["code"] == "operator_key_invalid"

    def test_only_the_hash_is_kept(self, operator_of, db_session):
        operator = operator_of("demo-bd")
        stored = db_session.scalar(select(OperatorKey).where(OperatorKey.key_hash == key_hash(operator.token)))
        assert len(operator.token) >= 43 and stored.key_hash != operator.token and len(stored.key_hash) == 64


class TestBonus:
    def test_a_bonus_is_credited_once(self, operator_of, member_of, db_session):
        member, _ = member_of("demo-bd")
        operator = operator_of("demo-bd")
        body = {
            "username": member.username.upper(),
            "amount": "88.50",
            "title": "Welcome bonus",
            "requestId": request_id(),
        }
        value = operator.post("/ops/bonuses", body)["value"]
        assert (value["memberId"], value["amount"], value["title"], value["mainBalance"]) == (
            member.id,
            "88.50",
            "Welcome bonus",
            "88.50",
        )
        assert operator.post("/ops/bonuses", body)["value"]["transactionId"] == value["transactionId"]
        assert balance(db_session, member) == 8850
        transaction = db_session.scalar(select(LedgerTransaction).where(LedgerTransaction.id == value["transactionId"]))
        assert (transaction.kind, transaction.remark, transaction.member_id) == ("bonus", "Welcome bonus", member.id)
        for changed in ({"amount": "88.51"}, {"title": "Another bonus"}):
            assert operator.post("/ops/bonuses", {**body, **changed}, status=409)["code"] == "idempotency_conflict"
        assert balance(db_session, member) == 8850
        assert db_session.scalar(select(func.count()).where(AuditEvent.kind == "bonus_granted")) == 1
        line = db_session.scalars(select(AuditEvent).where(AuditEvent.kind == "bonus_granted")).one()
        key = db_session.scalars(select(OperatorKey).where(OperatorKey.key_hash == key_hash(operator.token))).one()
        assert (line.tenant_id, line.member_id, line.detail) == (
            member.tenant_id,
            member.id,
            {"transaction": value["transactionId"], "operator": key.name},
        )
        assert line.ip and line.created_at is not None

    def test_a_bonus_finds_its_member_and_accounts_in_one_statement(self, operator_of, member_of, db_session):
        """The member's first bonus makes their main account; each bonus after it reads the member,
        their main account and their shard of house:bonuses in the statement that finds the member."""
        member, _ = member_of("demo-bd")
        operator = operator_of("demo-bd")
        body = {"username": member.username, "amount": "1", "title": "Bonus"}
        operator.post("/ops/bonuses", {**body, "requestId": request_id()})
        statements = []
        engine = db_session.get_bind().engine
        listen = lambda *args: statements.append(args[2])  # noqa: E731
        event.listen(engine, "before_cursor_execute", listen)
        try:
            assert operator.post("/ops/bonuses", {**body, "requestId": request_id()})["value"]["mainBalance"] == "2.00"
        finally:
            event.remove(engine, "before_cursor_execute", listen)
        assert [s for s in statements if s.startswith("SELECT ledger_accounts.")] == []  # no look-up of its own
        assert balance(db_session, member) == 200

    def test_only_a_real_member_of_the_brand(self, operator_of, member_of, db_session):
        operator = operator_of("demo-bd")
        agent, _ = member_of("demo-bd", member_type=sorted(AGENT_TYPES)[0])
        ph_member, _ = member_of("demo-ph")
        body = {"amount": "10", "title": "Bonus", "requestId": request_id()}
        assert (
            operator.post("/ops/bonuses", {**body, "username": agent.username}, status=403)["code"]
            == "in_need_true_account"
        )
        assert (
            operator.post("/ops/bonuses", {**body, "username": ph_member.username}, status=404)["code"]
            == "member_not_found"
        )
        assert balance(db_session, ph_member) == 0

    @pytest.mark.parametrize(
        "amount, code", [("0", "amount_invalid"), ("-1", "amount_invalid"), ("1.005", "amount_too_precise")]
    )
    def test_bad_amounts(self, operator_of, member_of, amount, code):
        member, _ = member_of("demo-bd")
        body = {"username": member.username, "amount": amount, "title": "Bonus", "requestId": request_id()}
        assert operator_of("demo-bd").post("/ops/bonuses", body, status=400)["code"] == code


def test_bonuses_sent_at_once_post_each_request_once(race_app, engine, committed):
    """Bonuses sent at once to one member, two of them under one request id: each request id posts
    once and writes one line of the audit log, and the member holds their sum."""
    member_id = committed["member_id"]
    with operator_session(engine, ALL_TENANTS) as db:
        username = db.get_one(Member, member_id).username
    app = webtest.TestApp(race_app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    operator = {"Authorization": f"Bearer {committed['key']}"}
    ids = [request_id() for _ in range(RACERS - 1)]
    bodies = [{"username": username, "amount": "1.25", "title": "Race", "requestId": rid} for rid in ids + ids[:1]]
    answers = race([lambda body=body: app.post_json("/ops/bonuses", body, headers=operator) for body in bodies])
    assert answers == [200] * RACERS
    with operator_session(engine, ALL_TENANTS) as db:
        posted = db.scalar(
            select(func.count())
            .select_from(LedgerTransaction)
            .where(LedgerTransaction.member_id == member_id, LedgerTransaction.kind == "bonus")
        )
        lines = db.scalar(
            select(func.count()).where(AuditEvent.kind == "bonus_granted", AuditEvent.member_id == member_id)
        )
        main = db.scalar(select(LedgerAccount.balance_minor).where(LedgerAccount.code == f"member:{member_id}:main"))
    assert (posted, lines, main) == (len(ids), len(ids), 125 * len(ids))


# -- The command line, against a database of its own ------------------------------------------


@pytest.fixture
def own_database(tmp_path):
    tenants_dir = tmp_path / "tenants"
    shutil.copytree(ROOT / "tenants", tenants_dir)
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'ops.sqlite'}",
        tenants_dir=tenants_dir,
        secret_key="ops-test-secret",
        log_format="text",
    )
    upgrade(settings.database_url)
    engine = make_engine(settings.database_url)
    with Session(engine) as session:
        session.info["tenant_id"] = ALL_TENANTS
        sync_tenants(session, load_tenants(tenants_dir, settings_schemas(plugin_manager())), settings.secret_key)
        session.commit()
    yield settings, engine
    engine.dispose()


def run(group, settings, *args, exit_code=0):
    result = CliRunner().invoke(group, list(args), obj=settings)
    assert result.exit_code == exit_code, result.output
    return result.output


def test_keys_are_made_printed_once_and_revoked(own_database):
    settings, engine = own_database
    output = run(operators, settings, "create-key", "demo-bd", "back-office")
    key = output.strip().splitlines()[-1]
    assert "shown only now" in output
    with Session(engine) as session:
        session.info["tenant_id"] = ALL_TENANTS
        stored = session.scalar(select(OperatorKey).where(OperatorKey.name == "back-office"))
        assert stored.key_hash == key_hash(key) and key not in output.splitlines()[0]
        assert session.get(Tenant, stored.tenant_id).slug == "demo-bd"
    assert "in use" in run(operators, settings, "create-key", "demo-bd", "back-office", exit_code=1)
    run(operators, settings, "create-key", "demo-ph", "back-office")  # another brand's name space
    assert "revoked" in run(operators, settings, "revoke", "demo-bd", "back-office")
    assert "no live operator key" in run(operators, settings, "revoke", "demo-bd", "back-office", exit_code=1)
    assert "no brand" in run(operators, settings, "create-key", "nowhere", "x", exit_code=2)
    fresh = run(operators, settings, "create-key", "demo-bd", "back-office").strip().splitlines()[-1]
    assert fresh != key


def test_reconcile_asks_the_gateway_sandbox(own_database, tmp_path):
    from tessera_sandboxes.server import mount
    from tessera_sandboxes.signed_gateway.server import make_app as gateway_app

    settings, engine = own_database
    gateway = gateway_app({"ops-merchant": "ops-secret"}, retry_delays=())
    server = LocalWsgi(mount({"/gateway": gateway}))
    try:
        with Session(engine) as session:
            session.info["tenant_id"] = ALL_TENANTS
            tenant = session.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
            tenant.config = {
                **tenant.config,
                "plugins": {
                    "signed-gateway": {
                        "base_url": f"{server.origin}/gateway",
                        "merchant_id": "ops-merchant",
                        "secret": "ops-secret",
                        "channels": [{"channel": "bkash", "title": "bKash", "min": "100", "max": "25000"}],
                    }
                },
            }
            with building_in(session):
                member = MemberFactory()
                deposit = DepositFactory(
                    member=member,
                    amount="420.00",
                    plugin="signed-gateway",
                    channel="bkash",
                    channel_title="bKash",
                    created_at=utcnow() - timedelta(minutes=10),
                )
            session.commit()
            context = TenantContext.from_row(tenant)
            started = TenantPlugins(plugin_manager(), context).call(
                "signed-gateway",
                "tessera_payment_start",
                channel="bkash",
                deposit={
                    "depositId": str(deposit.id),
                    "amount": "420.00",
                    "currency": "BDT",
                    "returnUrl": "http://demo-bd.localhost/",
                    "notifyUrl": "http://127.0.0.1:9/unreachable",
                    "member": {"id": member.id, "username": member.username},
                },
            )
            member_id, deposit_id = member.id, deposit.id
        assert pay_on_checkout(started["redirectUrl"]) == 303  # its notification finds no one on port 9
        output = run(payments, settings, "reconcile", "demo-bd")
        assert "credited 1" in output
        with Session(engine) as session:
            session.info["tenant_id"] = ALL_TENANTS
            assert session.get(Deposit, deposit_id).status == "paid"
            main = session.scalar(select(LedgerAccount).where(LedgerAccount.code == f"member:{member_id}:main"))
            assert main.balance_minor == 42000
        assert "credited 0" in run(payments, settings, "reconcile", "demo-bd")
    finally:
        gateway.close()
        server.close()
