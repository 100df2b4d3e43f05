"""The ``tessera`` command, run as an operator runs it, against a database and tenant folders of its own."""

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import webtest
from click.testing import CliRunner

from calls import captcha_text, seal
from cli_operator import Operator
from tessera.app import make_app
from tessera.commands import main
from tessera.core.settings import ROOT

# The demo brands' SVG files: each is worth compressing.
SVGS = sum(1 for _ in (ROOT / "tenants").glob("*/assets/**/*.svg"))


@pytest.fixture
def tessera(tmp_path):
    operator = Operator(tmp_path)
    assert operator("db", "upgrade").output == "database is up to date\n"
    return operator


@pytest.fixture
def synced(tessera):
    tessera("tenants", "sync")
    return tessera


def test_validate_accepts_the_demo_brands(tessera):
    assert tessera("tenants", "validate").output == "3 brand(s) valid: demo-bd, demo-ph, demo-vn\n"
    assert tessera.brands() == {}  # validating touches no database


def test_validate_prints_each_problem_and_fails(tessera):
    tessera.edit("demo-bd/tenant.toml", 'name = "Tessera Demo BD"', 'nmae = "Tessera Demo BD"')
    tessera.edit("demo-ph/tenant.toml", "[plugins.cidr-region]", "[plugins.geoip]")
    result = tessera("tenants", "validate", exit_code=1)
    assert result.stderr.splitlines() == [
        "error: demo-bd/tenant.toml: name: is required",
        "error: demo-bd/tenant.toml: nmae: unknown key 'nmae' (did you mean 'name'?)",
        "error: demo-ph/tenant.toml: plugins.geoip: no such plugin is installed",
        "refused: 3 problem(s); nothing was loaded",
    ]
    assert result.stdout == ""


def test_sync_creates_then_finds_nothing_to_change(tessera):
    assert tessera("tenants", "sync").output.splitlines() == [
        "demo-bd: created",
        "demo-ph: created",
        "demo-vn: created",
        "created: demo-bd, demo-ph, demo-vn; updated: -; unchanged: -; deactivated: -",
        f"compressed copies made: {2 * SVGS}, removed: 0",  # each brand's SVGs, in Brotli and gzip
    ]
    first = tessera.brands()
    assert tessera("tenants", "sync").output.splitlines() == [
        "demo-bd: unchanged",
        "demo-ph: unchanged",
        "demo-vn: unchanged",
        "created: -; updated: -; unchanged: demo-bd, demo-ph, demo-vn; deactivated: -",
    ]
    assert tessera.brands() == first
    assert {slug: active for slug, (_, active, _) in first.items()} == dict.fromkeys(
        ("demo-bd", "demo-ph", "demo-vn"), True
    )


def test_sync_makes_the_copies_of_a_raster_banner_once_and_a_dry_run_none(synced):
    from PIL import Image, features

    Image.new("RGB", (1600, 480), (20, 90, 160)).save(synced.tenants_dir / "demo-ph/assets/banners/welcome.png")
    synced.edit("demo-ph/content/banners.toml", '"banners/welcome.svg"', '"banners/welcome.png"')
    copies = synced.settings.upload_dir / "demo-ph" / "image-variants"
    dry = synced("tenants", "sync", "--dry-run").output.splitlines()
    assert dry[0] == "demo-bd: unchanged" and "demo-ph: would be updated (banners; images)" in dry
    assert not copies.exists()
    made = 8 if features.check("avif") else 4
    assert f"image copies made: {made}, removed: 0" in synced("tenants", "sync").output.splitlines()
    assert len(list(copies.iterdir())) == made
    assert synced("tenants", "sync").output.splitlines()[-1] == (
        "created: -; updated: -; unchanged: demo-bd, demo-ph, demo-vn; deactivated: -"
    )


def test_sync_replaces_the_compressed_copies_of_a_changed_svg_and_a_dry_run_none(synced):
    copies = synced.settings.upload_dir / "demo-ph" / "compressed-assets"
    before = {p.name for p in copies.iterdir()}
    logo = synced.tenants_dir / "demo-ph/assets/logo.svg"
    logo.write_text(logo.read_text().replace("</svg>", "<!-- a new logo -->\n</svg>"))
    assert "compressed copies" not in synced("tenants", "sync", "--dry-run").output
    assert {p.name for p in copies.iterdir()} == before
    assert synced("tenants", "sync").output.splitlines()[-1] == "compressed copies made: 2, removed: 2"
    after = {p.name for p in copies.iterdir()}
    assert len(after) == len(before) and len(after - before) == 2


