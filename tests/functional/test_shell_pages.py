"""Every page route of SPEC §2 answers the brand's index.html, with its bootstrap and policy."""

import json
from dataclasses import replace
from html.parser import HTMLParser

import pytest
import webtest

from tessera.app import make_app
from tessera.core.i18n import LANGUAGES
from tessera.shell.services import GAME_CATEGORIES, PAGE_ROUTES
from tessera.system.status.linkseal import open_sealed
from tessera.tenancy.models import Tenant

PAGES = [pattern for _, pattern in PAGE_ROUTES if "{" not in pattern] + [f"/{c}" for c in GAME_CATEGORIES]


class Page(HTMLParser):
    def __init__(self, text):
        super().__init__()
        self.html, self.scripts, self.bootstrap, self._in_bootstrap = {}, [], None, False
        self.preloads: list[tuple[str, str]] = []  # (as, href) of each <link rel="preload">
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html = attrs
        if tag == "link" and attrs.get("rel") == "preload":
            self.preloads.append((attrs.get("as"), attrs.get("href") or attrs.get("imagesrcset")))
        if tag == "script":
            self._in_bootstrap = attrs.get("id") == "tessera-bootstrap"
            if attrs.get("src"):
                self.scripts.append(attrs["src"])

    def handle_data(self, data):
        if self._in_bootstrap:
            self.bootstrap = json.loads(data)
            self._in_bootstrap = False


@pytest.mark.parametrize("path", PAGES)
def test_every_page_route_answers_the_shell(testapp, path):
    response = testapp.get(path)
    assert response.content_type == "text/html"
    page = Page(response.text)
    assert page.bootstrap["brand"]["slug"] == "demo-bd"
    assert page.scripts and page.scripts[0].startswith("/static/shell/main.js?v=")


def test_each_brand_gets_its_own_language_theme_and_key(brand_app):
    bd = Page(brand_app("demo-bd.localhost").get("/").text)
    ph = Page(brand_app("demo-ph.localhost", ip="192.0.2.44").get("/register.html?referralCode=X1").text)
    assert (bd.html["lang"], bd.html["data-theme"], bd.bootstrap["brand"]["currency"]) == ("bn", "light", "BDT")
    assert (ph.html["lang"], ph.html["data-theme"], ph.bootstrap["brand"]["currencySymbol"]) == ("en", "dark", "P")
    assert bd.bootstrap["publicKey"]["kid"] != ph.bootstrap["publicKey"]["kid"]
    assert bd.bootstrap["brand"]["logo"] == ph.bootstrap["brand"]["logo"] == "/assets/logo.svg"
    assert (bd.bootstrap["brand"]["timezone"], ph.bootstrap["brand"]["timezone"]) == ("Asia/Dhaka", "Asia/Manila")
    assert set(bd.bootstrap["remotes"]) == {"memberCentre", "agentCentre"}
    assert bd.bootstrap["languages"] == list(LANGUAGES)  # each with a complete catalogue
    assert set(bd.bootstrap["catalogues"]) == set(LANGUAGES)


def opened(status: dict) -> dict:
    """The status with its live-chat link unsealed (each sealing draws a new key)."""
    entries = [
        {**e, "path": open_sealed(e["path"]) if e["csType"] == "3" else e["path"]} for e in status["customerService"]
    ]
    return {**status, "customerService": entries}


