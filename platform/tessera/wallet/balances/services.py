"""What a member holds: the main wallet and a wallet at each transfer-wallet vendor, as the ledger
has them (the vendor wallets mirror what the vendors hold), and the money of transfers to a
vendor whose answer is not known yet."""

from sqlalchemy import func, select

from tessera.wallet.ledger.models import MAIN, VENDOR
from tessera.wallet.ledger.services import member_accounts
from tessera.wallet.transfers.models import IN, PENDING, WalletTransfer
from tessera.wallet.transfers.services import transfer_vendors

# Whitelabel flags of the consolidated call: which salary and dividend contracts the brand offers.
CONTRACT_FLAGS = {
    "dailysalreqtype": "DAILYSAL3",
    "divtypereq": "DIVIDEND3",
    "contracthoursalreq": "HOURSAL3",
    "realtimesalreqtype": "REALTIMESAL3",
}


def pending_in_minor(db, tenant_id: int, member_id: int) -> int:
    """Money on its way to a vendor wallet: taken from main, not yet confirmed by the vendor."""
    total = select(func.coalesce(func.sum(WalletTransfer.amount_minor), 0)).where(
        WalletTransfer.tenant_id == tenant_id,
        WalletTransfer.member_id == member_id,
        WalletTransfer.status == PENDING,
        WalletTransfer.direction == IN,
    )
    return int(db.scalar(total))


def balances(db, tenant, plugins, member_id: int) -> dict:
    """The balance call's value. Every vendor account the member has is counted, listed or not:
    a vendor whose plugin is down still holds the member's money."""
    accounts = member_accounts(db, tenant.id, member_id)
    main = sum(a.balance_minor for a in accounts if a.kind == MAIN)
    held = {a.vendor: a.balance_minor for a in accounts if a.kind == VENDOR}
    listed, shown = transfer_vendors(plugins), tenant.money.format
    wallets = [
        {"vassalage": vassalage, "displayName": vendor["displayName"], "balance": shown(held.get(vassalage, 0))}
        for vassalage, vendor in listed.items()
    ]
    wallets += [
        {"vassalage": vassalage, "displayName": vassalage, "balance": shown(minor)}
        for vassalage, minor in held.items()
        if vassalage not in listed
    ]
    return {
        "sumBalance": shown(main + sum(held.values())),
        "mainBalance": shown(main),
        "pendingBalance": shown(pending_in_minor(db, tenant.id, member_id)),
        "currency": tenant.currency,
        "currencySymbol": tenant.currency_symbol,
        "wallets": wallets,
    }


def merchant_wallets(plugins) -> dict:
    listed = transfer_vendors(plugins)
    return {
        "isSingle": not listed,
        "wallets": [{"vassalage": v["vassalage"], "displayName": v["displayName"]} for v in listed.values()],
    }


def consolidated(db, tenant, member_id: int) -> dict:
    held = sum(a.balance_minor for a in member_accounts(db, tenant.id, member_id))
    flags = {field: tenant.flag(flag) for field, flag in CONTRACT_FLAGS.items()}
    return {**flags, "sumBalance": tenant.money.format(held)}
