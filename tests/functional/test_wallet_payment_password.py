"""The payment password: set or replaced with the login password (an encrypted call), asked for
by withdrawals and ``passwordCheck/`` relay calls when the brand wants it, wrong attempts
counted and locked."""

import pytest
import webtest
from sqlalchemy import func, select

from tessera import hookimpl
from tessera.app import make_app
from tessera.identity.accounts.models import AGENT_TYPES, FREE_PLAY, AuditEvent
from tessera.identity.passwords import verify_password
from tessera.plugins import make_plugin_manager
from tessera.relay.interfaces import IPasswordCheck
from tessera.wallet.payments.models import PaymentPassword
from tessera.wallet.payments.password import MAX_WRONG
from tessera.wallet.payments.views import PaymentPasswordCheck
from wallet_helpers import PASSWORD, PAYMENT_PASSWORD, bearer, set_payment_password, set_wallet

SETTINGS = "/wps/wallet/withdrawal/settings"


def stored(db, member) -> PaymentPassword | None:
    db.expire_all()
    return db.scalar(select(PaymentPassword).where(PaymentPassword.member_id == member.id))


class TestSetting:
    def test_set_then_replaced(self, member_of, db_session):
        member, caller = member_of("demo-bd")
        assert caller.get(SETTINGS)["value"]["hasPaymentPassword"] is False
        assert set_payment_password(caller)["value"] == {"hasPaymentPassword": True}
        assert verify_password(stored(db_session, member).password_hash, PAYMENT_PASSWORD)[0]
        assert caller.get(SETTINGS)["value"]["hasPaymentPassword"] is True
        set_payment_password(caller, "another-9753")
        row = stored(db_session, member)
        assert verify_password(row.password_hash, "another-9753")[0]
        assert not verify_password(row.password_hash, PAYMENT_PASSWORD)[0]
        kinds = db_session.scalars(select(AuditEvent.kind).where(AuditEvent.member_id == member.id)).all()
        assert kinds.count("pay_password_set") == 2

    def test_the_login_password_must_be_right_and_wrong_ones_are_counted(self, member_of, db_session):
        member, caller = member_of("demo-bd")
        answer = set_payment_password(caller, password="not-my-password", status=400)
        assert (answer["code"], answer["message"]) == ("login_password_wrong", answer["message"])
        assert stored(db_session, member) is None
        assert (
            db_session.scalar(
                select(func.count()).where(AuditEvent.kind == "password_wrong", AuditEvent.member_id == member.id)
            )
            == 1
        )

    def test_ten_wrong_login_passwords_an_hour_stop_the_checks(self, member_of, db_session):
        member, caller = member_of("demo-bd")
        for _ in range(10):
            set_payment_password(caller, password="not-my-password", status=400)
        assert set_payment_password(caller, status=429)["code"] == "too_many_attempts"
        assert stored(db_session, member) is None

    def test_the_confirmation_must_match(self, member_of):
        _, caller = member_of("demo-bd")
        answer = set_payment_password(caller, confirmPaymentPassword="something-else", status=400)
        assert answer["code"] == "confirmation_mismatch"

    def test_it_may_not_be_the_login_password(self, member_of):
        _, caller = member_of("demo-bd")
        answer = set_payment_password(caller, PASSWORD, status=400)
        assert answer["code"] == "payment_password_same_as_login"

    @pytest.mark.parametrize("value", ["12345", "x" * 33])
    def test_6_to_32_characters(self, member_of, value):
        _, caller = member_of("demo-bd")
        answer = set_payment_password(caller, value, status=400)
        assert answer["value"]["fields"][0]["field"] == "paymentPassword"

    @pytest.mark.parametrize("member_type", [FREE_PLAY, *sorted(AGENT_TYPES)])
    def test_only_real_members(self, member_of, member_type):
        _, caller = member_of("demo-bd", member_type=member_type)
        assert set_payment_password(caller, status=403)["code"] == "in_need_true_account"

    def test_a_plain_json_body_is_refused(self, member_of, bd):
        _, caller = member_of("demo-bd")
        bd.post_json(
            "/wps/member/payment-password",
            {"password": PASSWORD, "paymentPassword": PAYMENT_PASSWORD, "confirmPaymentPassword": PAYMENT_PASSWORD},
            headers=bearer(caller.token),
            status=415,
        )


# -- passwordCheck/ relay calls ------------------------------------------------------------

FRAGMENT = """
paths:
  /wps/relay/passwordCheck/TEST_payRedeem:
    post:
      summary: Redeem points (a test operation behind the payment password).
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [points]
              properties:
                points: {type: integer}
                paymentPassword: {type: string}
      responses:
        "200":
          description: Redeemed.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Envelope"}
"""


