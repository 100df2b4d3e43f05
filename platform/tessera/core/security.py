"""Who is calling: a Bearer token resolved by the session service the identity feature registers,
the address the call comes from and whether it came over HTTPS; and the headers that keep an
answer from being kept by caches or sent over plain HTTP later."""

import ipaddress
from functools import lru_cache

from pyramid.authorization import ACLHelper
from pyramid.interfaces import ISecurityPolicy
from pyramid.tweens import EXCVIEW
from zope.interface import Interface, implementer

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})  # the methods that change nothing
STRICT_TRANSPORT = "max-age=31536000; includeSubDomains"


class ISessionLookup(Interface):
    """Resolves a Bearer token to the member it was issued to (registered by identity)."""

    def identity(request, token):
        """Return the session's identity (with ``member_id``, ``member_type``, ``tenant_id``), or None."""


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
        identity = request.identity
        if identity is not None:
            principals += ["system.Authenticated", f"member:{identity.member_id}"]
            # Real members (type 4) are told apart from agents and free play (type 0): member-only calls grant this.
            member_type = getattr(identity, "member_type", None)
            if member_type is not None:
                principals.append(f"member_type:{member_type}")
        return ACLHelper().permits(context, principals, permission)

    def remember(self, request, userid, **kw):
        return []

    def forget(self, request, **kw):
        return []


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(p, strict=False) for p in proxies if p != "*")


def _ip(text: str | None):
    try:
        return ipaddress.ip_address(text or "")
    except ValueError:
        return None


@lru_cache(maxsize=4096)
def _is_trusted(address: str | None, proxies: tuple[str, ...]) -> bool:
    ip = _ip(address)
    return ip is not None and ("*" in proxies or any(ip.version == n.version and ip in n for n in _networks(proxies)))


def client_ip(request) -> str | None:
    """The caller's address. X-Forwarded-For is believed only as far as it was added by trusted
    proxies (TESSERA_TRUSTED_PROXIES): the right-most hop that is not one of them is the caller."""
    proxies = request.registry.settings["tessera"].trusted_proxies
    address = request.remote_addr
    header = request.headers.get("X-Forwarded-For")
    if not header:
        return address
    forwarded = [hop.strip() for hop in header.split(",")]
    while forwarded and _is_trusted(address, proxies) and _ip(forwarded[-1]) is not None:
        address = forwarded.pop()
    return address


def over_https(request) -> bool:
    """Whether the call came over HTTPS: to this server, or to a trusted proxy (TESSERA_TRUSTED_PROXIES)
    that says so in X-Forwarded-Proto (the value it added last: the right-most)."""
    if request.scheme == "https":
        return True
    forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[-1].strip().lower()
    return forwarded == "https" and _is_trusted(
        request.remote_addr, request.registry.settings["tessera"].trusted_proxies
    )


def _kept_from_caches(request, response) -> bool:
    """A member's own call (a Bearer token), a call that changes state (logins and registrations
    answer a session) and an answer setting a cookie must not be kept by any cache."""
    return request.method not in SAFE_METHODS or bearer_token(request) is not None or "Set-Cookie" in response.headers


def response_headers_tween_factory(handler, registry):
    def tween(request):
        response = handler(request)
        if request.over_https:
            response.headers["Strict-Transport-Security"] = STRICT_TRANSPORT
        if _kept_from_caches(request, response):
            response.headers["Cache-Control"] = "no-store"
        return response

    return tween


def includeme(config):
    config.set_security_policy(TokenSecurityPolicy())
    _networks(config.registry.settings["tessera"].trusted_proxies)  # a mistyped proxy stops the start
    config.add_request_method(client_ip, "client_ip", reify=True)
    config.add_request_method(over_https, "over_https", reify=True)
    # Over the exception views: refusals carry the headers too.
    config.add_tween("tessera.core.security.response_headers_tween_factory", over=EXCVIEW)
