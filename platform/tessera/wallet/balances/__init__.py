"""Balances: what a member holds (the main wallet and the vendor wallets), the transfer-wallet
vendors a member can move money to, the account record and the bonus details."""

from pathlib import Path

from tessera.identity.permissions import OwnAccount
from tessera.relay import TOKEN


def includeme(config):
    config.add_route("wallet.balance", "/wps/v2/wallets/balance", factory=OwnAccount)
    config.add_route("wallet.consolidated", "/wps/member/info/funds/consolidated", factory=OwnAccount)
    # The record is read by any account money can reach: an agent sees what its downline sent.
    config.add_route("wallet.transactions", "/wps/wallet/transactions", factory=OwnAccount)
    config.add_route("wallet.bonuses", "/wps/wallet/bonuses", factory=OwnAccount)
    config.add_relay_operation("GCS_merchantWallet", ".views.merchant_wallet", auth=TOKEN, methods=("GET",))
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
