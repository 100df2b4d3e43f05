"""What the payment tests share: a payment plugin signing its notifications with HMAC (registered
in the app's plugin manager for one test and enabled on both demo brands instead of their own
plugins), members with money and sessions, operator keys, and calls whose answers are checked
against the API description (the operator API's too)."""

import hashlib
import hmac
import io
import json
import threading
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import pytest
from PIL import Image
from sqlalchemy import delete, func, select, update
from webob import Request

# The payment tests take these from here.
from accounts import PASSWORD, bearer, post_sealed, set_brand
from apps import app_with_plugins, registered
from factories import MemberFactory, building_in
from tessera import hookimpl
from tessera.core.db import ALL_TENANTS, operator_session
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import AuditEvent, Member
from tessera.identity.sessions.models import MemberSession
from tessera.identity.sessions.services import start_session
from tessera.openapi.validation import ResponseAdapter, ValidatingRequest
from tessera.plugins import AdapterError
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.models import LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.ledger.services import Ledger
from tessera.wallet.operators.models import OperatorKey
from tessera.wallet.operators.services import create_key
from tessera.wallet.payments.models import BankAccount, Deposit, Withdrawal
from tessera.wallet.transfers.models import WalletTransfer

PLUGIN = "test-payments"
BANK, GATEWAY = "testbank", "testpay"
SIGNATURE = "X-Test-Signature"
SECRETS = {"demo-bd": "bd-gateway-secret", "demo-ph": "ph-gateway-secret"}
CURRENCIES = {"demo-bd": "BDT", "demo-ph": "PHP"}
PH_IP = "192.0.2.44"


class TestPayments:
    """Two channels: a bank transfer an operator approves, and a gateway whose notifications are
    JSON signed with the brand's secret (header X-Test-Signature, HMAC-SHA256 of the body).
    ``answers[(slug, deposit_id)]`` is what the gateway says when asked about a deposit."""

    __test__ = False  # not a test class, whatever its name

    def __init__(self):
        self.started, self.answers, self.unavailable = [], {}, False

    @hookimpl
    def tessera_payment_channels(self, tenant, settings):
        return [
            {
                "channel": BANK,
                "title": "Test Bank transfer",
                "kind": "manual",
                "minAmount": "50.00",
                "maxAmount": "20000.00",
                "instructions": {
                    "bankName": "Test Bank",
                    "accountName": tenant.name,
                    "accountNumber": "0123456789",
                    "note": "Write your reference",
                },
            },
            {"channel": GATEWAY, "title": "Test Pay", "kind": "redirect", "minAmount": "200", "maxAmount": "100000"},
        ]

    @hookimpl
    def tessera_payment_start(self, tenant, settings, channel, deposit):
        if channel not in (BANK, GATEWAY):
            return None
        if self.unavailable:
            raise AdapterError("payment_unavailable")
        self.started.append({"brand": tenant.slug, "channel": channel, **deposit})
        if channel == BANK:
            return {
                "instructions": {"bankName": "Test Bank", "accountName": tenant.name, "accountNumber": "0123456789"}
            }
        return {"redirectUrl": f"https://pay.test/checkout/{tenant.slug}/{deposit['depositId']}"}

    @hookimpl
    def tessera_payment_webhook(self, tenant, settings, channel, headers, body):
        if channel != GATEWAY:
            return None
        expected = hmac.new(settings["secret"].encode(), body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(headers.get(SIGNATURE, ""), expected):
            raise AdapterError("payment_notification_forged")
        try:
            notice = json.loads(body)
            return {
                "depositId": str(notice["deposit"]),
                "status": notice["status"],
                "amount": notice["amount"],
                "currency": notice["currency"],
                "reference": notice["reference"],
            }
        except (ValueError, KeyError, TypeError):
            raise AdapterError("payment_notification_malformed") from None

    @hookimpl
    def tessera_payment_query(self, tenant, settings, channel, deposit_id):
        if channel != GATEWAY:
            return None
        if self.unavailable:
            raise AdapterError("payment_unavailable")
        return self.answers.get((tenant.slug, str(deposit_id)))


def notification(
    slug: str,
    deposit_id,
    status: str = "paid",
    amount: str = "500.00",
    *,
    secret: str | None = None,
    currency: str | None = None,
    **fields,
) -> tuple[dict, bytes]:
    """The headers and body the test gateway posts about a deposit of brand ``slug``."""
    body = json.dumps(
        {
            "deposit": str(deposit_id),
            "status": status,
            "amount": amount,
            "currency": currency or CURRENCIES[slug],
            "reference": f"GW-{deposit_id}",
            **fields,
        }
    ).encode()
    signature = hmac.new((secret or SECRETS[slug]).encode(), body, hashlib.sha256).hexdigest()
    return {SIGNATURE: signature, "Content-Type": "application/json"}, body


def webhook(app, headers, body, status=200, channel=GATEWAY, plugin=PLUGIN):
    return app.post(f"/wps/payments/webhook/{plugin}/{channel}?lang=en", body, headers=headers, status=status).json


def enable_payments(db, slug: str, **wallet) -> None:
    """The test plugin as the brand's only plugin, and ``wallet`` merged into its [wallet] section."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    set_brand(
        db, slug, plugins={PLUGIN: {"secret": SECRETS[slug]}}, wallet={**tenant.config.get("wallet", {}), **wallet}
    )


def set_wallet(db, slug: str, **wallet) -> None:
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    set_brand(db, slug, wallet={**tenant.config.get("wallet", {}), **wallet})


def long_sessions(db, slug: str) -> None:
    """Sessions that outlive a test moving the clock by hours."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    set_brand(db, slug, sessions={**tenant.config.get("sessions", {}), "idle_minutes": 1440, "lifetime_hours": 72})


@pytest.fixture
def payments(app, db_session):
    gateway = TestPayments()
    with registered(app, gateway, PLUGIN):
        for slug in SECRETS:
            enable_payments(db_session, slug)
            long_sessions(db_session, slug)
        yield gateway


def balance(db, member) -> int:
    ledger = Ledger(db, member.tenant_id)
    return ledger.balance(ledger.member_account(member.id))


def request_id() -> str:
    return uuid.uuid4().hex


def png(size=(24, 16)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "teal").save(buffer, "PNG")
    return buffer.getvalue()


def jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), "orange").save(buffer, "JPEG")
    return buffer.getvalue()


