"""A brand's own texts: ``tenants/<slug>/locales/<language>/<namespace>.json``, laid over the
product's catalogues (``core/i18n``) key by key.

A brand may reword any text of its languages, never add a key the product does not have, and must
keep a text's ``{{placeholders}}``. The files are read where the brand's pages ask for them
(system/texts), and checked when the tenants folder is loaded.
"""

import json
from pathlib import Path

from tessera.core.catalogues import expected_keys, flatten, placeholders
from tessera.core.i18n import LANGUAGES
from tessera.tenancy.checks import LoadError

FOLDER = "locales"


def override_files(brand: Path) -> list[Path]:
    folder = brand / FOLDER
    return sorted(folder.glob("*/*.json")) if folder.is_dir() else []


def read_overrides(brand: Path, language: str) -> dict[str, dict]:
    """The brand's texts for ``language`` by namespace ({} when it has none)."""
    folder = brand / FOLDER / language
    if language not in LANGUAGES or not folder.is_dir():
        return {}
    return {path.stem: json.loads(path.read_text("utf-8")) for path in sorted(folder.glob("*.json"))}


def override_errors(brand: Path, root: Path, languages: list | None) -> list[LoadError]:
    """Each problem of the brand's text files: a language it does not offer, a namespace or key the
    product does not have, a text that is not a string or drops or adds a placeholder."""
    errors: list[LoadError] = []
    for path in override_files(brand):
        file = str(path.relative_to(root))
        language, namespace = path.parent.name, path.stem
        if languages is not None and language not in languages:
            errors.append(LoadError(file, "", f"'{language}' is not one of the brand's languages"))
            continue
        try:
            texts = json.loads(path.read_text("utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            errors.append(LoadError(file, "", f"not valid JSON: {error}"))
            continue
        if not isinstance(texts, dict):
            errors.append(LoadError(file, "", "must be an object of texts"))
            continue
        wanted = expected_keys(language)
        for key, text in flatten(texts).items():
            reference = wanted.get(f"{namespace}:{key}")
            if reference is None:
                errors.append(LoadError(file, key, f"no such text in namespace '{namespace}'"))
            elif not isinstance(text, str) or not text:
                errors.append(LoadError(file, key, "must be a text"))
            elif placeholders(text) != placeholders(reference):
                expected = ", ".join(f"{{{{{name}}}}}" for name in sorted(placeholders(reference))) or "none"
                errors.append(LoadError(file, key, f"must keep the placeholders of the product's text ({expected})"))
    return errors
