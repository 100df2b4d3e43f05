"""Games: the catalog synced from the vendor plugins, the lobby (game menu, game lists, vendors,
hot games, live rooms, favourites, recent games), launches, the seamless wallet vendors call, and
the betting records with profit and loss and the winner board."""


def includeme(config):
    # The lobby first: the catalog it reads serves no call of its own.
    config.include(".lobby")
    # Launches, then the seamless wallet the launched games of seamless vendors call.
    config.include(".launch")
    config.include(".seamless")
    # Betting records, profit and loss, the winner board.
    config.include(".bets")
    # The views declared with @view_config, in every sub-package.
    config.scan()
