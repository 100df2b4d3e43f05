"""What the wallet needs of the features above it."""

from typing import Protocol


class VendorRounds(Protocol):
    """The net of members' rounds at a transfer-wallet vendor, as the betting records have them
    (the games feature keeps those records and supplies this): payouts less stakes of settled
    rounds, less the stakes of open ones, by member; only ``member_ids``' when given. A member
    with rounds there is listed even when they net to nothing."""

    def __call__(self, db, tenant_id: int, vassalage: str, member_ids: list[int] | None = None) -> dict[int, int]: ...
