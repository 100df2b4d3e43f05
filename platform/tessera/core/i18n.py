"""The request's language and translated messages.

Every text lives in one set of catalogues: ``locale/<language>/<namespace>.json`` in i18next's JSON
format (nested keys, ``{{name}}`` placeholders, plural forms as ``_one``/``_other``...). The server's
messages are the ``errors`` namespace; the shell and the micro-frontends read the rest through
``/locales/<language>.json`` (system/texts), where a brand's own texts are laid on top.

A request's language comes from the ``lang`` query parameter, then the ``lang`` cookie, then
Accept-Language, falling back to the tenant's default. Only the languages of ``LANGUAGES`` are
offered; codes such as ``zh-TW`` or ``pt`` are read as the offered language they mean.
"""

import json
import re
from functools import cache
from pathlib import Path

from webob.acceptparse import create_accept_language_header

LOCALE_DIR = Path(__file__).parents[1] / "locale"
FALLBACK = "en"
SERVER_NAMESPACE = "errors"
# The offered languages, each with a complete catalogue (tests/unit/test_catalogues.py proves it).
LANGUAGES = (
    "bn",
    "en",
    "vi",
    "th",
    "id",
    "ms",
    "fil",
    "hi",
    "zh-Hans",
    "zh-Hant",
    "ko",
    "ja",
    "pt-BR",
    "es",
    "my",
)
# Codes browsers and vendors send for an offered language.
ALIASES = {
    "zh": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-hans-cn": "zh-Hans",
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-mo": "zh-Hant",
    "zh-hant-tw": "zh-Hant",
    "pt": "pt-BR",
    "tl": "fil",
    "in": "id",
}
_BY_LOWER = {code.lower(): code for code in LANGUAGES} | {a: c for a, c in ALIASES.items() if c in LANGUAGES}
PLACEHOLDER = re.compile(r"\{\{\s*([\w.]+)\s*\}\}")


@cache
def catalogue(language: str, root: Path = LOCALE_DIR) -> dict[str, dict]:
    """Every namespace of a language's catalogue, as its files hold them ({} for none); ``root``
    is another set of catalogues (the back office's)."""
    folder = root / language
    if not folder.is_dir():
        return {}
    return {path.stem: json.loads(path.read_text("utf-8")) for path in sorted(folder.glob("*.json"))}


def catalog(language: str, root: Path = LOCALE_DIR) -> dict:
    """The server's messages in ``language`` (the ``errors`` namespace)."""
    return catalogue(language, root).get(SERVER_NAMESPACE, {})


def interpolate(text: str, params: dict) -> str:
    """``{{name}}`` replaced by its value; a placeholder without one stays as written."""
    return PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)


def translate(key: str, language: str, *, roots: tuple[Path, ...] = (LOCALE_DIR,), **params) -> str:
    """The message ``key`` in ``language``, else in English; from the first of ``roots`` that has it."""
    for root in roots:
        text = catalog(language, root).get(key) or catalog(FALLBACK, root).get(key)
        if text:
            return interpolate(text, params)
    return key


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
        offer = create_accept_language_header(header).lookup(language_tags=list(_BY_LOWER), default="")
        if offer:
            return known(offer) or default
    return default


def request_language(request) -> str:
    if request.is_backoffice:  # staff read the back office's catalogues, whatever brand a call acts on
        return _staff_language(request)
    tenant = request.tenant_or_none
    return negotiate(request, tenant.default_language if tenant else FALLBACK)


def _staff_language(request) -> str:
    """The back office's language: the one asked for, where its own catalogue has it; else English."""
    staff_texts = request.registry.get("backoffice_locale")
    offered = {path.name for path in staff_texts.iterdir() if path.is_dir()} if staff_texts else set()
    code = negotiate(request, FALLBACK)
    return code if code in offered else FALLBACK


def request_translate(request, key: str, **params) -> str:
    """The message in the request's language; on the back office's host its own catalogues come
    first (registered by the back office as ``backoffice_locale``)."""
    staff_texts = request.registry.get("backoffice_locale")
    roots = (staff_texts, LOCALE_DIR) if staff_texts and request.is_backoffice else (LOCALE_DIR,)
    return translate(key, request.language, roots=roots, **params)


def includeme(config):
    config.add_request_method(request_language, "language", reify=True)
    config.add_request_method(request_translate, "translate")
