"""Assets: the files of a brand's folder, on its own hosts."""

from pathlib import Path


def includeme(config):
    # The copies of the brand's images made at sync (before the brand's own files: no path of those starts with "~").
    config.add_route("system.asset_variants", "/assets/~/{name}")
    config.add_route("system.assets", "/assets/{path:.*}")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
