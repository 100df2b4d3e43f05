"""The catalogues: every offered language has every text (the check CI runs), and the check
finds what a catalogue lacks, what it has too many of, and a placeholder that does not match."""

import json

import pytest

from tessera.core import catalogues, i18n
from tessera.core.catalogues import check, expected_keys, layered, plural_forms
from tessera.core.i18n import LANGUAGES, interpolate, known, translate


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_offered_language_has_a_complete_catalogue(language):
    report = check(language)
    assert (report.missing, report.unexpected, report.placeholders) == ([], [], [])


def test_the_offered_languages_are_the_ones_the_market_needs():
    assert set(LANGUAGES) == {
        *("bn", "en", "vi", "th", "id", "ms", "fil", "hi"),
        *("zh-Hans", "zh-Hant", "ko", "ja", "pt-BR", "es", "my"),
    }


@pytest.fixture
def fake_catalogues(monkeypatch):
    """English and a language ``xx`` (plural forms one and other) with what each test writes."""
    books: dict[str, dict] = {"en": {}, "xx": {}}
    monkeypatch.setattr(catalogues, "catalogue", lambda language: books.get(language, {}))
    monkeypatch.setattr(catalogues, "plural_forms", lambda language: {"one", "other"})
    return books


def test_the_check_names_missing_unexpected_and_misplaced(fake_catalogues):
    fake_catalogues["en"].update({"frame": {"header": {"login": "Log in", "hello": "Hi {{name}}"}, "gone": "Gone"}})
    fake_catalogues["xx"].update({"frame": {"header": {"login": "", "hello": "Salut {{nom}}"}, "extra": "x"}})
    report = check("xx")
    assert report.missing == ["frame:gone", "frame:header.login"]  # an empty text is missing too
    assert report.unexpected == ["frame:extra"]
    assert report.placeholders == ["frame:header.hello"]
    assert not report.complete


def test_a_plural_text_is_asked_in_each_form_the_language_has(fake_catalogues, monkeypatch):
    fake_catalogues["en"].update({"games": {"players_one": "{{count}} player", "players_other": "{{count}} players"}})
    monkeypatch.setattr(catalogues, "plural_forms", lambda language: {"other"})
    assert expected_keys("xx") == {"games:players_other": "{{count}} players"}
    fake_catalogues["xx"].update({"games": {"players_one": "un", "players_other": "{{count}}"}})
    assert check("xx").unexpected == ["games:players_one"]


def test_plural_forms_are_cldrs():
    assert plural_forms("en") == {"one", "other"}
    assert plural_forms("vi") == plural_forms("zh-Hant") == {"other"}
    assert plural_forms("pt-BR") == {"one", "many", "other"}


def test_a_brands_texts_are_laid_over_key_by_key():
    base = {"frame": {"header": {"login": "Log in", "register": "Register"}}, "kit": {"pager": "Pages"}}
    top = {"frame": {"header": {"register": "Join"}}}
    assert layered(base, top) == {
        "frame": {"header": {"login": "Log in", "register": "Join"}},
        "kit": {"pager": "Pages"},
    }


def test_placeholders_are_i18nexts():
    assert interpolate("Page {{page}} of {{ total }}", {"page": 2, "total": 9}) == "Page 2 of 9"
    assert interpolate("Hi {{name}}", {}) == "Hi {{name}}"
    assert translate("feedback_too_long", "en", max=200) == "Feedback can be at most 200 characters."
    assert "200" in translate("feedback_too_long", "th", max=200)


def test_codes_browsers_send_are_read_as_the_offered_language():
    assert [known(c) for c in ("zh-TW", "zh-cn", "ZH", "pt", "PT-br", "tl", "fr", None)] == [
        "zh-Hant",
        "zh-Hans",
        "zh-Hans",
        "pt-BR",
        "pt-BR",
        "fil",
        None,
        None,
    ]


def test_every_catalogue_file_is_json_with_two_space_indents():
    for folder in i18n.LOCALE_DIR.iterdir():
        for path in folder.glob("*.json"):
            text = path.read_text("utf-8")
            assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n", path
