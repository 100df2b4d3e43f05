"""the size of each image a brand shows and the smaller copies made of it

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27 00:30:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "brand_images",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("path", sa.String(length=900), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("variants", sa.JSON(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_brand_images_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_brand_images")),
        sa.UniqueConstraint("tenant_id", "path", name=op.f("uq_brand_images_tenant_id")),
    )
    with op.batch_alter_table("brand_images", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_brand_images_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "brand_images")


def downgrade():
    op.drop_table("brand_images")
