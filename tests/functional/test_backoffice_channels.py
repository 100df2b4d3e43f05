"""A brand's deposit channels in the back office: staff switch a channel off (members are no
longer offered it, and a deposit through it is refused) or narrow its bounds (never past the
channel's own), each change audited; another brand's staff change nothing."""

from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from wallet_helpers import BANK, GATEWAY, request_id

CHANNELS = "/bo/api/brands/demo-bd/payment-channels"
DEPOSITS = "/wps/wallet/deposits"


def offered(caller) -> dict:
    return {c["channel"]: c for c in caller.get("/wps/wallet/deposit/channels")["value"]["channels"]}


def setter(staff_member):
    member = staff_member({"demo-bd": [Permission.SettingsEdit, Permission.DepositApprove]})
    member.login()
    return member


def test_a_channel_switched_off_is_neither_offered_nor_taken(payments, member_of, staff_member, db_session):
    _, caller = member_of("demo-bd")
    assert set(offered(caller)) == {BANK, GATEWAY}
    staff = setter(staff_member)
    row = staff.browser.put_json(f"{CHANNELS}/{GATEWAY}", {"enabled": False}, headers=staff.headers()).json["value"]
    assert (row["enabled"], row["offered"], row["minAmount"], row["updatedBy"]) == (False, False, None, staff.username)
    assert set(offered(caller)) == {BANK}
    refused = caller.post(DEPOSITS, {"channel": GATEWAY, "amount": "500.00", "requestId": request_id()}, status=404)
    assert refused["code"] == "payment_channel_unknown"
    [entry] = db_session.scalars(select(AuditEntry).where(AuditEntry.target == f"channel:{GATEWAY}")).all()
    assert (entry.action, entry.before["enabled"], entry.after["enabled"], entry.brand) == (
        "payment_channel_set",
        True,
        False,
        "demo-bd",
    )
    listed = {r["channel"]: r for r in staff.browser.get(CHANNELS).json["value"]["items"]}
    assert listed[GATEWAY]["offered"] is False and listed[BANK]["offered"] is True


def test_bounds_narrow_the_channels_and_never_widen_them(payments, member_of, staff_member):
    _, caller = member_of("demo-bd")
    staff = setter(staff_member)
    form = {"enabled": True, "minAmount": "100.00", "maxAmount": "50000.00"}
    row = staff.browser.put_json(f"{CHANNELS}/{BANK}", form, headers=staff.headers()).json["value"]
    assert (row["minAmount"], row["maxAmount"], row["channelMax"]) == ("100.00", "20000.00", "20000.00")
    assert (offered(caller)[BANK]["minAmount"], offered(caller)[BANK]["maxAmount"]) == ("100.00", "20000.00")
    low = caller.post(DEPOSITS, {"channel": BANK, "amount": "60.00", "requestId": request_id()}, status=400)
    assert low["code"] == "amount_below_minimum"


def test_bad_bounds_and_unknown_channels_are_refused_clearly(payments, staff_member):
    staff = setter(staff_member)
    bad = {"enabled": True, "minAmount": "900.00", "maxAmount": "100.00"}
    answer = staff.browser.put_json(f"{CHANNELS}/{BANK}", bad, headers=staff.headers(), status=400).json
    assert answer["code"] == "channel_bounds_invalid" and answer["message"]
    precise = {"enabled": True, "minAmount": "1.001"}
    assert (
        staff.browser.put_json(f"{CHANNELS}/{BANK}", precise, headers=staff.headers(), status=400).json["code"]
        == "amount_too_precise"
    )
    missing = staff.browser.put_json(f"{CHANNELS}/nowhere", {"enabled": False}, headers=staff.headers(), status=404)
    assert missing.json["code"] == "payment_channel_unknown"


def test_another_brands_staff_change_nothing(payments, member_of, staff_member):
    _, caller = member_of("demo-bd")
    other = staff_member({"demo-ph": [Permission.SettingsEdit]})
    other.login()
    other.browser.put_json(f"{CHANNELS}/{GATEWAY}", {"enabled": False}, headers=other.headers(), status=403)
    assert GATEWAY in offered(caller)
