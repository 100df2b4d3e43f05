"""The fast games' draws: series committed ahead, draws run by the workers, proofs anyone can check."""

from pathlib import Path


def includeme(config):
    config.add_route("lottery.fair_draw", "/lgw/fair/draws")
    config.add_route("lottery.fair_series", "/lgw/fair/series")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
