"""A vendor's game as the catalog keeps it (catalog.game_fields), the lobby's minimum-bet filter,
and the vendors' lane order."""

import pytest

from tessera.core.envelope import ApiError
from tessera.core.money import Money
from tessera.games.catalog.services import GameRefused, game_fields
from tessera.games.lobby.services import min_bet_minor
from tessera.games.vendors import decimal_minor, lane_order

BDT = Money.of("BDT")
SLOTS = {"vassalage": "PG", "displayName": "PG Soft", "gameType": "RNG", "walletMode": "seamless"}
SPORTS = {"vassalage": "SABA", "displayName": "SABA", "gameType": "SPORTS", "walletMode": "seamless"}


def fields(vendor=SLOTS, position=4, **game) -> dict:
    return game_fields({"gameCode": "g-1", "displayName": "Golden Tiger", **game}, vendor, position, BDT)


def test_a_game_with_everything():
    assert fields(
        gameType="RNG",
        classify="SC",
        minBet="0.10",
        lines=25,
        hot=True,
        rank=2,
        icons={"square": "https://i.test/g.svg"},
    ) == {
        "display_name": "Golden Tiger",
        "search_name": "golden tiger",
        "game_type": "RNG",
        "category": "RNG",
        "classify": "SC",
        "min_bet_minor": 10,
        "lines": 25,
        "hot": True,
        "icon": "https://i.test/g.svg",
        "rank": 2,
    }


def test_what_a_game_leaves_out_comes_from_its_vendor_and_its_place():
    assert fields() == {
        "display_name": "Golden Tiger",
        "search_name": "golden tiger",
        "game_type": "RNG",
        "category": "RNG",
        "classify": None,
        "min_bet_minor": None,
        "lines": None,
        "hot": False,
        "icon": None,
        "rank": 4,
    }
    assert fields(gameType=None, classify=None, minBet=None, lines=None, rank=None, icon=None, icons={}) == fields()
    assert fields(gameType="", classify="") == fields()


@pytest.mark.parametrize(
    "vendor, game_type, lane",
    [
        (SPORTS, None, "SPORTS"),
        (SPORTS, "ESPORTS", "ESPORTS"),
        (SPORTS, "COCKFIGHT", "COCKFIGHT"),
        ({**SPORTS, "vassalage": "IMES"}, None, "ESPORTS"),
        ({**SPORTS, "vassalage": "DS88"}, "SPORTS", "COCKFIGHT"),
        ({**SLOTS, "gameType": "LOTT"}, None, "ELOTT"),
        (SLOTS, "FISH", "RNG"),
    ],
)
def test_the_lane(vendor, game_type, lane):
    assert fields(vendor, **({"gameType": game_type} if game_type else {}))["category"] == lane


def test_names_are_searched_casefolded():
    assert fields(displayName="  Straße Ǆ  ")["display_name"] == "Straße Ǆ"
    assert fields(displayName="Straße Ǆ")["search_name"] == "strasse ǆ"


@pytest.mark.parametrize(
    "game",
    [
        {"displayName": ""},
        {"displayName": None},
        {"displayName": 7},
        {"displayName": "x" * 129},
        {"gameType": "x" * 17},
        {"classify": "TOOLONGXX"},
        {"classify": 5},
        {"minBet": "0.005"},
        {"minBet": "-0.10"},
        {"minBet": "ten"},
        {"minBet": True},
        {"minBet": "Infinity"},
        {"minBet": "1e30"},
        {"lines": -1},
        {"lines": 2.5},
        {"lines": True},
        {"rank": "1"},
        {"rank": 2**31},
    ],
)
def test_a_game_that_cannot_be_listed(game):
    with pytest.raises(GameRefused):
        fields(**game)


def test_an_icon_that_does_not_fit_is_left_out():
    assert fields(icon="https://i.test/" + "x" * 250)["icon"] is None
    assert fields(icons={"small": None, "large": "https://i.test/l.png"})["icon"] == "https://i.test/l.png"
    assert fields(icons=["https://i.test/l.png"])["icon"] is None


@pytest.mark.parametrize("value, minor", [(None, None), ("0.01", 1), ("1", 100), (0.5, 50), (2, 200), (" 3.50 ", 350)])
def test_vendor_amounts(value, minor):
    assert decimal_minor(value, BDT) == minor


@pytest.mark.parametrize("value, minor", [("0.1", 10), ("0.10", 10), (0.75, 75), (1, 100), ("10000", 1_000_000)])
def test_min_bet_filter(value, minor):
    assert min_bet_minor(value, BDT) == minor


@pytest.mark.parametrize("value", ["", "0", "-1", "0.001", "abc", "NaN", "-Infinity", "1e30", "1e400"])
def test_min_bet_filter_refuses(value):
    with pytest.raises(ApiError) as refused:
        min_bet_minor(value, BDT)
    assert (refused.value.status, refused.value.code) == (400, "game_min_bet_invalid")


def test_vendors_by_lane_with_rcb_last():
    vendors = [
        {"vassalage": v, "gameType": t}
        for v, t in (("RCB", "SPORTS"), ("DS88", "SPORTS"), ("SABA", "SPORTS"), ("EVO", "LIVE"), ("PG", "RNG"))
    ]
    assert [v["vassalage"] for v in sorted(vendors, key=lane_order)] == ["PG", "EVO", "SABA", "RCB", "DS88"]
