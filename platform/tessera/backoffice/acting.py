"""Who acts in a back-office call that changes a brand's money, and the audit entry each such
change writes in its own transaction."""

from dataclasses import dataclass
from datetime import datetime

from tessera.backoffice.audit.services import audit
from tessera.core.timeutil import now


@dataclass(frozen=True)
class Acting:
    """A staff member acting on a brand: their id and username, the brand's slug, their address
    and the moment of the call."""

    staff_id: int
    staff: str
    brand: str
    ip: str | None
    at: datetime

    @classmethod
    def of(cls, request) -> "Acting":
        identity = request.staff
        return cls(identity.staff_id, identity.username, request.tenant.slug, request.client_ip, now(request.registry))

    @property
    def operator(self) -> str:
        """The name the wallet's own records give whoever moved the money."""
        return f"staff:{self.staff}"

    def record(self, db, action: str, target: str, before: dict | None, after: dict | None) -> None:
        audit(db, self.staff, action, self.at, brand=self.brand, target=target, before=before, after=after, ip=self.ip)
