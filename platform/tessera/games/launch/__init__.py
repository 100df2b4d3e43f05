"""Launching games: launch sessions, launchGame and free-play launches."""

from pathlib import Path

from tessera.identity.permissions import OwnAccount
from tessera.relay import PUBLIC
from tessera.system.access import ALWAYS


def includeme(config):
    config.add_route("games.launch", "/wps/game/launchGame", factory=OwnAccount)
    config.add_relay_operation("GCS_gameLaunchFB", ".views.free_play_launch", auth=PUBLIC, region_check=ALWAYS)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
