"""Proof that the person at a form controls a phone number: a verification code sent to it by SMS,
or an ID token from the brand's phone-auth plugin (firebase) for that same number."""

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal
from tessera.identity.accounts.models import Member
from tessera.identity.calls import Call
from tessera.identity.verification.services import consume_code, member_by_phone
from tessera.plugins import AdapterError


def token_phone(plugins, id_token: str) -> str:
    """The number (E.164) a phone-auth ID token was issued for, as the brand's plugin verifies it."""
    if not plugins.has_phone_auth:
        raise ApiError(400, "phone_auth_unavailable")
    try:
        phone = plugins.phone_auth_verify(id_token)
    except AdapterError as failed:
        # Kept: refusals after a captcha or a code was used up must not give them back.
        raise KeptRefusal(400, "phone_auth_failed", value={"reason": failed.code}) from None
    if not isinstance(phone, str):
        raise KeptRefusal(400, "phone_auth_failed", value={"reason": "invalid_token"})
    return phone


def proves(call: Call, purpose: str, phone: str, form: dict, member_id: int | None = None) -> bool:
    """Whether the form's ``verificationCode`` (of ``purpose``) proves ``phone``; a code is used up
    by the check, right or wrong. A ``firebaseIdToken`` proves it or is refused."""
    id_token = form.get("firebaseIdToken")
    if id_token:
        if token_phone(call.plugins, id_token) != phone:
            raise KeptRefusal(400, "phone_auth_failed", value={"reason": "another_number"})
        return True
    code = form.get("verificationCode")
    if not code:
        return False
    return consume_code(call.db, purpose, phone, code, call.at, ip=call.ip, member_id=member_id)


def proven_member(call: Call, purpose: str, phone: str, form: dict) -> Member | None:
    """The brand's member whose number ``phone`` is, when the form proves it. The proof is tried
    (a code used up) whether or not the number has an account, so the answers are alike."""
    member = member_by_phone(call.db, phone)
    proven = proves(call, purpose, phone, form, member.id if member else None)
    return member if proven else None
