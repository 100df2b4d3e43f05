"""The wallet's operator commands: ``tessera ledger``, ``operators``, ``payments`` and ``transfers``."""

from functools import partial

import click

from tessera.wallet.interfaces import VendorRounds
from tessera.wallet.ledger.commands import ledger_group
from tessera.wallet.operators.commands import operators
from tessera.wallet.payments.commands import payments
from tessera.wallet.transfers.commands import report_vendor_wallets, transfers

__all__ = ["ledger_commands", "operators", "payments", "transfers"]


def ledger_commands(rounds: VendorRounds) -> click.Group:
    """``tessera ledger``, its audit reconciling the vendor wallets with the members' rounds at the
    vendors as ``rounds`` counts them."""
    return ledger_group(partial(report_vendor_wallets, rounds=rounds))
