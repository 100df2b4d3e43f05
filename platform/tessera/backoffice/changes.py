"""A change staff make to what a brand's members see: audited in the change's own transaction, and
seen by members at once (every process drops what it remembered once the change commits)."""

from tessera.backoffice.audit.services import audit
from tessera.core.cache import forget_memos
from tessera.core.shared import announce_change
from tessera.core.timeutil import now


def shown_once_committed(request) -> None:
    registry = request.registry

    def after(committed: bool) -> None:
        if committed:
            forget_memos(registry)
            announce_change(registry.settings["tessera"])

    request.tm.get().addAfterCommitHook(after)


def record_change(request, action: str, target: str, before: dict | None, after: dict | None) -> None:
    """Audit the change (brand, target, before, after) and have members see it once it commits."""
    audit(
        request.db,
        request.staff.username,
        action,
        now(request.registry),
        brand=request.tenant.slug,
        target=target,
        before=before,
        after=after,
        ip=request.client_ip,
    )
    shown_once_committed(request)
