"""GET /wps/captcha: a challenge from the brand's captcha plugin, its id kept in an HttpOnly
cookie; a brand without one says so in the visitor's language."""

import pytest

from calls import configure_brand

CAPTCHA = "/wps/captcha"
GEETEST_ID = "0123456789abcdef0123456789abcdef"


def test_an_image_captcha_is_a_picture_and_a_cookie(testapp, db_session):
    configure_brand(db_session, "demo-bd", plugins={"image-captcha": {"secret": "captcha-view-secret"}})
    response = testapp.get(CAPTCHA)
    assert response.json["value"].startswith("data:image/")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("tessera_captcha=") and "HttpOnly" in cookie and "Path=/wps" in cookie
    assert "samesite=lax" in cookie.lower()


def test_a_widget_gets_only_what_it_needs_to_start(testapp, db_session):
    configure_brand(
        db_session,
        "demo-bd",
        plugins={"image-captcha": None, "geetest": {"captcha_id": GEETEST_ID, "captcha_key": "k"}},
    )
    response = testapp.get(CAPTCHA)
    assert response.json["value"] == {"geetestId": GEETEST_ID}  # the challenge's id rides in the cookie only
    assert response.headers["Set-Cookie"].startswith("tessera_captcha=")


def test_each_challenge_is_new(testapp, db_session):
    configure_brand(db_session, "demo-bd", plugins={"image-captcha": {"secret": "captcha-view-secret"}})
    first, second = testapp.get(CAPTCHA), testapp.get(CAPTCHA)
    assert first.headers["Set-Cookie"] != second.headers["Set-Cookie"]


@pytest.mark.parametrize("language, message", [("en", "The captcha is not available."), ("bn", "ক্যাপচা এখন চালু নেই।")])
def test_a_brand_without_a_captcha_says_so(ph, db_session, language, message):
    configure_brand(db_session, "demo-ph", plugins={"image-captcha": None, "geetest": None})
    answer = ph.get(CAPTCHA, {"lang": language}, status=404).json
    assert (answer["code"], answer["message"], answer["value"]) == ("captcha_unavailable", message, None)
    assert "Set-Cookie" not in ph.get(CAPTCHA, status=404).headers
