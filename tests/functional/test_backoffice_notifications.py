"""Gateway notifications that credited nothing, as the back office lists them: of another amount
than their deposit, naming no deposit of the brand's, or forged; another brand's never."""

from sqlalchemy import select

from tessera.backoffice.permissions import Permission
from tessera.identity.accounts.models import AuditEvent
from wallet_helpers import GATEWAY, SECRETS, notification, request_id, webhook

NOTIFICATIONS = "/bo/api/brands/demo-bd/payment-notifications"


def start(caller, amount="500.00") -> int:
    body = {"channel": GATEWAY, "amount": amount, "requestId": request_id()}
    return caller.post("/wps/wallet/deposits", body)["value"]["deposit"]["id"]


def test_a_payment_naming_no_deposit_is_kept(payments, bd, db_session):
    webhook(bd, *notification("demo-bd", 987654321, "paid", "120.00"), status=404)
    event = db_session.scalar(select(AuditEvent).where(AuditEvent.kind == "payment_unmatched"))
    assert (event.detail["deposit"], event.detail["amount"], event.detail["plugin"]) == (
        "987654321",
        "120.00",
        "test-payments",
    )


def test_staff_see_what_credited_nothing_newest_first(payments, member_of, bd, ph, staff_member, db_session):
    member, caller = member_of("demo-bd")
    deposit_id = start(caller, "500.00")
    webhook(bd, *notification("demo-bd", deposit_id, "paid", "499.99"), status=409)
    webhook(bd, *notification("demo-bd", 987654321, "paid", "120.00"), status=404)
    webhook(bd, *notification("demo-bd", deposit_id, secret="guessed-secret"), status=401)
    _, ph_caller = member_of("demo-ph")
    ph_deposit = start(ph_caller, "500.00")
    webhook(ph, *notification("demo-ph", ph_deposit, "paid", "1.00", secret=SECRETS["demo-ph"]), status=409)
    cashier = staff_member({"demo-bd": [Permission.DepositApprove]})
    cashier.login()
    listed = cashier.browser.get(NOTIFICATIONS).json["value"]
    assert listed["total"] == 3  # demo-ph's mismatch is not among them
    assert [n["kind"] for n in listed["items"]] == ["forged", "unmatched", "mismatch"]
    mismatch = listed["items"][2]
    assert (mismatch["depositId"], mismatch["amount"], mismatch["expected"], mismatch["memberId"]) == (
        str(deposit_id),
        "499.99",
        "500.00",
        member.id,
    )
    only = cashier.browser.get(NOTIFICATIONS, {"kind": "unmatched"}).json["value"]["items"]
    assert [(n["depositId"], n["amount"]) for n in only] == [("987654321", "120.00")]