# -- Calls ----------------------------------------------------------------------------------


@dataclass
class Caller:
    """Calls made on one host with one Bearer token (a member's session or an operator key);
    every JSON answer is checked against the API description, the operator API's included."""

    app: object
    token: str | None

    def _headers(self) -> dict:
        return bearer(self.token) if self.token else {}

    def _checked(self, method: str, path: str, response):
        check_described(self.app, method, path, response)
        return response.json if response.content_type == "application/json" else response

    def get(self, path: str, expect=200, **params):
        response = self.app.get(path, params={"lang": "en", **params}, headers=self._headers(), status=expect)
        return self._checked("GET", path, response)

    def post(self, path: str, body=None, status=200):
        if body is None:
            response = self.app.post(f"{path}?lang=en", headers=self._headers(), status=status)
        else:
            response = self.app.post_json(f"{path}?lang=en", body, headers=self._headers(), status=status)
        return self._checked("POST", path, response)

    def upload(self, path: str, fields: dict, files=(), status=200):
        response = self.app.post(
            f"{path}?lang=en",
            fields,
            upload_files=list(files),
            headers=self._headers(),
            content_type="multipart/form-data",
            status=status,
        )
        return self._checked("POST", path, response)

    def delete(self, path: str, expect=200):
        return self._checked("DELETE", path, self.app.delete(f"{path}?lang=en", headers=self._headers(), status=expect))


def check_described(app, method: str, path: str, response) -> None:
    """The answer matches the description (the app checks /wps/ answers itself; this covers /ops/)."""
    request = Request.blank(path, method=method, headers={"Host": app.extra_environ["HTTP_HOST"]})
    request.matchdict = {}
    app.app.registry["openapi"].validate_response(ValidatingRequest(request), ResponseAdapter(response))


@pytest.fixture
def bd(testapp):
    return testapp


@pytest.fixture
def member_of(members, token_of, fund, bd, ph):
    """``member_of("demo-bd", funds=100000)``: a member (real unless ``member_type`` says
    otherwise), a caller with its session on its brand's host, and money in its main wallet."""

    def make(slug: str = "demo-bd", funds: int = 0, **fields):
        member = members(slug, **fields)
        if funds:
            fund(member, minor=funds, kind="adjustment", reference=None)  # arranging a test
        return member, Caller({"demo-bd": bd, "demo-ph": ph}[slug], token_of(member))

    return make


@pytest.fixture
def operator_of(db_session, tenant_ids, bd, ph):
    """``operator_of("demo-bd")``: a caller of that brand's operator API with a new key."""

    def make(slug: str = "demo-bd") -> Caller:
        key = create_key(db_session, tenant_ids[slug], f"ops-{uuid.uuid4().hex[:8]}", utcnow())
        return Caller({"demo-bd": bd, "demo-ph": ph}[slug], key)

    return make


PAYMENT_PASSWORD = "pay-246810"


