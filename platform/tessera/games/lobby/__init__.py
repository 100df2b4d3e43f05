"""The lobby: the game menu, game lists by lane and vendor, vendors, hot games, live rooms, and the
member's favourite and recent games."""

from pathlib import Path

from tessera.relay import PUBLIC, TOKEN


def includeme(config):
    config.add_route("games.game_menus", "/lgw/games/game_menus")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    # Visitors browse the lobby (members' favourites are marked); favourites and recents need a login.
    # A visitor's lists are the same for every visitor who asks alike: sent compressed.
    for name, handler in (
        ("GCSGAME_gameList", ".views.games"),
        ("GCSGAME_getVassGameType", ".views.vendor_types"),
        ("GCSGAME_newGameVendor", ".views.vendors"),
        ("GCSGAME_hotGamesV2", ".views.hot"),
    ):
        config.add_relay_operation(name, handler, auth=PUBLIC, shared_answer=True)
    config.add_relay_operation("MCSFE_getFavoriteGames", ".views.favourite", auth=TOKEN)
    config.add_relay_operation("MCSFE_getFavoriteGamesList", ".views.favourites", auth=TOKEN)
    config.add_relay_operation("GCS_recentGame", ".views.recent", auth=TOKEN)
    config.add_relay_operation("GLS2_roomList", ".views.rooms", auth=TOKEN, methods=("GET",))
