"""Launching a brand with ``tessera tenants``: a new folder from the template, synced and serving
members; a sync that reports truthfully, dry or for one brand; a brand retired; each remote service
checked; and every launch mistake refused with nothing loaded."""

import json
import re
import tomllib

import pytest
import webtest

from calls import seal
from cli_operator import Operator
from tessera.app import make_app
from tessera.tenancy.loader import SCHEMA
from tessera.tenancy.new_brand import TEMPLATES

PASSWORD = "abc12345"


@pytest.fixture
def tessera(tmp_path):
    operator = Operator(tmp_path)
    operator("db", "upgrade")
    return operator


@pytest.fixture
def synced(tessera):
    tessera("tenants", "sync")
    return tessera


def serve(operator, host: str) -> tuple[webtest.TestApp, object]:
    wsgi = make_app(operator.settings)
    return webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": host, "REMOTE_ADDR": "203.0.113.9"}), wsgi


# -- tessera tenants new ------------------------------------------------------------------------


def test_a_brand_from_the_template_is_synced_served_and_takes_its_first_member(tessera):
    made = tessera(
        "tenants", "new", "ghana-play", "--name", "Ghana Play", "--currency", "GHS", "--timezone", "Africa/Accra"
    )
    assert made.output.startswith(f"made {tessera.tenants_dir / 'ghana-play'} from the template 'neutral'\n")
    assert tessera("tenants", "validate").output == "4 brand(s) valid: demo-bd, demo-ph, demo-vn, ghana-play\n"
    assert tessera("tenants", "sync", "ghana-play").output.splitlines() == [
        "ghana-play: created",
        "created: ghana-play; updated: -; unchanged: -; deactivated: -",
        "compressed copies made: 2, removed: 0",  # its logo, in Brotli and gzip
    ]
    app, wsgi = serve(tessera, "ghana-play.localhost")
    try:
        status = app.get("/wps/system/status").json["value"]
        brand = status["brand"]
        assert (brand["name"], brand["currency"], brand["timezone"]) == ("Ghana Play", "GHS", "Africa/Accra")
        assert status["whitelabel"]["USERNAMEREG3"] is True
        form = {"username": "kofi2026", "password": PASSWORD, "confirmPassword": PASSWORD, "registerMethod": "WEB"}
        registered = app.put(
            "/wps/member/register?lang=en", seal(status["publicKey"], form), content_type="application/jose"
        ).json
        assert registered["success"] is True, registered
        login = {"type": "username", "username": "kofi2026", "password": PASSWORD}
        answer = app.post("/wps/session/login", seal(status["publicKey"], login), content_type="application/jose")
        assert answer.json["value"]["token"]
    finally:
        wsgi.registry["db_engine"].dispose()
    assert tessera.brands()["ghana-play"][:2] == ("Ghana Play", True)


def test_the_template_names_no_market_and_comments_every_setting():
    text = (TEMPLATES / "neutral" / "tenant.toml").read_text("utf-8")
    config = tomllib.loads(text)
    assert "access" not in config and "plugins" not in config and "register" not in config.get("whitelabel", {})
    assert not {"MOBILENUMREG3", "REGMOBVERF3", "MOBILEVERCODELOGIN3"} & set(config["whitelabel"])  # no SMS
    for key in SCHEMA["properties"]:
        assert re.search(rf"^#? ?\[*{key}\b", text, re.M), f"the template does not show '{key}'"
    for flag in SCHEMA["$defs"]["flag"]["enum"]:
        assert re.search(rf"^#? ?{flag} = true +# \w", text, re.M), f"the template does not explain {flag}"


def test_the_template_defaults_are_safe_placeholders(tessera):
    tessera("tenants", "new", "new-market")
    text = (tessera.tenants_dir / "new-market" / "tenant.toml").read_text("utf-8")
    assert 'name = "New Market"' in text and 'host = "new-market.localhost"' in text
    assert 'currency = "USD"' in text and 'timezone = "UTC"' in text and 'languages = ["en"]' in text
    assert "${" not in text


