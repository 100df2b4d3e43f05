"""Members' lottery bets: the brand's board, quick entry, the room left on numbers, placing a bet
and reading one's bets; their settlement is the ``lottery.settle`` job's (``settlement``)."""

from pathlib import Path

from tessera.identity.permissions import OwnAccount, RealAccount


def includeme(config):
    config.add_route("lottery.board", "/lotto/lgw/games/board")
    config.add_route("lottery.numbers", "/lotto/lgw/numbers")
    config.add_route("lottery.room", "/lotto/lgw/draws/room", factory=OwnAccount)
    # Only real members stake money (and so have bets to read).
    config.add_route("lottery.bets", "/lotto/lgw/bets", factory=RealAccount)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
