"""TenantPlugins: a brand's plugins are called one at a time, only when enabled, with their own settings."""

import pytest

import tessera_plugins.cidr_region as cidr_region
from tessera import hookimpl
from tessera.plugins import PluginNotEnabled, TenantPlugins, make_plugin_manager, settings_schemas
from tessera.tenancy.context import TenantContext


class RegionBySetting:
    """Answers the region its settings name (None when they name none); remembers what it received."""

    def __init__(self):
        self.received = []

    @hookimpl
    def tessera_region_lookup(self, tenant, settings, ip):
        self.received.append((tenant.slug, settings))
        return settings.get("region")

    @hookimpl
    def tessera_customer_service_entries(self, tenant, settings, language):
        self.received.append((tenant.slug, settings))
        return settings.get("entries")


@pytest.fixture
def plugins():
    return {name: RegionBySetting() for name in ("alpha", "beta", "gamma")}


@pytest.fixture
def pm(plugins):
    pm = make_plugin_manager(load_entry_points=False)
    for name, plugin in plugins.items():
        pm.register(plugin, name=name)
    return pm


def tenant(plugins: dict, slug: str = "brand") -> TenantContext:
    return TenantContext(1, slug, slug, {"plugins": plugins}, "kid", "pem")


def test_a_plugin_the_brand_does_not_enable_is_never_called(pm, plugins):
    brand = TenantPlugins(pm, tenant({"beta": {"region": "BD"}}))
    assert brand.first("tessera_region_lookup", ip="192.0.2.1") == "BD"
    assert brand.each("tessera_customer_service_entries", language="en") == [("beta", None)]
    assert plugins["alpha"].received == plugins["gamma"].received == []
    with pytest.raises(PluginNotEnabled):
        brand.call("alpha", "tessera_region_lookup", ip="192.0.2.1")
    assert plugins["alpha"].received == []


def test_enabled_false_disables_a_plugin(pm, plugins):
    brand = TenantPlugins(
        pm, tenant({"alpha": {"region": "US", "enabled": False}, "beta": {"region": "BD", "enabled": True}})
    )
    assert brand.implementing("tessera_region_lookup") == ["beta"]
    assert brand.first("tessera_region_lookup", ip="192.0.2.1") == "BD"
    assert plugins["alpha"].received == []


def test_each_plugin_receives_only_its_own_settings(pm, plugins):
    brand = TenantPlugins(
        pm,
        tenant(
            {
                "alpha": {"entries": [{"csType": "3"}], "token": "alpha-only"},
                "beta": {"entries": [{"csType": "HOTLINE"}], "enabled": True},
            }
        ),
    )
    answers = brand.each("tessera_customer_service_entries", language="en")
    assert answers == [("alpha", [{"csType": "3"}]), ("beta", [{"csType": "HOTLINE"}])]
    assert plugins["alpha"].received == [("brand", {"entries": [{"csType": "3"}], "token": "alpha-only"})]
    assert plugins["beta"].received == [("brand", {"entries": [{"csType": "HOTLINE"}]})]


def test_two_brands_give_the_same_plugin_their_own_settings(pm, plugins):
    first = TenantPlugins(pm, tenant({"alpha": {"region": "BD"}}, slug="first"))
    second = TenantPlugins(pm, tenant({"alpha": {"region": "PH"}}, slug="second"))
    assert [first.first("tessera_region_lookup", ip="x"), second.first("tessera_region_lookup", ip="x")] == ["BD", "PH"]
    assert plugins["alpha"].received == [("first", {"region": "BD"}), ("second", {"region": "PH"})]


def test_secrets_are_read_from_the_environment_at_call_time(pm, plugins, monkeypatch):
    monkeypatch.delenv("TESSERA_TEST_REGION", raising=False)
    brand = TenantPlugins(
        pm, tenant({"alpha": {"region": "env:TESSERA_TEST_REGION", "nested": ["env:TESSERA_TEST_REGION"]}})
    )
    assert brand.first("tessera_region_lookup", ip="x") == ""  # an unset variable reads as ""
    monkeypatch.setenv("TESSERA_TEST_REGION", "BD")
    assert brand.first("tessera_region_lookup", ip="x") == "BD"
    monkeypatch.setenv("TESSERA_TEST_REGION", "PH")
    assert brand.first("tessera_region_lookup", ip="x") == "PH"
    assert plugins["alpha"].received[-1] == ("brand", {"region": "PH", "nested": ["PH"]})
    assert brand.tenant.config["plugins"]["alpha"]["region"] == "env:TESSERA_TEST_REGION"


