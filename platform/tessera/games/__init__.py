"""Games: the game menu of the brand's vendors."""
from pathlib import Path


def includeme(config):
    config.add_route("games.game_menus", "/lgw/games/game_menus")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    config.scan(".views")
