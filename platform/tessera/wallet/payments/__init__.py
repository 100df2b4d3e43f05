"""Payments: deposits through the payment channels of the brand's plugins (and the gateways'
notifications), withdrawals, saved bank accounts and the payment password."""

from pathlib import Path

from tessera.identity.permissions import RealAccount

# The member's calls (real members only).
MEMBER_ROUTES = {
    "wallet.deposit_channels": "/wps/wallet/deposit/channels",
    "wallet.deposits": "/wps/wallet/deposits",
    "wallet.deposit": "/wps/wallet/deposits/{id}",
    "wallet.deposit_proof": "/wps/wallet/deposits/{id}/proof",
    "wallet.bank_accounts": "/wps/wallet/bank-accounts",
    "wallet.bank_account": "/wps/wallet/bank-accounts/{id}",
    "wallet.withdrawal_settings": "/wps/wallet/withdrawal/settings",
    "wallet.withdrawals": "/wps/wallet/withdrawals",
    "wallet.withdrawal": "/wps/wallet/withdrawals/{id}",
    "wallet.withdrawal_confirmation": "/wps/wallet/withdrawals/{id}/confirmation",
    "wallet.payment_password": "/wps/member/payment-password",
}


def includeme(config):
    for name, pattern in MEMBER_ROUTES.items():
        config.add_route(name, pattern, factory=RealAccount)
    config.add_route("payments.webhook", "/wps/payments/webhook/{plugin}/{channel}")  # the gateways' (public)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
