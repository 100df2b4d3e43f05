"""The image-captcha plugin beyond the captcha contract: the picture, the text, what the store keeps."""

import base64
import io
from datetime import timedelta

import jsonschema
import pytest
from PIL import Image

from factories import Clock
from tessera.core.onetime import OneTimeStore, OneTimeValue
from tessera.plugins import plugin_manager
from tessera.plugins.kit.contract import Implementation
from tessera_plugins import image_captcha

CHALLENGE, VERIFY = "tessera_captcha_challenge", "tessera_captcha_verify"
plugin = Implementation(plugin_manager(), "image-captcha")


@pytest.fixture
def store_clock():
    return Clock()


@pytest.fixture
def store(db_session, tenant_ids, store_clock):
    return OneTimeStore(db_session, tenant_ids["demo-bd"], store_clock)


def issued(settings, store) -> tuple[dict, str]:
    """A challenge and its text, as the brand's secret tells it."""
    challenge = plugin.call(CHALLENGE, settings, store=store)
    return challenge, image_captcha.contract_answer(settings, challenge)["captcha"]


def verify(settings, store, challenge, text) -> bool:
    return plugin.call(VERIFY, settings, store=store, answer={"captchaId": challenge["captchaId"], "captcha": text})


@pytest.mark.parametrize("size, expected", [({}, (200, 70)), ({"width": 300, "height": 100}, (300, 100))])
def test_the_picture_is_a_png_of_the_configured_size(store, size, expected):
    challenge = plugin.call(CHALLENGE, {"secret": "s", **size}, store=store)
    head, _, data = challenge["image"].partition(",")
    assert head == "data:image/png;base64"
    picture = Image.open(io.BytesIO(base64.b64decode(data, validate=True)))
    assert picture.format == "PNG" and picture.size == expected


def test_every_ink_on_every_ground_keeps_7_to_1():
    pairs = [(ink, ground) for ink in image_captcha.INKS for ground in image_captcha.GROUNDS]
    assert min(image_captcha.contrast(ink, ground) for ink, ground in pairs) >= image_captcha.MIN_CONTRAST
    # The measure itself: black on white is 21:1, a colour on itself 1:1.
    assert round(image_captcha.contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert image_captcha.contrast((120, 120, 120), (120, 120, 120)) == 1.0


def test_the_picture_is_drawn_in_a_readable_ink_on_a_light_ground(store):
    challenge = plugin.call(CHALLENGE, {"secret": "s"}, store=store)
    picture = Image.open(io.BytesIO(base64.b64decode(challenge["image"].partition(",")[2]))).convert("RGB")
    # The ground is the commonest colour; the darkest pixels (the characters) stand 7:1 from it.
    ground = max(picture.getcolors(picture.width * picture.height), key=lambda counted: counted[0])[1]
    darkest = min(picture.get_flattened_data(), key=image_captcha._luminance)
    assert ground in image_captcha.GROUNDS
    assert image_captcha.contrast(darkest, ground) >= image_captcha.MIN_CONTRAST


@pytest.mark.parametrize("length", [4, 5, 6])
def test_the_text_has_the_configured_length_from_an_alphabet_without_look_alikes(store, length):
    _, text = issued({"secret": "s", "length": length}, store)
    assert len(text) == length and set(text) <= set(image_captcha.ALPHABET)
    assert not set("0O1IL2Z5S8B") & set(image_captcha.ALPHABET)


def test_the_text_is_a_pure_function_of_its_seed():
    seed = bytes(range(32))
    assert image_captcha.text_of(seed, 6) == image_captcha.text_of(seed, 6) != image_captcha.text_of(bytes(32), 6)
    assert image_captcha.text_of(seed, 6).startswith(image_captcha.text_of(seed, 4))


@pytest.mark.parametrize(
    "typed", [str.lower, str.upper, lambda text: f"  {text.lower()} "], ids=["lower", "upper", "spaced"]
)
def test_the_answer_is_compared_without_case(store, typed):
    settings = {"secret": "s"}
    challenge, text = issued(settings, store)
    assert verify(settings, store, challenge, typed(text)) is True


def test_the_store_keeps_no_text_in_clear(store, db_session):
    settings = {"secret": "s", "length": 6}
    challenge, text = issued(settings, store)
    kept = (
        db_session.query(OneTimeValue)
        .filter_by(tenant_id=store.tenant_id, key="image-captcha:" + challenge["captchaId"])
        .one()
    )
    assert text not in kept.value.upper() and text.lower() not in kept.value


def test_a_challenge_lasts_ttl_seconds(store, store_clock):
    settings = {"secret": "s", "ttl_seconds": 60}
    (on_time, on_time_text), (late, late_text) = issued(settings, store), issued(settings, store)
    store_clock.now += timedelta(seconds=59)
    assert verify(settings, store, on_time, on_time_text) is True
    store_clock.now += timedelta(seconds=2)
    assert verify(settings, store, late, late_text) is False


def test_without_a_secret_the_text_cannot_be_worked_out_from_the_id(store):
    challenge = plugin.call(CHALLENGE, {"secret": ""}, store=store)
    guessed = image_captcha.text_of(image_captcha._hmac("", challenge["captchaId"]), 5)
    assert verify({"secret": ""}, store, challenge, guessed) is False
    with pytest.raises(ValueError):
        image_captcha.contract_answer({}, challenge)


@pytest.mark.parametrize(
    "valid, table",
    [
        (True, {}),
        (True, {"secret": "env:IMAGE_CAPTCHA_SECRET", "length": 6, "ttl_seconds": 600, "width": 400, "height": 150}),
        (False, {"length": 3}),
        (False, {"length": 7}),
        (False, {"ttl_seconds": 601}),
        (False, {"width": 50}),
        (False, {"colour": "red"}),
    ],
    ids=repr,
)
def test_settings_are_checked_when_brands_are_validated(valid, table):
    assert jsonschema.Draft202012Validator(image_captcha.SETTINGS_SCHEMA).is_valid(table) is valid
