"""The brand's game vendors and games kept in the back office (games.manage): a vendor or a game
disabled is gone from the lobby and refused at launch, one in maintenance is refused at launch
while its window is open; hot marks, order and lanes show in the lobby; every change is audited
and a catalog sync keeps what staff set."""

from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select

from seamless_vendor import SEAMLESS_VENDOR, SLOT
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import iso, utcnow
from tessera.games.catalog.models import Game
from tessera.tenancy.models import Tenant
from wallet_vendor import VENDOR as TRANSFER_VENDOR

BRAND = "/bo/api/brands/demo-bd"
FREE_PLAY = "/wps/relay/GCS_gameLaunchFB"
LIST = "/wps/relay/GCSGAME_gameList"
VENDORS = "/wps/relay/GCSGAME_newGameVendor"
HOT = "/wps/relay/GCSGAME_hotGamesV2"


@pytest.fixture
def manager(staff_member):
    member = staff_member({"demo-bd": [Permission.GamesManage]})
    member.login()
    return member


def game_row(db, code: str, slug: str = "demo-bd") -> Game:
    return db.scalars(
        select(Game).join(Tenant, Tenant.id == Game.tenant_id).where(Tenant.slug == slug, Game.game_code == code)
    ).one()


def free_play(app, code=SLOT, vassalage=SEAMLESS_VENDOR, status=200) -> dict:
    return app.post_json(FREE_PLAY, {"vassalage": vassalage, "gameCode": code}, status=status).json


def lobby_codes(app, lane: str, **form) -> list[str]:
    return [
        g["gameCode"] for g in app.post_json(LIST, {"gameType": lane, "pageSize": 100, **form}).json["value"]["games"]
    ]


def audit_of(db, target: str) -> list[AuditEntry]:
    return db.scalars(select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id)).all()


