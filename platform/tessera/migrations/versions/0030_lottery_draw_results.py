"""Every lottery draw in one table: a Vietnamese draw has no series nor rank (its results come from
the feed or an operator), a draw may be cancelled, and its results carry a version, raised by each
correction, so its bets are resettled against the latest.

Revision ID: 0030
Revises: 0029
"""

import sqlalchemy as sa
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lottery_draws") as batch:
        batch.alter_column("series_id", existing_type=sa.Integer(), nullable=True)
        batch.alter_column("rank", existing_type=sa.Integer(), nullable=True)
        batch.alter_column("state", existing_type=sa.String(length=8), type_=sa.String(length=16))
        batch.add_column(sa.Column("result_version", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("lottery_draws") as batch:
        batch.drop_column("result_version")
        batch.alter_column("state", existing_type=sa.String(length=16), type_=sa.String(length=8))
        batch.alter_column("rank", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("series_id", existing_type=sa.Integer(), nullable=False)
