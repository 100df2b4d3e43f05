"""the ledger: accounts, transactions and their postings

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 05:20:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _tenant(table):
    return (
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f(f"fk_{table}_tenant_id_tenants"), ondelete="RESTRICT"
        ),
    )


def upgrade():
    op.create_table(
        "ledger_accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=80), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("vendor", sa.String(length=32), nullable=True),
        sa.Column("balance_minor", sa.BigInteger(), nullable=False),
        sa.Column("allow_negative", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        *_tenant("ledger_accounts"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_ledger_accounts_member_id_members"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_accounts")),
        sa.UniqueConstraint("tenant_id", "code", name=op.f("uq_ledger_accounts_tenant_id")),
    )
    with op.batch_alter_table("ledger_accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ledger_accounts_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_ledger_accounts_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "ledger_accounts")

    op.create_table(
        "ledger_transactions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=160), nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("reference", sa.String(length=80), nullable=True),
        sa.Column("remark", sa.String(length=255), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        *_tenant("ledger_transactions"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_ledger_transactions_member_id_members"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_transactions")),
        sa.UniqueConstraint("tenant_id", "idempotency_key", name=op.f("uq_ledger_transactions_tenant_id")),
    )
    with op.batch_alter_table("ledger_transactions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_ledger_transactions_member_history", ["tenant_id", "member_id", "created_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_ledger_transactions_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "ledger_transactions")

    op.create_table(
        "ledger_postings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("transaction_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("balance_after_minor", sa.BigInteger(), nullable=False),
        *_tenant("ledger_postings"),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["ledger_transactions.id"],
            name=op.f("fk_ledger_postings_transaction_id_ledger_transactions"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["ledger_accounts.id"],
            name=op.f("fk_ledger_postings_account_id_ledger_accounts"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_postings")),
    )
    with op.batch_alter_table("ledger_postings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ledger_postings_account_id"), ["account_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_ledger_postings_transaction_id"), ["transaction_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_ledger_postings_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "ledger_postings")


def downgrade():
    op.drop_table("ledger_postings")
    op.drop_table("ledger_transactions")
    op.drop_table("ledger_accounts")
