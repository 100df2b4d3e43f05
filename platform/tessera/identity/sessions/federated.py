"""Sign-in through a provider (Google and the like) that a brand's plugins offer: the provider
vouches for a person, known to it by a stable subject; the member linked to that subject logs in.
The first sign-in makes the member, where the brand registers members directly (DIRECTREG3)."""

import re
import secrets
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from tessera.core.envelope import ApiError
from tessera.identity.accounts.models import REAL, Member
from tessera.identity.accounts.services import audit
from tessera.identity.calls import Call
from tessera.identity.sessions.models import FederatedAccount
from tessera.identity.sessions.services import Login, admit, log_in_member
from tessera.plugins import AdapterError

NAME_LENGTH, SUBJECT_LENGTH, EMAIL_LENGTH = 64, 255, 254


def vouched(plugins, provider: str, credential: str) -> dict:
    """Who the provider says the credential is: ``{subject, email, name}``."""
    try:
        person = plugins.federated_verify(provider, credential)
    except AdapterError:
        raise ApiError(401, "federated_invalid") from None
    if person is None:
        raise ApiError(400, "federated_provider_unknown", provider=provider)
    subject = person.get("subject")
    if not isinstance(subject, str) or not 0 < len(subject) <= SUBJECT_LENGTH:
        raise ApiError(401, "federated_invalid")
    return person


def _linked(db, provider: str, subject: str) -> Member | None:
    return db.scalar(
        select(Member)
        .join(FederatedAccount, FederatedAccount.member_id == Member.id)
        .where(FederatedAccount.provider == provider, FederatedAccount.subject == subject)
    )


def _new_member(db, tenant, provider: str, person: dict, ip: str | None, at: datetime) -> Member:
    """A member for a first sign-in, linked to the subject; or the member that another sign-in of
    the same person, at the same moment, made and linked."""
    if not tenant.flag("DIRECTREG3"):
        raise ApiError(403, "registration_unavailable")
    username = (re.sub(r"[^a-z0-9]", "", provider.lower())[:20] or "member") + secrets.token_hex(5)
    name, email = person.get("name"), person.get("email")
    nickname = name.strip()[:NAME_LENGTH] if isinstance(name, str) and name.strip() else username
    member = Member(
        username=username,
        username_key=username,
        nickname=nickname,
        member_type=REAL,
        created_at=at,
        email=email if isinstance(email, str) and 0 < len(email) <= EMAIL_LENGTH else None,
        registered_ip=ip,
        register_method="FEDERATED",
    )
    try:
        with db.begin_nested():
            db.add(member)
            db.flush()
            db.add(FederatedAccount(member_id=member.id, provider=provider, subject=person["subject"], created_at=at))
            db.flush()
    except IntegrityError:
        linked = _linked(db, provider, person["subject"])
        if linked is None:
            raise
        return linked
    audit(db, "register", ip, at, member.id, provider=provider)
    return member


def sign_in(call: Call, provider: str, credential: str) -> Login:
    db, tenant, ip, at = call.db, call.tenant, call.ip, call.at
    person = vouched(call.plugins, provider, credential)
    member = _linked(db, provider, person["subject"])
    if member is None:
        member = _new_member(db, tenant, provider, person, ip, at)
    admit(db, member, ip, at)
    return log_in_member(db, tenant, member, ip, at, provider=provider)
