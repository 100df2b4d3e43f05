"""``tessera games``: the feature's command group, holding the catalog's and the bets' commands."""

import click

from tessera.games.bets.commands import pull_bets
from tessera.games.catalog.commands import sync


@click.group()
def games():
    """The brands' games: their catalogs, synced from the game-vendor plugins, and the vendors' records."""


games.add_command(sync)
games.add_command(pull_bets)
