"""Built files go out in the coding the browser prefers among those the build wrote (Brotli, gzip,
as they are), each with its type, length, Vary and ETag; content-hashed addresses are kept for a
year, the rest revalidated. Public pages and catalogues are compressed as they are sent; an answer
carrying a secret never is."""

import gzip
import json
import os
import shutil
from dataclasses import replace

import brotli
import pytest
import webtest
from webob import Request, Response

from tessera.app import make_app
from tessera.core.settings import ROOT
from tessera.plugins import plugin_manager, settings_schemas
from tessera.shell.services import version
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.services import make_compressed_copies

MAIN = "console.log('the shell starts here');\n" * 400
CHUNK = "export const lobby = 'the lobby of slots';\n" * 300
HASHED = "410.0123456789abcdef0123.js"
CHROMIUM = "gzip, deflate, br, zstd"
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda body: body}


def write_built(path, text: str) -> None:
    """A built file and the siblings the build writes for it (Brotli at 11, gzip at 9)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode()
    path.write_bytes(data)
    path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=11))
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, compresslevel=9))


@pytest.fixture
def static_app(settings, serve_connection, tmp_path):
    write_built(tmp_path / "shell" / "main.js", MAIN)
    write_built(tmp_path / "shell" / HASHED, CHUNK)
    (tmp_path / "shell" / "sw.js").write_text("self.addEventListener('install', () => {});\n" * 100)  # left as it is
    write_built(tmp_path / "member-centre" / "remoteEntry.js", "var memberCentre = {};\n" * 200)
    (tmp_path / "shell" / "icon.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))  # a binary file: no siblings
    wsgi = serve_connection(make_app(replace(settings, static_dir=tmp_path)))
    yield webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"})
    wsgi.registry["db_engine"].dispose()


def fetch(app, path, accept_encoding=None, status=200, method="GET", json_body=None, **headers):
    """The answer as it is sent (WebTest would decode a coding it knows on the way)."""
    if accept_encoding is not None:
        headers["Accept-Encoding"] = accept_encoding
    request = Request.blank(path, method=method, headers=headers, environ=dict(app.extra_environ))
    if json_body is not None:
        request.body, request.content_type = json.dumps(json_body).encode(), "application/json"
    status_line, headerlist, app_iter = request.call_application(app.app)
    try:
        body = b"".join(app_iter)
    finally:
        getattr(app_iter, "close", lambda: None)()
    response = Response(status=status_line, headerlist=headerlist, app_iter=[body])
    assert response.status_int == status, (path, response.status, response.body[:300])
    return response


def bootstrap(page: str) -> dict:
    return json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])


@pytest.mark.parametrize(
    "accept_encoding, coding",
    [
        (CHROMIUM, "br"),
        ("gzip", "gzip"),
        ("gzip;q=1, br;q=0.5", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("identity", None),
        ("", None),
        (None, None),
    ],
)
def test_a_built_file_goes_out_in_the_coding_asked_for(static_app, accept_encoding, coding):
    response = fetch(static_app, "/static/shell/main.js", accept_encoding)
    assert response.headers.get("Content-Encoding") == coding
    assert DECODE[coding](response.body).decode() == MAIN
    assert int(response.headers["Content-Length"]) == len(response.body)
    assert response.content_type == "text/javascript"
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    if coding:
        assert len(response.body) < len(MAIN) / 10


def test_each_coding_has_its_own_etag_and_is_not_sent_again(static_app):
    tags = {coding: fetch(static_app, "/static/shell/main.js", coding).etag for coding in ("br", "gzip", "identity")}
    assert len(set(tags.values())) == 3
    again = fetch(static_app, "/static/shell/main.js", "br", status=304, **{"If-None-Match": f'"{tags["br"]}"'})
    assert again.body == b"" and again.etag == tags["br"]
    # The Brotli copy's tag does not stand for the gzip one.
    other = fetch(static_app, "/static/shell/main.js", "gzip", **{"If-None-Match": f'"{tags["br"]}"'})
    assert other.headers["Content-Encoding"] == "gzip" and other.body


def test_head_and_ranges_describe_the_coding_sent(static_app):
    head = fetch(static_app, "/static/shell/main.js", "br", method="HEAD")
    assert head.body == b"" and head.headers["Content-Encoding"] == "br"
    assert int(head.headers["Content-Length"]) == len(fetch(static_app, "/static/shell/main.js", "br").body)
    part = fetch(static_app, "/static/shell/main.js", "identity", status=206, Range="bytes=0-10")
    assert part.body == MAIN.encode()[:11] and part.headers["Content-Range"] == f"bytes 0-10/{len(MAIN)}"


def test_a_file_refusing_every_coding_it_has_is_not_acceptable(static_app):
    assert fetch(static_app, "/static/shell/main.js", "identity;q=0, gzip").headers["Content-Encoding"] == "gzip"
    refused = fetch(static_app, "/static/shell/icon.png", "identity;q=0, br", status=406).json_body
    assert refused["code"] == "coding_not_acceptable" and "/static/shell/icon.png" in refused["message"]
    png = fetch(static_app, "/static/shell/icon.png", CHROMIUM)
    assert "Content-Encoding" not in png.headers and "Vary" not in png.headers
    assert png.content_type == "image/png"


def test_hashed_and_versioned_addresses_are_kept_for_a_year_the_rest_revalidated(static_app):
    forever = "public, max-age=31536000, immutable"
    assert fetch(static_app, f"/static/shell/{HASHED}", CHROMIUM).headers["Cache-Control"] == forever
    page = fetch(static_app, "/").text
    entry = page.split('<script src="', 1)[1].split('"', 1)[0]
    assert entry.startswith("/static/shell/main.js?v=")
    assert fetch(static_app, entry, CHROMIUM).headers["Cache-Control"] == forever
    remote = bootstrap(page)["remotes"]
    assert fetch(static_app, remote["memberCentre"], CHROMIUM).headers["Cache-Control"] == forever
    for unversioned in ("/static/shell/main.js", "/static/shell/main.js?v=an-old-build", "/static/shell/sw.js"):
        response = fetch(static_app, unversioned, CHROMIUM)
        assert response.headers["Cache-Control"] == "no-cache" and response.etag
    worker = fetch(static_app, "/sw.js", CHROMIUM)
    assert worker.headers["Cache-Control"] == "no-cache" and "Content-Encoding" not in worker.headers


def versioned_addresses(app) -> dict[str, tuple[str, str, str]]:
    """For each kind of address that may name its content: (the address naming it, as pages and
    manifests write it; the plain address; what the plain one may be kept for)."""
    page = fetch(app, "/").text
    icon = next(i["src"] for i in fetch(app, "/manifest.webmanifest").json["icons"] if i["src"].startswith("/app-"))
    logo = fetch(app, "/assets/logo.svg").etag
    return {
        "built entry": (page.split('<script src="', 1)[1].split('"', 1)[0], "/static/shell/main.js", "no-cache"),
        "texts": (bootstrap(page)["catalogues"]["en"], "/locales/en.json", "no-cache"),
        "drawn icon": (icon, icon.split("?", 1)[0], "no-cache"),
        "brand asset": (f"/assets/logo.svg?v={logo}", "/assets/logo.svg", "public, max-age=3600"),
    }


@pytest.mark.parametrize("kind", ["built entry", "texts", "drawn icon", "brand asset"])
def test_an_address_naming_its_content_is_kept_for_a_year_any_other_as_its_kind_says(static_app, kind):
    versioned, plain, otherwise = versioned_addresses(static_app)[kind]
    assert "?v=" in versioned
    assert fetch(static_app, versioned, CHROMIUM).headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert fetch(static_app, plain, CHROMIUM).headers["Cache-Control"] == otherwise
    assert fetch(static_app, f"{plain}?v=an-old-one", CHROMIUM).headers["Cache-Control"] == otherwise


@pytest.mark.parametrize(
    "path",
    [
        "/static/shell/main.js.br",
        "/static/shell/main.js.gz",
        "/static/shell/../../etc/passwd",
        "/static/",
        "/static//shell/main.js",
        "/static/shell/.main.js",
        "/static/shell/main%00.js",
        "/static/shell/" + "a" * 300 + ".js",  # longer than a file system's name
    ],
)
def test_only_built_files_are_served_by_name(static_app, path):
    assert fetch(static_app, path, CHROMIUM, status=404).json_body["success"] is False


@pytest.mark.parametrize("coding", ["br", "gzip"])
def test_the_page_and_the_catalogue_are_compressed_as_they_are_sent(testapp, coding):
    page = fetch(testapp, "/", coding)
    assert page.headers["Content-Encoding"] == coding and page.headers["Vary"] == "Accept-Encoding"
    assert b'id="tessera-bootstrap"' in DECODE[coding](page.body)
    assert int(page.headers["Content-Length"]) == len(page.body)
    plain = fetch(testapp, "/", "identity")
    assert "Content-Encoding" not in plain.headers and plain.headers["Vary"] == "Accept-Encoding"
    assert page.headers["Cache-Control"] == "no-cache"
    url = bootstrap(plain.text)["catalogues"]["en"]
    catalogue = fetch(testapp, url, coding)
    assert catalogue.headers["Content-Encoding"] == coding and catalogue.content_type == "application/json"
    assert json.loads(DECODE[coding](catalogue.body))["frame"]
    assert catalogue.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    identity = fetch(testapp, url, "identity")
    assert catalogue.etag == f"{identity.etag}-{coding}"
    fetch(testapp, url, coding, status=304, **{"If-None-Match": catalogue.headers["ETag"]})
    assert fetch(testapp, url, "identity", **{"If-None-Match": catalogue.headers["ETag"]}).status_int == 200


def test_the_manifest_is_revalidated_by_its_etag(testapp):
    manifest = fetch(testapp, "/manifest.webmanifest", CHROMIUM)
    assert manifest.headers["Cache-Control"] == "no-cache" and manifest.etag
    again = fetch(testapp, "/manifest.webmanifest", CHROMIUM, status=304, **{"If-None-Match": manifest.headers["ETag"]})
    assert again.body == b""


def test_an_answer_carrying_a_secret_is_never_compressed(testapp, login, db_session):
    from calls import configure_brand

    member = login("demo-bd")
    for path in ("/", "/wps/system/status"):
        public = fetch(testapp, path, CHROMIUM)
        assert public.headers["Content-Encoding"] == "br", path  # large enough, and nobody's own
        own = fetch(testapp, path, CHROMIUM, **member.headers)
        assert "Content-Encoding" not in own.headers, path
        assert "Accept-Encoding" not in own.headers.get("Vary", ""), path
    # The captcha's answer sets the challenge's id in a cookie.
    configure_brand(db_session, "demo-bd", plugins={"image-captcha": {"secret": "captcha-view-secret"}})
    captcha = fetch(testapp, "/wps/captcha", CHROMIUM)
    assert len(captcha.body) > 1400 and "Set-Cookie" in captcha.headers
    assert "Content-Encoding" not in captcha.headers


def test_a_visitors_public_list_is_compressed_though_it_is_a_post(testapp, login, game_catalog):
    """The lobby's lists are the relay's POSTs, and the same for every visitor who asks alike; a
    member's mark their favourites, so they go out as they are."""
    member = login("demo-bd")
    for operation, body in (("GCSGAME_hotGamesV2", {}), ("GCSGAME_gameList", {"gameType": "RNG"})):
        path = f"/wps/relay/{operation}"
        visitor = fetch(testapp, path, CHROMIUM, method="POST", json_body=body)
        assert visitor.headers["Content-Encoding"] == "br" and visitor.headers["Vary"] == "Accept-Encoding", operation
        assert json.loads(brotli.decompress(visitor.body))["success"] is True
        own = fetch(testapp, path, CHROMIUM, method="POST", json_body=body, **member.headers)
        assert len(own.body) >= 1400 and "Content-Encoding" not in own.headers, operation


