"""A message's language: the ``lang`` query, then the ``lang`` cookie, then Accept-Language,
then the brand's default (Bengali for demo-bd, English for demo-ph)."""

NOT_FOUND = {"bn": "এখানে কিছু নেই: /wps/nowhere", "en": "Nothing is here: /wps/nowhere"}


def message(app, path="/wps/nowhere", **headers) -> str:
    return app.get(path, headers=headers, status=404).json["message"]


def test_without_any_preference_the_brand_default_speaks(testapp, ph):
    assert message(testapp) == NOT_FOUND["bn"]
    assert message(ph) == NOT_FOUND["en"]


def test_the_query_chooses(testapp, ph):
    assert message(testapp, "/wps/nowhere?lang=en") == NOT_FOUND["en"]
    assert message(ph, "/wps/nowhere?lang=bn") == "এখানে কিছু নেই: /wps/nowhere"


def test_the_cookie_chooses(testapp, ph):
    assert message(testapp, Cookie="lang=en") == NOT_FOUND["en"]
    assert message(ph, Cookie="lang=bn") == NOT_FOUND["bn"]


def test_accept_language_chooses(testapp, ph):
    assert message(testapp, **{"Accept-Language": "en-GB,en;q=0.8"}) == NOT_FOUND["en"]
    assert message(ph, **{"Accept-Language": "bn-BD"}) == NOT_FOUND["bn"]
    assert message(ph, **{"Accept-Language": "de;q=0.2, bn;q=0.9"}) == NOT_FOUND["bn"]


def test_query_beats_cookie_beats_accept_language(testapp):
    assert message(testapp, "/wps/nowhere?lang=en", Cookie="lang=bn", **{"Accept-Language": "bn"}) == NOT_FOUND["en"]
    assert message(testapp, "/wps/nowhere?lang=bn", Cookie="lang=en", **{"Accept-Language": "en"}) == NOT_FOUND["bn"]
    assert message(testapp, Cookie="lang=en", **{"Accept-Language": "bn"}) == NOT_FOUND["en"]
    assert message(testapp, Cookie="lang=bn", **{"Accept-Language": "en"}) == NOT_FOUND["bn"]


def test_codes_are_matched_without_regard_to_case(ph):
    assert message(ph, "/wps/nowhere?lang=BN") == NOT_FOUND["bn"]
    assert message(ph, Cookie="lang=Bn") == NOT_FOUND["bn"]


def test_an_unknown_code_passes_to_the_next_source(testapp, ph):
    assert message(testapp, "/wps/nowhere?lang=xx", Cookie="lang=en") == NOT_FOUND["en"]
    assert message(testapp, "/wps/nowhere?lang=xx", Cookie="lang=yy", **{"Accept-Language": "en"}) == NOT_FOUND["en"]
    assert message(ph, "/wps/nowhere?lang=xx", Cookie="lang=yy", **{"Accept-Language": "zz"}) == NOT_FOUND["en"]
    assert message(testapp, **{"Accept-Language": "zz, q=broken;;"}) == NOT_FOUND["bn"]


def test_a_language_not_offered_is_not_chosen(testapp):
    assert message(testapp, "/wps/nowhere?lang=fr") == NOT_FOUND["bn"]  # the brand's default speaks


def test_every_offered_language_speaks_and_browser_codes_find_it(testapp):
    thai = message(testapp, "/wps/nowhere?lang=th")
    assert thai not in NOT_FOUND.values() and "/wps/nowhere" in thai
    traditional = message(testapp, "/wps/nowhere?lang=zh-Hant")
    assert (
        message(testapp, "/wps/nowhere?lang=zh-TW") == message(testapp, **{"Accept-Language": "zh-TW"}) == traditional
    )
    assert message(testapp, **{"Accept-Language": "pt-PT;q=0.9"}) == message(testapp, "/wps/nowhere?lang=pt-BR")


def test_the_language_reaches_translated_content(testapp):
    bengali = testapp.get("/wps/system/customerService").json["value"]["version"]["pathList"]
    english = testapp.get("/wps/system/customerService", headers={"Cookie": "lang=en"}).json["value"]["version"][
        "pathList"
    ]
    assert bengali[0]["title"] == "লাইভ চ্যাট"
    assert english[0]["title"] == "Live chat"
