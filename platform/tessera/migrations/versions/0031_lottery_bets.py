"""Members' lottery bets, what each of their numbers stakes and risks in its draw, and staff's
changes to a brand's book.

Revision ID: 0031
Revises: 0030
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None


def _tenant(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tenant_id"], ["tenants.id"], name=op.f(f"fk_{table}_tenant_id_tenants"), ondelete="RESTRICT"
    )


def upgrade() -> None:
    op.create_table(
        "lottery_books",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("overrides", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        _tenant("lottery_books"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_books")),
        sa.UniqueConstraint("tenant_id", name=op.f("uq_lottery_books_tenant_id")),
    )
    with op.batch_alter_table("lottery_books") as batch:
        batch.create_index(batch.f("ix_lottery_books_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "lottery_books")
    op.create_table(
        "lottery_bets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("draw_id", sa.Integer(), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("numero", sa.String(length=16), nullable=False),
        sa.Column("bet_type", sa.String(length=16), nullable=False),
        sa.Column("numbers", sa.JSON(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("price", sa.JSON(), nullable=False),
        sa.Column("cost_minor", sa.BigInteger(), nullable=False),
        sa.Column("potential_payout_minor", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("payout_minor", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("settled_version", sa.Integer(), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("placed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["draw_id"], ["lottery_draws.id"], name=op.f("fk_lottery_bets_draw_id_lottery_draws"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_lottery_bets_member_id_members"), ondelete="RESTRICT"
        ),
        _tenant("lottery_bets"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_bets")),
        sa.UniqueConstraint("tenant_id", "member_id", "request_id", name=op.f("uq_lottery_bets_tenant_id")),
    )
    with op.batch_alter_table("lottery_bets") as batch:
        batch.create_index(batch.f("ix_lottery_bets_tenant_id"), ["tenant_id"], unique=False)
        batch.create_index("ix_lottery_bets_draw", ["draw_id", "settled_version"], unique=False)
        batch.create_index("ix_lottery_bets_member", ["tenant_id", "member_id", "placed_at"], unique=False)
    enable_row_level_security(op, "lottery_bets")
    op.create_table(
        "lottery_bet_numbers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("bet_id", sa.Integer(), nullable=False),
        sa.Column("draw_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("bet_type", sa.String(length=16), nullable=False),
        sa.Column("family", sa.String(length=8), nullable=False),
        sa.Column("number", sa.String(length=8), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("liability_minor", sa.BigInteger(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["bet_id"], ["lottery_bets.id"], name=op.f("fk_lottery_bet_numbers_bet_id_lottery_bets"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["draw_id"],
            ["lottery_draws.id"],
            name=op.f("fk_lottery_bet_numbers_draw_id_lottery_draws"),
            ondelete="RESTRICT",
        ),
        _tenant("lottery_bet_numbers"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_bet_numbers")),
    )
    with op.batch_alter_table("lottery_bet_numbers") as batch:
        batch.create_index(batch.f("ix_lottery_bet_numbers_tenant_id"), ["tenant_id"], unique=False)
        batch.create_index(batch.f("ix_lottery_bet_numbers_bet_id"), ["bet_id"], unique=False)
        batch.create_index("ix_lottery_bet_numbers_draw", ["draw_id", "family", "number"], unique=False)
    enable_row_level_security(op, "lottery_bet_numbers")


def downgrade() -> None:
    op.drop_table("lottery_bet_numbers")
    op.drop_table("lottery_bets")
    op.drop_table("lottery_books")
