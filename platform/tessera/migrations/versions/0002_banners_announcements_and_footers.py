"""banners, announcements and footers

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 00:41:54.718645
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "announcements",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("type", sa.String(length=2), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("content_html", sa.Text(), nullable=False),
        sa.Column("promotion_type", sa.String(length=40), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_announcements_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_announcements")),
        sa.UniqueConstraint("tenant_id", "language", "key", name=op.f("uq_announcements_tenant_id")),
    )
    with op.batch_alter_table("announcements", schema=None) as batch_op:
        batch_op.create_index("ix_announcements_lookup", ["tenant_id", "language", "type", "starts_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_announcements_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "banners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("group_name", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("image_url", sa.String(length=500), nullable=False),
        sa.Column("link_url", sa.String(length=500), nullable=True),
        sa.Column("title", sa.JSON(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_banners_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_banners")),
        sa.UniqueConstraint("tenant_id", "key", name=op.f("uq_banners_tenant_id")),
    )
    with op.batch_alter_table("banners", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_banners_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "footers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("content", sa.JSON(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_footers_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_footers")),
        sa.UniqueConstraint("tenant_id", "language", name=op.f("uq_footers_tenant_id")),
    )
    with op.batch_alter_table("footers", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_footers_tenant_id"), ["tenant_id"], unique=False)

    for table in ("announcements", "banners", "footers"):
        enable_row_level_security(op, table)


def downgrade():
    with op.batch_alter_table("footers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_footers_tenant_id"))

    op.drop_table("footers")
    with op.batch_alter_table("banners", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_banners_tenant_id"))

    op.drop_table("banners")
    with op.batch_alter_table("announcements", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_announcements_tenant_id"))
        batch_op.drop_index("ix_announcements_lookup")

    op.drop_table("announcements")
