"""Maker-checker in the back office: the brand's threshold, manual credits and debits, bonuses,
and the approvals waiting for a second staff member."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"
ROUTES = {
    "backoffice.approvals": f"{BRAND}/approvals",
    "backoffice.approval_approve": f"{BRAND}/approvals/{{id}}/approve",
    "backoffice.approval_reject": f"{BRAND}/approvals/{{id}}/reject",
    "backoffice.member_adjustments": f"{BRAND}/members/{{id}}/adjustments",
    "backoffice.member_bonuses": f"{BRAND}/members/{{id}}/bonuses",
    "backoffice.approval_settings": f"{BRAND}/settings/approvals",
}


def includeme(config):
    for name, pattern in ROUTES.items():
        config.add_route(name, pattern)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
