"""Each brand's lottery games as its operator keeps them: the Vietnamese games' names, regions,
weekdays, draw times and lock minutes, the fast games' intervals and lock seconds, each enabled or
not (seeded from the official schedule when a brand first uses them).

Revision ID: 0032
Revises: 0031
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lottery_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("region", sa.String(length=16), nullable=True),
        sa.Column("weekdays", sa.String(length=16), nullable=True),
        sa.Column("draw_time", sa.String(length=5), nullable=True),
        sa.Column("lock_minutes", sa.Integer(), nullable=True),
        sa.Column("interval", sa.Integer(), nullable=True),
        sa.Column("lock_seconds", sa.Integer(), nullable=True),
        sa.Column("updated_by", sa.String(length=64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_lottery_games_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_games")),
        sa.UniqueConstraint("tenant_id", "code", name=op.f("uq_lottery_games_tenant_id")),
    )
    with op.batch_alter_table("lottery_games") as batch:
        batch.create_index(batch.f("ix_lottery_games_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "lottery_games")


def downgrade() -> None:
    op.drop_table("lottery_games")
