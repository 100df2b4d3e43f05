"""A gateway's notifications about deposits: checked by the plugin that started the deposit,
credited once whatever their number, order or lateness, refused when forged, unreadable, of
another amount or about another brand's deposit; deposits whose notification never came are
reconciled by asking the gateway, and shown expired after the brand's expiry."""

import hashlib
import hmac
from contextlib import contextmanager
from datetime import timedelta

import pytest
import webtest
from sqlalchemy import func, select

from tessera.core.db import ALL_TENANTS, operator_session
from tessera.core.timeutil import now
from tessera.identity.accounts.models import AuditEvent
from tessera.plugins import TenantPlugins
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.models import LedgerAccount, LedgerTransaction
from tessera.wallet.ledger.services import house_code, house_shard
from tessera.wallet.payments.deposits import reconcile
from tessera.wallet.payments.models import Deposit
from wallet_helpers import (
    GATEWAY,
    PLUGIN,
    RACERS,
    SECRETS,
    SIGNATURE,
    Caller,
    LocalWsgi,
    balance,
    long_sessions,
    notification,
    pay_on_checkout,
    postings,
    race,
    request_id,
    set_brand,
    set_wallet,
    webhook,
)

DEPOSITS = "/wps/wallet/deposits"


def start(caller, amount="500.00") -> int:
    body = {"channel": GATEWAY, "amount": amount, "requestId": request_id()}
    return caller.post(DEPOSITS, body)["value"]["deposit"]["id"]


def status_of(caller, deposit_id) -> str:
    return caller.get(f"{DEPOSITS}/{deposit_id}")["value"]["status"]


def credits(db, deposit_id) -> int:
    return db.scalar(
        select(func.count())
        .select_from(LedgerTransaction)
        .where(LedgerTransaction.idempotency_key == f"deposit:{deposit_id}:paid")
    )


