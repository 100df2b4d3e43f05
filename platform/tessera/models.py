"""Importing every feature's models, so the metadata is whole (for migrations and tests)."""


def load_all_models():
    from tessera.engagement import models as engagement_models  # noqa: F401
    from tessera.games.bets import models as games_bets_models  # noqa: F401
    from tessera.games.catalog import models as games_catalog_models  # noqa: F401
    from tessera.games.launch import models as games_launch_models  # noqa: F401
    from tessera.games.lobby import models as games_lobby_models  # noqa: F401
    from tessera.games.seamless import models as games_seamless_models  # noqa: F401
    from tessera.identity import models as identity_models  # noqa: F401
    from tessera.core import onetime  # noqa: F401
    from tessera.system import models as system_models  # noqa: F401
    from tessera.tenancy import models as tenancy_models  # noqa: F401
    from tessera.wallet import models as wallet_models  # noqa: F401
    from tessera.wallet import payment_models as wallet_payment_models  # noqa: F401
    from tessera.wallet import transfer_models as wallet_transfer_models  # noqa: F401
