"""A language's catalogue for one brand: English underneath (a text the language lacks reads in
English), the language's own texts, then the brand's (tenancy/texts); with a version that changes
whenever any of them does, so a page can ask for it by an address cached for good."""

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tessera.core.catalogues import layered
from tessera.core.i18n import FALLBACK, catalogue
from tessera.tenancy.texts import override_files, read_overrides


@dataclass(frozen=True)
class BrandCatalogue:
    body: bytes  # the JSON answer: namespace -> texts
    version: str


def brand_catalogue(tenants_dir: Path, slug: str, language: str) -> BrandCatalogue:
    brand = tenants_dir / slug
    files = tuple((str(p), p.stat().st_mtime_ns) for p in override_files(brand) if p.parent.name == language)
    return _built(brand, language, files)


@lru_cache(maxsize=256)
def _built(brand: Path, language: str, files: tuple) -> BrandCatalogue:
    """Built once per brand, language and set of the brand's files (their paths and times)."""
    texts = layered(layered(catalogue(FALLBACK), catalogue(language)), read_overrides(brand, language) if files else {})
    body = json.dumps(texts, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return BrandCatalogue(body, hashlib.sha256(body).hexdigest()[:16])


def catalogue_urls(request, languages) -> dict[str, str]:
    """Each language's catalogue address for the brand's pages, its version in the query."""
    settings = request.registry.settings["tessera"]
    urls = {}
    for language in languages:
        version = brand_catalogue(settings.tenants_dir, request.tenant.slug, language).version
        urls[language] = request.route_path("system.texts", language=language, _query={"v": version})
    return urls