def test_the_page_carries_its_brands_status_notices_and_game_menu_in_its_language(brand_app):
    bd_app, ph_app = brand_app("demo-bd.localhost"), brand_app("demo-ph.localhost", ip="192.0.2.44")
    bd, ph = Page(bd_app.get("/").text).bootstrap["initial"], Page(ph_app.get("/rng").text).bootstrap["initial"]
    assert opened(bd["status"]) == opened(bd_app.get("/wps/system/status").json["value"])
    assert opened(ph["status"]) == opened(ph_app.get("/wps/system/status").json["value"])
    notices = "/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H"
    assert bd["notices"] == bd_app.get(notices).json["value"]
    assert ph["notices"] == ph_app.get(notices).json["value"]
    assert bd["gameMenus"] == bd_app.get("/lgw/games/game_menus").json["value"]
    assert ph["gameMenus"] == ph_app.get("/lgw/games/game_menus").json["value"]
    assert bd["gameMenus"] != ph["gameMenus"]
    # Each page carries its own brand's answers only.
    assert (bd["status"]["brand"]["slug"], ph["status"]["brand"]["slug"]) == ("demo-bd", "demo-ph")
    bd_titles = {n["title"] for n in bd["notices"]["player"]} | {b["title"] for b in bd["notices"]["banners"]}
    ph_titles = {n["title"] for n in ph["notices"]["player"]} | {b["title"] for b in ph["notices"]["banners"]}
    assert bd_titles and ph_titles and not bd_titles & ph_titles
    english = Page(bd_app.get("/?lang=en").text).bootstrap["initial"]
    assert english["notices"]["player"][-1]["title"] == "Welcome to Tessera Demo BD"
    assert english["gameMenus"] == bd_app.get("/lgw/games/game_menus?lang=en").json["value"]
    assert english["gameMenus"] != bd["gameMenus"]


def test_the_page_follows_the_visitors_language(testapp):
    assert Page(testapp.get("/?lang=en").text).html["lang"] == "en"
    assert Page(testapp.get("/", headers={"Cookie": "lang=bn"}).text).bootstrap["language"] == "bn"


def test_the_bootstrap_cannot_be_broken_out_of(testapp):
    response = testapp.get("/help", headers={"Accept-Language": "en"})
    script = response.text.split('id="tessera-bootstrap"', 1)[1].split("</script>", 1)[0]
    assert "<" not in script.split(">", 1)[1]


def test_a_content_security_policy_keeps_scripts_to_the_brand(brand_app):
    policy = brand_app("demo-ph.localhost", ip="192.0.2.44").get("/").headers["Content-Security-Policy"]
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert directives["script-src"] == "'self'"
    assert "https://img.demo-ph.example" in directives["img-src"]
    assert "https://play1.demo-ph.example" in directives["frame-src"]
    assert directives["object-src"] == "'none'"


def test_an_unknown_page_is_the_shell_with_404_and_calls_stay_json(testapp):
    page = testapp.get("/no-such-page", status=404)
    assert page.content_type == "text/html" and Page(page.text).bootstrap["brand"]["slug"] == "demo-bd"
    assert testapp.get("/wps/no-such-call", status=404).json["code"] == "not_found"
    assert testapp.get("/assets/no-such-file.svg", status=404).json["code"] == "asset_not_found"
    assert testapp.post("/no-such-page", status=404).json["code"] == "not_found"


def test_an_unknown_host_gets_no_page(brand_app):
    assert brand_app("nobody.localhost").get("/", status=404).json["code"] == "unknown_tenant"


def test_built_files_are_served_for_a_year_and_versioned_by_content(settings, serve_connection, tmp_path):
    (tmp_path / "shell").mkdir()
    (tmp_path / "shell" / "main.js").write_text("console.log('tessera')")
    (tmp_path / "member-centre").mkdir()
    (tmp_path / "member-centre" / "remoteEntry.js").write_text("var remote = 1")
    wsgi = serve_connection(make_app(replace(settings, static_dir=tmp_path)))
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"})
    page = Page(app.get("/").text)
    bundle = app.get(page.scripts[0])
    assert bundle.text == "console.log('tessera')"
    assert "max-age=31536000" in bundle.headers["Cache-Control"]
    first = page.bootstrap["remotes"]["memberCentre"]
    assert app.get(first).text == "var remote = 1"
    (tmp_path / "member-centre" / "remoteEntry.js").write_text("var remote = 2")
    assert Page(app.get("/").text).bootstrap["remotes"]["memberCentre"] != first
    wsgi.registry["db_engine"].dispose()


