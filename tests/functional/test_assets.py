"""/assets/<path>: the files of the calling brand's assets folder, typed and cacheable; any other
path, another brand's file included, is a 404 envelope."""

import os
import shutil
from dataclasses import replace

import pytest
import webtest

from tessera.app import make_app
from tessera.core.settings import ROOT

PH_IP = "192.0.2.44"


def refused(response, path: str | None = None) -> None:
    assert response.status_int == 404
    assert response.json["success"] is False and response.json["code"] == "asset_not_found"
    if path is not None:
        assert path in response.json["message"]


def test_a_brand_file_is_served_with_its_type_and_headers(testapp):
    response = testapp.get("/assets/banners/welcome.svg")
    assert response.body == (ROOT / "tenants/demo-bd/assets/banners/welcome.svg").read_bytes()
    assert response.content_type == "image/svg+xml"
    assert response.headers["Cache-Control"] == "public, max-age=3600"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'"
    assert response.etag and response.last_modified


def test_an_address_naming_the_files_content_is_kept_for_a_year(testapp):
    etag = testapp.get("/assets/logo.svg").etag
    assert testapp.get(f"/assets/logo.svg?v={etag}").headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert testapp.get("/assets/logo.svg?v=an-old-logo").headers["Cache-Control"] == "public, max-age=3600"


def test_head_answers_without_the_body(testapp):
    response = testapp.head("/assets/logo.svg")
    assert response.status_int == 200 and response.body == b""
    assert int(response.headers["Content-Length"]) == (ROOT / "tenants/demo-bd/assets/logo.svg").stat().st_size


def test_a_conditional_get_is_answered_not_modified(testapp):
    etag = testapp.get("/assets/logo.svg").headers["ETag"]
    response = testapp.get("/assets/logo.svg", headers={"If-None-Match": etag}, status=304)
    assert response.body == b""
    other = testapp.get("/assets/logo.svg", headers={"If-None-Match": '"something-else"'})
    assert other.status_int == 200 and other.body


def test_each_brand_serves_its_own_file_on_the_same_path(testapp, ph):
    bd, philippines = testapp.get("/assets/banners/welcome.svg"), ph.get("/assets/banners/welcome.svg")
    assert bd.body == (ROOT / "tenants/demo-bd/assets/banners/welcome.svg").read_bytes()
    assert philippines.body == (ROOT / "tenants/demo-ph/assets/banners/welcome.svg").read_bytes()
    assert bd.body != philippines.body and bd.etag != philippines.etag


@pytest.mark.parametrize(
    "host, path",
    [
        ("demo-ph.localhost", "/assets/banners/cricket.svg"),  # only demo-bd has it
        ("demo-ph.localhost", "/assets/footer/licence-fair-play.svg"),
        ("demo-bd.localhost", "/assets/banners/live-baccarat.svg"),  # only demo-ph has it
    ],
)
def test_another_brands_file_is_not_found(brand_app, host, path):
    refused(brand_app(host, ip=PH_IP).get(path, status=404))


@pytest.mark.parametrize(
    "path",
    [
        "/assets/../tenant.toml",
        "/assets/%2e%2e/tenant.toml",
        "/assets/banners/../../tenant.toml",
        "/assets/..%2ftenant.toml",
        "/assets/%2e%2e%2f%2e%2e%2fdemo-ph%2fassets%2flogo.svg",
        "/assets/../../demo-ph/assets/logo.svg",
        "/assets//etc/passwd",
        "/assets/%2fetc%2fpasswd",
        "/assets/banners%5c..%5c..%5ctenant.toml",
        "/assets/.hidden.svg",
        "/assets/banners/.welcome.svg",
        "/assets/missing.svg",
        "/assets/banners",
        "/assets/",
    ],
)
def test_a_path_that_is_not_a_brand_file_is_not_found(testapp, path):
    refused(testapp.get(path, status=404))


def test_the_refusal_is_translated(testapp):
    assert (
        testapp.get("/assets/missing.svg?lang=en", status=404).json["message"] == "There is no such file: missing.svg"
    )
    assert testapp.get("/assets/missing.svg", status=404).json["message"] == "এমন কোনো ফাইল নেই: missing.svg"


def test_an_unknown_host_gets_no_files(brand_app):
    assert brand_app("nobody.localhost").get("/assets/logo.svg", status=404).json["code"] == "unknown_tenant"


@pytest.fixture
def brand_folder(tmp_path, settings, serve_connection):
    """A copy of the demo brand folders, served: ``(app for demo-bd, demo-bd's folder)``."""
    shutil.copytree(ROOT / "tenants", tmp_path / "tenants")
    wsgi = serve_connection(make_app(replace(settings, tenants_dir=tmp_path / "tenants")))
    yield webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"}), tmp_path / "tenants" / "demo-bd"
    wsgi.registry["db_engine"].dispose()


def test_only_images_and_fonts_are_served(brand_folder):
    app, folder = brand_folder
    (folder / "assets" / "page.html").write_text("<script>alert(1)</script>")
    (folder / "assets" / "notes.txt").write_text("secret")
    (folder / "assets" / "photo.PNG").write_bytes(b"\x89PNG\r\n\x1a\n")
    (folder / "assets" / "font.woff2").write_bytes(b"wOF2")
    refused(app.get("/assets/page.html", status=404))
    refused(app.get("/assets/notes.txt", status=404))
    png = app.get("/assets/photo.PNG")
    assert png.content_type == "image/png" and "Content-Security-Policy" not in png.headers
    assert app.get("/assets/font.woff2").content_type == "font/woff2"


def test_a_link_leading_out_of_the_folder_is_not_followed(brand_folder):
    app, folder = brand_folder
    (folder / "assets" / "escape.svg").symlink_to(folder.parent / "demo-ph" / "assets" / "logo.svg")
    (folder / "assets" / "inside.svg").symlink_to(folder / "assets" / "logo.svg")
    refused(app.get("/assets/escape.svg", status=404))
    assert app.get("/assets/inside.svg").body == (folder / "assets" / "logo.svg").read_bytes()


def test_a_changed_file_gets_a_new_etag(brand_folder):
    app, folder = brand_folder
    first = app.get("/assets/logo.svg").etag
    logo = folder / "assets" / "logo.svg"
    modified = logo.stat().st_mtime_ns
    logo.write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    os.utime(logo, ns=(modified + 10**9, modified + 10**9))
    response = app.get("/assets/logo.svg", headers={"If-None-Match": f'"{first}"'})
    assert response.status_int == 200 and response.etag != first
