"""A live brand's secrets are set before it loads; a development brand's may wait. Titles of every
payment plugin take one text or a table of languages."""

import pytest

from tessera.plugins import client
from tessera.plugins.kit.contract import brand
from tessera_plugins import bank_transfer, signed_gateway

BD = "demo-bd/tenant.toml"
DEVELOPMENT = "development = true\n"
BD_SECRETS = ("DEMO_BD_CAPTCHA_SECRET", "DEMO_GAMES_SECRET", "DEMO_VENDOR_SECRET", "DEMO_BD_GATEWAY_SECRET")


@pytest.fixture
def live_bd(edit, monkeypatch):
    """demo-bd as a live brand, with every secret it names set."""
    edit(BD, DEVELOPMENT, "")
    for name in BD_SECRETS:
        monkeypatch.setenv(name, f"set-{name.lower()}")


def test_a_live_brand_with_every_secret_set_loads(live_bd, load):
    assert "demo-bd" in {s.slug for s in load()}


def test_a_live_brand_naming_an_unset_secret_is_refused_naming_the_variable(live_bd, monkeypatch, refusal):
    monkeypatch.delenv("DEMO_BD_GATEWAY_SECRET")
    problems = refusal()
    assert [(e.file, e.key) for e in problems] == [(BD, "plugins.signed-gateway.secret")]
    assert problems[0].reason.startswith("the environment variable DEMO_BD_GATEWAY_SECRET is not set")
    assert "development = true" in problems[0].reason


def test_an_empty_secret_is_as_good_as_unset(live_bd, monkeypatch, refusal):
    monkeypatch.setenv("DEMO_BD_CAPTCHA_SECRET", "")
    assert [e.key for e in refusal()] == ["plugins.image-captcha.secret"]


def test_a_switched_off_plugin_needs_no_secret(live_bd, edit, monkeypatch, load):
    monkeypatch.delenv("DEMO_BD_CAPTCHA_SECRET")
    edit(BD, "[plugins.image-captcha]\n", "[plugins.image-captcha]\nenabled = false\n")
    assert "demo-bd" in {s.slug for s in load()}


def test_a_development_brand_may_leave_its_secrets_unset(monkeypatch, load):
    for name in BD_SECRETS:
        monkeypatch.delenv(name, raising=False)
    assert "demo-bd" in {s.slug for s in load()}


def test_development_is_a_yes_or_no(edit, refusal):
    edit(BD, DEVELOPMENT, 'development = "yes"\n')
    assert [(e.key, e.reason) for e in refusal()] == [("development", "'yes' is not of type 'boolean'")]


BENGALI_FIRST = brand({}, languages=["bn", "en"], default_language="bn")
TABLE = {"en": "bKash wallet", "bn": "বিকাশ ওয়ালেট"}


@pytest.mark.parametrize("plugin", [signed_gateway, bank_transfer], ids=["signed-gateway", "bank-transfer"])
def test_each_payment_plugin_shows_a_title_table_in_the_brand_language_and_passes_every_language(plugin):
    settings = plugin.contract_settings()
    settings["channels"][0]["title"] = TABLE
    offered = plugin.tessera_payment_channels(BENGALI_FIRST, settings)[0]
    assert (offered["title"], offered["titles"]) == ("বিকাশ ওয়ালেট", TABLE)
    settings["channels"][0]["title"] = "bKash"
    offered = plugin.tessera_payment_channels(BENGALI_FIRST, settings)[0]
    assert offered["title"] == "bKash" and "titles" not in offered


def test_the_payment_plugins_share_one_title_shape():
    assert signed_gateway.SETTINGS_SCHEMA["properties"]["channels"]["items"]["properties"]["title"] is client.TITLE
    assert bank_transfer.SETTINGS_SCHEMA["properties"]["channels"]["items"]["properties"]["title"] is client.TITLE
