"""Gateway notifications that credited nothing, as the wallet recorded them: a payment of another
amount or currency than its deposit's (``deposit_mismatch``), one naming no deposit of the brand's
(``payment_unmatched``), and one whose signature did not hold (``payment_forged``)."""

from sqlalchemy import func, select

from tessera.core.timeutil import iso
from tessera.identity.accounts.models import AuditEvent

KINDS = {"deposit_mismatch": "mismatch", "payment_unmatched": "unmatched", "payment_forged": "forged"}


def _value(event: AuditEvent) -> dict:
    detail = event.detail or {}
    deposit = detail.get("deposit")
    return {
        "id": event.id,
        "at": iso(event.created_at),
        "kind": KINDS[event.kind],
        "plugin": detail.get("plugin"),
        "channel": detail.get("channel"),
        "depositId": None if deposit is None else str(deposit),
        "amount": detail.get("amount"),
        "currency": detail.get("currency"),
        "expected": detail.get("expected"),
        "reference": detail.get("reference"),
        "memberId": event.member_id,
        "ip": event.ip,
    }


def unmatched(db, kind: str | None, page: int, page_size: int) -> dict:
    """A page of them, newest first (``kind``: mismatch, unmatched or forged; all without)."""
    kinds = [k for k, shown in KINDS.items() if kind in (None, shown)]
    criteria = [AuditEvent.kind.in_(kinds)]
    total = db.scalar(select(func.count(AuditEvent.id)).where(*criteria))
    found = db.scalars(
        select(AuditEvent)
        .where(*criteria)
        .order_by(AuditEvent.created_at.desc(), AuditEvent.id.desc())
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return {"items": [_value(event) for event in found], "total": total, "page": page, "pageSize": page_size}
