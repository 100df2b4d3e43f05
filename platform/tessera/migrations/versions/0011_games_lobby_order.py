"""games: an index in the lobby's order

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23 09:50:00
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(
            "ix_games_lobby_order", ["tenant_id", "category", "active", "rank", "display_name", "id"], unique=False
        )


def downgrade():
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_lobby_order")
