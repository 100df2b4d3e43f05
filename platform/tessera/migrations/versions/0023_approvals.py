"""Maker-checker: approvals waiting for a second staff member, and each brand's threshold.

Revision ID: 0023
Revises: 0022
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def _tenant(table: str) -> list:
    return [
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f(f"fk_{table}_tenant_id_tenants"), ondelete="RESTRICT"
        ),
    ]


def upgrade():
    op.create_table(
        "backoffice_approvals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("form", sa.JSON(), nullable=False),
        sa.Column("permission", sa.String(length=32), nullable=False),
        sa.Column("request_key", sa.String(length=160), nullable=True),
        sa.Column("reason", sa.String(length=255), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("requested_by_id", sa.Integer(), nullable=False),
        sa.Column("requested_by", sa.String(length=64), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_by_id", sa.Integer(), nullable=True),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decision_reason", sa.String(length=255), nullable=True),
        *_tenant("backoffice_approvals"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_backoffice_approvals")),
        sa.UniqueConstraint("tenant_id", "request_key", name=op.f("uq_backoffice_approvals_tenant_id")),
    )
    with op.batch_alter_table("backoffice_approvals") as batch:
        batch.create_index(batch.f("ix_backoffice_approvals_tenant_id"), ["tenant_id"], unique=False)
        batch.create_index("ix_backoffice_approvals_status", ["tenant_id", "status", "id"], unique=False)
        batch.create_index("ix_backoffice_approvals_target", ["tenant_id", "target"], unique=False)
    enable_row_level_security(op, "backoffice_approvals")
    op.create_table(
        "backoffice_approval_thresholds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("threshold_minor", sa.BigInteger(), nullable=False),
        sa.Column("updated_by", sa.String(length=64), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        *_tenant("backoffice_approval_thresholds"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_backoffice_approval_thresholds")),
        sa.UniqueConstraint("tenant_id", name=op.f("uq_backoffice_approval_thresholds_tenant_id")),
    )
    with op.batch_alter_table("backoffice_approval_thresholds") as batch:
        batch.create_index(batch.f("ix_backoffice_approval_thresholds_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "backoffice_approval_thresholds")


def downgrade():
    op.drop_table("backoffice_approval_thresholds")
    op.drop_table("backoffice_approvals")
