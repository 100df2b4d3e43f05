"""The payments' scheduled jobs: gateway deposits whose notification never came, and paid
withdrawals their members left unconfirmed past the brand's confirm_minutes."""

from tessera.jobs.registry import Work, job
from tessera.wallet.payments.deposits import reconcile
from tessera.wallet.payments.withdrawals import settle_all_overdue


@job("payments.reconcile-deposits", every=60)
def reconcile_deposits(work: Work) -> dict[str, int]:
    """``tessera payments reconcile`` for each brand: each gateway asked about its deposits
    pending for more than a few minutes."""
    return reconcile(work.unit_of_work, work.plugins, work.tenant, work.at)


@job("withdrawals.count-received", every=60)
def count_unconfirmed_as_received(work: Work) -> dict[str, int]:
    """Paid withdrawals left unconfirmed past their deadline stored as received (auto_received)."""
    with work.unit_of_work() as db:
        return {"received": settle_all_overdue(db, work.at)}
