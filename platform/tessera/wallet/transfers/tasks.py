"""The transfers' scheduled job: transfers to and from vendor wallets whose outcome is unknown."""

from datetime import timedelta

from tessera.jobs.registry import Work, job
from tessera.wallet.transfers.services import reconcile_transfers

# Younger transfers are left to the requests still making them (``tessera transfers reconcile --min-age``).
RECONCILE_AFTER = timedelta(seconds=60)


@job("transfers.reconcile", every=60)
def reconcile(work: Work) -> dict[str, int]:
    """``tessera transfers reconcile`` for each brand: its vendors asked again about pending transfers."""
    with work.unit_of_work() as db:
        return reconcile_transfers(db, work.tenant, work.plugins, older_than=RECONCILE_AFTER, at=work.at)
