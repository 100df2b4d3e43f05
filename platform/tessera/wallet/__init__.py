"""Wallet: the double-entry ledger, balances, deposits through payment-channel plugins,
withdrawals, transfers to vendor wallets and to the upline, the account record, and the
operator API."""

from tessera.relay.interfaces import IPasswordCheck
from tessera.wallet.ledger.services import Ledger


def request_ledger(request) -> Ledger:
    return Ledger(request.db, request.tenant.id)


def includeme(config):
    from tessera.wallet.payments.views import PaymentPasswordCheck

    # The request's ledger (one per unit of work), and the relay's check of passwordCheck/ calls.
    config.add_request_method(request_ledger, "ledger", reify=True)
    config.registry.registerUtility(PaymentPasswordCheck(), IPasswordCheck)
    # The ledger serves no call of its own; its commands are ``tessera ledger``.
    config.include(".balances")  # balances, the account record, bonus details
    config.include(".transfers")  # to and from vendor wallets, to the upline
    config.include(".payments")  # deposits, withdrawals, bank accounts, the payment password
    config.include(".operators")  # the operator API
    # The views declared with @view_config, in every sub-package.
    config.scan()
