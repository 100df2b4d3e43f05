"""what registration keeps of a member, referral and affiliate codes, referrals, federated accounts

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 04:00:00

Columns and unique indexes are added to ``members`` in place, on SQLite too: rebuilding it would
drop the old table, and SQLite's foreign-key actions would then empty the tables that refer to it.
So the new references to members live in tables of their own.
"""

import secrets

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TEXT_COLUMNS = ("payee_name", "qq_num", "line", "whatsapp", "facebook", "wechat", "id_number", "recommender")
REFERRAL_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
UNIQUE_INDEXES = {
    "uq_members_phone": "phone",
    "uq_members_referral_code": "referral_code",
    "uq_members_affiliate_code": "affiliate_code",
}


def _give_referral_codes():
    """Members made before this revision get a referral code too."""
    members = sa.table("members", sa.column("id", sa.Integer), sa.column("referral_code", sa.String))
    connection = op.get_bind()
    given = set()
    for member_id in connection.execute(sa.select(members.c.id)).scalars().all():
        code = None
        while code is None or code in given:
            code = "".join(secrets.choice(REFERRAL_ALPHABET) for _ in range(8))
        given.add(code)
        connection.execute(members.update().where(members.c.id == member_id).values(referral_code=code))


def upgrade():
    columns = [
        sa.Column("phone", sa.String(length=16), nullable=True),
        sa.Column("referral_code", sa.String(length=16), nullable=True),
        sa.Column("affiliate_code", sa.String(length=32), nullable=True),
        sa.Column("payment_password_hash", sa.String(length=200), nullable=True),
        *(sa.Column(name, sa.String(length=255), nullable=True) for name in TEXT_COLUMNS),
        sa.Column("birthday", sa.Date(), nullable=True),
        sa.Column("registered_ip", sa.String(length=45), nullable=True),
        sa.Column("register_method", sa.String(length=16), nullable=True),
    ]
    for column in columns:
        op.add_column("members", column)
    _give_referral_codes()
    for name, column in UNIQUE_INDEXES.items():
        op.create_index(name, "members", ["tenant_id", column], unique=True)
    op.create_index(
        "ix_members_by_registered_ip", "members", ["tenant_id", "registered_ip", "created_at"], unique=False
    )

    op.create_table(
        "referrals",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("referrer_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_referrals_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["referrer_id"], ["members.id"], name=op.f("fk_referrals_referrer_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_referrals_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_referrals")),
    )
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_referrals_referrer_id"), ["referrer_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_referrals_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "referrals")

    op.create_table(
        "federated_accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("provider", sa.String(length=32), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_federated_accounts_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_federated_accounts_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_federated_accounts")),
        sa.UniqueConstraint("tenant_id", "provider", "subject", name=op.f("uq_federated_accounts_tenant_id")),
    )
    with op.batch_alter_table("federated_accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_federated_accounts_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_federated_accounts_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "federated_accounts")


def downgrade():
    op.drop_table("federated_accounts")
    op.drop_table("referrals")
    for name in (*UNIQUE_INDEXES, "ix_members_by_registered_ip"):
        op.drop_index(name, table_name="members")
    for name in (
        "phone",
        "referral_code",
        "affiliate_code",
        "payment_password_hash",
        *TEXT_COLUMNS,
        "birthday",
        "registered_ip",
        "register_method",
    ):
        op.drop_column("members", name)  # in place, on SQLite too (3.35+)
