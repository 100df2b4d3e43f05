"""Wallet: the double-entry ledger, balances, deposits through payment-channel plugins,
withdrawals, transfers to vendor wallets and to the upline, and the account record."""
from tessera.wallet.ledger.services import Ledger


def request_ledger(request) -> Ledger:
    return Ledger(request.db, request.tenant.id)


def includeme(config):
    config.add_request_method(request_ledger, "ledger", reify=True)
    # Balances, vendor-wallet and upline transfers, the account record and bonus details.
    config.include(".balances.views")
    # Deposits, withdrawals, saved bank accounts, the payment password and the operator API.
    config.include(".payments.views")
