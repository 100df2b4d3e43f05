"""The house's own lottery engine."""


def includeme(config):
    config.include(".draws")  # the fast games' draws and their public proofs
    config.include(".bets")  # the board, placing bets, the member's bets
    # The views declared with @view_config, in every sub-package.
    config.scan()
