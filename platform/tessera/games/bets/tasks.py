"""The bets' scheduled job: transfer-wallet vendors' new rounds brought into the betting records."""

from tessera.games.bets.pulls import pull_brand_bets
from tessera.jobs.registry import Work, job


@job("games.pull-bets", every=30)
def pull_bets(work: Work) -> dict[str, int]:
    """``tessera games pull-bets`` for each brand: every transfer-wallet vendor asked for the rounds
    since the brand's last pull; the records kept each way, and the vendors that could not answer."""
    return pull_brand_bets(work.unit_of_work, work.tenant, work.plugins).totals()
