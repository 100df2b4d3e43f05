"""A member's money request: the client-made id that makes it safe to send again, and the key the
row it made is known by, so a replay finds its first answer."""

import re

from tessera.core.envelope import ApiError

REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def require_request_id(form: dict) -> str:
    """The client-made id that makes a money call safe to send again (8..64 of [A-Za-z0-9_-])."""
    value = form.get("requestId")
    if not isinstance(value, str) or not REQUEST_ID.fullmatch(value):
        raise ApiError(400, "request_id_invalid")
    return value


def request_key(member_id: int, call: str, request_id: str) -> str:
    """The key a member's request is known by: a replay finds the row it made."""
    return f"member:{member_id}:{call}:{request_id}"
