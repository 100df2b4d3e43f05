"""games: the search by trigrams, on PostgreSQL

A lobby search finds names containing the words anywhere (LIKE '%words%'); a B-tree cannot help
that, a trigram index can. pg_trgm is a trusted extension, in PostgreSQL's own distribution. SQLite
searches a lane's few thousand rows as it reads them.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23 12:00:00
"""

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    op.create_index(
        "ix_games_search_trigrams",
        "games",
        ["search_name"],
        unique=False,
        postgresql_using="gin",
        postgresql_ops={"search_name": "gin_trgm_ops"},
    )


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.drop_index("ix_games_search_trigrams", table_name="games", postgresql_using="gin")