def test_the_page_asks_for_its_first_loads_chunks_and_styles_beside_the_entry(settings, serve_connection, tmp_path):
    """The build lists the entry's first load (first-load.json); the page preloads each file, which
    the server has, before the entry has run; a build without the list preloads none."""
    shell = tmp_path / "shell"
    shell.mkdir()
    (shell / "main.js").write_text("import('./boot')")
    wsgi = serve_connection(make_app(replace(settings, static_dir=tmp_path)))
    app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"})
    assert [kind for kind, _ in Page(app.get("/").text).preloads if kind in ("script", "style")] == []
    (shell / "72.75a5ab7f6ed6ec9e.js").write_text("var boot = 1")
    (shell / "842.209e5c055b5aaed1.css").write_text("body{margin:0}")
    listed = {"scripts": ["72.75a5ab7f6ed6ec9e.js"], "styles": ["842.209e5c055b5aaed1.css"]}
    (shell / "first-load.json").write_text(json.dumps(listed))
    preloads = Page(app.get("/lottery").text).preloads
    assert ("style", "/static/shell/842.209e5c055b5aaed1.css") in preloads
    assert ("script", "/static/shell/72.75a5ab7f6ed6ec9e.js") in preloads
    for kind, href in preloads:
        if kind in ("script", "style"):
            assert "immutable" in app.get(href).headers["Cache-Control"]
    wsgi.registry["db_engine"].dispose()


def test_the_content_security_policy_admits_the_enabled_vendors_hosts_only(brand_app, db_session):
    tenant = db_session.query(Tenant).filter_by(slug="demo-ph").one()
    plugins = dict(tenant.config["plugins"])
    plugins["transfer-vendor"] = {**plugins["transfer-vendor"], "base_url": "https://twv.example/api"}
    plugins["demo-vendor"] = {**plugins["demo-vendor"], "base_url": "https://dv.example/api", "enabled": False}
    tenant.config = {**tenant.config, "plugins": plugins}
    db_session.flush()
    policy = brand_app("demo-ph.localhost", ip="192.0.2.44").get("/").headers["Content-Security-Policy"]
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert directives["img-src"] == "'self' data: blob: https://img.demo-ph.example https://twv.example"
    assert (
        directives["frame-src"]
        == "'self' https://play1.demo-ph.example https://play2.demo-ph.example https://twv.example"
    )
    assert "dv.example" not in policy and "127.0.0.1:6550" not in policy


def brand_style_of(text: str) -> str:
    return text.split('<style id="tessera-brand">', 1)[1].split("</style>", 1)[0]


def test_each_brand_page_carries_its_own_colours_before_any_script(brand_app):
    bd = brand_app("demo-bd.localhost").get("/").text
    ph = brand_app("demo-ph.localhost", ip="192.0.2.44").get("/").text
    assert bd.index('<style id="tessera-brand">') < bd.index("<script")
    bd_style, ph_style = brand_style_of(bd), brand_style_of(ph)
    assert ":root[data-theme='light']{--brand-primary:#006a4e;--brand-on-primary:#ffffff;" in bd_style
    assert ":root[data-theme='dark']{--brand-primary:#5cc99a;" in bd_style
    assert ":root[data-theme='dark']{--brand-primary:#f2c14e;" in ph_style and "#006a4e" not in ph_style
    assert "--brand-font" not in bd_style


def test_demo_vn_is_vietnamese_in_dong_with_its_colours_and_font(brand_app):
    response = brand_app("demo-vn.localhost").get("/")
    page = Page(response.text)
    assert (page.html["lang"], page.html["data-theme"]) == ("vi", "light")
    brand = page.bootstrap["brand"]
    assert (brand["slug"], brand["currency"], brand["currencySymbol"]) == ("demo-vn", "VND", "₫")
    assert (brand["languages"], brand["timezone"]) == (["vi", "en"], "Asia/Ho_Chi_Minh")
    style = brand_style_of(response.text)
    assert "--brand-primary:#b4161b" in style
    assert ':root{--brand-font:"Be Vietnam Pro", system-ui, sans-serif}' in style
    titles = {n["title"] for n in page.bootstrap["initial"]["notices"]["player"]}
    assert "Chào mừng đến với Tessera Demo VN" in titles
    agent = brand_app("agent.demo-vn.localhost").get("/")
    assert Page(agent.text).bootstrap["brand"]["slug"] == "demo-vn"


def test_the_policy_allows_the_brands_inline_style_and_fonts_from_its_origin(brand_app):
    policy = brand_app("demo-vn.localhost").get("/").headers["Content-Security-Policy"]
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert "'unsafe-inline'" in directives["style-src"].split()
    assert "'self'" in directives["font-src"].split()
