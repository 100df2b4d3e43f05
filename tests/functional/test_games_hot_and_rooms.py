"""GCSGAME_hotGamesV2 (the hot games, up to 12 a lane, in SPEC §9's lane order) and GLS2_roomList
(a live vendor's tables, from its plugin)."""

HOT = "/wps/relay/GCSGAME_hotGamesV2"
ROOMS = "/wps/relay/GLS2_roomList"
FAVOURITE = "/wps/relay/MCSFE_getFavoriteGames"
GAMES_PER_VENDOR = 100  # 15 hot games a vendor: more than a lane shows
HOT_NS = range(0, GAMES_PER_VENDOR, 7)  # the catalog's hot games: every 7th


def hot(app, headers=None, status=200, **form):
    return app.post_json(f"{HOT}?lang=en", form, headers=headers or {}, status=status).json


def lanes(answer) -> dict[str, list[str]]:
    return {lane["gameType"]: [game["gameCode"] for game in lane["list"]] for lane in answer["value"]}


class TestHotGames:
    def test_lanes_in_order_with_at_most_twelve(self, testapp, game_catalog):
        answer = hot(testapp)
        assert [lane["gameType"] for lane in answer["value"]] == ["ELOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP"]
        assert all(lane["footer"] is None for lane in answer["value"])
        found = lanes(answer)
        assert found["RNG"] == [code for n in HOT_NS for code in (f"pg-{n:05d}", f"ty-{n:05d}")][:12]
        assert found["LIVE"] == [f"evo-{n:05d}" for n in HOT_NS][:12]
        # JILI ranks its games last to first; SABA's hot esports games are not sports.
        assert found["FISH"] == [f"jili-{n:05d}" for n in reversed(HOT_NS)][:12]
        assert (
            found["SPORTS"]
            == [
                code
                for n in HOT_NS
                for code in (f"saba-{n:05d}", f"rcb-{n:05d}")
                if not (code.startswith("saba") and n % 5 == 4)
            ][:12]
        )
        assert all(game["isHot"] and game["isFavourite"] is False for lane in answer["value"] for game in lane["list"])

    def test_one_vendor(self, testapp, game_catalog):
        assert lanes(hot(testapp, vassalage="TY")) == {"RNG": [f"ty-{n:05d}" for n in HOT_NS][:12]}
        assert lanes(hot(testapp, vassalage="")) == lanes(hot(testapp))
        assert hot(testapp, vassalage="IMES")["value"] == []  # esports is no hot lane
        assert hot(testapp, vassalage="JDB", status=404)["code"] == "game_vendor_unknown"

    def test_what_the_client_sends(self, testapp, game_catalog):
        form = {"merchantCode": "demo", "isPlatform": 2, "platform": "flash,html5-desktop", "language": "en"}
        assert lanes(hot(testapp, **form)) == lanes(hot(testapp))
        assert testapp.post(HOT).json["value"] == hot(testapp)["value"]

    def test_a_members_favourites_are_marked(self, testapp, game_catalog, login):
        member = login()
        node = game_catalog.game("PG", "pg-00007").id
        testapp.post_json(FAVOURITE, {"nodeId": node, "action": "add"}, headers=member.headers)
        rng = {lane["gameType"]: lane["list"] for lane in hot(testapp, member.headers)["value"]}["RNG"]
        assert [game["gameCode"] for game in rng if game["isFavourite"]] == ["pg-00007"]

    def test_each_brand_its_own(self, testapp, ph, game_catalog):
        bd_rng = {lane["gameType"]: lane["list"] for lane in hot(testapp)["value"]}["RNG"]
        ph_rng = {lane["gameType"]: lane["list"] for lane in hot(ph)["value"]}["RNG"]
        assert {g["nodeId"] for g in bd_rng}.isdisjoint(g["nodeId"] for g in ph_rng)
        assert lanes(hot(ph, vassalage="JDB")) == {"RNG": [f"jdb-{n:05d}" for n in HOT_NS][:12]}

    def test_a_retired_game_is_not_hot(self, testapp, game_catalog):
        game_catalog.plugin.withdraw("EVO", "evo-00000")
        game_catalog.sync()
        assert lanes(hot(testapp))["LIVE"] == [f"evo-{n:05d}" for n in HOT_NS][1:13]


class TestRooms:
    def rooms(self, app, member, vassalage="EVO", status=200):
        return app.get(f"{ROOMS}?lang=en&vassalage={vassalage}", headers=member.headers, status=status).json

    def test_a_live_vendors_tables(self, testapp, game_catalog, login):
        assert self.rooms(testapp, login())["value"]["rooms"] == [
            {
                "roomId": "EVO-B1",
                "gameCode": "evo-00000",
                "nodeId": game_catalog.game("EVO", "evo-00000").id,
                "name": "Baccarat A",
                "dealer": "Ana",
                "minBet": "1.00",
                "maxBet": "500.50",
                "players": 12,
                "status": "open",
            },
            {
                "roomId": "EVO-R2",
                "gameCode": "evo-00001",
                "nodeId": game_catalog.game("EVO", "evo-00001").id,
                "name": "Roulette",
                "dealer": None,
                "minBet": "0.50",
                "maxBet": "1000.00",
                "players": 0,
                "status": "closed",
            },
            {
                "roomId": "EVO-L9",
                "gameCode": "evo-lobby",
                "nodeId": None,
                "name": "Lobby table",
                "dealer": "Ben",
                "minBet": "2.00",
                "maxBet": "20.00",
                "players": 3,
                "status": "open",
            },
        ]

    def test_a_vendor_without_tables(self, testapp, game_catalog, login):
        assert self.rooms(testapp, login(), "PG")["value"] == {"rooms": []}

    def test_a_room_described_wrongly_is_left_out(self, testapp, game_catalog, login, monkeypatch):
        from games_helpers import rooms

        broken = rooms("EVO")
        broken[0] = {**broken[0], "minBet": "lots"}
        broken[1] = {**broken[1], "status": "maybe"}
        monkeypatch.setattr("games_helpers.rooms", lambda vassalage: broken + ["not a room"])
        assert [room["roomId"] for room in self.rooms(testapp, login())["value"]["rooms"]] == ["EVO-L9"]

    def test_a_vendor_that_cannot_answer(self, testapp, game_catalog, login):
        game_catalog.plugin.down.add("EVO")
        answer = self.rooms(testapp, login(), status=503)
        assert (answer["code"], answer["message"]) == (
            "game_unavailable",
            "The game vendor cannot be reached right now. Please try again in a few minutes.",
        )

    def test_unknown_vendors_and_other_brands(self, testapp, ph, game_catalog, login):
        member = login()
        assert self.rooms(testapp, member, "NOPE", status=404)["code"] == "game_vendor_unknown"
        assert self.rooms(testapp, member, "JDB", status=404)["code"] == "game_vendor_unknown"
        ph_member = login("demo-ph")
        ph_rooms = self.rooms(ph, ph_member)["value"]["rooms"]
        assert ph_rooms[0]["nodeId"] == game_catalog.game("EVO", "evo-00000", "demo-ph").id
        assert self.rooms(ph, member, status=401)["code"] == "not_logged_in"

    def test_it_needs_a_login_a_vendor_and_get(self, testapp, game_catalog, login):
        assert testapp.get(f"{ROOMS}?vassalage=EVO", status=401).json["code"] == "not_logged_in"
        assert testapp.get(ROOMS, headers=login().headers, status=400).json["code"] == "invalid_request"
        assert (
            testapp.post_json(ROOMS, {"vassalage": "EVO"}, headers=login().headers, status=405).json["code"]
            == "method_not_allowed"
        )
