"""The wallet's operator commands: ``tessera ledger``, ``operators``, ``payments`` and ``transfers``."""
from tessera.wallet.ledger_cli import ledger
from tessera.wallet.operator_cli import operators, payments
from tessera.wallet.transfer_cli import transfers

__all__ = ["ledger", "operators", "payments", "transfers"]
