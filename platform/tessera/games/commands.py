"""``tessera games``: the catalog sync and the pull of transfer-wallet vendors' rounds."""
from tessera.games.bets_cli import pull_bets
from tessera.games.cli import games

games.add_command(pull_bets)

__all__ = ["games"]
