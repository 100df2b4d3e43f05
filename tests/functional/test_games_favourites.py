"""A member's favourite games (MCSFE_getFavoriteGames, MCSFE_getFavoriteGamesList) and recent games
(GCS_recentGame, recorded by recents.remember at each launch): their own, of their own brand."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from tessera.games.lobby.favourites import KEEP, remember
from tessera.games.lobby.models import GameFavourite, GameRecent

FAVOURITE = "/wps/relay/MCSFE_getFavoriteGames"
FAVOURITES = "/wps/relay/MCSFE_getFavoriteGamesList"
RECENT = "/wps/relay/GCS_recentGame"
LIST = "/wps/relay/GCSGAME_gameList"
START = datetime(2026, 5, 1, 12, tzinfo=UTC)


def favourite(app, member, node_id, action=None, status=200) -> dict:
    form = {"nodeId": node_id, **({"action": action} if action else {})}
    return app.post_json(f"{FAVOURITE}?lang=en", form, headers=member.headers, status=status).json


def favourites(app, member, status=200, **form) -> dict:
    return app.post_json(f"{FAVOURITES}?lang=en", form, headers=member.headers, status=status).json


def listed(answer) -> list[str]:
    return [game["gameCode"] for game in answer["value"]["content"]]


def recent(app, member, status=200, **form) -> dict:
    return app.post_json(f"{RECENT}?lang=en", form, headers=member.headers, status=status).json


def recent_codes(answer) -> list[str]:
    return [game["gameCode"] for game in answer["value"]["list"]]


class TestFavourites:
    def test_add_list_and_remove(self, testapp, game_catalog, login):
        member = login()
        node = game_catalog.game("TY", "ty-00003").id
        assert favourite(testapp, member, node, "add")["value"] == {"nodeId": node, "isFavourite": True}
        value = favourites(testapp, member)["value"]
        assert (listed({"value": value}), value["total"], value["totalPages"]) == (["ty-00003"], 1, 1)
        game = value["content"][0]
        assert (game["nodeId"], game["isFavourite"], game["vendorName"], game["category"]) == (
            node,
            True,
            "TY Gaming",
            "RNG",
        )
        assert favourite(testapp, member, node, "remove")["value"] == {"nodeId": node, "isFavourite": False}
        assert favourites(testapp, member)["value"] == {"content": [], "totalPages": 0, "total": 0}

    def test_adding_twice_and_removing_twice_change_nothing(self, testapp, game_catalog, login, db_session):
        member = login()
        node = game_catalog.game("PG", "pg-00000").id
        for _ in range(2):
            assert favourite(testapp, member, node, "add")["value"]["isFavourite"] is True
        assert (
            db_session.scalar(
                select(func.count()).select_from(GameFavourite).where(GameFavourite.member_id == member.id)
            )
            == 1
        )
        for _ in range(2):
            assert favourite(testapp, member, node, "remove")["value"]["isFavourite"] is False
        assert favourites(testapp, member)["value"]["total"] == 0

    def test_without_an_action_it_toggles(self, testapp, game_catalog, login):
        member = login()
        node = game_catalog.game("EVO", "evo-00002").id
        assert [favourite(testapp, member, node)["value"]["isFavourite"] for _ in range(3)] == [True, False, True]
        assert listed(favourites(testapp, member)) == ["evo-00002"]

    def test_newest_first_by_page_and_filtered(self, testapp, game_catalog, login, clock):
        member = login()
        added = [
            ("PG", "pg-00001"),
            ("EVO", "evo-00000"),
            ("PG", "pg-00002"),
            ("SABA", "saba-00004"),
            ("IMES", "imes-00001"),
        ]
        for vassalage, code in added:
            clock.advance(seconds=1)
            favourite(testapp, member, game_catalog.game(vassalage, code).id, "add")
        newest_first = [code for _, code in reversed(added)]
        first = favourites(testapp, member, pageSize=2)["value"]
        assert (listed({"value": first}), first["totalPages"], first["total"]) == (newest_first[:2], 3, 5)
        assert listed(favourites(testapp, member, pageSize=2, pageNo=3)) == newest_first[4:]
        assert listed(favourites(testapp, member, gameType="RNG")) == ["pg-00002", "pg-00001"]
        assert listed(favourites(testapp, member, gameType="ESPORTS")) == ["imes-00001", "saba-00004"]
        assert listed(favourites(testapp, member, vassalage="EVO")) == ["evo-00000"]
        assert listed(favourites(testapp, member, vassalage="")) == newest_first

    def test_a_game_no_longer_offered(self, testapp, game_catalog, login):
        """It leaves the list while retired and cannot be added, but can be removed; it comes back with the game."""
        member = login()
        kept, retired = game_catalog.game("PG", "pg-00001").id, game_catalog.game("PG", "pg-00002").id
        favourite(testapp, member, kept, "add")
        favourite(testapp, member, retired, "add")
        game_catalog.plugin.withdraw("PG", "pg-00002")
        game_catalog.sync()
        assert listed(favourites(testapp, member)) == ["pg-00001"]
        assert favourite(testapp, member, retired, "add", status=404)["code"] == "game_unknown"
        game_catalog.plugin.withdrawn.clear()
        game_catalog.sync()
        assert listed(favourites(testapp, member)) == ["pg-00002", "pg-00001"]
        game_catalog.plugin.withdraw("PG", "pg-00002")
        game_catalog.sync()
        assert favourite(testapp, member, retired, "remove")["value"]["isFavourite"] is False

    @pytest.mark.parametrize("node_id", [0, -1, "1", None, 2**31, 1.5])
    def test_a_node_id_that_is_not_one(self, testapp, game_catalog, login, node_id):
        assert favourite(testapp, login(), node_id, status=400)["code"] == "invalid_request"

    def test_bad_action_and_missing_node(self, testapp, game_catalog, login):
        member = login()
        node = game_catalog.game("PG", "pg-00000").id
        assert favourite(testapp, member, node, "star", status=400)["code"] == "invalid_request"
        answer = testapp.post_json(FAVOURITE, {"action": "add"}, headers=member.headers, status=400).json
        assert answer["code"] == "invalid_request"
        assert favourites(testapp, member, pageSize=0, status=400)["code"] == "invalid_request"

    def test_an_unknown_game(self, testapp, game_catalog, login):
        answer = favourite(testapp, login(), 2**31 - 1, "add", status=404)
        assert (answer["code"], answer["message"]) == (
            "game_unknown",
            "This game is not available. Please choose another one.",
        )

    def test_they_need_a_login(self, testapp, game_catalog):
        node = game_catalog.game("PG", "pg-00000").id
        assert testapp.post_json(FAVOURITE, {"nodeId": node}, status=401).json["code"] == "not_logged_in"
        assert testapp.post_json(FAVOURITES, {}, status=401).json["code"] == "not_logged_in"


class TestFavouriteIsolation:
    def test_a_member_sees_and_changes_only_their_own(self, testapp, game_catalog, login):
        mine, theirs = login(), login()
        node = game_catalog.game("PG", "pg-00000").id
        favourite(testapp, theirs, node, "add")
        favourite(testapp, theirs, game_catalog.game("TY", "ty-00000").id, "add")
        assert favourites(testapp, mine)["value"]["total"] == 0
        assert favourite(testapp, mine, node)["value"]["isFavourite"] is True  # toggled on for me, not off for them
        favourite(testapp, mine, node, "remove")
        assert listed(favourites(testapp, theirs)) == ["ty-00000", "pg-00000"]
        games = testapp.post_json(LIST, {"gameType": "RNG", "pageSize": 2}, headers=mine.headers).json["value"]["games"]
        assert [g["isFavourite"] for g in games] == [False, False]

    def test_another_brands_game_is_unknown(self, testapp, ph, game_catalog, login):
        bd_member, ph_member = login(), login("demo-ph")
        ph_game = game_catalog.game("PG", "pg-00000", "demo-ph").id
        assert favourite(testapp, bd_member, ph_game, "add", status=404)["code"] == "game_unknown"
        assert favourite(testapp, bd_member, ph_game, "remove", status=404)["code"] == "game_unknown"
        jdb = game_catalog.game("JDB", "jdb-00000", "demo-ph").id
        assert favourite(ph, ph_member, jdb, "add")["value"]["isFavourite"] is True
        assert favourite(testapp, bd_member, jdb, status=404)["code"] == "game_unknown"
        assert listed(favourites(ph, ph_member)) == ["jdb-00000"]
        assert favourites(testapp, bd_member)["value"]["total"] == 0
        assert favourites(ph, bd_member, status=401)["code"] == "not_logged_in"


class TestRecent:
    def launch(self, db_session, member, game, at):
        remember(db_session, member.tenant_id, member.id, game.id, at)
        db_session.flush()

    def test_the_last_launched_first(self, testapp, game_catalog, login, db_session):
        member = login()
        for minutes, (vassalage, code) in enumerate([("PG", "pg-00001"), ("JILI", "jili-00000"), ("EVO", "evo-00003")]):
            self.launch(db_session, member, game_catalog.game(vassalage, code), START + timedelta(minutes=minutes))
        value = recent(testapp, member)["value"]
        assert (recent_codes({"value": value}), value["total"], value["totalPages"]) == (
            ["evo-00003", "jili-00000", "pg-00001"],
            3,
            1,
        )
        assert value["list"][1]["walletMode"] == "transfer" and value["list"][0]["isFavourite"] is False

    def test_a_game_launched_again_moves_up_once(self, testapp, game_catalog, login, db_session):
        member = login()
        first, second = game_catalog.game("PG", "pg-00001"), game_catalog.game("TY", "ty-00001")
        self.launch(db_session, member, first, START)
        self.launch(db_session, member, second, START + timedelta(minutes=1))
        self.launch(db_session, member, first, START + timedelta(minutes=2))
        self.launch(db_session, member, first, START + timedelta(minutes=2))  # the same launch recorded twice
        assert recent_codes(recent(testapp, member)) == ["pg-00001", "ty-00001"]

    def test_pages_until_the_last_and_by_lane(self, testapp, game_catalog, login, db_session):
        member = login()
        launched = [f"pg-{n:05d}" for n in range(7)] + ["evo-00000"]
        for minutes, code in enumerate(launched):
            game = game_catalog.game(code.split("-")[0].upper(), code)
            self.launch(db_session, member, game, START + timedelta(minutes=minutes))
        newest_first = list(reversed(launched))
        pages = [recent(testapp, member, pageSize=3, pageNo=n)["value"] for n in (1, 2, 3, 4)]
        assert [recent_codes({"value": page}) for page in pages] == [
            newest_first[:3],
            newest_first[3:6],
            newest_first[6:],
            [],
        ]
        assert all((page["total"], page["totalPages"]) == (8, 3) for page in pages)
        assert recent_codes(recent(testapp, member, gameType="LIVE")) == ["evo-00000"]
        assert recent(testapp, member, gameType="RNG")["value"]["total"] == 7

    def test_only_the_newest_hundred_are_kept(self, testapp, game_catalog, login, db_session):
        member = login()
        games = [game_catalog.game(v, f"{v.lower()}-{n:05d}") for v in ("PG", "TY", "EVO", "SABA") for n in range(26)]
        for minutes, game in enumerate(games):
            self.launch(db_session, member, game, START + timedelta(minutes=minutes))
        kept = db_session.scalars(select(GameRecent.game_id).where(GameRecent.member_id == member.id)).all()
        assert len(kept) == KEEP == 100 and set(kept) == {game.id for game in games[-KEEP:]}
        assert recent(testapp, member, pageSize=100)["value"]["list"][-1]["nodeId"] == games[4].id

    def test_a_member_sees_only_their_own(self, testapp, ph, game_catalog, login, db_session):
        mine, theirs, ph_member = login(), login(), login("demo-ph")
        self.launch(db_session, theirs, game_catalog.game("PG", "pg-00001"), START)
        self.launch(db_session, ph_member, game_catalog.game("PG", "pg-00002", "demo-ph"), START)
        assert recent(testapp, mine)["value"] == {"list": [], "totalPages": 0, "total": 0}
        assert recent_codes(recent(testapp, theirs)) == ["pg-00001"]
        assert recent_codes(recent(ph, ph_member)) == ["pg-00002"]
        assert recent(ph, theirs, status=401)["code"] == "not_logged_in"

    def test_it_needs_a_login_and_good_paging(self, testapp, game_catalog, login):
        assert testapp.post_json(RECENT, {}, status=401).json["code"] == "not_logged_in"
        assert recent(testapp, login(), pageNo=0, status=400)["code"] == "invalid_request"
