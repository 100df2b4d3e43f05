"""transfers between the main wallet and transfer-wallet vendors

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 06:30:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "wallet_transfers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("vendor", sa.String(length=32), nullable=False),
        sa.Column("direction", sa.String(length=3), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("whole", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("request_key", sa.String(length=120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_wallet_transfers_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_wallet_transfers_member_id_members"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wallet_transfers")),
        sa.UniqueConstraint("tenant_id", "request_key", name=op.f("uq_wallet_transfers_tenant_id")),
    )
    with op.batch_alter_table("wallet_transfers", schema=None) as batch_op:
        batch_op.create_index("ix_wallet_transfers_by_status", ["tenant_id", "status", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_wallet_transfers_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wallet_transfers_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "wallet_transfers")


def downgrade():
    op.drop_table("wallet_transfers")
