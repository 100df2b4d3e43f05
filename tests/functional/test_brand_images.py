"""The brand's images in the answers and pages: banners, logo and footer pictures carry their size
and the smaller copies made at sync, which /assets/~/ serves typed and cacheable for good, and a
home page asks for its first banner before its scripts run."""

import re
import shutil
from dataclasses import replace
from html.parser import HTMLParser

import pytest
import webtest
from PIL import Image

from tessera.app import make_app
from tessera.core.settings import ROOT
from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.images import variant_formats
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.services import make_image_variants, sync_tenants

NOTICES = "/wps/relay/MCSFE_getListAnnouncements?types=B&lang=en"
MIME = {"AVIF": "image/avif", "WEBP": "image/webp"}


class Preloads(HTMLParser):
    def __init__(self):
        super().__init__()
        self.images: list[dict] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "link" and found.get("rel") == "preload" and found.get("as") == "image":
            self.images.append(found)


def preloaded_images(html: str) -> list[dict]:
    parser = Preloads()
    parser.feed(html)
    return parser.images


@pytest.fixture
def photo_brand(tmp_path, settings, db_session, serve_connection):
    """demo-bd with its first home banner a 1600x480 PNG, synced and its copies made: the app as
    demo-bd's members see it, and the uploads folder."""
    tenants = tmp_path / "tenants"
    shutil.copytree(ROOT / "tenants", tenants)
    Image.new("RGB", (1600, 480), (12, 110, 80)).save(tenants / "demo-bd/assets/banners/welcome.png")
    banners = tenants / "demo-bd/content/banners.toml"
    banners.write_text(banners.read_text().replace('"banners/welcome.svg"', '"banners/welcome.png"', 1))
    sources = load_tenants(tenants, settings_schemas(plugin_manager()))
    sync_tenants(db_session, sources, settings.secret_key)
    db_session.flush()
    uploads = tmp_path / "uploads"
    make_image_variants(sources, uploads)
    wsgi = serve_connection(make_app(replace(settings, tenants_dir=tenants, upload_dir=uploads)))
    yield webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"}), uploads
    wsgi.registry["db_engine"].dispose()


def test_an_svg_banner_carries_its_size_and_no_copies(testapp):
    welcome = testapp.get(NOTICES).json["value"]["banners"][0]
    assert welcome["url"] == "/assets/banners/welcome.svg"
    assert (welcome["width"], welcome["height"], welcome["sources"]) == (1200, 360, [])


def test_a_raster_banner_carries_its_size_and_the_copies_to_pick_from(photo_brand):
    app, _ = photo_brand
    welcome = app.get(NOTICES).json["value"]["banners"][0]
    assert welcome["url"] == "/assets/banners/welcome.png"
    assert (welcome["width"], welcome["height"]) == (1600, 480)
    assert [s["type"] for s in welcome["sources"]] == [MIME[kind] for kind in variant_formats()]
    for source in welcome["sources"]:
        widths = re.findall(r" (\d+)w", source["srcset"])
        assert widths == ["360", "720", "1080", "1440"]


def test_each_copy_is_served_with_its_type_and_kept_for_a_year(photo_brand):
    app, uploads = photo_brand
    welcome = app.get(NOTICES).json["value"]["banners"][0]
    for source in welcome["sources"]:
        for candidate in source["srcset"].split(", "):
            url, _ = candidate.rsplit(" ", 1)
            response = app.get(url)
            assert response.content_type == source["type"]
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert response.body == (uploads / "demo-bd/image-variants" / url.rsplit("/", 1)[1]).read_bytes()


@pytest.mark.parametrize(
    "name",
    [
        "missing-0123456789ab-360.webp",
        "welcome.png",
        ".hidden.webp",
        "..%2f..%2fdemo-bd%2ftenant.toml",
        "%C3%A9" * 200 + ".webp",  # 405 bytes: longer than a file system's name
    ],
)
def test_a_name_that_is_not_a_copy_is_not_found(photo_brand, name):
    app, _ = photo_brand
    assert app.get(f"/assets/~/{name}", status=404).json["code"] == "asset_not_found"


def test_another_brand_does_not_serve_the_copies(photo_brand):
    app, _ = photo_brand
    url = app.get(NOTICES).json["value"]["banners"][0]["sources"][0]["srcset"].split(" ", 1)[0]
    other = webtest.TestApp(app.app, extra_environ={"HTTP_HOST": "demo-ph.localhost"})
    assert other.get(url, status=404).json["code"] == "asset_not_found"


def test_the_status_gives_the_logo_with_its_size(testapp):
    brand = testapp.get("/wps/system/status").json["value"]["brand"]
    assert brand["logo"] == "/assets/logo.svg"
    assert brand["logoImage"] == {"url": "/assets/logo.svg", "width": 180, "height": 48, "sources": []}


def test_the_footer_pictures_carry_their_size(testapp):
    footer = testapp.get("/wps/system/status?lang=en").json["value"]["footer"]
    for entry in [*footer["licences"], *footer["protection"]]:
        assert entry["width"] > 0 and entry["height"] > 0, entry


def test_a_home_page_preloads_its_first_banner_with_high_priority(testapp):
    [preload] = preloaded_images(testapp.get("/").text)
    assert preload == {"rel": "preload", "as": "image", "href": "/assets/banners/welcome.svg", "fetchpriority": "high"}


def test_a_raster_first_banner_is_preloaded_from_its_copies(photo_brand):
    app, _ = photo_brand
    welcome = app.get(NOTICES).json["value"]["banners"][0]
    [preload] = preloaded_images(app.get("/help").text)
    assert preload["imagesrcset"] == welcome["sources"][0]["srcset"]
    assert preload["type"] == welcome["sources"][0]["type"]
    assert preload["imagesizes"] == "(min-width: 1232px) 1200px, calc(100vw - 32px)"
    assert preload["fetchpriority"] == "high" and "href" not in preload


@pytest.mark.parametrize("path", ["/rng", "/promotions", "/register"])
def test_a_page_of_another_group_preloads_no_home_banner(testapp, path):
    assert preloaded_images(testapp.get(path).text) == []
