"""Staff made with a one-time password change it at their first login.

<<<<<<<< HEAD:platform/tessera/migrations/versions/0026_staff_password_change.py
Revision ID: 0026
Revises: 0025
========
Revision ID: 0025
Revises: 0024
>>>>>>>> bo-pages:platform/tessera/migrations/versions/0025_staff_password_change.py
"""

import sqlalchemy as sa
from alembic import op

<<<<<<<< HEAD:platform/tessera/migrations/versions/0026_staff_password_change.py
revision = "0026"
down_revision = "0025"
========
revision = "0025"
down_revision = "0024"
>>>>>>>> bo-pages:platform/tessera/migrations/versions/0025_staff_password_change.py
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
