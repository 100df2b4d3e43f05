"""The seamless wallet: the calls seamless-wallet vendors make on the member's main wallet, kept
with their answers."""

from pathlib import Path


def includeme(config):
    config.add_route("games.seamless_wallet", "/vendors/{vassalage}/wallet/{operation}")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