class TestGames:
    def test_a_disabled_game_is_gone_from_the_lobby_and_refused_at_launch(
        self, manager, testapp, seamless_vendor, catalog, db_session
    ):
        game = game_row(db_session, SLOT)
        assert SLOT in lobby_codes(testapp, "RNG")
        changed = manager.browser.put_json(
            f"{BRAND}/games/{game.id}", {"state": "disabled"}, headers=manager.headers()
        ).json["value"]
        assert changed["state"] == "disabled"
        assert SLOT not in lobby_codes(testapp, "RNG")
        assert free_play(testapp, status=404)["code"] == "game_unknown"
        manager.browser.put_json(f"{BRAND}/games/{game.id}", {"state": "enabled"}, headers=manager.headers())
        assert SLOT in lobby_codes(testapp, "RNG")
        assert free_play(testapp)["value"].startswith("http")
        entries = audit_of(db_session, f"game:{game.id}")
        assert [(e.action, e.before["state"], e.after["state"]) for e in entries] == [
            ("game_changed", "enabled", "disabled"),
            ("game_changed", "disabled", "enabled"),
        ]
        assert all(e.brand == "demo-bd" and e.staff == manager.username for e in entries)

    def test_a_game_in_maintenance_is_listed_but_refused_at_launch(
        self, manager, testapp, seamless_vendor, catalog, db_session
    ):
        game = game_row(db_session, SLOT)
        manager.browser.put_json(f"{BRAND}/games/{game.id}", {"state": "maintenance"}, headers=manager.headers())
        assert SLOT in lobby_codes(testapp, "RNG")
        assert free_play(testapp, status=503)["code"] == "game_maintenance"

    def test_hot_order_and_lane_show_in_the_lobby_and_a_sync_keeps_them(
        self, manager, testapp, game_catalog, db_session
    ):
        first, second = lobby_codes(testapp, "RNG", vassalage="TY")[:2]
        moved = game_row(db_session, second)
        body = {"rank": 0, "hot": True}
        manager.browser.put_json(f"{BRAND}/games/{moved.id}", body, headers=manager.headers())
        last = {"rank": 10_000}
        manager.browser.put_json(f"{BRAND}/games/{game_row(db_session, first).id}", last, headers=manager.headers())
        shown = lobby_codes(testapp, "RNG", vassalage="TY")
        assert shown[0] == second and shown[-1] == first
        hot = testapp.post_json(HOT, {"vassalage": "TY"}).json["value"]
        assert second in [g["gameCode"] for lane in hot for g in lane["list"]]
        manager.browser.put_json(f"{BRAND}/games/{moved.id}", {"lane": "PVP"}, headers=manager.headers())
        assert second in lobby_codes(testapp, "PVP") and second not in lobby_codes(testapp, "RNG")
        manager.browser.put_json(f"{BRAND}/games/{moved.id}", {"state": "disabled"}, headers=manager.headers())
        game_catalog.sync()
        kept = game_row(db_session, second)
        assert (kept.state, kept.hot, kept.rank, kept.category) == ("disabled", True, 0, "PVP")
        assert second not in lobby_codes(testapp, "PVP")

    def test_the_list_filters_and_pages(self, manager, game_catalog, db_session):
        listed = manager.browser.get(f"{BRAND}/games", {"vassalage": "PG", "pageSize": 5}).json["value"]
        assert listed["total"] == len(
            manager.browser.get(f"{BRAND}/games", {"vassalage": "PG", "pageSize": 200}).json["value"]["items"]
        )
        assert len(listed["items"]) == 5 and {g["vassalage"] for g in listed["items"]} == {"PG"}
        name = listed["items"][0]["displayName"]
        found = manager.browser.get(f"{BRAND}/games", {"name": name.upper(), "vassalage": "PG"}).json["value"]
        assert name in [g["displayName"] for g in found["items"]]
        hot = manager.browser.get(f"{BRAND}/games", {"hot": "true", "lane": "RNG"}).json["value"]["items"]
        assert hot and all(g["hot"] and g["lane"] == "RNG" for g in hot)
        game = listed["items"][1]
        manager.browser.put_json(f"{BRAND}/games/{game['id']}", {"state": "maintenance"}, headers=manager.headers())
        in_maintenance = manager.browser.get(f"{BRAND}/games", {"state": "maintenance"}).json["value"]
        assert [g["id"] for g in in_maintenance["items"]] == [game["id"]] and in_maintenance["total"] == 1

    @pytest.mark.parametrize(
        ("body", "status", "code"),
        [
            ({"lane": "CASINO"}, 400, "game_lane_unknown"),
            ({"state": "paused"}, 400, None),
            ({}, 400, None),
            ({"rank": -1}, 400, None),
        ],
    )
    def test_bad_input_is_refused_with_a_code(self, manager, game_catalog, db_session, body, status, code):
        game = game_row(db_session, "pg-00000")
        answer = manager.browser.put_json(
            f"{BRAND}/games/{game.id}", body, headers=manager.headers(), status=status
        ).json
        assert answer["success"] is False and answer["code"]
        if code:
            assert answer["code"] == code
        assert game_row(db_session, "pg-00000").state == "enabled"

    def test_an_unknown_game_is_not_found(self, manager, game_catalog):
        answer = manager.browser.put_json(
            f"{BRAND}/games/99999999", {"hot": True}, headers=manager.headers(), status=404
        )
        assert answer.json["code"] == "game_not_found"

    def test_another_brands_game_is_not_found_and_not_changed(self, manager, game_catalog, db_session):
        theirs = game_row(db_session, "pg-00000", slug="demo-ph")
        manager.browser.put_json(
            f"{BRAND}/games/{theirs.id}", {"state": "disabled"}, headers=manager.headers(), status=404
        )
        assert game_row(db_session, "pg-00000", slug="demo-ph").state == "enabled"

    def test_staff_of_another_brand_are_refused(self, staff_member, game_catalog, db_session):
        other = staff_member({"demo-ph": [Permission.GamesManage]})
        other.login()
        game = game_row(db_session, "pg-00000")
        answer = other.browser.put_json(
            f"{BRAND}/games/{game.id}", {"state": "disabled"}, headers=other.headers(), status=403
        ).json
        assert answer["code"] == "permission_denied"
        other.browser.get(f"{BRAND}/game-vendors", status=403)


