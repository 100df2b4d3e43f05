"""deposits, withdrawals, saved bank accounts, payment passwords and operator keys

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 06:00:00
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _tenant(table):
    return (
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f(f"fk_{table}_tenant_id_tenants"), ondelete="RESTRICT"
        ),
    )


def _member(table, ondelete="RESTRICT"):
    return sa.ForeignKeyConstraint(
        ["member_id"], ["members.id"], name=op.f(f"fk_{table}_member_id_members"), ondelete=ondelete
    )


def _tenant_index(table):
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_tenant_id"), ["tenant_id"], unique=False)


def upgrade():
    op.create_table(
        "operator_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        *_tenant("operator_keys"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_keys")),
        sa.UniqueConstraint("key_hash", name=op.f("uq_operator_keys_key_hash")),
    )
    _tenant_index("operator_keys")
    enable_row_level_security(op, "operator_keys")

    op.create_table(
        "bank_accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("bank_name", sa.String(length=100), nullable=False),
        sa.Column("account_name", sa.String(length=100), nullable=False),
        sa.Column("account_number", sa.String(length=30), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        *_tenant("bank_accounts"),
        _member("bank_accounts"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bank_accounts")),
    )
    with op.batch_alter_table("bank_accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_bank_accounts_member_id"), ["member_id"], unique=False)
    _tenant_index("bank_accounts")
    enable_row_level_security(op, "bank_accounts")

    op.create_table(
        "payment_passwords",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        *_tenant("payment_passwords"),
        _member("payment_passwords", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_payment_passwords")),
    )
    _tenant_index("payment_passwords")
    enable_row_level_security(op, "payment_passwords")

    op.create_table(
        "deposits",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("plugin", sa.String(length=64), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("channel_title", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("reference", sa.String(length=64), nullable=True),
        sa.Column("start_answer", sa.JSON(), nullable=False),
        sa.Column("proof", sa.String(length=255), nullable=True),
        sa.Column("remark", sa.String(length=255), nullable=True),
        sa.Column("request_key", sa.String(length=160), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("transaction_id", sa.Integer(), nullable=True),
        *_tenant("deposits"),
        _member("deposits"),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["ledger_transactions.id"],
            name=op.f("fk_deposits_transaction_id_ledger_transactions"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deposits")),
        sa.UniqueConstraint("tenant_id", "request_key", name=op.f("uq_deposits_tenant_id")),
    )
    with op.batch_alter_table("deposits", schema=None) as batch_op:
        batch_op.create_index("ix_deposits_member_history", ["tenant_id", "member_id", "created_at"], unique=False)
        batch_op.create_index("ix_deposits_status", ["tenant_id", "status", "created_at"], unique=False)
    _tenant_index("deposits")
    enable_row_level_security(op, "deposits")

    op.create_table(
        "withdrawals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("bank_account_id", sa.Integer(), nullable=False),
        sa.Column("bank_name", sa.String(length=100), nullable=False),
        sa.Column("account_name", sa.String(length=100), nullable=False),
        sa.Column("account_number", sa.String(length=30), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("confirmation", sa.String(length=16), nullable=True),
        sa.Column("received_minor", sa.BigInteger(), nullable=True),
        sa.Column("proof", sa.String(length=255), nullable=True),
        sa.Column("confirm_by", sa.DateTime(timezone=True), nullable=True),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("pay_reference", sa.String(length=64), nullable=True),
        sa.Column("resolution", sa.String(length=16), nullable=True),
        sa.Column("refunded_minor", sa.BigInteger(), nullable=True),
        sa.Column("remark", sa.String(length=255), nullable=True),
        sa.Column("request_key", sa.String(length=160), nullable=False),
        sa.Column("hold_transaction_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        *_tenant("withdrawals"),
        _member("withdrawals"),
        sa.ForeignKeyConstraint(
            ["bank_account_id"],
            ["bank_accounts.id"],
            name=op.f("fk_withdrawals_bank_account_id_bank_accounts"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["hold_transaction_id"],
            ["ledger_transactions.id"],
            name=op.f("fk_withdrawals_hold_transaction_id_ledger_transactions"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_withdrawals")),
        sa.UniqueConstraint("tenant_id", "request_key", name=op.f("uq_withdrawals_tenant_id")),
    )
    with op.batch_alter_table("withdrawals", schema=None) as batch_op:
        batch_op.create_index("ix_withdrawals_member_history", ["tenant_id", "member_id", "created_at"], unique=False)
        batch_op.create_index("ix_withdrawals_status", ["tenant_id", "status", "created_at"], unique=False)
    _tenant_index("withdrawals")
    enable_row_level_security(op, "withdrawals")


def downgrade():
    op.drop_table("withdrawals")
    op.drop_table("deposits")
    op.drop_table("payment_passwords")
    op.drop_table("bank_accounts")
    op.drop_table("operator_keys")
