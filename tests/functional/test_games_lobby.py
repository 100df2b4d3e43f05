"""The lobby's game lists: GCSGAME_gameList (lanes, filters, search, paging), GCSGAME_getVassGameType,
GCSGAME_newGameVendor; visitors and members; one brand's catalog never shown on another."""

import pytest

from accounts import bearer
from games_helpers import PLUGIN, name
from tessera.tenancy.models import Tenant

LIST = "/wps/relay/GCSGAME_gameList"
TYPES = "/wps/relay/GCSGAME_getVassGameType"
VENDORS = "/wps/relay/GCSGAME_newGameVendor"
FAVOURITE = "/wps/relay/MCSFE_getFavoriteGames"
# PG's and TY's n-th games have the same rank and name: PG's, synced first, has the lower nodeId.
RNG_ORDER = [code for n in range(30) for code in (f"pg-{n:05d}", f"ty-{n:05d}")]


def listing(app, headers=None, status=200, **form) -> dict:
    return app.post_json(f"{LIST}?lang=en", form, headers=headers or {}, status=status).json


def codes(answer) -> list[str]:
    return [game["gameCode"] for game in answer["value"]["games"]]


def every_code(app, **form) -> list[str]:
    return codes(listing(app, pageSize=100, **form))


class TestLanes:
    def test_a_lane_in_the_vendors_order_then_by_name(self, testapp, game_catalog):
        value = listing(testapp, gameType="RNG")["value"]
        assert (value["total"], value["totalPages"], value["pageNo"], value["pageSize"]) == (60, 3, 1, 24)
        assert codes({"value": value}) == RNG_ORDER[:24]

    def test_a_game(self, testapp, game_catalog):
        game = listing(testapp, gameType="RNG", vassalage="PG", pageSize=2)["value"]["games"][1]
        assert game == {
            "nodeId": game_catalog.game("PG", "pg-00001").id,
            "gameCode": "pg-00001",
            "displayName": "Lucky Tiger",
            "gameType": "RNG",
            "category": "RNG",
            "vassalage": "PG",
            "vendorName": "PG Soft",
            "classify": "VP",
            "minBet": "0.05",
            "lines": 30,
            "isHot": False,
            "icon": "https://icons.test/PG/pg-00001.svg",
            "walletMode": "seamless",
            "isFavourite": False,
        }

    def test_a_vendors_own_ranks_come_first(self, testapp, game_catalog):
        """JILI ranks its games last to first; FISH pages hold 18."""
        value = listing(testapp, gameType="FISH")["value"]
        assert (value["total"], value["totalPages"], value["pageSize"]) == (30, 2, 18)
        assert codes({"value": value}) == [f"jili-{n:05d}" for n in range(29, 11, -1)]
        assert value["games"][0]["walletMode"] == "transfer"

    def test_sports_vendors_split_into_esports_and_cockfight(self, testapp, game_catalog):
        sports, esports = every_code(testapp, gameType="SPORTS"), every_code(testapp, gameType="ESPORTS")
        cockfight = every_code(testapp, gameType="COCKFIGHT")
        saba_esports = {f"saba-{n:05d}" for n in range(4, 30, 5)}
        assert {code.split("-")[0] for code in sports} == {"saba", "rcb"} and len(sports) == 24 + 30
        assert saba_esports.isdisjoint(sports)
        assert set(esports) == saba_esports | {f"imes-{n:05d}" for n in range(30)}
        assert set(cockfight) == {f"ds88-{n:05d}" for n in range(30)}
        found = listing(testapp, gameType="ESPORTS", pageSize=100)["value"]["games"]
        games = {game["gameCode"]: game for game in found}
        assert (games["saba-00004"]["gameType"], games["saba-00004"]["category"]) == ("ESPORTS", "ESPORTS")
        assert (games["imes-00000"]["gameType"], games["imes-00000"]["category"]) == ("SPORTS", "ESPORTS")

    def test_lottery_vendors_are_in_elott(self, testapp, game_catalog):
        assert len(every_code(testapp, gameType="ELOTT")) == 30
        assert listing(testapp, gameType="ELOTT")["value"]["games"][0]["gameType"] == "LOTT"

    def test_a_lane_without_vendors_is_empty(self, testapp, game_catalog, db_session):
        tenant = db_session.query(Tenant).filter_by(slug="demo-bd").one()
        tenant.config = {**tenant.config, "plugins": {**tenant.config["plugins"], PLUGIN: {"enabled": False}}}
        db_session.flush()
        assert listing(testapp, gameType="RNG")["value"] == {
            "games": [],
            "totalPages": 0,
            "total": 0,
            "pageNo": 1,
            "pageSize": 24,
        }


