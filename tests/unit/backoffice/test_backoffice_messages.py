"""The back office's messages: every code its code refuses with has an English text in its own
catalogue, and a language without a back-office catalogue falls back to English."""

import re
from pathlib import Path

from tessera.backoffice import LOCALE
from tessera.core.i18n import LOCALE_DIR, catalog, translate

SOURCE = Path(LOCALE).parent
REFUSAL = re.compile(r"(?:ApiError|KeptRefusal)\(\s*\d{3},\s*\"(\w+)\"")


def refused_codes() -> set[str]:
    return {code for path in SOURCE.rglob("*.py") for code in REFUSAL.findall(path.read_text("utf-8"))}


def test_every_refusal_of_the_back_office_has_an_english_message():
    codes = refused_codes()
    assert {"csrf_failed", "permission_denied", "login_failed", "two_factor_required"} <= codes
    assert sorted(codes - set(catalog("en", LOCALE)) - set(catalog("en", LOCALE_DIR))) == []


def test_the_back_offices_texts_come_first_then_english_then_the_members():
    roots = (LOCALE, LOCALE_DIR)
    assert translate("permission_denied", "vi", roots=roots, permission="audit.read") == (
        "You do not have the permission audit.read on this brand."
    )
    assert translate("login_failed", "en", roots=roots) == "The username, password or two-factor code is wrong."
    assert translate("login_failed", "en") == "The username or password is not correct."
    assert translate("not_found", "en", roots=roots, path="/x") == translate("not_found", "en", path="/x")