class TestPaid:
    def test_a_paid_notification_credits_the_member(self, payments, member_of, bd, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller, "750.25")
        assert webhook(bd, *notification("demo-bd", deposit_id, "paid", "750.25")) == {
            "success": True,
            "code": None,
            "message": None,
            "value": {"received": True},
        }
        assert balance(db_session, member) == 75025
        shown = caller.get(f"{DEPOSITS}/{deposit_id}")["value"]
        assert (shown["status"], shown["reference"]) == ("paid", f"GW-{deposit_id}")
        transaction = db_session.scalar(
            select(LedgerTransaction).where(LedgerTransaction.idempotency_key == f"deposit:{deposit_id}:paid")
        )
        assert (transaction.kind, transaction.member_id, transaction.reference) == (
            "deposit",
            member.id,
            f"deposit:{deposit_id}",
        )
        clearing = db_session.scalar(
            select(LedgerAccount).where(
                LedgerAccount.code == house_code("deposits_clearing", house_shard(member.id)),
                LedgerAccount.tenant_id == member.tenant_id,
            )
        )
        assert {p.account_id: p.amount_minor for p in transaction.postings}[clearing.id] == -75025

    def test_a_duplicated_notification_is_answered_and_credits_nothing_more(self, payments, member_of, bd, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        headers, body = notification("demo-bd", deposit_id)
        for _ in range(3):
            assert webhook(bd, headers, body)["value"] == {"received": True}
        assert balance(db_session, member) == 50000
        assert credits(db_session, deposit_id) == 1

    @pytest.mark.parametrize("after", ["failed", "pending"])
    def test_news_older_than_paid_changes_nothing(self, payments, member_of, bd, db_session, after):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        webhook(bd, *notification("demo-bd", deposit_id, "paid"))
        webhook(bd, *notification("demo-bd", deposit_id, after))
        assert status_of(caller, deposit_id) == "paid"
        assert balance(db_session, member) == 50000

    def test_failed_then_paid_credits_the_payment_taken_after_all(self, payments, member_of, bd, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        webhook(bd, *notification("demo-bd", deposit_id, "pending"))
        assert status_of(caller, deposit_id) == "pending"
        webhook(bd, *notification("demo-bd", deposit_id, "failed"))
        assert status_of(caller, deposit_id) == "failed"
        assert balance(db_session, member) == 0
        webhook(bd, *notification("demo-bd", deposit_id, "paid"))
        assert status_of(caller, deposit_id) == "paid"
        assert balance(db_session, member) == 50000

    def test_a_paid_notification_after_the_expiry_still_credits(self, payments, member_of, bd, db_session, clock):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        clock.advance(minutes=59)
        assert status_of(caller, deposit_id) == "pending"
        clock.advance(minutes=1)
        assert status_of(caller, deposit_id) == "expired"
        assert caller.get(DEPOSITS, status="expired")["value"]["total"] == 1
        assert caller.get(DEPOSITS, status="pending")["value"]["total"] == 0
        webhook(bd, *notification("demo-bd", deposit_id, "paid"))
        assert status_of(caller, deposit_id) == "paid"
        assert balance(db_session, member) == 50000

    def test_the_expiry_is_the_brands(self, payments, member_of, db_session, clock):
        set_wallet(db_session, "demo-bd", deposit_expiry_minutes=5)
        _, caller = member_of("demo-bd")
        deposit_id = start(caller)
        clock.advance(minutes=5)
        assert status_of(caller, deposit_id) == "expired"


class TestRefused:
    def test_a_forged_signature(self, payments, member_of, bd, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        headers, body = notification("demo-bd", deposit_id, secret="guessed-secret")
        answer = webhook(bd, headers, body, status=401)
        assert (answer["code"], answer["message"]) == ("payment_signature_invalid", answer["message"])
        assert db_session.scalar(select(func.count()).where(AuditEvent.kind == "payment_forged")) == 1
        _, signed = notification("demo-bd", deposit_id)
        assert (
            webhook(bd, {"X-Test-Signature": headers["X-Test-Signature"]}, signed, status=401)["code"]
            == "payment_signature_invalid"
        )  # a signature of another body
        assert balance(db_session, member) == 0 and status_of(caller, deposit_id) == "pending"

    def test_another_brands_secret_is_forged_here(self, payments, member_of, bd, db_session):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        headers, body = notification("demo-bd", deposit_id, secret=SECRETS["demo-ph"])
        assert webhook(bd, headers, body, status=401)["code"] == "payment_signature_invalid"
        assert balance(db_session, member) == 0

    @pytest.mark.parametrize("body", [b"", b"not json", b'{"deposit": "1"}', b"[1, 2]"])
    def test_a_malformed_notification(self, payments, bd, body):
        headers = {SIGNATURE: hmac.new(SECRETS["demo-bd"].encode(), body, hashlib.sha256).hexdigest()}
        assert webhook(bd, headers, body, status=400)["code"] == "payment_notification_malformed"

    @pytest.mark.parametrize("status, deposit", [("refunded", None), ("paid", "twelve")])
    def test_a_reading_the_core_cannot_use_is_malformed(self, payments, member_of, bd, db_session, status, deposit):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller)
        headers, body = notification("demo-bd", deposit or deposit_id, status)
        assert webhook(bd, headers, body, status=400)["code"] == "payment_notification_malformed"
        assert balance(db_session, member) == 0

    @pytest.mark.parametrize(
        "amount, currency", [("499.99", "BDT"), ("500.01", "BDT"), ("5000.00", "BDT"), ("500.00", "PHP")]
    )
    def test_another_amount_or_currency_is_refused_audited_and_not_credited(
        self, payments, member_of, bd, db_session, amount, currency
    ):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller, "500.00")
        answer = webhook(bd, *notification("demo-bd", deposit_id, "paid", amount, currency=currency), status=409)
        assert answer["code"] == "payment_amount_mismatch"
        assert balance(db_session, member) == 0 and status_of(caller, deposit_id) == "pending"
        event = db_session.scalar(select(AuditEvent).where(AuditEvent.kind == "deposit_mismatch"))
        assert (event.member_id, event.detail["deposit"], event.detail["amount"]) == (member.id, deposit_id, amount)
        assert webhook(bd, *notification("demo-bd", deposit_id, "paid", "500.00"))["value"] == {"received": True}
        assert balance(db_session, member) == 50000

    def test_another_brands_deposit_is_not_found(self, payments, member_of, bd, ph, db_session):
        ph_member, ph_caller = member_of("demo-ph")
        deposit_id = start(ph_caller, "500.00")
        # Signed rightly for demo-bd, naming demo-ph's deposit, sent to demo-bd: no such deposit there.
        answer = webhook(bd, *notification("demo-bd", deposit_id, "paid", "500.00", currency="BDT"), status=404)
        assert answer["code"] == "deposit_not_found"
        assert balance(db_session, ph_member) == 0
        webhook(ph, *notification("demo-ph", deposit_id, "paid", "500.00"))
        assert balance(db_session, ph_member) == 50000

    @pytest.mark.parametrize("deposit_id", [987654321, 0, -5, 2**31, 10**30])
    def test_a_deposit_never_made(self, payments, bd, deposit_id):
        assert webhook(bd, *notification("demo-bd", deposit_id), status=404)["code"] == "deposit_not_found"

    def test_a_plugin_the_brand_does_not_enable_or_a_channel_not_its_own(self, payments, member_of, bd):
        _, caller = member_of("demo-bd")
        deposit_id = start(caller)
        headers, body = notification("demo-bd", deposit_id)
        assert webhook(bd, headers, body, status=404, plugin="cidr-region")["code"] == "payment_channel_unknown"
        assert webhook(bd, headers, body, status=404, plugin="no-such-plugin")["code"] == "payment_channel_unknown"
        assert webhook(bd, headers, body, status=404, channel="testbank")["code"] == "payment_channel_unknown"
        assert status_of(caller, deposit_id) == "pending"


def reconciled(app, db_session, at=None, slug="demo-bd") -> dict:
    """``tessera payments reconcile`` within the test's transaction: each deposit in a savepoint."""
    tenant = TenantContext.from_row(db_session.scalar(select(Tenant).where(Tenant.slug == slug)))

    @contextmanager
    def unit_of_work():
        db_session.info["tenant_id"] = tenant.id
        try:
            with db_session.begin_nested():
                yield db_session
        finally:
            db_session.info["tenant_id"] = ALL_TENANTS

    plugins = TenantPlugins(app.registry["plugin_manager"], tenant)
    return reconcile(unit_of_work, plugins, tenant, at or now(app.registry))


class TestReconcile:
    def run(self, app, db_session):
        return reconciled(app, db_session)

    def test_the_gateway_is_asked_about_deposits_it_never_told_of(self, app, payments, member_of, db_session, clock):
        member, caller = member_of("demo-bd")
        paid, failed, unknown, silent = (start(caller) for _ in range(4))
        payments.answers[("demo-bd", str(paid))] = {
            "depositId": str(paid),
            "status": "paid",
            "amount": "500.00",
            "reference": "GW-LATE",
        }
        payments.answers[("demo-bd", str(failed))] = {
            "depositId": str(failed),
            "status": "failed",
            "amount": "500.00",
            "reference": "GW-F",
        }
        clock.advance(minutes=6)
        young_now = start(caller)
        assert self.run(app, db_session) == {
            "credited": 1,
            "failed": 1,
            "expired": 0,
            "unchanged": 2,
            "mismatch": 0,
            "unavailable": 0,
        }
        assert [status_of(caller, d) for d in (paid, failed, unknown, young_now)] == [
            "paid",
            "failed",
            "pending",
            "pending",
        ]
        assert balance(db_session, member) == 50000
        assert self.run(app, db_session)["credited"] == 0  # asked again: nothing more
        clock.advance(minutes=59)  # the first four are past the hour, the young one not yet
        assert self.run(app, db_session)["expired"] == 2
        assert [status_of(caller, d) for d in (unknown, silent, young_now)] == ["expired", "expired", "pending"]
        assert db_session.scalar(select(Deposit.status).where(Deposit.id == unknown)) == "expired"
        assert balance(db_session, member) == 50000

    def test_a_gateway_answering_another_amount_credits_nothing(self, app, payments, member_of, db_session, clock):
        member, caller = member_of("demo-bd")
        deposit_id = start(caller, "500.00")
        payments.answers[("demo-bd", str(deposit_id))] = {
            "depositId": str(deposit_id),
            "status": "paid",
            "amount": "5000.00",
            "reference": "GW-X",
        }
        clock.advance(minutes=6)
        assert self.run(app, db_session)["mismatch"] == 1
        assert balance(db_session, member) == 0 and status_of(caller, deposit_id) == "pending"
        assert db_session.scalar(select(func.count()).where(AuditEvent.kind == "deposit_mismatch")) == 1

    def test_an_unreachable_gateway_leaves_deposits_as_they_are(self, app, payments, member_of, db_session, clock):
        _, caller = member_of("demo-bd")
        deposit_id = start(caller)
        clock.advance(minutes=10)
        payments.unavailable = True
        assert self.run(app, db_session)["unavailable"] == 1
        assert db_session.scalar(select(Deposit.status).where(Deposit.id == deposit_id)) == "pending"


def test_duplicate_notifications_at_once_credit_once(race_app, engine, committed):
    app = webtest.TestApp(race_app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
    member = {"Authorization": f"Bearer {committed['token']}"}
    body = {"channel": GATEWAY, "amount": "900.00", "requestId": request_id()}
    deposit_id = app.post_json(DEPOSITS, body, headers=member).json["value"]["deposit"]["id"]
    headers, notice = notification("demo-bd", deposit_id, "paid", "900.00")
    answers = race(
        [lambda: app.post(f"/wps/payments/webhook/{PLUGIN}/{GATEWAY}", notice, headers=headers, expect_errors=True)]
        * RACERS
    )
    assert answers == [200] * RACERS
    with operator_session(engine, ALL_TENANTS) as db:
        main = db.scalar(select(LedgerAccount).where(LedgerAccount.code == f"member:{committed['member_id']}:main"))
        assert main.balance_minor == 90000
        assert postings(db, main) == 1
        assert db.scalar(select(Deposit.status).where(Deposit.id == deposit_id)) == "paid"


# -- The signed gateway plugin and its sandbox, over HTTP -----------------------------------

SANDBOX_MERCHANT, SANDBOX_SECRET = "demo-bd-tests", "sandbox-secret-for-tests"


@pytest.fixture
def sandbox():
    from tessera_sandboxes.server import mount
    from tessera_sandboxes.signed_gateway.server import make_app as gateway_app

    gateway = gateway_app({SANDBOX_MERCHANT: SANDBOX_SECRET}, retry_delays=(), notify_timeout=5)
    server = LocalWsgi(mount({"/gateway": gateway}))
    yield gateway, server
    gateway.close()
    server.close()


@pytest.fixture
def brand_on_sandbox(sandbox, db_session):
    gateway, server = sandbox
    set_brand(
        db_session,
        "demo-bd",
        plugins={
            "signed-gateway": {
                "base_url": f"{server.origin}/gateway",
                "merchant_id": SANDBOX_MERCHANT,
                "secret": SANDBOX_SECRET,
                "timeout_seconds": 5,
                "channels": [{"channel": "bkash", "title": "bKash", "min": "100", "max": "25000"}],
            }
        },
    )
    long_sessions(db_session, "demo-bd")
    return gateway


def test_a_deposit_through_the_signed_gateway_sandbox(app, brand_on_sandbox, members, token_of, db_session):
    """The member is sent to the sandbox's checkout, pays, and the sandbox's notification reaches
    the app over HTTP: the deposit is credited once, even when the gateway sends it again."""
    gateway = brand_on_sandbox
    served = LocalWsgi(app)
    try:
        set_brand(db_session, "demo-bd", public_url=f"http://demo-bd.localhost:{served.port}")
        member = members("demo-bd")
        www = webtest.TestApp(app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"})
        caller = Caller(www, token_of(member))
        channels = caller.get("/wps/wallet/deposit/channels")["value"]["channels"]
        assert [(c["channel"], c["plugin"], c["minAmount"], c["maxAmount"]) for c in channels] == [
            ("bkash", "signed-gateway", "100.00", "25000.00")
        ]
        started = caller.post(DEPOSITS, {"channel": "bkash", "amount": "650.00", "requestId": request_id()})["value"]
        deposit_id = started["deposit"]["id"]
        order = next(o for o in gateway.orders.values() if o["order_id"] == str(deposit_id))
        assert started["redirectUrl"].endswith(f"/gateway/pay/{order['reference']}")
        origin = f"http://demo-bd.localhost:{served.port}"
        assert order["notify_url"] == f"{origin}/wps/payments/webhook/signed-gateway/bkash"
        assert pay_on_checkout(started["redirectUrl"]) == 303
        assert order["notifications"][-1]["outcome"] == 200
        assert balance(db_session, member) == 65000
        shown = caller.get(f"{DEPOSITS}/{deposit_id}")["value"]
        assert (shown["status"], shown["reference"]) == ("paid", order["reference"])
        assert gateway._deliver(order["reference"])  # the gateway sends it again: answered, not credited again
        assert balance(db_session, member) == 65000 and credits(db_session, deposit_id) == 1
    finally:
        served.close()


def test_a_lost_notification_is_found_by_asking_the_sandbox(app, brand_on_sandbox, members, token_of, db_session):
    gateway = brand_on_sandbox
    member = members("demo-bd")
    www = webtest.TestApp(app, extra_environ={"HTTP_HOST": "demo-bd.localhost:9", "REMOTE_ADDR": "203.0.113.9"})
    caller = Caller(www, token_of(member))
    started = caller.post(DEPOSITS, {"channel": "bkash", "amount": "300", "requestId": request_id()})["value"]
    assert pay_on_checkout(started["redirectUrl"]) == 303  # the notification finds no one on port 9
    order = next(o for o in gateway.orders.values() if o["order_id"] == str(started["deposit"]["id"]))
    assert order["status"] == "paid" and order["notifications"][-1]["outcome"] != 200
    assert balance(db_session, member) == 0
    counts = reconciled(app, db_session, now(app.registry) + timedelta(minutes=6))
    assert counts["credited"] == 1
    assert balance(db_session, member) == 30000