class Redeeming:
    def __init__(self, fragment):
        self.fragment, self.calls = fragment, []

    def redeem(self, request):
        self.calls.append(request.authenticated_userid)
        return {"redeemed": request.openapi.body["points"]}

    @hookimpl
    def tessera_configure(self, config):
        from tessera.relay import TOKEN

        config.add_relay_operation("TEST_payRedeem", self.redeem, auth=TOKEN, password_check=True)
        config.add_openapi(str(self.fragment))


@pytest.fixture(scope="module")
def redeeming_wsgi(settings, engine, tmp_path_factory):
    fragment = tmp_path_factory.mktemp("relay") / "pay_redeem.yaml"
    fragment.write_text(FRAGMENT)
    operations = Redeeming(fragment)
    pm = make_plugin_manager()
    pm.register(operations, name="test-pay-redeem")
    wsgi = make_app(settings, plugin_manager=pm)
    yield wsgi, operations
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def redeem(redeeming_wsgi, serve_connection, member_of):
    wsgi, operations = redeeming_wsgi
    operations.calls.clear()
    app = webtest.TestApp(
        serve_connection(wsgi), extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": "203.0.113.9"}
    )

    def call(caller, status=200, **body):
        return app.post_json(
            "/wps/relay/passwordCheck/TEST_payRedeem?lang=en",
            {"points": 5, **body},
            headers=bearer(caller.token),
            status=status,
        ).json

    call.operations = operations
    return call


def test_the_payment_password_is_the_relays_check(app):
    assert isinstance(app.registry.queryUtility(IPasswordCheck), PaymentPasswordCheck)


class TestRelayCheck:
    def test_the_right_payment_password_passes(self, redeem, member_of):
        member, caller = member_of("demo-bd")
        set_payment_password(caller)
        assert redeem(caller, paymentPassword=PAYMENT_PASSWORD)["value"] == {"redeemed": 5}
        assert redeem.operations.calls == [member.id]

    def test_a_wrong_or_missing_one_does_not(self, redeem, member_of):
        _, caller = member_of("demo-bd")
        set_payment_password(caller)
        assert redeem(caller, paymentPassword="wrong-wrong", status=400)["code"] == "payment_password_wrong"
        assert redeem(caller, status=400)["code"] == "payment_password_required"
        assert redeem.operations.calls == []

    def test_a_member_without_one_is_told_to_set_it(self, redeem, member_of):
        _, caller = member_of("demo-bd")
        assert redeem(caller, paymentPassword="anything", status=400)["code"] == "payment_password_not_set"

    def test_a_brand_without_payment_passwords_asks_none(self, redeem, member_of, db_session):
        set_wallet(db_session, "demo-bd", payment_password=False)
        _, caller = member_of("demo-bd")
        assert redeem(caller)["value"] == {"redeemed": 5}

    def test_only_real_members_pass(self, redeem, member_of, db_session):
        set_wallet(db_session, "demo-bd", payment_password=False)
        _, caller = member_of("demo-bd", member_type=sorted(AGENT_TYPES)[0])
        assert redeem(caller, status=403)["code"] == "password_check_failed"
        assert redeem.operations.calls == []


def test_five_wrong_payment_passwords_lock_it_for_fifteen_minutes(member_of, clock, db_session):
    """Counted on the withdrawal call, which keeps its refusals' traces."""
    member, caller = member_of("demo-bd")
    set_payment_password(caller)
    body = {"bankAccountId": 1, "amount": "600", "requestId": "lock-test-1"}
    for n in range(MAX_WRONG):
        answer = caller.post("/wps/wallet/withdrawals", {**body, "paymentPassword": f"wrong-{n}"}, status=400)
        assert answer["code"] == "payment_password_wrong"
    locked = caller.post("/wps/wallet/withdrawals", {**body, "paymentPassword": PAYMENT_PASSWORD}, status=429)
    assert locked["code"] == "payment_password_locked"
    assert (
        db_session.scalar(
            select(func.count()).where(AuditEvent.kind == "pay_password_wrong", AuditEvent.member_id == member.id)
        )
        == MAX_WRONG
    )
    clock.advance(minutes=15, seconds=1)
    # Unlocked: the right password passes (and the call goes on to find no such bank account).
    assert (
        caller.post("/wps/wallet/withdrawals", {**body, "paymentPassword": PAYMENT_PASSWORD}, status=404)["code"]
        == "bank_account_not_found"
    )
