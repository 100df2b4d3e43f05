"""the language a member chose on the site

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26 21:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("members", sa.Column("language", sa.String(length=16), nullable=True))


def downgrade():
    op.drop_column("members", "language")
