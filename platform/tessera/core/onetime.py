"""Single-use values with an expiry, kept in the database so every worker sees them (or in Redis
where the deployment has it: core/shared.py): captcha answers, one-time tokens. Plugins receive a
brand's store as the ``store`` argument of their hooks.

``take`` deletes the value as it reads it, so of two concurrent takes of one key only one gets it.
"""

from datetime import datetime, timedelta

from sqlalchemy import DateTime, String, UniqueConstraint, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from tessera.core.db import Base, TenantOwned
from tessera.core.shared import MAX_KEY, MAX_VALUE, RedisOneTimeStore, check_sizes, redis_client, request_token
from tessera.core.timeutil import as_utc, now


class OneTimeValue(TenantOwned, Base):
    __tablename__ = "one_time_values"
    __table_args__ = (UniqueConstraint("tenant_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(MAX_KEY))
    value: Mapped[str] = mapped_column(String(MAX_VALUE))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class OneTimeStore:
    """One brand's single-use values. ``clock`` is a callable giving the aware current time."""

    def __init__(self, db, tenant_id: int, clock):
        self.db, self.tenant_id, self.clock = db, tenant_id, clock

    def put(self, key: str, value: str, ttl: timedelta) -> None:
        """Keep ``value`` under ``key`` for ``ttl``; a key already held is replaced."""
        check_sizes(key, value)
        at = self.clock()
        self._delete(OneTimeValue.key == key)
        self._delete(OneTimeValue.expires_at <= at)  # expired values are swept as new ones arrive
        self.db.add(OneTimeValue(tenant_id=self.tenant_id, key=key, value=value, expires_at=at + ttl))
        self.db.flush()

    def take(self, key: str) -> str | None:
        """The value under ``key``, removed as it is read; None when absent, expired or taken."""
        if not isinstance(key, str) or not key or len(key) > MAX_KEY:
            return None
        found = self.db.execute(
            select(OneTimeValue.id, OneTimeValue.value, OneTimeValue.expires_at).where(
                OneTimeValue.tenant_id == self.tenant_id, OneTimeValue.key == key
            )
        ).first()
        if found is None:
            return None
        removed = self.db.execute(
            delete(OneTimeValue).where(OneTimeValue.id == found.id).execution_options(synchronize_session=False)
        ).rowcount
        if removed != 1 or as_utc(found.expires_at) <= self.clock():
            return None  # another request took it first, or it is stale
        return found.value

    def _delete(self, *criteria) -> None:
        self.db.execute(
            delete(OneTimeValue)
            .where(OneTimeValue.tenant_id == self.tenant_id, *criteria)
            .execution_options(synchronize_session=False)
        )


def purge_expired(db, at: datetime) -> int:
    """Delete the expired values (of the session's brand, or of every brand for an operator's
    session), which nobody can take any more; how many."""
    return db.execute(
        delete(OneTimeValue).where(OneTimeValue.expires_at <= at).execution_options(synchronize_session=False)
    ).rowcount


def request_store(request) -> "OneTimeStore | RedisOneTimeStore":
    """The brand's store: Redis's where the deployment has it, else the database's."""
    settings = request.registry.settings["tessera"]
    client = redis_client(settings)
    if client is not None:
        return RedisOneTimeStore(client, settings, request.tenant.id, request_token(request))
    return OneTimeStore(request.db, request.tenant.id, lambda: now(request.registry))


def includeme(config):
    config.add_request_method(request_store, "one_time_store", reify=True)
