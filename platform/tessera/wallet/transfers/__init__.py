"""Transfers: between the main wallet and transfer-wallet vendors' wallets (asked again by
``tessera transfers reconcile``, the wallets reconciled with what the vendors hold), and to the
upline."""

from pathlib import Path

from tessera.identity.permissions import RealAccount
from tessera.relay import TOKEN


def includeme(config):
    config.add_route("wallet.upline_transfers", "/wps/wallet/upline-transfers", factory=RealAccount)
    config.add_relay_operation("GCS_walletTransfer", ".views.wallet_transfer", auth=TOKEN)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