def test_first_is_the_first_answer_that_is_not_none_in_tenant_toml_order(pm, plugins):
    brand = TenantPlugins(pm, tenant({"gamma": {}, "beta": {"region": "BD"}, "alpha": {"region": "US"}}))
    assert brand.implementing("tessera_region_lookup") == ["gamma", "beta", "alpha"]
    assert brand.first("tessera_region_lookup", ip="x") == "BD"
    assert len(plugins["gamma"].received) == len(plugins["beta"].received) == 1
    assert plugins["alpha"].received == []  # never asked once an answer was found


def test_first_is_none_when_no_plugin_answers(pm):
    assert TenantPlugins(pm, tenant({"alpha": {}, "beta": {}})).first("tessera_region_lookup", ip="x") is None
    assert TenantPlugins(pm, tenant({})).first("tessera_region_lookup", ip="x") is None


def test_each_collects_every_answer_in_tenant_toml_order(pm):
    brand = TenantPlugins(
        pm,
        tenant(
            {
                "gamma": {"entries": [{"csType": "TELEGRAM"}]},
                "alpha": {},
                "beta": {"entries": []},
            }
        ),
    )
    assert brand.each("tessera_customer_service_entries", language="en") == [
        ("gamma", [{"csType": "TELEGRAM"}]),
        ("alpha", None),
        ("beta", []),
    ]


def test_call_answers_one_plugin_alone(pm, plugins):
    brand = TenantPlugins(pm, tenant({"alpha": {"region": "US"}, "beta": {"region": "BD"}}))
    assert brand.call("beta", "tessera_region_lookup", ip="x") == "BD"
    assert brand.call("alpha", "tessera_customer_service_entries", language="en") is None
    assert plugins["beta"].received == [("brand", {"region": "BD"})]


def test_a_plugin_registered_later_is_not_called_for_another(pm, plugins):
    brand = TenantPlugins(pm, tenant({"alpha": {"region": "US"}}))
    assert brand.first("tessera_region_lookup", ip="x") == "US"

    class Eager:
        @hookimpl(tryfirst=True)
        def tessera_region_lookup(self, ip):
            raise AssertionError("a plugin the brand does not enable was called")

    pm.register(Eager(), name="eager")
    assert brand.first("tessera_region_lookup", ip="x") == "US"


def test_an_enabled_plugin_that_is_not_installed_is_skipped(pm):
    brand = TenantPlugins(pm, tenant({"uninstalled": {}, "beta": {"region": "BD"}}))
    assert brand.implementing("tessera_region_lookup") == ["beta"]
    assert brand.first("tessera_region_lookup", ip="x") == "BD"


def test_settings_schemas_name_every_plugin(pm):
    pm.register(cidr_region, name="cidr-region")
    schemas = settings_schemas(pm)
    assert schemas["cidr-region"] is cidr_region.SETTINGS_SCHEMA
    assert {name: schemas[name] for name in ("alpha", "beta", "gamma")} == dict.fromkeys(("alpha", "beta", "gamma"))


class VendorPlugin:
    """Offers the vendors its settings name, and records every vendor hook it is asked."""

    def __init__(self):
        self.asked = []

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        return [
            {"vassalage": code, "displayName": code, "gameType": "RNG", "walletMode": "transfer"}
            for code in settings["vendors"]
        ]

    @hookimpl
    def tessera_game_balance(self, tenant, settings, vassalage, player):
        self.asked.append(("balance", vassalage))
        return "1.00"

    @hookimpl
    def tessera_game_transfer(self, tenant, settings, vassalage, player, amount, direction, transfer_id):
        self.asked.append(("transfer", vassalage))
        return "2.00"


def test_a_vendors_hooks_reach_only_the_plugin_offering_it():
    first, second = VendorPlugin(), VendorPlugin()
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(first, name="first")
    pm.register(second, name="second")
    brand = tenant({"first": {"vendors": ["AAA", "SHARED"]}, "second": {"vendors": ["BBB", "SHARED"]}})
    plugins = TenantPlugins(pm, brand)
    assert plugins.game_balance("BBB", {"id": 1}) == "1.00"
    assert plugins.game_transfer("SHARED", {"id": 1}, "1.00", "in", "t-1") == "2.00"  # the first to offer it
    assert plugins.game_balance("NOBODY", {"id": 1}) is None
    assert (first.asked, second.asked) == ([("transfer", "SHARED")], [("balance", "BBB")])
    assert sorted(plugins.game_offers()[0]) == ["AAA", "BBB", "SHARED"]
