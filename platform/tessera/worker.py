"""The Celery app of Tessera's workers and beat, with every feature's jobs: what
``tessera jobs worker`` and ``tessera jobs beat`` run, and ``celery -A tessera.worker`` names
(its ``app``, configured from the environment's ``TESSERA_*`` settings when first asked for,
under a development checkout's var/development.env)."""

from tessera.core.settings import Settings, load_development_env
from tessera.games.bets import tasks as games_bets_tasks
from tessera.games.catalog import tasks as games_catalog_tasks
from tessera.identity import tasks as identity_tasks
from tessera.jobs import tasks as jobs_tasks
from tessera.jobs.app import make_celery
from tessera.lottery import tasks as lottery_tasks
from tessera.wallet.payments import tasks as wallet_payments_tasks
from tessera.wallet.transfers import tasks as wallet_transfers_tasks

# Importing a feature's tasks registers its jobs.
TASKS = (
    identity_tasks,
    wallet_payments_tasks,
    wallet_transfers_tasks,
    games_catalog_tasks,
    games_bets_tasks,
    lottery_tasks,
    jobs_tasks,
)


def celery_app(settings: Settings):
    """The app for these settings, every feature's jobs registered."""
    return make_celery(settings)


def __getattr__(name: str):
    if name == "app":
        load_development_env()
        return celery_app(Settings.from_env())
    raise AttributeError(name)