def set_payment_password(caller: Caller, payment_password: str = PAYMENT_PASSWORD, status: int = 200, **fields) -> dict:
    """The encrypted call that sets the member's payment password, checking the login password."""
    form = {
        "password": PASSWORD,
        "paymentPassword": payment_password,
        "confirmPaymentPassword": payment_password,
        **fields,
    }
    return post_sealed(caller.app, "/wps/member/payment-password", form, status=status, headers=bearer(caller.token))


class LocalWsgi:
    """A WSGI app served on a free port of 127.0.0.1 by a daemon thread (the sandbox gateway, or the
    test's own app for the gateway's notifications to reach)."""

    def __init__(self, app):
        class Server(ThreadingMixIn, WSGIServer):
            daemon_threads = True

        class QuietHandler(WSGIRequestHandler):
            def log_message(self, format, *args):  # noqa: A002 - the base class's name
                pass

        self.httpd = make_server("127.0.0.1", 0, app, server_class=Server, handler_class=QuietHandler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


def pay_on_checkout(url: str) -> int:
    """What the member's browser does on a gateway's checkout page: press Pay. The answer's status
    (the 303 back to the brand is not followed)."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    request = urllib.request.Request(
        url, data=b"action=pay", method="POST", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    try:
        with urllib.request.build_opener(Stay).open(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as answer:
        answer.close()
        return answer.code


# -- Races: requests at the same moment, each in its own transaction on the real database ----

RACERS = 4


@pytest.fixture
def race_app(settings, engine):
    """An app with the test payment plugin in its own plugin manager, on the real database."""
    yield from app_with_plugins(settings, {PLUGIN: TestPayments()})


@pytest.fixture
def committed(engine):
    """demo-bd with the test plugin, a member with a session and an operator key, committed;
    afterwards all of it gone and the house accounts' balances back to their postings."""
    with operator_session(engine) as db:
        tenant = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
        original = tenant.config
        enable_payments(db, "demo-bd")
        with building_in(db):
            member = MemberFactory(username=f"racer{uuid.uuid4().hex[:8]}")
        token = start_session(db, TenantContext.from_row(tenant), member, None, utcnow())
        for row in db.new:
            row.tenant_id = tenant.id  # an operator's session fills in no brand
        key = create_key(db, tenant.id, f"racer-{uuid.uuid4().hex[:8]}", utcnow())
        member_id, tenant_id = member.id, tenant.id
        accounts_before = set(db.scalars(select(LedgerAccount.id)))
    yield {"member_id": member_id, "token": token, "key": key, "tenant_id": tenant_id}
    with operator_session(engine, ALL_TENANTS) as db:
        db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
        forget_member(db, member_id)
        db.execute(delete(LedgerAccount).where(LedgerAccount.id.not_in(accounts_before)))  # house accounts it made
        db.execute(delete(OperatorKey).where(OperatorKey.name.like("racer-%")))


def forget_member(db, member_id: int) -> None:
    """Remove a committed member and everything their money did, house balances made whole again."""
    transactions = select(LedgerTransaction.id).where(LedgerTransaction.member_id == member_id)
    touched = set(db.scalars(select(LedgerPosting.account_id).where(LedgerPosting.transaction_id.in_(transactions))))
    db.execute(delete(Withdrawal).where(Withdrawal.member_id == member_id))
    db.execute(delete(BankAccount).where(BankAccount.member_id == member_id))
    db.execute(delete(LedgerPosting).where(LedgerPosting.transaction_id.in_(transactions)))
    db.execute(update(Deposit).where(Deposit.member_id == member_id).values(transaction_id=None))
    db.execute(delete(LedgerTransaction).where(LedgerTransaction.member_id == member_id))
    db.execute(delete(Deposit).where(Deposit.member_id == member_id))
    db.execute(delete(WalletTransfer).where(WalletTransfer.member_id == member_id))
    db.execute(delete(LedgerAccount).where(LedgerAccount.member_id == member_id))
    for account_id in touched:
        total = (
            select(func.coalesce(func.sum(LedgerPosting.amount_minor), 0))
            .where(LedgerPosting.account_id == account_id)
            .scalar_subquery()
        )
        db.execute(update(LedgerAccount).where(LedgerAccount.id == account_id).values(balance_minor=total))
    db.execute(delete(AuditEvent).where(AuditEvent.member_id == member_id))
    db.execute(delete(MemberSession).where(MemberSession.member_id == member_id))
    db.execute(delete(Member).where(Member.id == member_id))


def postings(db, account) -> int:
    return db.scalar(select(func.count()).select_from(LedgerPosting).where(LedgerPosting.account_id == account.id))


def race(calls) -> list[int]:
    start, answers = threading.Barrier(len(calls)), []

    def attempt(call):
        start.wait()
        answers.append(call().status_int)

    threads = [threading.Thread(target=attempt, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(answers)
