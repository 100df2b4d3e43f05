"""Banners and announcements made in the back office beside those of the tenant folder: each row
says where it comes from, and a sync replaces only the folder's.

Revision ID: 0024
Revises: 0023
"""

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

TABLES = ("banners", "announcements")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("source", sa.String(length=10), nullable=False, server_default="folder"))
            batch.add_column(sa.Column("updated_by", sa.String(length=64), nullable=True))
    with op.batch_alter_table("announcements") as batch:  # what staff wrote, before it is made HTML
        batch.add_column(sa.Column("content_text", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("announcements") as batch:
        batch.drop_column("content_text")
    for table in TABLES:
        op.execute(f"DELETE FROM {table} WHERE source <> 'folder'")
        with op.batch_alter_table(table) as batch:
            batch.drop_column("updated_by")
            batch.drop_column("source")
