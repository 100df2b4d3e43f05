"""single-use values (captcha answers, one-time tokens)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 03:10:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "one_time_values",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("value", sa.String(length=512), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_one_time_values_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_one_time_values")),
        sa.UniqueConstraint("tenant_id", "key", name=op.f("uq_one_time_values_tenant_id")),
    )
    with op.batch_alter_table("one_time_values", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_one_time_values_expires_at"), ["expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_one_time_values_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "one_time_values")


def downgrade():
    op.drop_table("one_time_values")