class TestFilters:
    @pytest.mark.parametrize(
        "form, expected",
        [
            ({"vassalage": "TY"}, [f"ty-{n:05d}" for n in range(30)]),
            ({"gameClassify": "BG"}, [f"ty-{n:05d}" for n in range(0, 30, 2)]),
            ({"gameClassify": "JP"}, [f"pg-{n:05d}" for n in range(4, 30, 5)]),
            ({"minBet": "0.10"}, [c for n in range(2, 30, 6) for c in (f"pg-{n:05d}", f"ty-{n:05d}")]),
            ({"minBet": "0.1"}, [c for n in range(2, 30, 6) for c in (f"pg-{n:05d}", f"ty-{n:05d}")]),
            ({"minBet": 1}, [c for n in range(5, 30, 6) for c in (f"pg-{n:05d}", f"ty-{n:05d}")]),
            ({"minLineNum": 50}, [c for n in range(3, 30, 4) for c in (f"pg-{n:05d}", f"ty-{n:05d}")]),
            ({"vassalage": "PG", "gameClassify": "SC", "minLineNum": 50}, ["pg-00015"]),
            ({"vassalage": "", "gameClassify": "", "minBet": "", "gameName": ""}, RNG_ORDER),
        ],
    )
    def test_filters_combine(self, testapp, game_catalog, form, expected):
        assert every_code(testapp, gameType="RNG", **form) == expected

    @pytest.mark.parametrize(
        "term, expected",
        [
            (
                "tiger",
                [c for n in range(16) for c in (f"pg-{n:05d}", f"ty-{n:05d}")],
            ),  # the first 16 names end in Tiger
            ("  TIGER ", [c for n in range(16) for c in (f"pg-{n:05d}", f"ty-{n:05d}")]),
            ("lucky ti", ["pg-00001", "ty-00001"]),
            ("Lantern", [c for n in range(16, 30) for c in (f"pg-{n:05d}", f"ty-{n:05d}")]),
            ("%", []),
            ("_", []),
            ("Tiger Lucky", []),
        ],
    )
    def test_search_in_any_case(self, testapp, game_catalog, term, expected):
        assert every_code(testapp, gameType="RNG", gameName=term) == expected
        if expected:
            assert all(term.strip().casefold() in name(int(code[-5:])).casefold() for code in expected)

    def test_search_with_a_vendor(self, testapp, game_catalog):
        assert every_code(testapp, gameType="RNG", vassalage="TY", gameName="golden") == ["ty-00000", "ty-00016"]

    def test_pages(self, testapp, game_catalog):
        pages = [listing(testapp, gameType="RNG", pageSize=7, pageNo=n)["value"] for n in range(1, 11)]
        assert [len(page["games"]) for page in pages] == [7] * 8 + [4, 0]
        assert all((page["total"], page["totalPages"]) == (60, 9) for page in pages)
        assert [code for page in pages for code in codes({"value": page})] == RNG_ORDER


