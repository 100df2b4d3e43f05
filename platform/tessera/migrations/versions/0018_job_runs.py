"""the runs of scheduled jobs, one per job and period

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 09:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "job_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job", sa.String(length=64), nullable=False),
        sa.Column("run_key", sa.String(length=128), nullable=False),
        sa.Column("brand", sa.String(length=64), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("counts", sa.JSON(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_job_runs")),
        sa.UniqueConstraint("job", "run_key", name=op.f("uq_job_runs_job")),
    )
    with op.batch_alter_table("job_runs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_job_runs_brand"), ["brand"], unique=False)
        batch_op.create_index(batch_op.f("ix_job_runs_started_at"), ["started_at"], unique=False)
        batch_op.create_index("ix_job_runs_recent", ["job", "started_at"], unique=False)


def downgrade():
    op.drop_table("job_runs")
