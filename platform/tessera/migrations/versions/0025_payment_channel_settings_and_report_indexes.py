"""Staff's settings of a brand's deposit channels (offered or not, narrower bounds), and the
indexes the back office's reports read by: a brand's ledger transactions and rounds by day, its
account events by kind.

Revision ID: 0025
Revises: 0024
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None

INDEXES = (
    ("ledger_transactions", "ix_ledger_transactions_by_day", ["tenant_id", "created_at"]),
    ("game_bets", "ix_game_bets_by_day", ["tenant_id", "placed_at"]),
    ("audit_events", "ix_audit_events_by_kind", ["tenant_id", "kind", "created_at"]),
)


def upgrade() -> None:
    op.create_table(
        "payment_channel_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("min_minor", sa.BigInteger(), nullable=True),
        sa.Column("max_minor", sa.BigInteger(), nullable=True),
        sa.Column("updated_by", sa.String(length=64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["tenants.id"],
            name=op.f("fk_payment_channel_settings_tenant_id_tenants"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment_channel_settings")),
        sa.UniqueConstraint("tenant_id", "channel", name=op.f("uq_payment_channel_settings_tenant_id")),
    )
    with op.batch_alter_table("payment_channel_settings") as batch:
        batch.create_index(batch.f("ix_payment_channel_settings_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "payment_channel_settings")
    for table, name, columns in INDEXES:
        op.create_index(name, table, columns)


def downgrade() -> None:
    for table, name, _ in INDEXES:
        op.drop_index(name, table_name=table)
    op.drop_table("payment_channel_settings")
