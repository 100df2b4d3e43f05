"""the back office: staff, roles per brand, recovery codes, failed logins, sessions and the audit chain

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27 11:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def _at(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade():
    op.create_table(
        "staff",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("superuser", sa.Boolean(), nullable=False),
        sa.Column("totp_secret", sa.String(length=64), nullable=True),
        _at("totp_enrolled_at", nullable=True),
        sa.Column("totp_last_step", sa.Integer(), nullable=True),
        _at("created_at"),
        _at("last_login_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff")),
        sa.UniqueConstraint("username", name=op.f("uq_staff_username")),
    )
    op.create_table(
        "staff_roles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("permissions", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_roles")),
        sa.UniqueConstraint("name", name=op.f("uq_staff_roles_name")),
    )
    op.create_table(
        "staff_grants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("role_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_staff_grants_staff_id_staff"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_staff_grants_tenant_id_tenants"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["role_id"], ["staff_roles.id"], name=op.f("fk_staff_grants_role_id_staff_roles"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_grants")),
        sa.UniqueConstraint("staff_id", "tenant_id", "role_id", name=op.f("uq_staff_grants_staff_id")),
    )
    op.create_table(
        "staff_recovery_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        _at("used_at", nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_staff_recovery_codes_staff_id_staff"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_recovery_codes")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_staff_recovery_codes_code_hash")),
    )
    op.create_table(
        "staff_failed_logins",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=False),
        _at("created_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_failed_logins")),
    )
    op.create_table(
        "staff_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        _at("created_at"),
        _at("last_seen_at"),
        _at("expires_at"),
        _at("revoked_at", nullable=True),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_staff_sessions_staff_id_staff"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_staff_sessions_token_hash")),
    )
    op.create_table(
        "backoffice_audit",
        sa.Column("id", sa.Integer(), nullable=False),
        _at("at"),
        sa.Column("staff", sa.String(length=64), nullable=False),
        sa.Column("brand", sa.String(length=64), nullable=True),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("target", sa.String(length=128), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.Column("previous_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_backoffice_audit")),
        sa.UniqueConstraint("previous_hash", name=op.f("uq_backoffice_audit_previous_hash")),
        sa.UniqueConstraint("hash", name=op.f("uq_backoffice_audit_hash")),
    )
    with op.batch_alter_table("staff_grants") as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_grants_staff_id"), ["staff_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_staff_grants_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_staff_grants_role_id"), ["role_id"], unique=False)
    with op.batch_alter_table("staff_recovery_codes") as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_recovery_codes_staff_id"), ["staff_id"], unique=False)
    with op.batch_alter_table("staff_failed_logins") as batch_op:
        batch_op.create_index("ix_staff_failed_logins_by_account", ["username", "created_at"], unique=False)
        batch_op.create_index("ix_staff_failed_logins_by_ip", ["ip", "created_at"], unique=False)
    with op.batch_alter_table("staff_sessions") as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_sessions_staff_id"), ["staff_id"], unique=False)
    with op.batch_alter_table("backoffice_audit") as batch_op:
        batch_op.create_index(batch_op.f("ix_backoffice_audit_at"), ["at"], unique=False)
        batch_op.create_index(batch_op.f("ix_backoffice_audit_staff"), ["staff"], unique=False)
        batch_op.create_index(batch_op.f("ix_backoffice_audit_action"), ["action"], unique=False)
        batch_op.create_index("ix_backoffice_audit_by_brand", ["brand", "id"], unique=False)


def downgrade():
    for table in (
        "backoffice_audit",
        "staff_sessions",
        "staff_failed_logins",
        "staff_recovery_codes",
        "staff_grants",
        "staff_roles",
        "staff",
    ):
        op.drop_table(table)
