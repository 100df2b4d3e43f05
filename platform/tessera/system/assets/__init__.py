"""Assets: the files of a brand's folder, on its own hosts."""


def includeme(config):
    config.add_route("system.assets", "/assets/*subpath")
