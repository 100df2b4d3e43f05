"""games: the catalog, favourites, recents, launch sessions, bets and seamless calls

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23 08:00:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("vassalage", sa.String(length=32), nullable=False),
        sa.Column("game_code", sa.String(length=64), nullable=False),
        sa.Column("display_name", sa.String(length=128), nullable=False),
        sa.Column("search_name", sa.String(length=128), nullable=False),
        sa.Column("game_type", sa.String(length=16), nullable=False),
        sa.Column("category", sa.String(length=16), nullable=False),
        sa.Column("classify", sa.String(length=8), nullable=True),
        sa.Column("min_bet_minor", sa.BigInteger(), nullable=True),
        sa.Column("lines", sa.Integer(), nullable=True),
        sa.Column("hot", sa.Boolean(), nullable=False),
        sa.Column("icon", sa.String(length=255), nullable=True),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_games_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint("tenant_id", "vassalage", "game_code", name=op.f("uq_games_tenant_id")),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index("ix_games_hot", ["tenant_id", "hot", "active", "category"], unique=False)
        batch_op.create_index("ix_games_lobby", ["tenant_id", "category", "active", "vassalage", "rank"], unique=False)
        batch_op.create_index(batch_op.f("ix_games_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "game_bets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("vassalage", sa.String(length=32), nullable=False),
        sa.Column("game_code", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("category", sa.String(length=16), nullable=False),
        sa.Column("round_id", sa.String(length=64), nullable=False),
        sa.Column("bet_minor", sa.BigInteger(), nullable=False),
        sa.Column("payout_minor", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("wallet_mode", sa.String(length=10), nullable=False),
        sa.Column("placed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_bets_game_id_games"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_game_bets_member_id_members"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_game_bets_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_bets")),
        sa.UniqueConstraint("tenant_id", "vassalage", "round_id", name=op.f("uq_game_bets_tenant_id")),
    )
    with op.batch_alter_table("game_bets", schema=None) as batch_op:
        batch_op.create_index("ix_game_bets_member_history", ["tenant_id", "member_id", "placed_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_bets_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_game_bets_winners", ["tenant_id", "status", "settled_at"], unique=False)

    op.create_table(
        "game_favourites",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_favourites_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_game_favourites_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_game_favourites_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_favourites")),
        sa.UniqueConstraint("tenant_id", "member_id", "game_id", name=op.f("uq_game_favourites_tenant_id")),
    )
    with op.batch_alter_table("game_favourites", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_favourites_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_favourites_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_favourites_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "game_recents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("launched_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_recents_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_game_recents_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_game_recents_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_recents")),
        sa.UniqueConstraint("tenant_id", "member_id", "game_id", name=op.f("uq_game_recents_tenant_id")),
    )
    with op.batch_alter_table("game_recents", schema=None) as batch_op:
        batch_op.create_index("ix_game_recents_by_member", ["tenant_id", "member_id", "launched_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_recents_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_recents_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "game_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("vassalage", sa.String(length=32), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_sessions_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_game_sessions_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_game_sessions_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_game_sessions_token_hash")),
    )
    with op.batch_alter_table("game_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_sessions_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_sessions_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "seamless_calls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("vassalage", sa.String(length=32), nullable=False),
        sa.Column("transaction_id", sa.String(length=64), nullable=False),
        sa.Column("operation", sa.String(length=10), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.String(length=64), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("ledger_transaction_id", sa.Integer(), nullable=True),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["ledger_transaction_id"],
            ["ledger_transactions.id"],
            name=op.f("fk_seamless_calls_ledger_transaction_id_ledger_transactions"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_seamless_calls_member_id_members"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_seamless_calls_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seamless_calls")),
        sa.UniqueConstraint("tenant_id", "vassalage", "transaction_id", name=op.f("uq_seamless_calls_tenant_id")),
    )
    with op.batch_alter_table("seamless_calls", schema=None) as batch_op:
        batch_op.create_index("ix_seamless_calls_round", ["tenant_id", "vassalage", "round_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_seamless_calls_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "games")
    enable_row_level_security(op, "game_bets")
    enable_row_level_security(op, "game_favourites")
    enable_row_level_security(op, "game_recents")
    enable_row_level_security(op, "game_sessions")
    enable_row_level_security(op, "seamless_calls")


def downgrade():
    with op.batch_alter_table("seamless_calls", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seamless_calls_tenant_id"))
        batch_op.drop_index("ix_seamless_calls_round")

    op.drop_table("seamless_calls")
    with op.batch_alter_table("game_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_sessions_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_game_sessions_member_id"))

    op.drop_table("game_sessions")
    with op.batch_alter_table("game_recents", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_recents_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_game_recents_game_id"))
        batch_op.drop_index("ix_game_recents_by_member")

    op.drop_table("game_recents")
    with op.batch_alter_table("game_favourites", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_favourites_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_game_favourites_member_id"))
        batch_op.drop_index(batch_op.f("ix_game_favourites_game_id"))

    op.drop_table("game_favourites")
    with op.batch_alter_table("game_bets", schema=None) as batch_op:
        batch_op.drop_index("ix_game_bets_winners")
        batch_op.drop_index(batch_op.f("ix_game_bets_tenant_id"))
        batch_op.drop_index("ix_game_bets_member_history")

    op.drop_table("game_bets")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_tenant_id"))
        batch_op.drop_index("ix_games_lobby")
        batch_op.drop_index("ix_games_hot")

    op.drop_table("games")
