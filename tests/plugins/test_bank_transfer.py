"""The manual bank-transfer channel (``bank-transfer``): what the member is shown, its settings,
and a brand offering it beside a gateway."""

import pytest
from jsonschema import Draft202012Validator
from tessera_sandboxes.signed_gateway.local import Sandbox

from tessera.plugins import TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera_plugins import bank_transfer

CHANNELS, START, WEBHOOK, QUERY = (
    "tessera_payment_channels",
    "tessera_payment_start",
    "tessera_payment_webhook",
    "tessera_payment_query",
)
NAME = "bank-transfer"
DBBL = {
    "channel": "dbbl",
    "title": {"en": "Bank transfer (DBBL)", "bn": "ব্যাংক ট্রান্সফার (ডিবিবিএল)"},
    "min": "500",
    "max": "50000.5",
    "bank_name": "Dutch-Bangla Bank",
    "account_name": "Tessera Demo BD Ltd",
    "account_number": "1011100012345",
    "note": "Write your username in the reference.",
}
BDO = {
    "channel": "bdo",
    "title": "BDO transfer",
    "min": "100.00",
    "max": "100000.00",
    "bank_name": "BDO Unibank",
    "account_name": "Tessera Demo PH Inc",
    "account_number": "0012-3456-7890",
}


def plugins(settings, **config) -> TenantPlugins:
    return TenantPlugins(plugin_manager(), brand({NAME: settings}, **config))


def channels(settings, **config) -> dict:
    return {c["channel"]: c for c in plugins(settings, **config).call(NAME, CHANNELS)}


def test_a_channel_shows_the_account_to_pay_into():
    offered = channels({"channels": [DBBL, BDO]}, default_language="en")
    assert offered["dbbl"] == {
        "channel": "dbbl",
        "title": "Bank transfer (DBBL)",
        "kind": "manual",
        "minAmount": "500.00",
        "maxAmount": "50000.50",
        "instructions": {
            "bankName": "Dutch-Bangla Bank",
            "accountName": "Tessera Demo BD Ltd",
            "accountNumber": "1011100012345",
            "note": "Write your username in the reference.",
        },
        "titles": DBBL["title"],
    }
    assert offered["bdo"]["instructions"] == {
        "bankName": "BDO Unibank",
        "accountName": "Tessera Demo PH Inc",
        "accountNumber": "0012-3456-7890",
    }  # no note configured, none shown
    assert "titles" not in offered["bdo"] and offered["bdo"]["title"] == "BDO transfer"


@pytest.mark.parametrize(
    "config, title",
    [
        ({"default_language": "bn"}, "ব্যাংক ট্রান্সফার (ডিবিবিএল)"),
        ({"default_language": "en"}, "Bank transfer (DBBL)"),
        ({"default_language": "fil"}, "Bank transfer (DBBL)"),  # no Filipino title: English
        ({}, "Bank transfer (DBBL)"),
    ],
)
def test_a_title_table_is_shown_in_the_brand_default_language(config, title):
    assert channels({"channels": [DBBL]}, **config)["dbbl"]["title"] == title


def test_starting_a_deposit_answers_the_instructions_of_its_channel():
    settings = {"channels": [DBBL, BDO]}
    deposit = {
        "depositId": "5",
        "amount": "600.00",
        "currency": "PHP",
        "returnUrl": "https://demo-ph.example/",
        "notifyUrl": "https://demo-ph.example/wps/payments/webhook/bank-transfer/bdo",
        "member": {"id": 1, "username": "p1"},
    }
    assert plugins(settings).call(NAME, START, channel="bdo", deposit=deposit) == {
        "instructions": channels(settings)["bdo"]["instructions"]
    }
    assert plugins(settings).call(NAME, START, channel="gcash", deposit=deposit) is None


def test_there_is_no_notification_nor_query():
    settings = {"channels": [DBBL]}
    assert plugins(settings).call(NAME, WEBHOOK, channel="dbbl", headers={}, body=b'{"status": "paid"}') is None
    assert plugins(settings).call(NAME, QUERY, channel="dbbl", deposit_id="5") is None


def test_the_settings_schema_takes_the_demo_brands_channels():
    validator = Draft202012Validator(bank_transfer.SETTINGS_SCHEMA)
    Draft202012Validator.check_schema(bank_transfer.SETTINGS_SCHEMA)
    assert list(validator.iter_errors({"channels": [DBBL, BDO]})) == []


@pytest.mark.parametrize(
    "change",
    [
        {"min": "1.234"},
        {"max": "ten"},
        {"min": "-5"},
        {"title": {"bn": "ব্যাংক"}},
        {"title": ""},
        {"channel": "Bank Transfer"},
        {"account_number": ""},
        {"bank_name": ""},
        {"note": ""},
        {"iban": "x"},
    ],
    ids=repr,
)
def test_the_settings_schema_refuses_a_channel_it_cannot_show(change):
    validator = Draft202012Validator(bank_transfer.SETTINGS_SCHEMA)
    assert list(validator.iter_errors({"channels": [{**DBBL, **change}]}))
    assert list(validator.iter_errors({"channels": []}))


@pytest.fixture
def sandbox():
    sandbox = Sandbox()
    yield sandbox
    sandbox.close()


def test_a_brand_offers_bank_transfer_beside_a_gateway(sandbox):
    merchant_id, secret = sandbox.open_merchant()
    gateway = {
        "base_url": sandbox.gateway_url,
        "merchant_id": merchant_id,
        "secret": secret,
        "channels": [{"channel": "bkash", "title": "bKash", "min": "100", "max": "25000"}],
    }
    brand_plugins = TenantPlugins(
        plugin_manager(),
        brand({"signed-gateway": gateway, NAME: {"channels": [DBBL]}}, currency="BDT", default_language="bn"),
    )
    assert [(name, [(c["channel"], c["kind"]) for c in offered]) for name, offered in brand_plugins.each(CHANNELS)] == [
        ("signed-gateway", [("bkash", "redirect")]),
        (NAME, [("dbbl", "manual")]),
    ]
    deposit = {
        "depositId": "8",
        "amount": "700.00",
        "currency": "BDT",
        "returnUrl": "https://demo-bd.example/",
        "notifyUrl": "https://demo-bd.example/wps/payments/webhook/x/y",
        "member": {"id": 1, "username": "p1"},
    }
    assert set(brand_plugins.first(START, channel="bkash", deposit=deposit)) == {"redirectUrl"}
    assert (
        brand_plugins.first(START, channel="dbbl", deposit=deposit)["instructions"]["bankName"] == "Dutch-Bangla Bank"
    )
