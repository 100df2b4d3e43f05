"""one pending transfer per member and vendor; where each vendor's bet pull resumes

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 12:00:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wallet_transfers", schema=None) as batch_op:
        batch_op.create_index(
            "uq_wallet_transfers_one_pending",
            ["tenant_id", "member_id", "vendor"],
            unique=True,
            sqlite_where=sa.text("status = 'pending'"),
            postgresql_where=sa.text("status = 'pending'"),
        )
    op.create_table(
        "game_bet_cursors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("vassalage", sa.String(length=32), nullable=False),
        sa.Column("position", sa.String(length=255), nullable=True),
        sa.Column("pulled_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_game_bet_cursors_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_bet_cursors")),
        sa.UniqueConstraint("tenant_id", "vassalage", name=op.f("uq_game_bet_cursors_tenant_id")),
    )
    with op.batch_alter_table("game_bet_cursors", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_bet_cursors_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "game_bet_cursors")


def downgrade():
    op.drop_table("game_bet_cursors")
    with op.batch_alter_table("wallet_transfers", schema=None) as batch_op:
        batch_op.drop_index("uq_wallet_transfers_one_pending")