def test_a_name_with_quotes_is_written_as_toml_text(tessera):
    tessera("tenants", "new", "quoted", "--name", 'The "Best" \\ Brand')
    assert tessera("tenants", "validate").output.startswith("4 brand(s) valid")
    tessera("tenants", "sync", "quoted")
    assert tessera.brands()["quoted"][0] == 'The "Best" \\ Brand'


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Bad_Slug"], "'Bad_Slug' is not a brand slug"),
        (["-x"], "No such option"),
        (["demo-bd"], "exists already"),
        (["fresh", "--from", "casino"], "no template 'casino' (there are: neutral)"),
    ],
)
def test_new_refuses_a_bad_slug_an_existing_folder_or_an_unknown_template(tessera, args, message):
    before = sorted(p.name for p in tessera.tenants_dir.iterdir())
    result = tessera("tenants", "new", *args, exit_code=2 if args == ["-x"] else 1)
    assert message in result.output
    assert sorted(p.name for p in tessera.tenants_dir.iterdir()) == before


@pytest.mark.parametrize(
    ("option", "error"),
    [
        (["--timezone", "Mars/Olympus"], "fresh/tenant.toml: timezone: 'Mars/Olympus' is not an IANA time zone"),
        (["--host", "localhost"], "'localhost' is already used by demo-bd"),
        (["--host", "Fresh.Example:80"], "'Fresh.Example:80' is not a host name in lower case"),
        (["--currency", "cedi"], "fresh/tenant.toml: currency:"),
    ],
)
def test_a_new_brand_that_would_not_load_is_not_kept(tessera, option, error):
    result = tessera("tenants", "new", "fresh", *option, exit_code=1)
    assert error in result.stderr
    assert "refused: the new brand would not load" in result.stderr
    assert not (tessera.tenants_dir / "fresh").exists()


# -- tessera tenants sync -----------------------------------------------------------------------


def test_a_dry_run_prints_each_brand_and_changes_nothing(synced):
    synced.edit("demo-ph/tenant.toml", 'name = "Tessera Demo PH"', 'name = "Tessera Philippines"')
    synced("tenants", "new", "ghana-play")
    before = synced.brands()
    result = synced("tenants", "sync", "--dry-run")
    assert result.output.splitlines() == [
        "demo-bd: unchanged",
        "demo-ph: would be updated (config: name)",
        "demo-vn: unchanged",
        "ghana-play: would be created",
        "created: ghana-play; updated: demo-ph; unchanged: demo-bd, demo-vn; deactivated: -",
        "dry run: nothing was changed",
    ]
    assert synced.brands() == before
    assert "demo-ph: updated (config: name)" in synced("tenants", "sync").output


def test_a_dry_run_shows_a_brand_that_would_be_deactivated(synced):
    (synced.tenants_dir / "demo-ph" / "tenant.toml").unlink()
    (synced.tenants_dir / "demo-ph").rename(synced.tenants_dir / ".demo-ph")
    assert "demo-ph: would be deactivated" in synced("tenants", "sync", "--dry-run").output
    assert synced.brands()["demo-ph"][1] is True


def test_sync_slug_syncs_that_brand_alone(synced):
    synced.edit("demo-ph/tenant.toml", 'name = "Tessera Demo PH"', 'name = "Tessera Philippines"')
    synced.edit("demo-bd/tenant.toml", 'name = "Tessera Demo BD"', 'name = "Tessera Bangladesh"')
    assert synced("tenants", "sync", "demo-ph").output.splitlines() == [
        "demo-ph: updated (config: name)",
        "created: -; updated: demo-ph; unchanged: -; deactivated: -",
    ]
    assert {slug: name for slug, (name, _, _) in synced.brands().items()} == {
        "demo-bd": "Tessera Demo BD",
        "demo-ph": "Tessera Philippines",
        "demo-vn": "Tessera Demo VN",
    }


