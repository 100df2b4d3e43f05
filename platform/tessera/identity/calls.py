"""What identity's services know of a call: the brand's database session, the brand, its plugins
and one-time store, the moment, and the caller's address and language; never the HTTP request
itself, so the services run the same from a view, a command or a test."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from tessera.core.i18n import translate
from tessera.core.onetime import OneTimeStore
from tessera.core.timeutil import now
from tessera.plugins import TenantPlugins
from tessera.tenancy.context import TenantContext


@dataclass(frozen=True)
class Call:
    db: Session
    tenant: TenantContext
    plugins: TenantPlugins
    store: OneTimeStore
    at: datetime
    ip: str | None
    language: str
    secret_key: str

    def translate(self, key: str, **params) -> str:
        return translate(key, self.language, **params)


def request_call(request) -> Call:
    """The call a request makes (``request.identity_call``), its moment taken once."""
    return Call(
        request.db,
        request.tenant,
        request.plugins,
        request.one_time_store,
        now(request.registry),
        request.client_ip,
        request.language,
        request.registry.settings["tessera"].secret_key,
    )
