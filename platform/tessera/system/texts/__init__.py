"""Texts: a language's catalogue as a brand's pages read it, with the brand's own texts on top."""

from pathlib import Path


def includeme(config):
    config.add_route("system.texts", "/locales/{language}.json")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
