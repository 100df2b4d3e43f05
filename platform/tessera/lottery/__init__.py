"""The house's own lottery engine."""

from tessera.games.vendors import add_built_in_cards, add_built_in_vendor
from tessera.lottery.vendor import VASSALAGE, lottery_cards


def includeme(config):
    add_built_in_vendor(config, VASSALAGE, "house_lottery")  # its bets named in the betting record
    add_built_in_cards(config, lottery_cards)  # its lobbies in the game menu's e-lottery lane
    config.include(".draws")  # the fast games' draws and their public proofs
    config.include(".bets")  # the board, placing bets, the member's bets
    # The views declared with @view_config, in every sub-package.
    config.scan()
