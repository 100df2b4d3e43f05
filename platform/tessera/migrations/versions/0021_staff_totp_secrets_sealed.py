"""Staff TOTP secrets sealed with the deployment's key: the column takes the sealed form.

Revision ID: 0021
Revises: 0020
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A secret stored before in the clear is not sealed here (the key is the app's, not the
    # migration's): the staff member enrols again, with new recovery codes.
    op.execute("DELETE FROM staff_recovery_codes")
    op.execute("UPDATE staff SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL")
    with op.batch_alter_table("staff") as batch:
        batch.alter_column("totp_secret", type_=sa.String(length=255), existing_nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM staff_recovery_codes")
    op.execute("UPDATE staff SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL")
    with op.batch_alter_table("staff") as batch:
        batch.alter_column("totp_secret", type_=sa.String(length=64), existing_nullable=True)
