"""The runs of scheduled jobs, kept where an operator can read them (``tessera jobs list``)."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base

RUNNING, OK, FAILED, RETRYING, SKIPPED = "running", "ok", "failed", "retrying", "skipped"
OUTCOMES = (RUNNING, OK, FAILED, RETRYING, SKIPPED)


class JobRun(Base):
    """One run of a job for one period (and brand): the run key is unique per job, so a second
    beat, or a message delivered twice, finds the period taken and does not run it again. Not a
    brand's row: operators read every brand's runs together."""

    __tablename__ = "job_runs"
    __table_args__ = (
        UniqueConstraint("job", "run_key"),
        Index("ix_job_runs_recent", "job", "started_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    job: Mapped[str] = mapped_column(String(64))
    run_key: Mapped[str] = mapped_column(String(128))
    brand: Mapped[str | None] = mapped_column(String(64), index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    outcome: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    counts: Mapped[dict] = mapped_column(JSON, default=dict)
    error: Mapped[str | None] = mapped_column(Text)
