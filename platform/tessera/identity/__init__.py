"""Identity: members, passwords, sessions (the Bearer tokens security.py resolves), encrypted
payloads for "E" calls, login, logout, free play and member info, and the audit log."""
from pathlib import Path

from zope.interface import implementer

from tessera.core.security import ISessionLookup
from tessera.identity import services
from tessera.identity.encryption import encrypted_deriver


@implementer(ISessionLookup)
class SessionLookup:
    def identity(self, request, token):
        known = request.session_identities  # one lookup per token and request, however often asked
        if token not in known:
            known[token] = services.session_identity(request, token)
        return known[token]


def includeme(config):
    config.add_view_deriver(encrypted_deriver, under="openapi_deriver")
    config.add_request_method(lambda request: {}, "session_identities", reify=True)
    config.registry.registerUtility(SessionLookup(), ISessionLookup)
    config.add_route("identity.login", "/wps/session/login")
    config.add_route("identity.free_play", "/wps/session/login/freeplay")
    config.add_route("identity.federated_login", "/wps/session/login/federated")
    config.add_route("identity.register", "/wps/member/register")
    config.add_route("identity.register_mobile", "/wps/member/register/mobile")
    config.add_route("identity.affiliate", "/wps/agent/affiliate")
    config.add_route("identity.logout", "/wps/session/logout", factory=".permissions.OwnAccount")
    config.add_route("identity.member_info", "/wps/member/info", factory=".permissions.OwnAccount")
    config.add_route("identity.captcha", "/wps/captcha")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    config.scan(".views")
    # Verification codes, SMS sends, password recovery and changes, the member's icon and avatar.
    config.include(".account_views")
