"""The brand's game vendors and games as staff keep them (``games.manage``): a vendor enabled,
disabled or in maintenance and its place in its lane; a game enabled, disabled or in maintenance,
hot or not, its order and lane; the members' vendor wallets reconciled with the vendors. Members
see each change at once; a catalog sync keeps them."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.game_vendors", f"{BRAND}/game-vendors")
    config.add_route("backoffice.game_vendor", f"{BRAND}/game-vendors/{{vassalage}}")
    config.add_route("backoffice.games", f"{BRAND}/games")
    config.add_route("backoffice.game", f"{BRAND}/games/{{game_id}}")
    config.add_route("backoffice.vendor_wallets", f"{BRAND}/vendor-wallets")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
