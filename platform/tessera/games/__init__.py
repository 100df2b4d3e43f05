"""Games: the game menu, the catalog synced from the vendor plugins, and the lobby's calls
(game lists, vendors, hot games, favourites, recent games, live rooms)."""
from pathlib import Path

from tessera.relay import PUBLIC, TOKEN
from tessera.games import views


def includeme(config):
    config.add_route("games.game_menus", "/lgw/games/game_menus")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
    # The lobby: visitors browse it (members' favourites are marked); favourites and recents need a login.
    for name, handler in (("GCSGAME_gameList", views.games), ("GCSGAME_getVassGameType", views.vendor_types),
                          ("GCSGAME_newGameVendor", views.vendors), ("GCSGAME_hotGamesV2", views.hot)):
        config.add_relay_operation(name, handler, auth=PUBLIC)
    config.add_relay_operation("MCSFE_getFavoriteGames", views.favourite, auth=TOKEN)
    config.add_relay_operation("MCSFE_getFavoriteGamesList", views.favourites, auth=TOKEN)
    config.add_relay_operation("GCS_recentGame", views.recent, auth=TOKEN)
    config.add_relay_operation("GLS2_roomList", views.rooms, auth=TOKEN, methods=("GET",))
    config.scan(".views")
    config.include(".seamless_views")  # launching games, and the seamless wallet vendors call
    config.include(".bets_views")  # betting records, profit and loss, the winner board
