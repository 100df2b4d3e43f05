"""What staff set in the back office over the folder and the vendors: a game's state, hot mark,
order and lane; a vendor's state, maintenance window and order; a brand's register and region
settings.

Revision ID: 0028
Revises: 0027
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (no table copy on SQLite: other tables' foreign keys point at games).
    op.add_column("games", sa.Column("state", sa.String(length=16), nullable=False, server_default="enabled"))
    op.add_column("games", sa.Column("staff_hot", sa.Boolean(), nullable=True))
    op.add_column("games", sa.Column("staff_rank", sa.Integer(), nullable=True))
    op.add_column("games", sa.Column("staff_lane", sa.String(length=16), nullable=True))
    op.create_table(
        "tenant_overrides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("sections", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_tenant_overrides_tenant_id_tenants"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tenant_overrides")),
        sa.UniqueConstraint("tenant_id", name=op.f("uq_tenant_overrides_tenant_id")),
    )
    op.create_table(
        "game_vendor_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("vassalage", sa.String(length=32), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("maintenance_from", sa.DateTime(timezone=True), nullable=True),
        sa.Column("maintenance_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("maintenance_message", sa.String(length=500), nullable=True),
        sa.Column("position", sa.Integer(), nullable=True),
        sa.Column("updated_by", sa.String(length=64), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_game_vendor_settings_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_vendor_settings")),
        sa.UniqueConstraint("tenant_id", "vassalage", name=op.f("uq_game_vendor_settings_tenant_id")),
    )
    with op.batch_alter_table("game_vendor_settings") as batch:
        batch.create_index(batch.f("ix_game_vendor_settings_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "game_vendor_settings")


def downgrade() -> None:
    op.drop_table("game_vendor_settings")
    op.drop_table("tenant_overrides")
    for column in ("staff_lane", "staff_rank", "staff_hot", "state"):
        op.drop_column("games", column)
