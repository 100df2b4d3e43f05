"""A brand's own texts (tenants/<slug>/locales/<language>/<namespace>.json): read over the product's,
and refused when they name a language the brand lacks, a text the product lacks, or change a text's
placeholders."""

import json

import pytest

from tessera.tenancy.texts import read_overrides

PH_TEXTS = "demo-ph/locales"


def write(tenants_dir, relative: str, texts) -> None:
    path = tenants_dir / PH_TEXTS / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(texts if isinstance(texts, str) else json.dumps(texts), "utf-8")


def test_the_demo_brands_texts_load_and_are_read(tenants_dir, load):
    assert {s.slug for s in load()} == {"demo-bd", "demo-ph", "demo-vn"}
    assert read_overrides(tenants_dir / "demo-ph", "en") == {"frame": {"box": {"download": "Get the app"}}}
    assert read_overrides(tenants_dir / "demo-ph", "fil") == {}
    assert read_overrides(tenants_dir / "demo-ph", "../en") == {}


@pytest.mark.parametrize(
    ("relative", "texts", "key", "reason"),
    [
        ("bn/frame.json", {"box": {"vip": "ভিআইপি"}}, "", "'bn' is not one of the brand's languages"),
        ("en/frame.json", {"box": {"vipp": "V"}}, "box.vipp", "no such text in namespace 'frame'"),
        ("en/nowhere.json", {"login": "In"}, "login", "no such text in namespace 'nowhere'"),
        ("en/kit.json", {"pager_status": "Page {{page}}"}, "pager_status", "must keep the placeholders"),
        ("en/kit.json", {"pager_label": ""}, "pager_label", "must be a text"),
        ("en/kit.json", {"pager_label": 3}, "pager_label", "must be a text"),
        ("en/kit.json", "{not json", "", "not valid JSON"),
        ("en/kit.json", ["Pages"], "", "must be an object of texts"),
    ],
)
def test_a_wrong_text_is_refused_with_its_file_and_key(tenants_dir, refusal, relative, texts, key, reason):
    write(tenants_dir, relative, texts)
    problems = [(e.file, e.key, e.reason) for e in refusal()]
    assert [p for p in problems if p[0] == f"{PH_TEXTS}/{relative}" and p[1] == key and reason in p[2]], problems


def test_a_plural_text_is_reworded_in_the_languages_forms(tenants_dir, load):
    write(
        tenants_dir,
        "fil/games.json",
        {"rooms": {"players_one": "{{count}} manlalaro", "players_other": "{{count}} na manlalaro"}},
    )
    assert {s.slug for s in load()} == {"demo-bd", "demo-ph", "demo-vn"}