def test_a_failed_sync_changes_nothing(synced):
    before = synced.brands()
    synced.edit("demo-ph/tenant.toml", 'name = "Tessera Demo PH"', 'name = "Renamed"')
    synced.edit("demo-bd/tenant.toml", 'currency = "BDT"', 'currency = "taka"')
    listed = synced("tenants", "list").output
    result = synced("tenants", "sync", exit_code=1)
    assert "error: demo-bd/tenant.toml: currency: 'taka' does not match '^[A-Z]{3}$'" in result.stderr
    assert synced.brands() == before
    assert synced("tenants", "list").output == listed


def test_list_shows_each_brand_with_its_hosts(synced):
    assert synced("tenants", "list").output.splitlines() == [
        "demo-bd\tactive\tbn\t127.0.0.1, agent.demo-bd.localhost, demo-bd.localhost, join.demo-bd.localhost, localhost",
        "demo-ph\tactive\ten\tagent.demo-ph.localhost, demo-ph.localhost",
        "demo-vn\tactive\tvi\tagent.demo-vn.localhost, demo-vn.localhost",
    ]


def test_a_removed_brand_is_listed_inactive(synced):
    shutil.rmtree(synced.tenants_dir / "demo-ph")
    assert synced("tenants", "sync").output.splitlines()[-1] == (
        "created: -; updated: -; unchanged: demo-bd, demo-vn; deactivated: demo-ph"
    )
    assert synced("tenants", "list").output.splitlines()[1] == "demo-ph\tinactive\ten\t"


def test_plugins_lists_hooks_and_the_brands_using_each(tessera):
    tessera.edit("demo-ph/tenant.toml", "[plugins.cidr-region]\n", "[plugins.cidr-region]\nenabled = false\n")
    lines = tessera("plugins").output.splitlines()
    assert "cidr-region\thooks: tessera_region_lookup\tbrands: demo-bd" in lines
    assert "customer-service-links\thooks: tessera_customer_service_entries\tbrands: demo-bd, demo-ph, demo-vn" in lines


def test_maintenance_starts_and_ends(synced):
    started = synced("maintenance", "start", "demo-bd", "--until", "2030-01-01T12:00+0600", "--info", "Upgrading")
    assert started.output == "demo-bd is in maintenance until 2030-01-01T06:00:00+00:00\n"
    status = synced.status("demo-bd.localhost")
    assert status["status"] == 1
    assert status["maintenance"] == {"endTime": "2030-01-01T06:00:00Z", "info": "Upgrading"}
    assert synced.status("demo-ph.localhost")["status"] != 1
    assert synced("maintenance", "end", "demo-bd").output == "demo-bd: 1 maintenance window(s) ended\n"
    assert synced.status("demo-bd.localhost")["status"] == 0
    assert synced("maintenance", "end", "demo-bd").output == "demo-bd: 0 maintenance window(s) ended\n"


def test_maintenance_without_an_end_time(synced):
    assert synced("maintenance", "start", "demo-ph").output == "demo-ph is in maintenance\n"
    assert synced.status("demo-ph.localhost")["maintenance"] == {"endTime": None, "info": None}


def test_maintenance_refuses_an_end_time_that_has_passed(synced):
    result = synced("maintenance", "start", "demo-bd", "--until", "2020-01-01T00:00+0000", exit_code=2)
    assert "the end time has already passed" in result.output
    assert synced.status("demo-bd.localhost")["status"] == 0


def test_maintenance_of_an_unknown_brand_is_refused(synced):
    result = synced(
        "maintenance", "start", "demo-xx", exit_code=2
    )  # a usage error, as every command refuses an unknown brand
    assert "no brand 'demo-xx' in the database" in result.output


CAPTCHA_SECRET = "cli-test"


