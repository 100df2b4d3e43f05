"""The game vendor contract (the kit's ``GameVendorContract``) on every installed plugin and the suite's
references, then what the core guarantees every game vendor plugin when it calls them."""

import pytest

from tessera import hookimpl
from tessera.plugins import TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.contract import Implementation
from tessera.plugins.kit.suites.game_vendor import (
    BALANCE,
    HOSTS,
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


# -- The hosts a brand's pages admit ---------------------------------------------------------


class HostedVendor(LedgerVendor):
    """A reference vendor whose hosts are its settings' ``hosts``."""

    @hookimpl
    def tessera_vendor_hosts(self, tenant, settings):
        self.record(tenant, HOSTS, settings)
        return settings["hosts"]


def hosted(vassalage: str, images: list, games: list, **more) -> dict:
    return {**vendor_settings("m", vassalage), "hosts": {"images": images, "games": games}, **more}


def test_a_brand_admits_the_hosts_of_the_vendor_plugins_it_enables_in_order_without_repeats():
    references = {"vendor-a": HostedVendor(), "vendor-b": HostedVendor(), "vendor-c": HostedVendor()}
    plugins = TenantPlugins(
        reference_manager(**references),
        brand(
            {
                "vendor-a": hosted("A-SLOT", ["https://a.example"], ["https://play.a.example"], enabled=False),
                "vendor-b": hosted("B-SLOT", ["https://b.example", "http://127.0.0.1:6550"], ["https://b.example"]),
                "vendor-c": hosted("C-SLOT", ["http://127.0.0.1:6550"], ["https://c.example:8443"]),
            }
        ),
    )
    assert plugins.vendor_hosts() == {
        "images": ["https://b.example", "http://127.0.0.1:6550"],
        "games": ["https://b.example", "https://c.example:8443"],
    }
    assert references["vendor-a"].calls == []


def test_what_is_not_an_origin_is_not_admitted(caplog):
    plugins = TenantPlugins(
        reference_manager(vendor=HostedVendor()),
        brand(
            {
                "vendor": hosted(
                    "A-SLOT",
                    ["https://a.example/icons", "javascript:alert(1)", "https://ok.example", 7],
                    ["*", "https://a.example?x", "'self'"],
                )
            }
        ),
    )
    assert plugins.vendor_hosts() == {"images": ["https://ok.example"], "games": []}
    assert "not an origin" in caplog.text


@pytest.mark.parametrize(
    "hosts",
    [
        {"images": ["https://games.example/icons"], "games": ["https://games.example"]},
        {"images": ["https://games.example"], "games": ["https://elsewhere.example"]},
        {"images": ["https://games.example"]},
        None,
    ],
)
def test_the_contract_refuses_hosts_that_are_not_origins_or_miss_its_games(hosts):
    """The suite's check fails a vendor naming paths, leaving out its games' host or its own hosts."""
    vendor = HostedVendor()
    settings = {**vendor.contract_settings(), "hosts": hosts}
    vendor.contract_settings = lambda: settings  # type: ignore[method-assign]
    adapter = Implementation(reference_manager(vendor=vendor), "vendor")
    contract = GameVendorContract()
    with pytest.raises(AssertionError):
        contract.test_the_hosts_its_pages_load_from_are_named_as_origins(adapter)
        contract.test_a_launched_game_is_on_one_of_its_game_hosts(adapter, False)


def test_the_contract_takes_origins_that_hold_its_games():
    vendor = HostedVendor()
    settings = {
        **vendor.contract_settings(),
        "hosts": {"images": ["https://games.example"], "games": ["https://games.example"]},
    }
    vendor.contract_settings = lambda: settings  # type: ignore[method-assign]
    adapter = Implementation(reference_manager(vendor=vendor), "vendor")
    GameVendorContract().test_the_hosts_its_pages_load_from_are_named_as_origins(adapter)
    GameVendorContract().test_a_launched_game_is_on_one_of_its_game_hosts(adapter, False)
