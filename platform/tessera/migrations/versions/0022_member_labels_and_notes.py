"""the back office's labels on members and its staff's notes about them

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27 13:00:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def _owned_by_member(table: str) -> list:
    """The columns and keys a member's row of ``table`` starts with: its id, member and brand."""
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f(f"fk_{table}_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f(f"fk_{table}_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
    ]


def upgrade():
    op.create_table(
        "member_labels",
        *_owned_by_member("member_labels"),
        sa.Column("label", sa.String(length=32), nullable=False),
        sa.UniqueConstraint("tenant_id", "member_id", "label", name=op.f("uq_member_labels_tenant_id")),
    )
    with op.batch_alter_table("member_labels", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_member_labels_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_member_labels_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_member_labels_by_label", ["tenant_id", "label"], unique=False)
    enable_row_level_security(op, "member_labels")

    op.create_table(
        "member_notes",
        *_owned_by_member("member_notes"),
        sa.Column("staff", sa.String(length=64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("member_notes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_member_notes_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_member_notes_by_member", ["tenant_id", "member_id", "created_at"], unique=False)
    enable_row_level_security(op, "member_notes")


def downgrade():
    op.drop_table("member_notes")
    op.drop_table("member_labels")
