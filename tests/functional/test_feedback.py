"""PUT /wps/feedback: up to 140 characters and up to three PNG or JPEG images of 5 MB, judged by
their content, stored under their digest, at most five an hour from one address."""

import hashlib
import io
import os

import pytest
from PIL import Image
from sqlalchemy import select

from tessera.system.feedback.models import Feedback
from tessera.system.feedback.services import MAX_IMAGE_BYTES

PH_IP = "192.0.2.44"


def image(fmt="PNG", size=(24, 16), colour="teal", mode="RGB") -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, colour).save(buffer, fmt)
    return buffer.getvalue()


def noise_png(side: int) -> bytes:
    buffer = io.BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(buffer, "PNG", compress_level=0)
    return buffer.getvalue()


def send(app, content="The deposit page froze", status=200, images=(), headers=None, **fields):
    upload_files = [("images", name, data) for name, data in images]
    return app.put(
        "/wps/feedback",
        {"content": content, **fields},
        upload_files=upload_files,
        content_type="multipart/form-data",
        headers=headers,
        status=status,
    )


def refusal(response, code):
    assert response.json["success"] is False
    assert response.json["code"] == code
    return response.json


def saved(db_session, response) -> Feedback:
    return db_session.scalars(select(Feedback).where(Feedback.id == response.json["value"]["id"])).one()


def test_text_alone_is_saved_for_the_brand(testapp, brand_app, db_session, tenant_ids):
    response = send(testapp, "বাংলায় মতামত", contact="member@example.com")
    row = saved(db_session, response)
    assert (row.tenant_id, row.content, row.contact) == (tenant_ids["demo-bd"], "বাংলায় মতামত", "member@example.com")
    assert row.images == []
    assert (row.language, row.ip) == ("bn", "203.0.113.9")
    other = saved(db_session, send(brand_app("demo-ph.localhost", ip=PH_IP), "From Manila"))
    assert (other.tenant_id, other.language) == (tenant_ids["demo-ph"], "en")


def test_content_of_140_characters_is_accepted_and_141_refused(testapp):
    send(testapp, "ক" * 140)
    body = refusal(send(testapp, "x" * 141, status=400), "feedback_too_long")
    assert "140" in body["message"]


@pytest.mark.parametrize("content", ["", "   \n "])
def test_empty_content_is_refused(testapp, content):
    body = refusal(send(testapp, content, status=400), "invalid_request")
    assert body["value"]["fields"][0]["field"] == "content"


def test_missing_content_is_refused(testapp):
    response = testapp.put("/wps/feedback", {"contact": "x"}, upload_files=[("images", "a.png", image())], status=400)
    fields = refusal(response, "invalid_request")["value"]["fields"]
    assert fields == [{"field": "content", "code": "field_required", "message": "আবশ্যক"}]


def test_images_are_stored_under_their_digest_never_their_name(testapp, db_session, settings):
    png, jpeg = image(), image("JPEG", colour="orange")
    response = send(testapp, images=[("../../evil.png", png), ("photo.jpg", jpeg)])
    row = saved(db_session, response)
    expected = [
        f"demo-bd/feedback/{hashlib.sha256(data).hexdigest()}.{ext}" for data, ext in ((png, "png"), (jpeg, "jpg"))
    ]
    assert row.images == expected
    for relative, data in zip(expected, (png, jpeg), strict=True):
        assert (settings.upload_dir / relative).read_bytes() == data
    assert not list(settings.upload_dir.parent.rglob("evil*"))
    assert not list(settings.upload_dir.rglob("*.part"))


def test_the_extension_comes_from_the_content(testapp, db_session):
    jpeg = image("JPEG", colour="navy")
    row = saved(db_session, send(testapp, images=[("screenshot.png", jpeg)]))
    assert row.images == [f"demo-bd/feedback/{hashlib.sha256(jpeg).hexdigest()}.jpg"]


