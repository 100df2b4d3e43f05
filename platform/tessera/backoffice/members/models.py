"""What the back office keeps about a brand's members: their labels and the staff's notes."""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned

LABEL_LENGTH = 32
NOTE_LENGTH = 2000


class MemberLabel(TenantOwned, Base):
    """One short label on a member ("VIP", "bonus-abuser"): a member has a set of them."""

    __tablename__ = "member_labels"
    __table_args__ = (
        UniqueConstraint("tenant_id", "member_id", "label"),
        Index("ix_member_labels_by_label", "tenant_id", "label"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    label: Mapped[str] = mapped_column(String(LABEL_LENGTH))


class MemberNote(TenantOwned, Base):
    """A note a staff member wrote about a member; notes are only ever added."""

    __tablename__ = "member_notes"
    __table_args__ = (Index("ix_member_notes_by_member", "tenant_id", "member_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    staff: Mapped[str] = mapped_column(String(64))  # the staff member's username
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