def test_the_real_build_is_precompressed_and_served_so(testapp):
    """The build (webpack.config.js) writes each text file's Brotli and gzip copies where they save
    bytes, each holding exactly the file (nothing changed it after it was compressed)."""
    build = ROOT / "build"
    if not (build / "shell" / "main.js").is_file():
        pytest.skip("no front-end build (make frontend)")
    for path in build.rglob("*.js"):
        if path.stat().st_size > 8192 and "explorer" not in path.parts and path.name != "sw.js":
            for suffix, decode in ((".br", brotli.decompress), (".gz", gzip.decompress)):
                sibling = path.with_name(path.name + suffix)
                assert sibling.is_file() and sibling.stat().st_size < path.stat().st_size, sibling
                assert decode(sibling.read_bytes()) == path.read_bytes(), sibling
    # The service worker's precache names the files, never their coded copies; the worker itself is left as it is.
    worker = (build / "shell" / "sw.js").read_text()
    assert "/static/shell/main.js" in worker and ".js.br" not in worker and ".js.gz" not in worker
    assert not (build / "shell" / "sw.js.br").exists()
    # The first load the page preloads: the bootstrap's chunks and styles, each a precached file of the build.
    listed = json.loads((build / "shell" / "first-load.json").read_text())
    assert listed["scripts"] and listed["styles"]
    for name in listed["scripts"] + listed["styles"]:
        assert (build / "shell" / name).is_file() and f"/static/shell/{name}" in worker, name
    entry = f"/static/shell/main.js?v={version(build, 'shell/main.js')}"
    response = fetch(testapp, entry, CHROMIUM)
    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.body) == (build / "shell" / "main.js").read_bytes()


