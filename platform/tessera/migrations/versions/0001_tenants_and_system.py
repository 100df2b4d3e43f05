"""tenants and system

Revision ID: 0001
Revises:
Create Date: 2026-11-22 05:45:56.878881
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "tenants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("key_id", sa.String(length=64), nullable=False),
        sa.Column("private_key_pem", sa.Text(), nullable=False),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tenants")),
        sa.UniqueConstraint("slug", name=op.f("uq_tenants_slug")),
    )
    op.create_table(
        "feedback",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("content", sa.String(length=140), nullable=False),
        sa.Column("contact", sa.String(length=100), nullable=True),
        sa.Column("images", sa.JSON(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_feedback_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback")),
    )
    with op.batch_alter_table("feedback", schema=None) as batch_op:
        batch_op.create_index("ix_feedback_recent_by_ip", ["tenant_id", "ip", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_feedback_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "help_sections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("body_html", sa.Text(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_help_sections_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_help_sections")),
    )
    with op.batch_alter_table("help_sections", schema=None) as batch_op:
        batch_op.create_index("ix_help_sections_lookup", ["tenant_id", "language", "position"], unique=False)
        batch_op.create_index(batch_op.f("ix_help_sections_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "maintenance_windows",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("info", sa.Text(), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_maintenance_windows_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_maintenance_windows")),
    )
    with op.batch_alter_table("maintenance_windows", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_maintenance_windows_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "tenant_domains",
        sa.Column("host", sa.String(length=253), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("route", sa.String(length=200), nullable=False),
        sa.Column("referral_code", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_tenant_domains_tenant_id_tenants"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("host", name=op.f("pk_tenant_domains")),
    )
    with op.batch_alter_table("tenant_domains", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tenant_domains_tenant_id"), ["tenant_id"], unique=False)

    for table in ("feedback", "help_sections", "maintenance_windows"):
        enable_row_level_security(op, table)


def downgrade():
    with op.batch_alter_table("tenant_domains", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tenant_domains_tenant_id"))

    op.drop_table("tenant_domains")
    with op.batch_alter_table("maintenance_windows", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_maintenance_windows_tenant_id"))

    op.drop_table("maintenance_windows")
    with op.batch_alter_table("help_sections", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_help_sections_tenant_id"))
        batch_op.drop_index("ix_help_sections_lookup")

    op.drop_table("help_sections")
    with op.batch_alter_table("feedback", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_feedback_tenant_id"))
        batch_op.drop_index("ix_feedback_recent_by_ip")

    op.drop_table("feedback")
    op.drop_table("tenants")
