"""What staff set of the brand's vendors in the back office (``game_vendor_settings``): a vendor
disabled is gone from the lobby and its games cannot be launched; one in maintenance is listed but
its games cannot be launched while the window is open; the position orders the vendors of a lane.
The vendor's bets, transfers and seamless calls go on whatever its state: money in play is settled."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from tessera.core.cache import memo
from tessera.core.timeutil import as_utc, utcnow
from tessera.games.catalog.models import DISABLED, ENABLED, MAINTENANCE, VendorSetting
from tessera.games.vendors import UNPLACED


@dataclass(frozen=True)
class VendorState:
    state: str = ENABLED
    maintenance_from: datetime | None = None
    maintenance_until: datetime | None = None
    message: str | None = None
    position: int | None = None

    @classmethod
    def from_row(cls, row: VendorSetting) -> "VendorState":
        return cls(
            row.state,
            as_utc(row.maintenance_from),
            as_utc(row.maintenance_until),
            row.maintenance_message,
            row.position,
        )

    @property
    def shown(self) -> bool:
        return self.state != DISABLED

    def in_maintenance(self, at: datetime) -> bool:
        """Whether the vendor is in maintenance at ``at`` (always, without a window)."""
        if self.state != MAINTENANCE:
            return False
        return (self.maintenance_from is None or self.maintenance_from <= at) and (
            self.maintenance_until is None or at < self.maintenance_until
        )

    @property
    def place(self) -> int:
        return UNPLACED if self.position is None else self.position


NOT_SET = VendorState()


def vendor_states(db, tenant_id: int) -> dict[str, VendorState]:
    rows = db.scalars(select(VendorSetting).where(VendorSetting.tenant_id == tenant_id))
    return {row.vassalage: VendorState.from_row(row) for row in rows}


def brand_vendor_states(request) -> dict[str, VendorState]:
    """The request's brand's vendor settings, read once per memo time (a change drops the memo)."""
    tenant_id = request.tenant.id
    return memo(request.registry, "game_vendor_states").get(tenant_id, lambda: vendor_states(request.db, tenant_id))


def shown_offers(offers: dict, states: dict[str, VendorState]) -> dict:
    """The brand's vendors the lobby shows: those staff have not disabled."""
    return {vassalage: offer for vassalage, offer in offers.items() if states.get(vassalage, NOT_SET).shown}


def refusal(state: VendorState, game_state: str, at: datetime | None = None) -> tuple[int, str] | None:
    """Why a game of a vendor in ``state`` cannot be launched now (status and member error code), or None."""
    if not state.shown or game_state == DISABLED:
        return 404, "game_unknown"
    if game_state == MAINTENANCE or state.in_maintenance(at or utcnow()):
        return 503, "game_maintenance"
    return None
