"""Launch sessions of seamless-wallet games."""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.timeutil import utcnow


class GameSession(TenantOwned, Base):
    """A launch of a seamless-wallet game: the vendor presents the token to authenticate the player.
    Only the token's SHA-256 is kept."""

    __tablename__ = "game_sessions"
    __table_args__ = (UniqueConstraint("token_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    vassalage: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
