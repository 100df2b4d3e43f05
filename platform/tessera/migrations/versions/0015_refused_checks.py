"""refused registrations and affiliate checks, counted by the throttles

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26 12:00:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "refused_checks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_refused_checks_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refused_checks")),
    )
    with op.batch_alter_table("refused_checks", schema=None) as batch_op:
        batch_op.create_index("ix_refused_checks_by_brand", ["tenant_id", "kind", "created_at"], unique=False)
        batch_op.create_index("ix_refused_checks_by_ip", ["tenant_id", "kind", "ip", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_refused_checks_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "refused_checks")


def downgrade():
    op.drop_table("refused_checks")
