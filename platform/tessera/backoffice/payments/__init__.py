"""The brand's deposit and withdrawal queues in the back office, and their actions."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"
ROUTES = {
    "backoffice.deposits": f"{BRAND}/deposits",
    "backoffice.deposit_approve": f"{BRAND}/deposits/{{id}}/approve",
    "backoffice.deposit_reject": f"{BRAND}/deposits/{{id}}/reject",
    "backoffice.withdrawals": f"{BRAND}/withdrawals",
    "backoffice.withdrawal_approve": f"{BRAND}/withdrawals/{{id}}/approve",
    "backoffice.withdrawal_pay": f"{BRAND}/withdrawals/{{id}}/pay",
    "backoffice.withdrawal_reject": f"{BRAND}/withdrawals/{{id}}/reject",
}


def includeme(config):
    for name, pattern in ROUTES.items():
        config.add_route(name, pattern)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
