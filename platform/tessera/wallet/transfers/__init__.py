"""Transfers: between the main wallet and transfer-wallet vendors' wallets, and to the upline."""
