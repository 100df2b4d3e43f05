"""Deposits by manual bank transfer: the member pays into the brand's account and an operator
approves the deposit once the money is seen.

    [[plugins.bank-transfer.channels]]
    channel = "dbbl"
    title = { en = "Bank transfer (DBBL)", bn = "ব্যাংক ট্রান্সফার (ডিবিবিএল)" }   # or one string
    min = "500.00"
    max = "50000.00"
    bank_name = "Dutch-Bangla Bank"
    account_name = "Tessera Demo BD Ltd"
    account_number = "1011100012345"
    note = "Write your username in the transfer's reference."           # optional

The member sees the account to pay into (``instructions``); nothing is sent anywhere, so there is
no notification and no query. The core keeps the deposit pending until an operator approves or
rejects it. A title given as a table is shown in the brand's default language (else English), and
the whole table is passed on as ``titles`` for callers that know the member's language.
"""

from decimal import Decimal

from tessera import hookimpl
from tessera.plugins import client
from tessera.plugins.client import TEXT

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["channels"],
    "properties": {
        "channels": client.channels_schema(
            ("bank_name", "account_name", "account_number"),
            bank_name=TEXT,
            account_name=TEXT,
            account_number={"type": "string", "pattern": "^[0-9A-Za-z][0-9A-Za-z -]{0,39}$"},
            note={"type": "string", "minLength": 1, "maxLength": 500},
        ),
    },
}


def _instructions(channel: dict) -> dict:
    instructions = {
        "bankName": channel["bank_name"],
        "accountName": channel["account_name"],
        "accountNumber": channel["account_number"],
    }
    if channel.get("note"):
        instructions["note"] = channel["note"]
    return instructions


def _offered(tenant, channel: dict) -> dict:
    return {
        "channel": channel["channel"],
        **client.titled(tenant, channel["title"]),
        "kind": "manual",
        "minAmount": f"{Decimal(channel['min']):.2f}",
        "maxAmount": f"{Decimal(channel['max']):.2f}",
        "instructions": _instructions(channel),
    }


@hookimpl
def tessera_payment_channels(tenant, settings):
    return [_offered(tenant, channel) for channel in settings["channels"]]


@hookimpl
def tessera_payment_start(tenant, settings, channel, deposit):
    found = next((c for c in settings["channels"] if c["channel"] == channel), None)
    return {"instructions": _instructions(found)} if found else None


# -- Contract helpers (the kit's payment-channel suite) -------------------------------------


def contract_settings() -> dict:
    return {
        "channels": [
            {
                "channel": "dbbl",
                "title": {"en": "Bank transfer (DBBL)", "bn": "ব্যাংক ট্রান্সফার (ডিবিবিএল)"},
                "min": "500",
                "max": "50000.00",
                "bank_name": "Dutch-Bangla Bank",
                "account_name": "Tessera Demo BD Ltd",
                "account_number": "1011100012345",
                "note": "Write your username in the reference.",
            },
            {
                "channel": "bdo",
                "title": "BDO transfer",
                "min": "100.5",
                "max": "100000",
                "bank_name": "BDO Unibank",
                "account_name": "Tessera Demo PH Inc",
                "account_number": "0012-3456-7890",
            },
        ]
    }
