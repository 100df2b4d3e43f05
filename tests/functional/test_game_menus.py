"""/lgw/games/game_menus: one lane per game category, in the bottom navigation's order, holding
the vendors of the brand's enabled game-vendor plugins (``tessera_game_vendors``)."""

import pytest
import webtest

from apps import app_with_plugins
from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.tenancy.models import Tenant

PATH = "/lgw/games/game_menus"
LANES = ["RNG", "LIVE", "SPORTS", "ESPORTS", "FISH", "PVP", "ELOTT", "COCKFIGHT"]
PH_IP = "192.0.2.44"


class SettingsVendors:
    """A game-vendor plugin offering the vendors its settings list; a vendor that is down refuses."""

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        if settings.get("down"):
            raise AdapterError("vendor_unreachable")
        return settings["vendors"]


def vendor(vassalage, game_type, **more) -> dict:
    return {
        "vassalage": vassalage,
        "displayName": f"{vassalage} games",
        "gameType": game_type,
        "walletMode": "seamless",
        **more,
    }


BD_VENDORS = [
    vendor("RCB", "SPORTS"),
    vendor("SABA", "SPORTS", isHot=True, smallIcon="https://cdn.demo-bd.example/vendors/saba.png"),
    vendor("DS88", "SPORTS"),
    vendor("IMES", "SPORTS"),
    vendor("PG", "RNG", isHot=True),
    vendor("JDB", "RNG"),
    vendor("EVO", "LIVE"),
    vendor("TCG_LOTTO_VN", "LOTT"),
    vendor("JILI", "FISH"),
    vendor("V8", "PVP"),
]


@pytest.fixture(scope="module")
def vendors_wsgi(settings, engine):
    yield from app_with_plugins(settings, {"test-vendors": SettingsVendors(), "test-vendors-b": SettingsVendors()})


@pytest.fixture
def apps(vendors_wsgi, serve_connection):
    wsgi = serve_connection(vendors_wsgi)
    return {
        "demo-bd": webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-bd.localhost"}),
        "demo-ph": webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "demo-ph.localhost", "REMOTE_ADDR": PH_IP}),
    }


@pytest.fixture
def enable(db_session, tenant_ids):
    """``enable("demo-bd", {"test-vendors": {...}})``: the brand enables these plugins, in this
    order, instead of its own vendor plugin (the demo brands' transfer-wallet vendor)."""

    def add(slug: str, plugins: dict) -> None:
        tenant = db_session.get(Tenant, tenant_ids[slug])
        own = {**tenant.config.get("plugins", {})}
        own["transfer-vendor"] = {**own.get("transfer-vendor", {}), "enabled": False}
        tenant.config = {**tenant.config, "plugins": {**own, **plugins}}
        db_session.flush()

    return add


def menus(app, query: str = "") -> list[dict]:
    return app.get(PATH + query).json["value"]


def vendor_cards(lane: dict) -> list[dict]:
    """A lane's vendors' cards: not the house lottery's, which lead to its own lobbies (``route``)."""
    return [card for card in lane["cards"] if "route" not in card]


def lanes(app, query: str = "") -> dict[str, list[str]]:
    found = menus(app, query)
    assert [lane["gameCategory"] for lane in found] == LANES
    return {lane["gameCategory"]: [card["vassalage"] for card in vendor_cards(lane)] for lane in found}


def test_the_demo_brands_show_their_transfer_wallet_vendor(testapp):
    found = {lane["gameCategory"]: [card["vassalage"] for card in vendor_cards(lane)] for lane in menus(testapp)}
    assert found["RNG"] == ["TWV"]
    assert all(cards == [] for category, cards in found.items() if category != "RNG")


def test_without_vendor_plugins_every_lane_is_there_and_empty(testapp, enable):
    enable("demo-bd", {})
    found = menus(testapp)
    assert [lane["gameCategory"] for lane in found] == LANES
    assert all(vendor_cards(lane) == [] for lane in found)


def test_the_house_lottery_leads_to_its_lobbies_from_the_e_lottery_lane(brand_app):
    """First in the lane, one card for each kind of games the brand sells, named in the member's language."""

    def house(brand, query=""):
        lane = next(lane for lane in menus(brand_app(f"{brand}.localhost"), query) if lane["gameCategory"] == "ELOTT")
        return [(card["vassalage"], card["route"], card["displayName"]) for card in lane["cards"] if "route" in card]

    assert house("demo-vn", "?lang=en") == [
        ("HOUSE_LOTTO:vietnam", "/vnlottery", "Vietnamese lottery"),
        ("HOUSE_LOTTO:fast", "/lottery", "Fast lottery"),
    ]
    assert house("demo-vn", "?lang=vi")[0][2] == "Xổ số Việt Nam"
    assert house("demo-bd", "?lang=en") == [("HOUSE_LOTTO:fast", "/lottery", "Fast lottery")]  # fast games only


