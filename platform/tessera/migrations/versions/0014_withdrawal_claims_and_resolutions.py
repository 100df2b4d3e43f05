"""withdrawals: the member's claim and the operator's resolution, kept apart

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 12:00:00

A withdrawal keeps what the member said (``confirmation``, ``received_minor``, ``proof``) and,
new here, when (``confirmed_at``); and, beside it, how an operator settled a claim: the outcome
(``resolution``), what it settles as received (``resolved_received_minor``), what it paid back
(``refunded_minor``), who (``resolved_by``, the operator key's name), when (``resolved_at``) and a
note (``resolution_note``).

Until now a claim held received had its ``confirmation`` rewritten to ``forced_received``, its
amount left as the member's. Those rows get their claim back: ``not_received`` when the member
said nothing arrived, ``partly_received`` when they gave a part (a part is never 0). A
resolution's moment is the row's last change; the moment of its claim and the operator come from
the audit log, and stay unknown (null) where it no longer has them. An unresolved confirmation's
moment is the row's last change (for ``auto_received``, its deadline).
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

NEW_COLUMNS = {
    "confirmed_at": sa.DateTime(timezone=True),
    "resolved_received_minor": sa.BigInteger(),
    "resolved_by": sa.String(length=64),
    "resolved_at": sa.DateTime(timezone=True),
    "resolution_note": sa.String(length=255),
}
withdrawals = sa.table(
    "withdrawals",
    sa.column("id", sa.Integer),
    sa.column("amount_minor", sa.BigInteger),
    sa.column("confirmation", sa.String),
    sa.column("received_minor", sa.BigInteger),
    sa.column("confirm_by", sa.DateTime(timezone=True)),
    sa.column("resolution", sa.String),
    sa.column("refunded_minor", sa.BigInteger),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    *(sa.column(name, kind) for name, kind in NEW_COLUMNS.items()),
)
audit_events = sa.table(
    "audit_events",
    sa.column("id", sa.Integer),
    sa.column("kind", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("detail", sa.JSON),
)


def _first_events(connection, kind: str, wanted: set) -> dict:
    """{withdrawal id: (moment, detail)} of the first audit event of ``kind`` about each ``wanted`` one."""
    found = {}
    query = (
        sa.select(audit_events.c.created_at, audit_events.c.detail)
        .where(audit_events.c.kind == kind)
        .order_by(audit_events.c.id)
    )
    for moment, detail in connection.execute(query):
        withdrawal_id = detail.get("withdrawal") if isinstance(detail, dict) else None
        if isinstance(withdrawal_id, int) and withdrawal_id in wanted:
            found.setdefault(withdrawal_id, (moment, detail))
    return found


def _from_the_audit_log(connection) -> None:
    """The claim's moment and the resolving operator of each resolved withdrawal."""
    resolved_ids = set(
        connection.execute(sa.select(withdrawals.c.id).where(withdrawals.c.resolution.is_not(None))).scalars()
    )
    confirmed = _first_events(connection, "withdrawal_confirmed", resolved_ids)
    resolved = _first_events(connection, "withdrawal_resolved", resolved_ids)
    for withdrawal_id in resolved_ids:
        values = {}
        if withdrawal_id in confirmed:
            values["confirmed_at"] = confirmed[withdrawal_id][0]
        operator = resolved.get(withdrawal_id, (None, {}))[1].get("operator")
        if isinstance(operator, str):
            values["resolved_by"] = operator
        if values:
            connection.execute(withdrawals.update().where(withdrawals.c.id == withdrawal_id).values(**values))


def upgrade():
    for name, kind in NEW_COLUMNS.items():
        op.add_column("withdrawals", sa.Column(name, kind, nullable=True))
    connection = op.get_bind()
    w = withdrawals.c
    connection.execute(
        withdrawals.update()
        .where(w.resolution == "forced_received")
        .values(confirmation=sa.case((w.received_minor > 0, "partly_received"), else_="not_received"))
    )
    connection.execute(
        withdrawals.update()
        .where(w.resolution.is_not(None))
        .values(
            resolved_at=w.updated_at, resolved_received_minor=w.amount_minor - sa.func.coalesce(w.refunded_minor, 0)
        )
    )
    # Unresolved, the last change of a confirmed withdrawal is its confirmation.
    connection.execute(
        withdrawals.update()
        .where(w.confirmation.is_not(None), w.resolution.is_(None))
        .values(confirmed_at=sa.case((w.confirmation == "auto_received", w.confirm_by), else_=w.updated_at))
    )
    _from_the_audit_log(connection)


def downgrade():
    connection = op.get_bind()
    connection.execute(
        withdrawals.update().where(withdrawals.c.resolution == "forced_received").values(confirmation="forced_received")
    )
    with op.batch_alter_table("withdrawals", schema=None) as batch_op:
        for name in reversed(NEW_COLUMNS):
            batch_op.drop_column(name)
