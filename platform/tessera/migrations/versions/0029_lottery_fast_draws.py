"""The fast games' draws: each brand's committed series per game and day (the secret kept, the
commitment published) and their draws, with prizes and the revealed seed once drawn.

Revision ID: 0029
Revises: 0028
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lottery_series",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.Column("secret", sa.String(length=200), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_lottery_series_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_series")),
        sa.UniqueConstraint("tenant_id", "game_code", "day", name=op.f("uq_lottery_series_tenant_id")),
    )
    with op.batch_alter_table("lottery_series") as batch:
        batch.create_index(batch.f("ix_lottery_series_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "lottery_series")
    op.create_table(
        "lottery_draws",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("numero", sa.String(length=16), nullable=False),
        sa.Column("series_id", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("draw_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lock_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=True),
        sa.Column("seed", sa.String(length=64), nullable=True),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["series_id"],
            ["lottery_series.id"],
            name=op.f("fk_lottery_draws_series_id_lottery_series"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_lottery_draws_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_draws")),
        sa.UniqueConstraint("tenant_id", "game_code", "numero", name=op.f("uq_lottery_draws_tenant_id")),
    )
    with op.batch_alter_table("lottery_draws") as batch:
        batch.create_index(batch.f("ix_lottery_draws_tenant_id"), ["tenant_id"], unique=False)
        batch.create_index(batch.f("ix_lottery_draws_series_id"), ["series_id"], unique=False)
        batch.create_index("ix_lottery_draws_due", ["tenant_id", "state", "draw_at"], unique=False)
    enable_row_level_security(op, "lottery_draws")


def downgrade() -> None:
    op.drop_table("lottery_draws")
    op.drop_table("lottery_series")
