"""The request's language and translated messages.

A request's language comes from the ``lang`` query parameter, then the ``lang`` cookie, then
Accept-Language, falling back to the tenant's default. Any of the supported codes may be asked
for; messages fall back to English where a catalog lacks a key.
"""

import json
from functools import cache
from pathlib import Path

from webob.acceptparse import create_accept_language_header

LOCALE_DIR = Path(__file__).parents[1] / "locale"
FALLBACK = "en"
LANGUAGES = (
    "bn",
    "en",
    "ar",
    "de",
    "el",
    "es",
    "fa",
    "fil",
    "fr",
    "he",
    "hi",
    "hu",
    "id",
    "it",
    "ja",
    "km",
    "kn",
    "ko",
    "lo",
    "ml",
    "mr",
    "ms",
    "my",
    "ne",
    "nl",
    "pa",
    "pl",
    "pt",
    "ro",
    "ru",
    "si",
    "sv",
    "ta",
    "te",
    "th",
    "tr",
    "uk",
    "ur",
    "vi",
    "zh",
    "zh-TW",
)
_BY_LOWER = {code.lower(): code for code in LANGUAGES}


@cache
def catalog(language: str) -> dict:
    path = LOCALE_DIR / f"{language}.json"
    return json.loads(path.read_text("utf-8")) if path.exists() else {}


class _Missing(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def translate(key: str, language: str, **params) -> str:
    text = catalog(language).get(key) or catalog(FALLBACK).get(key) or key
    return text.format_map(_Missing({k: str(v) for k, v in params.items()}))


def known(code: str | None) -> str | None:
    return _BY_LOWER.get(code.strip().lower()) if code else None


def _asked(request, source: str) -> str | None:
    try:
        return getattr(request, source).get("lang")
    except UnicodeDecodeError:  # refused as malformed_url; its message still needs a language
        return None


def chosen(request) -> str | None:
    """The language the visitor chose: the ``lang`` query parameter, then the ``lang`` cookie."""
    for candidate in (_asked(request, "GET"), _asked(request, "cookies")):
        code = known(candidate)
        if code:
            return code
    return None


def negotiate(request, default: str = FALLBACK) -> str:
    code = chosen(request)
    if code:
        return code
    header = request.headers.get("Accept-Language")
    if header:
        offer = create_accept_language_header(header).lookup(language_tags=list(LANGUAGES), default="")
        if offer:
            return offer
    return default


def request_language(request) -> str:
    tenant = request.tenant_or_none
    return negotiate(request, tenant.default_language if tenant else FALLBACK)


def request_translate(request, key: str, **params) -> str:
    return translate(key, request.language, **params)


def includeme(config):
    config.add_request_method(request_language, "language", reify=True)
    config.add_request_method(request_translate, "translate")