class TestVisitorsAndMembers:
    def test_a_visitor_browses_without_favourites(self, testapp, game_catalog, login):
        member = login()
        favourite = game_catalog.game("PG", "pg-00000").id
        testapp.post_json(FAVOURITE, {"nodeId": favourite, "action": "add"}, headers=member.headers)

        def first(headers):
            return listing(testapp, headers, gameType="RNG", pageSize=2)["value"]["games"]

        assert [g["isFavourite"] for g in first(member.headers)] == [True, False]
        assert [g["isFavourite"] for g in first({})] == [False, False]
        assert [g["isFavourite"] for g in first(login().headers)] == [False, False]
        assert [g["isFavourite"] for g in first(bearer("not-a-session"))] == [False, False]


class TestBadInput:
    @pytest.mark.parametrize(
        "form",
        [
            {},
            {"gameType": "BINGO"},
            {"gameType": "rng"},
            {"gameType": "RNG", "pageSize": 0},
            {"gameType": "RNG", "pageSize": 1000},
            {"gameType": "RNG", "pageSize": 101},
            {"gameType": "RNG", "pageNo": 0},
            {"gameType": "RNG", "pageNo": "x"},
            {"gameType": "RNG", "gameName": "x" * 65},
            {"gameType": "RNG", "minLineNum": -1},
            {"gameType": "RNG", "minLineNum": "many"},
            {"gameType": "RNG", "vassalage": ["PG"]},
            {"gameType": "RNG", "minBet": True},
        ],
    )
    def test_invalid_request(self, testapp, game_catalog, form):
        assert listing(testapp, status=400, **form)["code"] == "invalid_request"

    @pytest.mark.parametrize("bet", ["abc", "0", "0.00", "-1", "0.001", "1e400", "NaN", " "])
    def test_a_min_bet_that_is_no_amount(self, testapp, game_catalog, bet):
        answer = listing(testapp, status=400, gameType="RNG", minBet=bet)
        assert (answer["code"], answer["message"]) == (
            "game_min_bet_invalid",
            "Choose a minimum bet from the list, such as 0.10.",
        )

    def test_a_vendor_the_brand_does_not_have(self, testapp, game_catalog):
        answer = listing(testapp, status=404, gameType="RNG", vassalage="NOPE")
        assert (answer["code"], answer["message"]) == ("game_vendor_unknown", "There is no game vendor NOPE here.")

    def test_not_json(self, testapp, game_catalog):
        assert testapp.post(LIST, "gameType=RNG", status=415).json["code"] == "unsupported_media_type"


class TestBrands:
    def test_a_brand_sees_only_its_own_catalog(self, testapp, ph, game_catalog):
        """demo-ph also has JDB; the same vendors' games are other rows (nodeIds) on each brand."""
        assert listing(testapp, status=404, gameType="RNG", vassalage="JDB")["code"] == "game_vendor_unknown"
        assert every_code(ph, gameType="RNG", vassalage="JDB")[:2] == ["jdb-00000", "jdb-00001"]
        bd_ids = {g["nodeId"] for g in listing(testapp, gameType="RNG", pageSize=100)["value"]["games"]}
        ph_ids = {g["nodeId"] for g in listing(ph, gameType="RNG", pageSize=100)["value"]["games"]}
        assert len(bd_ids) == 60 and len(ph_ids) == 90 and not bd_ids & ph_ids
        assert {game_catalog.game("PG", "pg-00000", "demo-ph").id} <= ph_ids - bd_ids

    def test_a_brand_that_switches_its_vendors_off_lists_nothing(self, testapp, ph, game_catalog, db_session):
        tenant = db_session.query(Tenant).filter_by(slug="demo-ph").one()
        tenant.config = {**tenant.config, "plugins": {**tenant.config["plugins"], PLUGIN: {"enabled": False}}}
        db_session.flush()
        assert listing(ph, gameType="RNG")["value"]["total"] == 0
        assert listing(testapp, gameType="RNG")["value"]["total"] == 60


