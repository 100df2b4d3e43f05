"""A brand's members: made by an operator, shown to themselves, tied to the upline who brought
them, and the audit log of what happened to their accounts."""

from datetime import datetime

from tessera.core.envelope import ApiError
from tessera.core.i18n import LANGUAGES
from tessera.identity.accounts.models import MEMBER_TYPES, AuditEvent, Member, code_key, username_key
from tessera.identity.passwords import hash_password


def audit(db, kind: str, ip: str | None, at: datetime, member_id: int | None = None, **detail) -> None:
    """Write a line of the audit log (kept with the request's other writes)."""
    db.add(AuditEvent(kind=kind, member_id=member_id, ip=ip, created_at=at, detail=detail))


def upline_of(db, member: Member) -> Member | None:
    """The member's upline when it is another agent or member of the same brand."""
    if member.upline_id is None or member.upline_id == member.id:
        return None
    upline = db.get(Member, member.upline_id)
    if upline is None or upline.tenant_id != member.tenant_id or upline.member_type not in MEMBER_TYPES:
        return None
    return upline


def may_transfer_to_upline(db, tenant, member: Member) -> bool:
    """Member info's ``toUpline``: the brand allows it ([wallet] to_upline) and the member has an
    upline to send to."""
    return bool(tenant.section("wallet").get("to_upline", False)) and upline_of(db, member) is not None


def member_info(db, tenant, member_id: int) -> dict:
    member = db.get(Member, member_id)
    return {
        "id": member.id,
        "account": member.username,
        "nickname": member.nickname,
        "type": member.member_type,
        "toUpline": may_transfer_to_upline(db, tenant, member),
        "clubLabel": {"labelName": "VIP0", "rankLevel": 0},
        "memberLabel": [],
        "language": member.language,
    }


def set_language(db, member_id: int, language: str) -> str:
    """Keep the language the member chose (messages sent to them later are in it)."""
    if language not in LANGUAGES:
        raise ApiError(400, "language_not_offered", asked=language)
    db.get(Member, member_id).language = language
    return language


def create_member(
    db,
    username: str,
    password: str | None,
    *,
    member_type: int,
    at: datetime,
    nickname: str | None = None,
    is_default: bool = False,
    affiliate_code: str | None = None,
) -> Member:
    """A member made by an operator (``tessera members create``); an agent may get an affiliate code."""
    member = Member(
        username=username.strip(),
        username_key=username_key(username),
        member_type=member_type,
        nickname=nickname or username.strip(),
        created_at=at,
        password_hash=hash_password(password) if password is not None else None,
        password_changed_at=at if password is not None else None,
        password_is_default=is_default,
        affiliate_code=code_key(affiliate_code) if affiliate_code else None,
        register_method="OPERATOR",
    )
    db.add(member)
    db.flush()
    return member
