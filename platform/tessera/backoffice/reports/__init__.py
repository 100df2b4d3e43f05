"""The brand's reports (daily profit and loss, per game type and vendor, per member) and the
dashboard, read from the ledger and the betting record."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.dashboard", f"{BRAND}/dashboard")
    config.add_route("backoffice.reports.daily", f"{BRAND}/reports/daily")
    config.add_route("backoffice.reports.games", f"{BRAND}/reports/games")
    config.add_route("backoffice.reports.members", f"{BRAND}/reports/members")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
