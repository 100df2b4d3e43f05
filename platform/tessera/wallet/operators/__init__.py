"""Operators: the brand's back office, calling the operator API with keys made by ``tessera
operators``: deposits and withdrawals to approve, pay or reject, claims to resolve, bonuses."""

from pathlib import Path

ROUTES = {
    "ops.deposits": "/ops/deposits",
    "ops.deposit_approve": "/ops/deposits/{id}/approve",
    "ops.deposit_reject": "/ops/deposits/{id}/reject",
    "ops.deposit_proof": "/ops/deposits/{id}/proof",
    "ops.withdrawals": "/ops/withdrawals",
    "ops.withdrawal_approve": "/ops/withdrawals/{id}/approve",
    "ops.withdrawal_pay": "/ops/withdrawals/{id}/pay",
    "ops.withdrawal_reject": "/ops/withdrawals/{id}/reject",
    "ops.withdrawal_resolve": "/ops/withdrawals/{id}/resolve",
    "ops.withdrawal_proof": "/ops/withdrawals/{id}/proof",
    "ops.bonuses": "/ops/bonuses",
}


def includeme(config):
    # OperatorAccess admits only a live key of the brand.
    for name, pattern in ROUTES.items():
        config.add_route(name, pattern, factory="tessera.wallet.operators.views.OperatorAccess")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
