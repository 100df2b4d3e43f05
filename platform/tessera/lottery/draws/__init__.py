"""The lottery's draws: the fast games' series committed ahead and drawn by the workers with proofs
anyone can check; the Vietnamese games' draws stored ahead and their official results; the brand's
games as its operator keeps them; and the members' menus and results."""

from pathlib import Path

from tessera.identity.permissions import OwnAccount


def includeme(config):
    config.add_route("lottery.fair_draw", "/lgw/fair/draws")
    config.add_route("lottery.fair_series", "/lgw/fair/series")
    config.add_route("lottery.game_menu", "/lgw/vn/games/game_menu")
    config.add_route("lottery.recent", "/lgw/vn/games/game_menu/recent", factory=OwnAccount)
    config.add_route("lottery.popular", "/lgw/games/popular")
    config.add_route("lottery.drawn_numeros", "/lgw/vn/numeros/opened/game")
    config.add_route("lottery.opened_numero", "/lotto/lgw/games/opened/numero", factory=OwnAccount)
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
