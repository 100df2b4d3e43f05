"""What a logged-in member may do, named; granted by the context of each member-only route."""

from enum import StrEnum

from pyramid.authorization import Allow, Authenticated

from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import REAL


class Permissions(StrEnum):
    SessionEnd = "identity:session:end"
    MemberRead = "identity:member:read"
    MemberEdit = "identity:member:edit"
    PasswordChange = "identity:password:change"
    FundsUse = "identity:funds:use"


class OwnAccount:
    """A member acting on their own account and session: any logged-in member, free play included
    (the password change refuses free play itself: it has no password). Calls for real members
    only (deposit, withdrawal) use :class:`RealAccount` instead."""

    __acl__ = [
        (
            Allow,
            Authenticated,
            (Permissions.SessionEnd, Permissions.MemberRead, Permissions.MemberEdit, Permissions.PasswordChange),
        )
    ]

    def __init__(self, request):
        self.request = request


def require_real_account(request) -> None:
    """Refuse an account that is not a real member's (agents, free play: SPEC §4 and §8)."""
    identity = request.identity
    if identity is not None and identity.member_type != REAL:
        raise ApiError(403, "in_need_true_account")


class RealAccount:
    """The member centre's money calls: only real members (type 4) may use their funds. Another
    logged-in account is told it needs a real one (403 in_need_true_account), not just refused;
    without a login the call answers 401 not_logged_in as any other."""

    __acl__ = [(Allow, f"member_type:{REAL}", (Permissions.FundsUse, Permissions.SessionEnd, Permissions.MemberRead))]

    def __init__(self, request):
        require_real_account(request)
        self.request = request
