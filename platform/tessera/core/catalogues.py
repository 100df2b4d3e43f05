"""Whether each offered language's catalogue is complete, and a brand's texts laid on top.

English is the reference. A language's catalogue is complete when it has every English key (a plural
key in the plural forms that language has, as CLDR and ``Intl.PluralRules`` count them), no key
English lacks, and the same ``{{placeholders}}`` in each text. ``tessera languages check`` lists what
is missing per language; CI runs it and fails on any.
"""

import re
from dataclasses import dataclass, field

from babel import Locale

from tessera.core.i18n import FALLBACK, LANGUAGES, PLACEHOLDER, catalogue

PLURAL_SUFFIXES = ("zero", "one", "two", "few", "many", "other")
_PLURAL = re.compile(r"^(.*)_(" + "|".join(PLURAL_SUFFIXES) + r")$")


def flatten(texts: dict, prefix: str = "") -> dict[str, str]:
    """``{"a": {"b": "x"}}`` as ``{"a.b": "x"}``."""
    flat: dict[str, str] = {}
    for key, value in texts.items():
        if isinstance(value, dict):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def plural_forms(language: str) -> set[str]:
    return set(Locale.parse(language, sep="-").plural_form.tags) | {"other"}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def expected_keys(language: str) -> dict[str, str]:
    """Every key ``language`` needs, with the English text whose placeholders it must keep: a plural
    key of English in each of the language's plural forms (their placeholders those of ``_other``)."""
    wanted: dict[str, str] = {}
    forms = plural_forms(language)
    for namespace, texts in catalogue(FALLBACK).items():
        flat = flatten(texts)
        for key, text in flat.items():
            plural = _PLURAL.match(key)
            if plural is None:
                wanted[f"{namespace}:{key}"] = text
                continue
            other = flat.get(f"{plural.group(1)}_other", text)
            for form in forms:
                wanted[f"{namespace}:{plural.group(1)}_{form}"] = other
    return wanted


@dataclass
class CatalogueReport:
    language: str
    missing: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not (self.missing or self.unexpected or self.placeholders)


def check(language: str) -> CatalogueReport:
    report = CatalogueReport(language)
    wanted = expected_keys(language)
    have = {f"{ns}:{key}": text for ns, texts in catalogue(language).items() for key, text in flatten(texts).items()}
    report.missing = sorted(key for key in wanted if not have.get(key))
    report.unexpected = sorted(key for key in have if key not in wanted)
    report.placeholders = sorted(
        key for key, text in have.items() if key in wanted and placeholders(text) != placeholders(wanted[key])
    )
    return report


def check_all() -> list[CatalogueReport]:
    return [check(language) for language in LANGUAGES]


def layered(base: dict[str, dict], overrides: dict[str, dict]) -> dict[str, dict]:
    """``base``'s namespaces with a brand's texts laid on top, key by key."""
    merged = {namespace: _merge(texts, overrides.get(namespace, {})) for namespace, texts in base.items()}
    return merged


def _merge(base: dict, top: dict) -> dict:
    merged = dict(base)
    for key, value in top.items():
        merged[key] = (
            _merge(merged[key], value) if isinstance(value, dict) and isinstance(merged.get(key), dict) else value
        )
    return merged
