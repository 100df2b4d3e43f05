"""Importing every feature's models, so the metadata is whole (for migrations and tests)."""


def load_all_models():
    from tessera.backoffice.approvals import models as backoffice_approvals_models  # noqa: F401
    from tessera.backoffice.audit import models as backoffice_audit_models  # noqa: F401
    from tessera.backoffice.members import models as backoffice_members_models  # noqa: F401
    from tessera.backoffice.sessions import models as backoffice_sessions_models  # noqa: F401
    from tessera.backoffice.staff import models as backoffice_staff_models  # noqa: F401
    from tessera.core import onetime  # noqa: F401
    from tessera.games.bets import models as games_bets_models  # noqa: F401
    from tessera.games.catalog import models as games_catalog_models  # noqa: F401
    from tessera.games.launch import models as games_launch_models  # noqa: F401
    from tessera.games.lobby import models as games_lobby_models  # noqa: F401
    from tessera.games.seamless import models as games_seamless_models  # noqa: F401
    from tessera.identity.accounts import models as identity_accounts_models  # noqa: F401
    from tessera.identity.encryption import models as identity_encryption_models  # noqa: F401
    from tessera.identity.recovery import models as identity_recovery_models  # noqa: F401
    from tessera.identity.registration import models as identity_registration_models  # noqa: F401
    from tessera.identity.sessions import models as identity_sessions_models  # noqa: F401
    from tessera.identity.verification import models as identity_verification_models  # noqa: F401
    from tessera.jobs import models as jobs_models  # noqa: F401
    from tessera.lottery.bets import models as lottery_bets_models  # noqa: F401
    from tessera.lottery.book import models as lottery_book_models  # noqa: F401
    from tessera.lottery.draws import models as lottery_draws_models  # noqa: F401
    from tessera.system.feedback import models as system_feedback_models  # noqa: F401
    from tessera.system.status import models as system_status_models  # noqa: F401
    from tessera.tenancy import models as tenancy_models  # noqa: F401
    from tessera.wallet.ledger import models as wallet_ledger_models  # noqa: F401
    from tessera.wallet.operators import models as wallet_operators_models  # noqa: F401
    from tessera.wallet.payments import models as wallet_payments_models  # noqa: F401
    from tessera.wallet.transfers import models as wallet_transfers_models  # noqa: F401
