"""Proof that the person at a form controls a phone number: a verification code sent to it by SMS,
or an ID token from the brand's phone-auth plugin (firebase) for that same number."""
from datetime import datetime

from tessera.core.envelope import ApiError
from tessera.plugins import AdapterError
from tessera.identity import verification
from tessera.identity.models import Member
from tessera.identity.refusals import KeptRefusal


def client(request) -> dict | None:
    """What the browser needs to prove a number with the brand's phone-auth plugin (``phoneAuth``
    of the status call), or None when numbers are proven by the server's own SMS codes."""
    return request.plugins.phone_auth_client()


def token_phone(request, id_token: str) -> str:
    """The number (E.164) a phone-auth ID token was issued for, as the brand's plugin verifies it."""
    if not request.plugins.has_phone_auth:
        raise ApiError(400, "phone_auth_unavailable")
    try:
        phone = request.plugins.phone_auth_verify(id_token)
    except AdapterError as failed:
        # Kept: refusals after a captcha or a code was used up must not give them back.
        raise KeptRefusal(400, "phone_auth_failed", value={"reason": failed.code}) from None
    if not isinstance(phone, str):
        raise KeptRefusal(400, "phone_auth_failed", value={"reason": "invalid_token"})
    return phone


def proves(request, purpose: str, phone: str, form: dict, at: datetime, member_id: int | None = None) -> bool:
    """Whether the form's ``verificationCode`` (of ``purpose``) proves ``phone``; a code is used up
    by the check, right or wrong. A ``firebaseIdToken`` proves it or is refused."""
    id_token = form.get("firebaseIdToken")
    if id_token:
        if token_phone(request, id_token) != phone:
            raise KeptRefusal(400, "phone_auth_failed", value={"reason": "another_number"})
        return True
    code = form.get("verificationCode")
    return bool(code) and verification.consume_code(request.db, purpose, phone, code, at, ip=request.client_ip,
                                                    member_id=member_id)


def proven_member(request, purpose: str, phone: str, form: dict, at: datetime) -> Member | None:
    """The brand's member whose number ``phone`` is, when the form proves it. The proof is tried
    (a code used up) whether or not the number has an account, so the answers are alike."""
    member = verification.member_by_phone(request.db, phone)
    proven = proves(request, purpose, phone, form, at, member.id if member else None)
    return member if proven else None
