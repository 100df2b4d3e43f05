"""What a logged-in member may do, named; granted by the context of each member-only route."""
from enum import StrEnum

from pyramid.authorization import Allow, Authenticated


class Permissions(StrEnum):
    SessionEnd = "identity:session:end"
    MemberRead = "identity:member:read"


class OwnAccount:
    """A member acting on their own account and session: any logged-in member, free play included.
    Calls for real members only (deposit, withdrawal) grant the ``member_type:4`` principal instead."""

    __acl__ = [(Allow, Authenticated, (Permissions.SessionEnd, Permissions.MemberRead))]

    def __init__(self, request):
        self.request = request
