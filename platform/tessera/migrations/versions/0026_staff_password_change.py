"""Staff made with a one-time password change it at their first login.

Revision ID: 0026
Revises: 0025
"""

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("staff") as batch:
        batch.add_column(sa.Column("must_change_password", sa.Boolean(), nullable=False, server_default=sa.false()))
    # Staff who never logged in still hold the one-time password they were made with.
    op.execute(sa.text("UPDATE staff SET must_change_password = :yes WHERE last_login_at IS NULL").bindparams(yes=True))


def downgrade() -> None:
    with op.batch_alter_table("staff") as batch:
        batch.drop_column("must_change_password")
