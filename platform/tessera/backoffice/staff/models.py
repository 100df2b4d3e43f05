"""Staff accounts, the roles they hold per brand, their recovery codes and failed logins.

Staff belong to the deployment, not to a brand: these rows are not tenant-owned, and a grant
names the brand it gives a role on."""

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base

ACTIVE, LOCKED = "active", "locked"


class Staff(Base):
    """A staff member: an argon2id password and, once enrolled, a TOTP secret. A password made for
    them (a one-time password) must be changed before anything else."""

    __tablename__ = "staff"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    must_change_password: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    status: Mapped[str] = mapped_column(String(16), default=ACTIVE)
    superuser: Mapped[bool] = mapped_column(Boolean, default=False)
    totp_secret: Mapped[str | None] = mapped_column(String(255))  # sealed (staff_totp)
    totp_enrolled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    totp_last_step: Mapped[int | None] = mapped_column(Integer)  # a code is good once
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_login_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Role(Base):
    """A named set of permissions (``tessera.backoffice.permissions``): the deployment's (defined on
    the command line, ``tenant_id`` null) or one brand's, defined by its staff for that brand only."""

    __tablename__ = "staff_roles"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    permissions: Mapped[list] = mapped_column(JSON)
    tenant_id: Mapped[int | None] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)


class Grant(Base):
    """A role a staff member holds on one brand."""

    __tablename__ = "staff_grants"
    __table_args__ = (UniqueConstraint("staff_id", "tenant_id", "role_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    staff_id: Mapped[int] = mapped_column(ForeignKey("staff.id", ondelete="CASCADE"), index=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)
    role_id: Mapped[int] = mapped_column(ForeignKey("staff_roles.id", ondelete="CASCADE"), index=True)


class RecoveryCode(Base):
    """A two-factor recovery code: only its SHA-256 is kept, and it opens one login."""

    __tablename__ = "staff_recovery_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    staff_id: Mapped[int] = mapped_column(ForeignKey("staff.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class StaffFailedLogin(Base):
    """A staff login that failed, counted by account name and by address for the throttles."""

    __tablename__ = "staff_failed_logins"
    __table_args__ = (
        Index("ix_staff_failed_logins_by_account", "username", "created_at"),
        Index("ix_staff_failed_logins_by_ip", "ip", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
