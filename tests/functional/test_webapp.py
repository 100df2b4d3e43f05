"""Each brand is an installable web app: its manifest (name, colours, icons from its folder, or
drawn from its colours), linked from its pages with the browser bar's colours, its service worker
served from the root, and a page policy that lets both load from the brand's origin only."""

import io
import re
import tomllib

import pytest
from PIL import Image

from tessera.core.settings import ROOT

TENANTS = ROOT / "tenants"


def folder_config(slug: str) -> dict:
    return tomllib.loads((TENANTS / slug / "tenant.toml").read_text())


def manifest_of(brand_app, host: str) -> dict:
    response = brand_app(host).get("/manifest.webmanifest")
    assert response.content_type == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    return response.json


@pytest.mark.parametrize("slug", ["demo-bd", "demo-ph", "demo-vn"])
def test_the_manifest_is_the_brands_own(brand_app, slug):
    config = folder_config(slug)
    manifest = manifest_of(brand_app, f"{slug}.localhost")
    colours = config["colours"][config["theme"]]
    assert manifest["name"] == config["name"]
    assert (manifest["theme_color"], manifest["background_color"]) == (colours["header"], colours["background"])
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    assert manifest["lang"] == config["default_language"]


def test_the_short_name_is_the_folders_or_the_names_start(brand_app):
    assert manifest_of(brand_app, "demo-ph.localhost")["short_name"] == "Demo PH"
    assert manifest_of(brand_app, "demo-bd.localhost")["short_name"] == "Tessera Demo"  # 12 characters


def test_a_brands_own_icons_come_from_its_folder(brand_app):
    vn = brand_app("demo-vn.localhost")
    icons = manifest_of(brand_app, "demo-vn.localhost")["icons"]
    expected = [
        (f"/assets/{i['path']}", i["sizes"], i.get("purpose", "any")) for i in folder_config("demo-vn")["app"]["icons"]
    ]
    assert [(i["src"], i["sizes"], i["purpose"]) for i in icons] == expected
    for icon in icons:
        image = Image.open(io.BytesIO(vn.get(icon["src"]).body))
        assert (image.format, f"{image.width}x{image.height}") == ("PNG", icon["sizes"])


def test_a_brand_without_icons_gets_them_drawn_in_its_colours(brand_app):
    ph = brand_app("demo-ph.localhost")
    icons = manifest_of(brand_app, "demo-ph.localhost")["icons"]
    assert [(i["sizes"], i["purpose"]) for i in icons] == [
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    ]
    primary = folder_config("demo-ph")["colours"]["dark"]["primary"]
    for icon in icons:
        response = ph.get(icon["src"])
        assert response.content_type == "image/png" and "immutable" in response.headers["Cache-Control"]
        image = Image.open(io.BytesIO(response.body)).convert("RGBA")
        assert f"{image.width}x{image.height}" == icon["sizes"]
        edge = image.getpixel((image.width // 2, 2))
        assert "#{:02x}{:02x}{:02x}".format(*edge[:3]) == primary
        corner = image.getpixel((0, 0))
        # A launcher cuts a maskable icon to its own shape: it is filled to the corners.
        assert corner[3] == (255 if icon["purpose"] == "maskable" else 0)


def test_a_drawn_icon_of_another_version_is_not_kept(brand_app):
    response = brand_app("demo-ph.localhost").get("/app-icons/any-192.png?v=old")
    assert response.headers["Cache-Control"] == "no-cache"


def test_only_the_icons_launchers_need_are_drawn(brand_app):
    brand_app("demo-ph.localhost").get("/app-icons/any-64.png", status=404)


def test_every_page_links_the_manifest_and_colours_the_browser_bar(brand_app):
    page = brand_app("demo-ph.localhost").get("/down").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    dark, light = folder_config("demo-ph")["colours"]["dark"], folder_config("demo-ph")["colours"]["light"]
    bar = re.search(r'<meta name="theme-color" content="([^"]+)" data-light="([^"]+)" data-dark="([^"]+)">', page)
    assert bar and bar.groups() == (dark["header"], light["header"], dark["header"])  # demo-ph is dark
    assert '<meta name="apple-mobile-web-app-title" content="Demo PH">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page).group(1)
    assert touch.startswith("/app-icons/any-512.png?v=")


def test_the_touch_icon_is_the_brands_own_when_it_has_one(brand_app):
    page = brand_app("demo-vn.localhost").get("/").text
    assert '<link rel="apple-touch-icon" href="/assets/app/icon-512.png">' in page


def test_the_page_policy_lets_the_manifest_and_worker_load_from_the_brand_only(brand_app):
    policy = brand_app("demo-bd.localhost").get("/").headers["Content-Security-Policy"]
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert directives["manifest-src"] == "'self'"
    assert directives["worker-src"] == "'self'"


def test_the_page_tells_the_shell_the_brands_public_address(brand_app):
    page = brand_app("demo-vn.localhost").get("/down").text
    assert '"publicUrl": "http://demo-vn.localhost:6543"' in page


def test_the_service_worker_is_served_from_the_root_and_never_kept(brand_app):
    response = brand_app("demo-bd.localhost").get("/sw.js")
    assert response.content_type == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert b"/static/shell/main.js" in response.body  # the shell's files it keeps for offline use


def test_the_manifest_is_only_a_brands(brand_app):
    brand_app("unknown.example").get("/manifest.webmanifest", status=404)