@pytest.fixture(scope="module")
def brand_assets_app(settings, tmp_path_factory):
    """The app serving a copy of the brand folders and the copies a sync makes of them."""
    folders = tmp_path_factory.mktemp("brand-assets")
    wsgi = make_app(replace(settings, tenants_dir=folders / "tenants", upload_dir=folders / "uploads"))
    yield wsgi
    wsgi.registry["db_engine"].dispose()


@pytest.fixture
def brand_assets(brand_assets_app, serve_connection):
    """demo-bd's folder, copied afresh and synced (its SVGs' compressed copies made): ``(app, its folder, sync)``."""
    settings = brand_assets_app.registry.settings["tessera"]
    tenants, uploads = settings.tenants_dir, settings.upload_dir
    shutil.rmtree(tenants, ignore_errors=True)
    shutil.rmtree(uploads, ignore_errors=True)
    shutil.copytree(ROOT / "tenants", tenants)

    def sync():
        return make_compressed_copies(load_tenants(tenants, settings_schemas(plugin_manager())), tenants, uploads)

    sync()
    app = webtest.TestApp(serve_connection(brand_assets_app), extra_environ={"HTTP_HOST": "demo-bd.localhost"})
    return app, tenants / "demo-bd", sync


@pytest.mark.parametrize(
    "accept_encoding, coding",
    [
        (CHROMIUM, "br"),
        ("br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("identity;q=1, *;q=0", None),
        (None, None),
    ],
)
def test_a_brand_svg_goes_out_in_the_coding_asked_for(brand_assets, accept_encoding, coding):
    app, folder, _ = brand_assets
    welcome = (folder / "assets/banners/welcome.svg").read_bytes()
    response = fetch(app, "/assets/banners/welcome.svg", accept_encoding)
    assert response.headers.get("Content-Encoding") == coding
    assert DECODE[coding](response.body) == welcome
    assert int(response.headers["Content-Length"]) == len(response.body)
    assert response.content_type == "image/svg+xml" and response.headers["Vary"] == "Accept-Encoding"
    assert response.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    if coding:
        assert len(response.body) <= 0.8 * len(welcome)


def test_a_brand_svg_refusing_every_coding_is_not_acceptable(brand_assets):
    app, _, _ = brand_assets
    refused = fetch(app, "/assets/logo.svg", "br;q=0, gzip;q=0, identity;q=0", status=406).json_body
    assert refused["code"] == "coding_not_acceptable" and "/assets/logo.svg" in refused["message"]
    assert fetch(app, "/assets/logo.svg", "identity;q=0, gzip").headers["Content-Encoding"] == "gzip"


def test_each_coding_of_a_brand_svg_has_its_own_etag_and_is_not_sent_again(brand_assets):
    app, _, _ = brand_assets
    tags = {coding: fetch(app, "/assets/logo.svg", coding).headers["ETag"] for coding in ("br", "gzip", "identity")}
    assert len(set(tags.values())) == 3
    for coding, tag in tags.items():
        again = fetch(app, "/assets/logo.svg", coding, status=304, **{"If-None-Match": tag})
        assert again.body == b"" and again.headers["ETag"] == tag
        for other in {"br", "gzip", "identity"} - {coding}:
            assert fetch(app, "/assets/logo.svg", other, **{"If-None-Match": tag}).body


def test_a_versioned_brand_svg_is_kept_for_a_year_in_every_coding(brand_assets):
    app, _, _ = brand_assets
    version = fetch(app, "/assets/logo.svg", "identity").etag
    for coding in ("br", "gzip", "identity"):
        versioned = fetch(app, f"/assets/logo.svg?v={version}", coding)
        assert versioned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert fetch(app, "/assets/logo.svg", coding).headers["Cache-Control"] == "public, max-age=3600"


def test_a_head_describes_the_coding_sent(brand_assets):
    app, _, _ = brand_assets
    head = fetch(app, "/assets/logo.svg", "br", method="HEAD")
    assert head.body == b"" and head.headers["Content-Encoding"] == "br"
    assert int(head.headers["Content-Length"]) == len(fetch(app, "/assets/logo.svg", "br").body)


def test_a_changed_brand_svg_is_sent_as_it_is_until_the_sync_makes_its_new_copies(brand_assets):
    app, folder, sync = brand_assets
    logo = folder / "assets/logo.svg"
    old = fetch(app, "/assets/logo.svg", "br")
    changed = logo.read_bytes().replace(b"</svg>", b"<!-- a new logo -->" * 40 + b"</svg>")
    modified = logo.stat().st_mtime_ns
    logo.write_bytes(changed)
    os.utime(logo, ns=(modified + 10**9, modified + 10**9))
    before_sync = fetch(app, "/assets/logo.svg", "br", **{"If-None-Match": old.headers["ETag"]})
    assert before_sync.body == changed and "Content-Encoding" not in before_sync.headers
    assert sync() == (2, 2)
    after_sync = fetch(app, "/assets/logo.svg", "br", **{"If-None-Match": old.headers["ETag"]})
    assert after_sync.headers["Content-Encoding"] == "br" and brotli.decompress(after_sync.body) == changed
    assert after_sync.headers["ETag"] != old.headers["ETag"]


def test_a_brand_file_that_is_not_text_is_sent_as_it_is(brand_assets):
    app, _, _ = brand_assets
    icon = webtest.TestApp(app.app, extra_environ={"HTTP_HOST": "demo-vn.localhost"})
    png = fetch(icon, "/assets/app/icon-192.png", CHROMIUM)
    assert png.body == (ROOT / "tenants/demo-vn/assets/app/icon-192.png").read_bytes()
    assert "Content-Encoding" not in png.headers and "Vary" not in png.headers


def test_a_brand_svg_without_copies_is_sent_as_it_is(testapp):
    """The app's own upload folder has no copies of the demo brands' files: no sync made them."""
    response = fetch(testapp, "/assets/logo.svg", CHROMIUM)
    assert response.body == (ROOT / "tenants/demo-bd/assets/logo.svg").read_bytes()
    assert "Content-Encoding" not in response.headers and "Vary" not in response.headers
