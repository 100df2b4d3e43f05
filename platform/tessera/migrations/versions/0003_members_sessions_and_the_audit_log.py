"""members, sessions and the audit log

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 01:58:26.777803
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "failed_logins",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username_key", sa.String(length=64), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_failed_logins_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_failed_logins")),
    )
    with op.batch_alter_table("failed_logins", schema=None) as batch_op:
        batch_op.create_index("ix_failed_logins_by_account", ["tenant_id", "username_key", "created_at"], unique=False)
        batch_op.create_index("ix_failed_logins_by_ip", ["tenant_id", "ip", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_failed_logins_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("username_key", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("password_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("password_is_default", sa.Boolean(), nullable=False),
        sa.Column("member_type", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=64), nullable=False),
        sa.Column("mobile_num", sa.String(length=20), nullable=True),
        sa.Column("country_dialing_code", sa.String(length=8), nullable=True),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_login_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("first_login_done", sa.Boolean(), nullable=False),
        sa.Column("upline_id", sa.Integer(), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_members_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["upline_id"], ["members.id"], name=op.f("fk_members_upline_id_members"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_members")),
        sa.UniqueConstraint("tenant_id", "username_key", name=op.f("uq_members_tenant_id")),
    )
    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_members_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_members_upline_id"), ["upline_id"], unique=False)

    op.create_table(
        "seen_payloads",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("jti", sa.String(length=128), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_seen_payloads_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seen_payloads")),
        sa.UniqueConstraint("tenant_id", "jti", name=op.f("uq_seen_payloads_tenant_id")),
    )
    with op.batch_alter_table("seen_payloads", schema=None) as batch_op:
        batch_op.create_index("ix_seen_payloads_expiry", ["tenant_id", "expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_seen_payloads_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_audit_events_member_id_members"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_audit_events_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_events")),
    )
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.create_index("ix_audit_events_by_member", ["tenant_id", "member_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_audit_events_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "member_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_member_sessions_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_member_sessions_tenant_id_tenants"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_member_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_member_sessions_token_hash")),
    )
    with op.batch_alter_table("member_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_member_sessions_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_member_sessions_tenant_id"), ["tenant_id"], unique=False)

    for table in ("failed_logins", "members", "seen_payloads", "audit_events", "member_sessions"):
        enable_row_level_security(op, table)


def downgrade():
    with op.batch_alter_table("member_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_member_sessions_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_member_sessions_member_id"))

    op.drop_table("member_sessions")
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_events_tenant_id"))
        batch_op.drop_index("ix_audit_events_by_member")

    op.drop_table("audit_events")
    with op.batch_alter_table("seen_payloads", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seen_payloads_tenant_id"))
        batch_op.drop_index("ix_seen_payloads_expiry")

    op.drop_table("seen_payloads")
    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_members_upline_id"))
        batch_op.drop_index(batch_op.f("ix_members_tenant_id"))

    op.drop_table("members")
    with op.batch_alter_table("failed_logins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_failed_logins_tenant_id"))
        batch_op.drop_index("ix_failed_logins_by_ip")
        batch_op.drop_index("ix_failed_logins_by_account")

    op.drop_table("failed_logins")