def test_lanes_hold_the_brands_vendors(apps, enable):
    enable("demo-bd", {"test-vendors": {"vendors": BD_VENDORS}})
    assert lanes(apps["demo-bd"]) == {
        "RNG": ["PG", "JDB"],
        "LIVE": ["EVO"],
        "SPORTS": ["SABA", "RCB"],  # RCB sorts last
        "ESPORTS": ["IMES"],  # an esports vendor, declared as sports
        "FISH": ["JILI"],
        "PVP": ["V8"],
        "ELOTT": ["TCG_LOTTO_VN"],  # lottery vendors are shown with e-lottery
        "COCKFIGHT": ["DS88"],  # a cockfight vendor, declared as sports
    }


def test_a_card(apps, enable):
    enable("demo-bd", {"test-vendors": {"vendors": BD_VENDORS}})
    cards = {card["vassalage"]: card for lane in menus(apps["demo-bd"]) for card in lane["cards"]}
    assert cards["SABA"] == {
        "vassalage": "SABA",
        "displayName": "SABA games",
        "gameType": "SPORTS",
        "isHot": True,
        "smallIcon": "https://cdn.demo-bd.example/vendors/saba.png",
    }
    assert (cards["JDB"]["isHot"], cards["JDB"]["smallIcon"]) == (False, None)
    assert cards["TCG_LOTTO_VN"]["gameType"] == "LOTT" and cards["IMES"]["gameType"] == "SPORTS"


def test_titles_are_in_the_request_language(apps):
    assert [lane["title"] for lane in menus(apps["demo-bd"], "?lang=en")] == [
        "Slots",
        "Live casino",
        "Sports",
        "Esports",
        "Fishing",
        "Card games",
        "E-lottery",
        "Cockfight",
    ]
    assert menus(apps["demo-bd"])[0]["title"] == "স্লট"
    assert menus(apps["demo-ph"])[0]["title"] == "Slots"


def test_plugins_answer_in_tenant_toml_order_and_the_first_keeps_a_shared_vendor(apps, enable):
    enable(
        "demo-bd",
        {
            "test-vendors-b": {"vendors": [vendor("JDB", "RNG", displayName="JDB from b"), vendor("KA", "RNG")]},
            "test-vendors": {"vendors": [vendor("PG", "RNG"), vendor("JDB", "RNG")]},
        },
    )
    rng = menus(apps["demo-bd"])[0]["cards"]
    assert [(card["vassalage"], card["displayName"]) for card in rng] == [
        ("JDB", "JDB from b"),
        ("KA", "KA games"),
        ("PG", "PG games"),
    ]


def test_a_disabled_plugin_offers_nothing(apps, enable):
    enable("demo-bd", {"test-vendors": {"vendors": BD_VENDORS, "enabled": False}})
    assert all(cards == [] for cards in lanes(apps["demo-bd"]).values())


def test_a_plugin_that_cannot_reach_its_vendors_is_left_out(apps, enable):
    enable(
        "demo-bd",
        {
            "test-vendors-b": {"vendors": [vendor("KA", "RNG")], "down": True},
            "test-vendors": {"vendors": [vendor("PG", "RNG")]},
        },
    )
    assert lanes(apps["demo-bd"])["RNG"] == ["PG"]


def test_a_vendor_of_an_unknown_type_is_left_out(apps, enable):
    enable("demo-bd", {"test-vendors": {"vendors": [vendor("BINGO", "BINGO"), vendor("PG", "RNG")]}})
    assert {lane: cards for lane, cards in lanes(apps["demo-bd"]).items() if cards} == {"RNG": ["PG"]}


def test_each_brand_sees_only_the_vendors_of_the_plugins_it_enables(apps, enable):
    enable("demo-bd", {"test-vendors": {"vendors": BD_VENDORS}})
    assert {lane: cards for lane, cards in lanes(apps["demo-ph"]).items() if cards} == {"RNG": ["TWV"]}
    enable("demo-ph", {"test-vendors": {"vendors": [vendor("JILI", "FISH"), vendor("SEXY", "LIVE")]}})
    philippines, bd = lanes(apps["demo-ph"]), lanes(apps["demo-bd"])
    assert {lane: cards for lane, cards in philippines.items() if cards} == {"LIVE": ["SEXY"], "FISH": ["JILI"]}
    assert bd["LIVE"] == ["EVO"] and bd["RNG"] == ["PG", "JDB"]