class TestVendors:
    def test_vendors_are_listed_in_the_lobbys_order_with_their_state(self, manager, game_catalog):
        listed = manager.browser.get(f"{BRAND}/game-vendors").json["value"]
        assert [v["vassalage"] for v in listed["items"]][:2] == ["PG", "TY"]
        assert listed["total"] == len(listed["items"])
        assert all(v["state"] == "enabled" and v["gameCount"] > 0 for v in listed["items"])

    def test_a_disabled_vendor_is_gone_from_the_lobby_and_its_games_refused(
        self, manager, testapp, seamless_vendor, catalog, db_session
    ):
        manager.browser.put_json(
            f"{BRAND}/game-vendors/{SEAMLESS_VENDOR}", {"state": "disabled"}, headers=manager.headers()
        )
        assert SLOT not in lobby_codes(testapp, "RNG")
        assert SEAMLESS_VENDOR not in [v["vassalage"] for v in testapp.post_json(VENDORS, {}).json["value"]["vendors"]]
        menus = testapp.get("/lgw/games/game_menus").json["value"]
        assert SEAMLESS_VENDOR not in [c["vassalage"] for lane in menus for c in lane["cards"]]
        assert free_play(testapp, status=404)["code"] == "game_unknown"
        [entry] = audit_of(db_session, f"game_vendor:{SEAMLESS_VENDOR}")
        assert (entry.action, entry.before["state"], entry.after["state"]) == (
            "game_vendor_changed",
            "enabled",
            "disabled",
        )

    def test_a_vendor_in_maintenance_is_refused_while_its_window_is_open(
        self, manager, testapp, seamless_vendor, catalog
    ):
        later = {"from": iso(utcnow() + timedelta(hours=1)), "until": iso(utcnow() + timedelta(hours=2))}
        body = {"state": "maintenance", "maintenance": {**later, "message": "Upgrading"}}
        answer = manager.browser.put_json(f"{BRAND}/game-vendors/{SEAMLESS_VENDOR}", body, headers=manager.headers())
        assert answer.json["value"]["inMaintenance"] is False
        assert free_play(testapp)["success"] is True
        now_open = {"state": "maintenance", "maintenance": {"until": iso(utcnow() + timedelta(hours=1))}}
        answer = manager.browser.put_json(
            f"{BRAND}/game-vendors/{SEAMLESS_VENDOR}", now_open, headers=manager.headers()
        )
        assert answer.json["value"]["inMaintenance"] is True
        assert SLOT in lobby_codes(testapp, "RNG")
        assert free_play(testapp, status=503)["code"] == "game_maintenance"

    def test_staff_place_vendors_in_their_lane(self, manager, testapp, game_catalog):
        manager.browser.put_json(
            f"{BRAND}/game-vendors/TY", {"state": "enabled", "position": 0}, headers=manager.headers()
        )
        shown = [v["vassalage"] for v in testapp.post_json(VENDORS, {"gameType": "RNG"}).json["value"]["vendors"]]
        assert shown[:2] == ["TY", "PG"]
        menus = testapp.get("/lgw/games/game_menus").json["value"]
        rng = next(lane for lane in menus if lane["gameCategory"] == "RNG")
        assert [c["vassalage"] for c in rng["cards"]][:2] == ["TY", "PG"]

    @pytest.mark.parametrize(
        ("vassalage", "body", "status", "code"),
        [
            ("NOPE", {"state": "disabled"}, 404, "game_vendor_not_found"),
            (
                "PG",
                {
                    "state": "maintenance",
                    "maintenance": {"from": "2030-01-02T00:00:00Z", "until": "2030-01-01T00:00:00Z"},
                },
                400,
                "maintenance_window_invalid",
            ),
            ("PG", {"state": "off"}, 400, None),
            ("PG", {"state": "enabled", "position": -3}, 400, None),
        ],
    )
    def test_bad_input_is_refused_with_a_code(self, manager, game_catalog, vassalage, body, status, code):
        answer = manager.browser.put_json(
            f"{BRAND}/game-vendors/{vassalage}", body, headers=manager.headers(), status=status
        ).json
        assert answer["success"] is False and answer["code"]
        if code:
            assert answer["code"] == code


class TestVendorWallets:
    def test_a_wallet_the_vendor_does_not_match_is_listed(self, manager, testapp, vendor, player):
        body = {"vassalage": TRANSFER_VENDOR, "direction": "in", "amount": "30", "requestId": "req-bo-games-1"}
        testapp.post_json("/wps/relay/GCS_walletTransfer", body, headers=player.headers)
        agreed = manager.browser.get(f"{BRAND}/vendor-wallets").json["value"]
        assert (agreed["compared"], agreed["total"], agreed["items"]) == (1, 0, [])
        vendor.balances[("demo-bd", player.id)] -= Decimal("5")  # money lost between Tessera and the vendor
        found = manager.browser.get(f"{BRAND}/vendor-wallets").json["value"]
        assert found["total"] == 1
        [mismatch] = found["items"]
        assert (mismatch["memberId"], mismatch["vassalage"], mismatch["answered"]) == (player.id, TRANSFER_VENDOR, True)
        assert (mismatch["vendorHolds"], mismatch["expected"], mismatch["difference"]) == ("25.00", "30.00", "-5.00")
