"""A brand whose currency has no minor unit (the Vietnamese dong): amounts are whole dong through
the deposit, withdrawal, transfer and operator calls, finer ones are refused with
``amount_too_precise``, and the ledger stays balanced. demo-ph is turned into a VND brand here."""

import pytest

from accounts import set_brand
from tessera.core.db import ALL_TENANTS
from tessera.wallet.ledger.audit import audit_brand
from wallet_helpers import BANK, balance, request_id
from wallet_vendor import VENDOR

DEPOSITS, WITHDRAWALS = "/wps/wallet/deposits", "/wps/wallet/withdrawals"
ACCOUNTS = "/wps/wallet/bank-accounts"
ACCOUNT = {"bankName": "Vietcombank", "accountName": "Nguyen", "accountNumber": "0071000123456"}
TRANSFER, UPLINE = "/wps/relay/GCS_walletTransfer", "/wps/wallet/upline-transfers"
VND_WALLET = {
    "deposit_min": "10000",
    "deposit_max": "50000000",
    "withdrawal_min": "50000",
    "withdrawal_max": "20000000",
}


@pytest.fixture
def dong(payments, db_session):
    """demo-ph as a VND brand, its whole-dong bounds, the test payment plugin its only one."""
    from sqlalchemy import select

    from tessera.tenancy.models import Tenant

    tenant = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-ph"))
    wallet = {**tenant.config.get("wallet", {}), **VND_WALLET}
    set_brand(db_session, "demo-ph", currency="VND", wallet=wallet)
    set_brand(db_session, "demo-ph", currency_symbol="₫")


def refused_too_precise(answer: dict) -> None:
    assert answer["code"] == "amount_too_precise"
    assert "steps of 1" in answer["message"]


def test_the_status_names_the_currencys_places_and_step(dong, ph):
    brand = ph.get("/wps/system/status?lang=en").json["value"]["brand"]
    assert (brand["currency"], brand["currencyPlaces"], brand["moneyStep"]) == ("VND", 0, "1")


def test_a_deposit_is_whole_dong(dong, member_of, db_session):
    member, caller = member_of("demo-ph")
    body = {"channel": BANK, "reference": "VCB-1", "requestId": request_id()}
    refused_too_precise(caller.post(DEPOSITS, {**body, "amount": "15000.50"}, status=400))
    made = caller.post(DEPOSITS, {**body, "amount": "15000"})["value"]["deposit"]  # the test bank takes up to 20000
    assert (made["amount"], made["currency"]) == ("15000", "VND")
    channels = caller.get("/wps/wallet/deposit/channels")["value"]
    assert channels["currency"] == "VND"
    assert {c["minAmount"] for c in channels["channels"]} <= {"10000", "200"}


def test_a_withdrawal_is_whole_dong_and_the_ledger_balances(dong, member_of, operator_of, db_session):
    member, caller = member_of("demo-ph", funds=1_000_000)  # one million dong
    account_id = caller.post(ACCOUNTS, ACCOUNT)["value"]["id"]
    body = {"bankAccountId": account_id, "requestId": request_id()}
    refused_too_precise(caller.post(WITHDRAWALS, {**body, "amount": "250000.50"}, status=400))
    made = caller.post(WITHDRAWALS, {**body, "amount": "250000"})["value"]
    assert made["amount"] == "250000"
    assert balance(db_session, member) == 750_000
    assert caller.get("/wps/v2/wallets/balance")["value"]["mainBalance"] == "750000"
    operator = operator_of("demo-ph")
    refused_too_precise(
        operator.post(
            "/ops/bonuses",
            {"username": member.username, "amount": "0.5", "title": "x", "requestId": request_id()},
            status=400,
        )
    )
    granted = operator.post(
        "/ops/bonuses", {"username": member.username, "amount": "5000", "title": "welcome", "requestId": request_id()}
    )["value"]
    assert (granted["amount"], granted["mainBalance"]) == ("5000", "755000")
    db_session.info["tenant_id"] = ALL_TENANTS
    assert audit_brand(db_session, member.tenant_id).clean


def test_a_transfer_to_a_vendors_wallet_moves_whole_dong(dong, vendor, member_of, db_session):
    member, caller = member_of("demo-ph", funds=1_000_000)
    body = {"vassalage": VENDOR, "direction": "in", "requestId": request_id()}
    refused_too_precise(caller.post(TRANSFER, {**body, "amount": "250000.50"}, status=400))
    moved = caller.post(TRANSFER, {**body, "amount": "250000"})["value"]
    assert (moved["mainBalance"], moved["walletBalance"], moved["sumBalance"]) == ("750000", "250000", "1000000")
    assert vendor.balance("demo-ph", member.id) == 250000
    db_session.info["tenant_id"] = ALL_TENANTS
    assert audit_brand(db_session, member.tenant_id).clean


def test_transfers_refuse_fractions_of_a_dong(dong, member_of):
    _, caller = member_of("demo-ph", funds=1_000_000)
    answer = caller.post(
        TRANSFER, {"vassalage": "TSV", "direction": "in", "amount": "250000.50", "requestId": request_id()}, status=400
    )
    refused_too_precise(answer)
    refused_too_precise(caller.post(UPLINE, {"amount": "0.5", "requestId": request_id()}, status=400))


def test_a_coarser_step_refuses_amounts_between_its_steps(dong, member_of, db_session):
    from sqlalchemy import select

    from tessera.tenancy.models import Tenant

    tenant = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-ph"))
    set_brand(db_session, "demo-ph", wallet={**tenant.config["wallet"], "step": "1000"})
    _, caller = member_of("demo-ph")
    body = {"channel": BANK, "reference": "VCB-2", "requestId": request_id()}
    answer = caller.post(DEPOSITS, {**body, "amount": "15500"}, status=400)
    assert (answer["code"], "steps of 1000" in answer["message"]) == ("amount_too_precise", True)
    assert caller.post(DEPOSITS, {**body, "amount": "15000"})["value"]["deposit"]["amount"] == "15000"
