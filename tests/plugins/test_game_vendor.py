"""The game vendor contract (the kit's ``GameVendorContract``) on every installed plugin and the suite's
references, then what the core guarantees every game vendor plugin when it calls them."""

import pytest

from tessera.plugins import TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.game_vendor import (
    BALANCE,
    LAUNCH,
    PLAYER,
    TRANSFER,
    VENDORS,
    GameVendorContract,
    LedgerVendor,
)


class TestGameVendor(GameVendorContract):
    """Every installed implementation and the references."""


# -- Dispatch -------------------------------------------------------------------------------


def vendor_settings(merchant: str, vassalage: str) -> dict:
    return {"merchant": merchant, "vassalage": vassalage, "name": vassalage.title(), "wallet_mode": "transfer"}


@pytest.fixture
def plugins_pm():
    references = {"vendor-a": LedgerVendor(), "vendor-b": LedgerVendor()}
    return reference_manager(**references), references


def test_a_brand_lists_the_vendors_of_the_plugins_it_enables(plugins_pm):
    pm, references = plugins_pm
    plugins = TenantPlugins(
        pm,
        brand(
            {
                "vendor-a": {**vendor_settings("m", "A-SLOT"), "enabled": False},
                "vendor-b": vendor_settings("m", "B-SLOT"),
            }
        ),
    )
    assert [v["vassalage"] for _, answer in plugins.each(VENDORS) for v in answer] == ["B-SLOT"]
    assert references["vendor-a"].calls == []


def test_a_call_for_a_vendor_reaches_the_plugin_that_has_it(plugins_pm):
    pm, references = plugins_pm
    plugins = TenantPlugins(
        pm, brand({"vendor-a": vendor_settings("m", "A-SLOT"), "vendor-b": vendor_settings("m", "B-SLOT")})
    )
    url = plugins.game_launch("B-SLOT", "lucky", PLAYER, "en", "WEB", False)
    assert url.startswith("https://games.example/B-SLOT/lucky?")
    assert [hook for _, hook, _ in references["vendor-a"].calls] == [VENDORS]  # asked what it offers, never to launch
    assert plugins.game_catalog("NO-SUCH-VENDOR") is None


def test_the_first_plugin_in_tenant_toml_order_wins_a_shared_vendor(plugins_pm):
    pm, references = plugins_pm
    plugins = TenantPlugins(
        pm, brand({"vendor-b": vendor_settings("b", "SLOT"), "vendor-a": vendor_settings("a", "SLOT")})
    )
    url = plugins.first(
        LAUNCH, vassalage="SLOT", game_code="lucky", player=PLAYER, language="en", device="WEB", free_play=True
    )
    assert "merchant=b" in url
    assert references["vendor-a"].calls == []


def test_each_brand_has_its_own_vendor_wallets(plugins_pm):
    pm, references = plugins_pm
    first = TenantPlugins(pm, brand({"vendor-a": vendor_settings("first", "SLOT")}, slug="first"))
    second = TenantPlugins(pm, brand({"vendor-a": vendor_settings("second", "SLOT")}, slug="second"))
    first.first(TRANSFER, vassalage="SLOT", player=PLAYER, amount="30.00", direction="in", transfer_id="t-1")
    second.first(TRANSFER, vassalage="SLOT", player=PLAYER, amount="5.00", direction="in", transfer_id="t-1")
    assert [
        first.first(BALANCE, vassalage="SLOT", player=PLAYER),
        second.first(BALANCE, vassalage="SLOT", player=PLAYER),
    ] == ["30.00", "5.00"]
    assert {slug: settings["merchant"] for slug, _, settings in references["vendor-a"].calls} == {
        "first": "first",
        "second": "second",
    }