def test_three_images_are_accepted_and_a_fourth_refused(testapp, db_session):
    three = [(f"{c}.png", image(colour=c)) for c in ("red", "green", "blue")]
    assert len(saved(db_session, send(testapp, images=three)).images) == 3
    body = refusal(
        send(testapp, images=[*three, ("white.png", image(colour="white"))], status=400), "feedback_too_many_images"
    )
    assert "3" in body["message"]


def _corrupt_png() -> bytes:
    data = bytearray(image(size=(64, 64)))
    start = data.index(b"IDAT") + 8
    data[start : start + 4] = b"\x00\x00\x00\x00"
    return bytes(data)


NOT_PNG_OR_JPEG = {
    "animation.gif": image("GIF"),
    "disguised.gif.png": image("GIF"),
    "bitmap.png": image("BMP"),
    "notes.png": b"these are my notes, not a picture\n",
    "truncated.png": image(size=(64, 64))[:60],
    "corrupt.png": _corrupt_png(),
    "empty.png": b"\x89PNG\r\n\x1a\n",
}


@pytest.mark.parametrize("name", NOT_PNG_OR_JPEG)
def test_anything_but_a_whole_png_or_jpeg_is_refused(testapp, db_session, name):
    data = NOT_PNG_OR_JPEG[name]
    body = refusal(send(testapp, images=[("fine.png", image()), (name, data)], status=400), "feedback_image_type")
    assert name in body["message"]
    assert db_session.scalars(select(Feedback)).all() == []


def test_an_image_over_5_mb_is_refused(testapp, db_session):
    large = noise_png(1400)
    assert len(large) > MAX_IMAGE_BYTES
    body = refusal(send(testapp, images=[("large.png", large)], status=400), "feedback_image_too_large")
    assert "large.png" in body["message"] and "5" in body["message"]
    assert db_session.scalars(select(Feedback)).all() == []


@pytest.mark.parametrize("side", [7000, 10000])
def test_an_image_of_too_many_pixels_is_refused(testapp, side):
    refusal(
        send(testapp, images=[("wide.png", image(size=(side, side), mode="1"))], status=400), "feedback_image_too_large"
    )


def test_five_an_hour_from_one_address(testapp, brand_app):
    for n in range(5):
        send(testapp, f"Report {n}")
    body = refusal(send(testapp, "Report 6", status=429), "too_many_requests")
    assert body["message"] == "অনেক বেশি অনুরোধ। কিছুক্ষণ পরে আবার চেষ্টা করুন।"
    send(brand_app("demo-bd.localhost", ip="203.0.113.10"), "From a neighbour")


def test_a_file_in_place_of_text_is_refused(testapp):
    response = testapp.put(
        "/wps/feedback", {"content": "hi"}, upload_files=[("contact", "contact.txt", b"me")], status=400
    )
    assert refusal(response, "invalid_request")["value"]["fields"][0]["field"] == "contact"
    response = testapp.put("/wps/feedback", {}, upload_files=[("content", "content.txt", b"hello")], status=400)
    assert refusal(response, "invalid_request")["value"]["fields"][0]["field"] == "content"


def test_an_overlong_contact_is_refused(testapp):
    body = refusal(send(testapp, contact="c" * 101, status=400), "invalid_request")
    assert body["value"]["fields"][0]["field"] == "contact"


def test_a_body_larger_than_three_full_images_is_refused_unread(testapp):
    large = noise_png(1400)
    three = [("images", f"{n}.png", large) for n in range(3)]
    response = testapp.put("/wps/feedback", {"content": "hi"}, upload_files=three, status=413)
    assert refusal(response, "payload_too_large")["message"].endswith("MB)।")


def test_the_limit_follows_the_real_address_not_a_claimed_one(testapp):
    for n in range(5):
        send(testapp, f"Report {n}", headers={"X-Forwarded-For": f"192.0.2.{n}"})
    refusal(send(testapp, "Report 6", headers={"X-Forwarded-For": "192.0.2.99"}, status=429), "too_many_requests")
