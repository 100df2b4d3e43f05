"""Bets: the rounds members played (the betting record), personal profit and loss, the winner
board, and the pulls of transfer-wallet vendors' rounds."""

from pathlib import Path

from tessera.identity.permissions import OwnAccount
from tessera.relay import PUBLIC


def includeme(config):
    # Any logged-in account reads its own rounds (an agent's or free play's record is simply its own).
    config.add_route("games.betting_record", "/wps/games/bets", factory=OwnAccount)
    config.add_route("games.profit_and_loss", "/wps/games/profit", factory=OwnAccount)
    config.add_relay_operation("GCSGAME_getRankList", ".views.rank_list", auth=PUBLIC, shared_answer=True)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
