"""Who is calling: a Bearer token resolved by the session service the identity feature registers."""
from pyramid.authorization import ACLHelper
from zope.interface import Interface, implementer
from pyramid.interfaces import ISecurityPolicy


class ISessionLookup(Interface):
    """Resolves a Bearer token to the member it was issued to (registered by identity)."""

    def identity(request, token):
        """Return the session's identity (with ``member_id``), or None."""


def bearer_token(request) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


@implementer(ISecurityPolicy)
class TokenSecurityPolicy:
    def identity(self, request):
        token = bearer_token(request)
        lookup = request.registry.queryUtility(ISessionLookup)
        if token is None or lookup is None:
            return None
        return lookup.identity(request, token)

    def authenticated_userid(self, request):
        identity = request.identity
        return None if identity is None else identity.member_id

    def permits(self, request, context, permission):
        principals = ["system.Everyone"]
        if request.identity is not None:
            principals += ["system.Authenticated", f"member:{request.identity.member_id}"]
        return ACLHelper().permits(context, principals, permission)

    def remember(self, request, userid, **kw):
        return []

    def forget(self, request, **kw):
        return []


def includeme(config):
    config.set_security_policy(TokenSecurityPolicy())