def _log_in(operator, host: str, username: str, password: str) -> dict:
    """The answer of the login call on ``host``, served from the operator's database; where the
    brand asks a captcha at login (demo-ph), it is read as a member would."""
    wsgi = make_app(operator.settings)
    try:
        # From the Philippines, which both demo brands serve.
        app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": host, "REMOTE_ADDR": "192.0.2.44"})
        status = app.get("/wps/system/status").json["value"]
        form = {"type": "username", "username": username, "password": password}
        if status["whitelabel"]["LOGINREQCAPTCHA3"]:
            form["captcha"] = captcha_text(app, CAPTCHA_SECRET)
        body = seal(status["publicKey"], form)
        return app.post("/wps/session/login", body, content_type="application/jose", expect_errors=True).json
    finally:
        wsgi.registry["db_engine"].dispose()


@pytest.fixture(autouse=True)
def _captcha_secret(monkeypatch):
    monkeypatch.setenv("DEMO_PH_CAPTCHA_SECRET", CAPTCHA_SECRET)


def test_members_create_makes_a_member_who_can_log_in(synced):
    created = synced("members", "create", "demo-bd", "Operator1", "--password", "Demo12345")
    assert created.output.startswith("demo-bd: member Operator1 created, id ")
    assert created.output.endswith(", type 4\n")
    login = _log_in(synced, "demo-bd.localhost", "operator1", "Demo12345")
    assert (login["success"], login["value"]["passwordExpired"]) == (True, False)
    assert _log_in(synced, "demo-ph.localhost", "operator1", "Demo12345")["code"] == "login_failed"


def test_members_create_asks_for_the_password(synced):
    synced("members", "create", "demo-ph", "agent007", "--type", "41", input="Agent7pass\nAgent7pass\n")
    assert _log_in(synced, "demo-ph.localhost", "agent007", "Agent7pass")["success"] is True


def test_the_default_password_only_on_purpose_and_then_it_must_be_changed(synced):
    refused = synced("members", "create", "demo-bd", "demo01", "--password", "{secret}", exit_code=2)
    assert "only with --default-password" in refused.output
    created = synced("members", "create", "demo-bd", "demo01", "--default-password")
    assert "must change the default password" in created.output
    assert _log_in(synced, "demo-bd.localhost", "demo01", "{secret}")["value"]["passwordExpired"] is True


def test_members_create_refuses_a_taken_username_and_a_non_member_type(synced):
    synced("members", "create", "demo-bd", "Taken1", "--password", "Pw123456")
    assert (
        "already has a member 'TAKEN1'"
        in synced("members", "create", "demo-bd", "TAKEN1", "--password", "x", exit_code=1).output
    )
    synced("members", "create", "demo-bd", "freebie", "--type", "0", "--password", "Pw123456", exit_code=2)
    synced("members", "create", "demo-xx", "someone", "--password", "Pw123456", exit_code=2)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_believes_a_trusted_proxys_forwarded_address(synced):
    """Behind a proxy on loopback (trusted by default), the caller is the address it forwarded."""
    port = _free_port()
    env = {**os.environ, **synced.env, "TESSERA_LOG_LEVEL": "WARNING"}
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("tessera")), "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/wps/system/status",
            headers={"Host": "demo-ph.localhost", "X-Forwarded-For": "198.51.100.7"},
        )
        # A server starting on a loaded machine may take a while: waited for, not timed.
        deadline, location = time.monotonic() + 90, None
        while location is None and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(request, timeout=5) as response:
                    location = json.load(response)["value"]["location"]
            except OSError:
                time.sleep(0.1)
        if location is None:
            pytest.fail("tessera serve did not answer")
        assert location == {"ip": "198.51.100.7", "region": "US"}
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("key, problem", [(None, "is not set"), ("short-key", "has 9 bytes; it needs at least 32")])
def test_serve_refuses_a_missing_or_short_secret_key(tmp_path, monkeypatch, key, problem):
    monkeypatch.setattr("waitress.serve", lambda *args, **kwargs: pytest.fail("served"))
    env = {
        "TESSERA_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
        "TESSERA_ENV": None,
        "TESSERA_SECRET_KEY": key,
    }
    result = CliRunner().invoke(main, ["serve", "--port", "0"], env=env)
    assert (result.exit_code, type(result.exception)) == (1, SystemExit)
    assert result.output.startswith(f"Error: TESSERA_SECRET_KEY {problem}")
    assert "secrets.token_urlsafe(48)" in result.output