def test_sync_of_a_brand_without_a_folder_is_refused(synced):
    result = synced("tenants", "sync", "demo-xx", exit_code=2)
    assert "no brand folder" in result.output and "demo-xx" in result.output


# -- tessera tenants retire ---------------------------------------------------------------------


def test_a_retired_brand_stops_answering_and_stays_retired(synced):
    result = synced("tenants", "retire", "demo-ph")
    assert result.output.splitlines()[0] == "demo-ph: retired (inactive; its hosts answer no brand now)"
    assert (synced.tenants_dir / ".retired" / "demo-ph" / "tenant.toml").is_file()
    assert not (synced.tenants_dir / "demo-ph").exists()
    assert synced("tenants", "list").output.splitlines()[1] == "demo-ph\tinactive\ten\t"
    app, wsgi = serve(synced, "demo-ph.localhost")
    try:
        assert app.get("/wps/system/status", status=404).json["code"] == "unknown_tenant"
    finally:
        wsgi.registry["db_engine"].dispose()
    assert synced("tenants", "sync").output.splitlines()[-1] == (
        "created: -; updated: -; unchanged: demo-bd, demo-vn; deactivated: -"
    )
    assert synced.brands()["demo-ph"][1] is False
    assert "demo-ph is retired already" in synced("tenants", "retire", "demo-ph", exit_code=1).output


def test_a_retired_brand_comes_back_when_its_folder_does(synced):
    synced("tenants", "retire", "demo-ph")
    (synced.tenants_dir / ".retired" / "demo-ph").rename(synced.tenants_dir / "demo-ph")
    assert "demo-ph: updated (config: reactivated; domains)" in synced("tenants", "sync").output
    assert synced.brands()["demo-ph"][1] is True


def test_retiring_an_unknown_brand_is_refused(synced):
    assert "no brand 'demo-xx' in the database" in synced("tenants", "retire", "demo-xx", exit_code=2).output


# -- tessera tenants check ----------------------------------------------------------------------


