"""Accounts: a brand's members, their info and avatars, and the audit log of their accounts."""

from pathlib import Path

from tessera.relay import TOKEN


def includeme(config):
    config.add_route("identity.member_info", "/wps/member/info", factory="tessera.identity.permissions.OwnAccount")
    config.add_route(
        "identity.member_language", "/wps/member/info/language", factory="tessera.identity.permissions.OwnAccount"
    )
    config.add_route("identity.member_icon", "/wps/member/info/icon", factory="tessera.identity.permissions.OwnAccount")
    config.add_route("identity.avatar", "/wps/avatars/{iconId}.svg")
    config.add_relay_operation("MCSFE_getPlayerAvatar", ".views.avatar_choices", auth=TOKEN, methods=("GET",))
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
