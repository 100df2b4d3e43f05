"""A brand's members in the back office: found, shown with their money and play, frozen or
unlocked, labelled, logged out, given a temporary password, and noted about."""

from pathlib import Path

MEMBER = "/bo/api/brands/{brand}/members/{id}"


def includeme(config):
    config.add_route("backoffice.members", "/bo/api/brands/{brand}/members")
    config.add_route("backoffice.member", MEMBER)
    config.add_route("backoffice.member_status", f"{MEMBER}/status")
    config.add_route("backoffice.member_labels", f"{MEMBER}/labels")
    config.add_route("backoffice.member_ledger", f"{MEMBER}/ledger")
    config.add_route("backoffice.member_bets", f"{MEMBER}/bets")
    config.add_route("backoffice.member_sessions", f"{MEMBER}/sessions")
    config.add_route("backoffice.member_password_reset", f"{MEMBER}/password-reset")
    config.add_route("backoffice.member_notes", f"{MEMBER}/notes")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