def toml_table(name: str, settings: dict) -> str:
    """A plugin's table as tenant.toml writes it (JSON's strings and numbers are TOML's)."""
    lines = [f"\n[plugins.{name}]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in settings.items() if not isinstance(value, list)]
    return "\n".join(lines) + "\n"


@pytest.fixture
def checked_brand(tessera, monkeypatch):
    """A brand from the template whose SMS gateway and game vendor are the local sandboxes;
    ``add(plugin, settings)`` adds a plugin's table (its secret read from the environment)."""
    tessera("tenants", "new", "ghana-play")
    config = tessera.tenants_dir / "ghana-play" / "tenant.toml"

    def add(name: str, settings: dict, secret_key: str) -> None:
        variable = f"GHANA_{name.upper().replace('-', '_')}_SECRET"
        monkeypatch.setenv(variable, settings[secret_key])
        config.write_text(
            config.read_text("utf-8") + toml_table(name, {**settings, secret_key: f"env:{variable}"}), "utf-8"
        )

    return add


def test_check_reports_each_service_and_fails_when_one_does_not_take_the_brand(tessera, checked_brand):
    from tessera_plugins import sms_http, transfer_vendor

    checked_brand("sms-http", sms_http.contract_check_settings("ok"), "api_key")
    checked_brand("transfer-vendor", transfer_vendor.contract_check_settings("refused"), "secret")
    result = tessera("tenants", "check", "ghana-play", exit_code=1)
    lines = result.stdout.splitlines()
    assert lines[:2] == ["ghana-play: the folder is valid", "sms-http: ok: HTTP 200"]
    assert lines[2].startswith("transfer-vendor: refused: HTTP 401 signature_invalid")
    assert result.stderr == "1 of 2 service(s) did not take the brand's settings\n"


def test_check_passes_when_every_service_answers(tessera, checked_brand):
    from tessera_plugins import sms_http

    checked_brand("sms-http", sms_http.contract_check_settings("ok"), "api_key")
    assert tessera("tenants", "check", "ghana-play").output.splitlines() == [
        "ghana-play: the folder is valid",
        "sms-http: ok: HTTP 200",
        "1 service(s) answered",
    ]


def test_check_names_an_unreachable_service_and_the_plugins_it_did_not_ask(tessera, checked_brand):
    from tessera_plugins import sms_http

    checked_brand("sms-http", sms_http.contract_check_settings("unreachable"), "api_key")
    tessera.edit("ghana-play/tenant.toml", "\n[plugins.sms-http]", "\n[plugins.sms-outbox]\n\n[plugins.sms-http]")
    lines = tessera("tenants", "check", "ghana-play", exit_code=1).stdout.splitlines()
    assert lines[1].startswith("sms-http: unreachable: ")
    assert lines[2] == "not asked (no remote service): sms-outbox"


def test_check_of_a_brand_with_no_remote_service(tessera):
    tessera("tenants", "new", "ghana-play")
    assert tessera("tenants", "check", "ghana-play").output.splitlines()[-1] == (
        "no plugin of the brand talks to a remote service"
    )


def test_check_validates_the_folders_first(tessera):
    tessera("tenants", "new", "ghana-play")
    tessera.edit("ghana-play/tenant.toml", "USERNAMEREG3 = true", "USERNAMEREG = true")
    result = tessera("tenants", "check", "ghana-play", exit_code=1)
    assert "whitelabel.USERNAMEREG: unknown key 'USERNAMEREG' (did you mean 'USERNAMEREG3'?)" in result.stderr


def test_check_of_a_brand_without_a_folder_is_refused(tessera):
    assert "no brand folder" in tessera("tenants", "check", "demo-xx", exit_code=2).output


# -- Every launch mistake is refused, and nothing is loaded ---------------------------------------


LIVE_BRAND = "development = true\n"


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "USERNAMEREG3 = true",
            "USERNAMEREG = true",
            "ghana-play/tenant.toml: whitelabel.USERNAMEREG: unknown key 'USERNAMEREG' (did you mean 'USERNAMEREG3'?)",
        ),
        (
            'timezone = "UTC"',
            "",
            "ghana-play/tenant.toml: timezone: is required: an IANA time zone, such as 'Asia/Dhaka' or 'UTC'",
        ),
        (
            'timezone = "UTC"',
            'timezone = "Africa/Acra"',
            "ghana-play/tenant.toml: timezone: 'Africa/Acra' is not an IANA time zone",
        ),
        (
            LIVE_BRAND,
            '\n[plugins.image-captcha]\nsecret = "env:GHANA_UNSET_CAPTCHA_SECRET"\n',
            "ghana-play/tenant.toml: plugins.image-captcha.secret: the environment variable "
            "GHANA_UNSET_CAPTCHA_SECRET is not set",
        ),
        (
            'host = "ghana-play.localhost"',
            'host = "demo-ph.localhost"',
            "ghana-play/tenant.toml: domains.0.host: 'demo-ph.localhost' is already used by demo-bd",
        ),
        (
            'logo = "logo.svg"',
            'logo = "ghana.svg"',
            "ghana-play/tenant.toml: logo: 'ghana.svg' is not a file in ghana-play/assets/: put the file at "
            "ghana-play/assets/ghana.svg",
        ),
    ],
    ids=["typo'd flag", "missing time zone", "unknown time zone", "unset secret", "duplicate domain", "missing asset"],
)
def test_a_launch_mistake_is_refused_with_a_clear_message_and_nothing_loaded(synced, monkeypatch, old, new, error):
    monkeypatch.delenv("GHANA_UNSET_CAPTCHA_SECRET", raising=False)
    synced("tenants", "new", "ghana-play")
    synced.edit("ghana-play/tenant.toml", old, new)
    before = synced.brands()
    result = synced("tenants", "sync", exit_code=1)
    assert f"error: {error}".replace("demo-bd", "demo-ph") in result.stderr
    assert result.stderr.splitlines()[-1].endswith("nothing was loaded")
    assert synced.brands() == before and "ghana-play" not in before
