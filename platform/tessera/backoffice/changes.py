"""A change staff make to what a brand's members see: audited in the change's own transaction, and
seen by members at once (every process drops what it remembered once the change commits)."""

from tessera.backoffice.acting import Acting
from tessera.core.cache import announce_change_once_committed


def record_change(request, action: str, target: str, before: dict | None, after: dict | None) -> None:
    """Audit the change (brand, target, before, after) and have members see it once it commits."""
    Acting.of(request).record(request.db, action, target, before, after)
    announce_change_once_committed(request)
