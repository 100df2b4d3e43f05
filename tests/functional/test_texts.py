"""The catalogues as a brand's pages read them (GET /locales/<language>.json), the page that points
at the one it is shown in, and the member's language update (PUT /wps/member/info/language)."""

import re

import pytest

from accounts import bearer
from tessera.core.i18n import LANGUAGES, catalogue

LANGUAGE = "/wps/member/info/language"


def texts(app, language, **kwargs):
    return app.get(f"/locales/{language}.json", **kwargs)


def test_a_language_comes_whole_in_one_answer(testapp):
    answer = texts(testapp, "th")
    assert answer.content_type == "application/json"
    assert set(answer.json) == set(catalogue("en"))  # every namespace, the server's messages included
    assert answer.json["frame"]["header"]["login"] == catalogue("th")["frame"]["header"]["login"] != "Log in"
    assert answer.json["errors"]["not_logged_in"] == catalogue("th")["errors"]["not_logged_in"]


def test_a_language_not_offered_is_not_found_in_the_pages_language(testapp):
    refused = texts(testapp, "fr", status=404).json
    assert refused["code"] == "language_not_offered"
    assert "fr" in refused["message"]
    assert texts(testapp, "fr", params={"lang": "vi"}, status=404).json["message"].startswith("Ngôn ngữ")


def test_the_versioned_address_is_cached_for_good_and_any_other_revalidated(testapp):
    plain = texts(testapp, "bn")
    assert plain.headers["Cache-Control"] == "no-cache"
    version = plain.headers["ETag"].strip('"')
    assert texts(testapp, "bn", params={"v": version}).headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert texts(testapp, "bn", params={"v": "old"}).headers["Cache-Control"] == "no-cache"
    assert texts(testapp, "bn", headers={"If-None-Match": plain.headers["ETag"]}, status=304).body == b""


def test_a_brands_own_texts_are_its_own(testapp, ph):
    """demo-ph words the app box its way (tenants/demo-ph/locales/en/frame.json); demo-bd does not see it."""
    assert texts(ph, "en").json["frame"]["box"]["download"] == "Get the app"
    assert texts(ph, "en").json["frame"]["box"]["vip"] == "VIP"  # the rest is the product's
    assert texts(testapp, "en").json["frame"]["box"]["download"] == catalogue("en")["frame"]["box"]["download"]
    assert texts(ph, "en").headers["ETag"] != texts(testapp, "en").headers["ETag"]
    assert texts(ph, "vi").json["frame"]["box"]["download"] == catalogue("vi")["frame"]["box"]["download"]


def page_of(app, path="/"):
    html = app.get(path).text
    return html, re.search(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">', html)


def test_the_page_preloads_its_languages_catalogue_and_lists_every_one(testapp):
    html, preload = page_of(testapp, "/?lang=vi")
    assert '<html lang="vi"' in html
    assert preload and preload.group(1).startswith("/locales/vi.json?v=")
    assert (
        texts(testapp, "vi", params={"v": preload.group(1).split("=")[1]})
        .headers["Cache-Control"]
        .endswith("immutable")
    )
    bootstrap = re.search(r'id="tessera-bootstrap" type="application/json">(.*?)</script>', html).group(1)
    for language in LANGUAGES:
        assert f"/locales/{language}.json?v=" in bootstrap


@pytest.fixture
def member(members):
    return members("demo-bd")


def test_a_member_keeps_the_language_they_chose(testapp, member, token_of):
    token = token_of(member)
    assert testapp.get("/wps/member/info", headers=bearer(token)).json["value"]["language"] is None
    answer = testapp.put_json(LANGUAGE, {"language": "zh-Hant"}, headers=bearer(token)).json
    assert answer["value"] == {"language": "zh-Hant"}
    assert testapp.get("/wps/member/info", headers=bearer(token)).json["value"]["language"] == "zh-Hant"


def test_a_language_not_offered_is_refused_and_nothing_kept(testapp, member, token_of):
    token = token_of(member)
    refused = testapp.put_json(LANGUAGE, {"language": "xx"}, headers=bearer(token), status=400).json
    assert refused["code"] == "language_not_offered"
    assert (
        testapp.put_json(LANGUAGE, {"lang": "bn"}, headers=bearer(token), status=400).json["code"] == "invalid_request"
    )
    assert testapp.get("/wps/member/info", headers=bearer(token)).json["value"]["language"] is None


def test_the_language_update_needs_a_login(testapp):
    assert testapp.put_json(LANGUAGE, {"language": "bn"}, status=401).json["code"] == "not_logged_in"
