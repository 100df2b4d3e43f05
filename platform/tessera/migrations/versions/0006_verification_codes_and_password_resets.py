"""verification codes sent by SMS, and password reset emails asked for

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 05:00:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "verification_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("purpose", sa.String(length=10), nullable=False),
        sa.Column("phone", sa.String(length=72), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_verification_codes_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_verification_codes")),
    )
    with op.batch_alter_table("verification_codes", schema=None) as batch_op:
        batch_op.create_index("ix_verification_codes_by_ip", ["tenant_id", "ip", "created_at"], unique=False)
        batch_op.create_index("ix_verification_codes_by_phone", ["tenant_id", "phone", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_verification_codes_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "verification_codes")

    op.create_table(
        "password_reset_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username_key", sa.String(length=64), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["tenants.id"],
            name=op.f("fk_password_reset_requests_tenant_id_tenants"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_password_reset_requests")),
    )
    with op.batch_alter_table("password_reset_requests", schema=None) as batch_op:
        batch_op.create_index(
            "ix_password_reset_requests_by_account", ["tenant_id", "username_key", "created_at"], unique=False
        )
        batch_op.create_index("ix_password_reset_requests_by_ip", ["tenant_id", "ip", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_password_reset_requests_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "password_reset_requests")


def downgrade():
    op.drop_table("password_reset_requests")
    op.drop_table("verification_codes")