class TestVendorGameTypes:
    def types(self, app, vassalage, status=200):
        return app.post_json(f"{TYPES}?lang=en", {"vassalage": vassalage}, status=status).json

    def test_a_slot_vendors_classes_and_bets(self, testapp, game_catalog):
        assert self.types(testapp, "PG")["value"] == {
            "vassalage": "PG",
            "displayName": "PG Soft",
            "walletMode": "seamless",
            "gameTypes": [{"gameType": "RNG", "category": "RNG", "total": 30}],
            "classifies": [{"classify": c, "total": 6} for c in ("SC", "VP", "TG", "AC", "JP")],
            "minBets": ["0.01", "0.05", "0.10", "0.50", "0.75", "1.00"],
        }
        assert self.types(testapp, "TY")["value"]["classifies"] == [
            {"classify": "SC", "total": 15},
            {"classify": "BG", "total": 15},
        ]

    def test_a_sports_vendor_with_esports_games(self, testapp, game_catalog):
        value = self.types(testapp, "SABA")["value"]
        assert value["gameTypes"] == [
            {"gameType": "SPORTS", "category": "SPORTS", "total": 24},
            {"gameType": "ESPORTS", "category": "ESPORTS", "total": 6},
        ]
        assert value["classifies"] == []

    def test_unknown_and_other_brands_vendors(self, testapp, ph, game_catalog):
        assert self.types(testapp, "JDB", status=404)["code"] == "game_vendor_unknown"
        assert self.types(ph, "JDB")["value"]["classifies"] == [
            {"classify": "SC", "total": 15},
            {"classify": "JP", "total": 15},
        ]
        assert self.types(testapp, "", status=400)["code"] == "invalid_request"


class TestVendors:
    def vendors(self, app, status=200, **form):
        return app.post_json(f"{VENDORS}?lang=en", form, status=status).json

    def test_lane_by_lane_with_rcb_last(self, testapp, game_catalog):
        found = self.vendors(testapp)["value"]["vendors"]
        assert [(v["vassalage"], v["category"], v["gameCount"]) for v in found] == [
            ("PG", "RNG", 30),
            ("TY", "RNG", 30),
            ("EVO", "LIVE", 30),
            ("SABA", "SPORTS", 30),
            ("RCB", "SPORTS", 30),
            ("IMES", "ESPORTS", 30),
            ("JILI", "FISH", 30),
            ("V8", "PVP", 30),
            ("TCG", "ELOTT", 30),
            ("DS88", "COCKFIGHT", 30),
        ]
        assert found[2] == {
            "vassalage": "EVO",
            "displayName": "Evolution Live",
            "gameType": "LIVE",
            "category": "LIVE",
            "accountTypeId": 7,
            "smallIcon": None,
            "isHot": False,
            "walletMode": "seamless",
            "gameCount": 30,
        }
        assert (found[0]["isHot"], found[0]["smallIcon"]) == (True, "https://icons.test/vendors/pg.svg")

    def test_one_lane_and_a_page_size(self, testapp, game_catalog):
        assert [v["vassalage"] for v in self.vendors(testapp, gameType="SPORTS")["value"]["vendors"]] == ["SABA", "RCB"]
        assert [v["vassalage"] for v in self.vendors(testapp, pageSize=3)["value"]["vendors"]] == ["PG", "TY", "EVO"]
        assert self.vendors(testapp, pageSize=101, status=400)["code"] == "invalid_request"
        assert self.vendors(testapp, gameType="BINGO", status=400)["code"] == "invalid_request"

    def test_each_brand_its_own(self, testapp, ph, game_catalog):
        assert [v["vassalage"] for v in self.vendors(ph, gameType="RNG")["value"]["vendors"]] == ["PG", "TY", "JDB"]
        assert "JDB" not in [v["vassalage"] for v in self.vendors(testapp)["value"]["vendors"]]

    def test_without_a_body(self, testapp, game_catalog):
        assert len(testapp.post(VENDORS).json["value"]["vendors"]) == 10
