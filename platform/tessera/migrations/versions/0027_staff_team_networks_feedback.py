"""A brand's own staff roles, the networks its staff may act from, feedback with its member,
type, status and staff replies, and help centre articles and customer-service entries made by staff

Revision ID: 0027
Revises: 0026
"""

import sqlalchemy as sa
from alembic import op

from tessera.core.db import enable_row_level_security

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def _tenant(table: str, ondelete: str = "RESTRICT") -> list:
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f(f"fk_{table}_tenant_id_tenants"), ondelete=ondelete
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
    ]


def upgrade() -> None:
    with op.batch_alter_table("staff_roles") as batch:
        batch.add_column(sa.Column("tenant_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            batch.f("fk_staff_roles_tenant_id_tenants"), "tenants", ["tenant_id"], ["id"], ondelete="CASCADE"
        )
        batch.create_index(batch.f("ix_staff_roles_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "staff_allowed_networks",
        *_tenant("staff_allowed_networks", ondelete="CASCADE"),
        sa.Column("network", sa.String(length=43), nullable=False),
        sa.Column("label", sa.String(length=100), nullable=True),
        sa.Column("created_by", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("tenant_id", "network", name=op.f("uq_staff_allowed_networks_tenant_id")),
    )
    with op.batch_alter_table("staff_allowed_networks") as batch:
        batch.create_index(batch.f("ix_staff_allowed_networks_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "staff_allowed_networks")

    with op.batch_alter_table("feedback") as batch:
        batch.add_column(sa.Column("member_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("type", sa.String(length=10), nullable=False, server_default="feedback"))
        batch.add_column(sa.Column("status", sa.String(length=10), nullable=False, server_default="open"))
        batch.create_foreign_key(
            batch.f("fk_feedback_member_id_members"), "members", ["member_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index(batch.f("ix_feedback_member_id"), ["member_id"], unique=False)
        batch.create_index("ix_feedback_by_status", ["tenant_id", "status", "created_at"], unique=False)

    op.create_table(
        "feedback_replies",
        *_tenant("feedback_replies"),
        sa.Column("feedback_id", sa.Integer(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("staff", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["feedback_id"], ["feedback.id"], name=op.f("fk_feedback_replies_feedback_id_feedback"), ondelete="CASCADE"
        ),
    )
    with op.batch_alter_table("feedback_replies") as batch:
        batch.create_index(batch.f("ix_feedback_replies_feedback_id"), ["feedback_id"], unique=False)
        batch.create_index(batch.f("ix_feedback_replies_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "feedback_replies")

    with op.batch_alter_table("help_sections") as batch:
        batch.add_column(sa.Column("body_text", sa.Text(), nullable=True))
        batch.add_column(sa.Column("source", sa.String(length=10), nullable=False, server_default="folder"))
        batch.add_column(sa.Column("updated_by", sa.String(length=64), nullable=True))

    op.create_table(
        "customer_service_entries",
        *_tenant("customer_service_entries"),
        sa.Column("key", sa.String(length=20), nullable=False),
        sa.Column("cs_type", sa.String(length=16), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column("title", sa.JSON(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("updated_by", sa.String(length=64), nullable=False),
        sa.UniqueConstraint("tenant_id", "key", name=op.f("uq_customer_service_entries_tenant_id")),
    )
    with op.batch_alter_table("customer_service_entries") as batch:
        batch.create_index(batch.f("ix_customer_service_entries_tenant_id"), ["tenant_id"], unique=False)
    enable_row_level_security(op, "customer_service_entries")


def downgrade() -> None:
    op.drop_table("customer_service_entries")
    op.execute("DELETE FROM help_sections WHERE source <> 'folder'")
    with op.batch_alter_table("help_sections") as batch:
        batch.drop_column("updated_by")
        batch.drop_column("source")
        batch.drop_column("body_text")
    op.drop_table("feedback_replies")
    with op.batch_alter_table("feedback") as batch:
        batch.drop_index("ix_feedback_by_status")
        batch.drop_index(batch.f("ix_feedback_member_id"))
        batch.drop_constraint(batch.f("fk_feedback_member_id_members"), type_="foreignkey")
        batch.drop_column("status")
        batch.drop_column("type")
        batch.drop_column("member_id")
    op.drop_table("staff_allowed_networks")
    op.execute("DELETE FROM staff_roles WHERE tenant_id IS NOT NULL")
    with op.batch_alter_table("staff_roles") as batch:
        batch.drop_index(batch.f("ix_staff_roles_tenant_id"))
        batch.drop_constraint(batch.f("fk_staff_roles_tenant_id_tenants"), type_="foreignkey")
        batch.drop_column("tenant_id")
