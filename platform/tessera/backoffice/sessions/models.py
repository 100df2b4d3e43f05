"""Staff sessions: only the SHA-256 of the cookie's token is kept."""

from sqlalchemy import ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, SessionRecord


class StaffSession(SessionRecord, Base):
    __tablename__ = "staff_sessions"

    staff_id: Mapped[int] = mapped_column(ForeignKey("staff.id", ondelete="CASCADE"), index=True)
