"""The wallet's operator commands: ``tessera ledger``, ``operators``, ``payments`` and ``transfers``."""
from tessera.wallet.ledger.commands import ledger
from tessera.wallet.operators.commands import operators, payments
from tessera.wallet.transfers.commands import transfers

__all__ = ["ledger", "operators", "payments", "transfers"]
