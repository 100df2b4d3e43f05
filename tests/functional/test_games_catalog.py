"""The catalog sync (catalog.sync_catalog, ``tessera games sync``): every enabled vendor's games in
``games``, upserted by (vassalage, gameCode); again changes nothing; a game no longer offered is
retired and comes back with the same nodeId; a vendor that cannot answer is reported and keeps
its games."""

from sqlalchemy import func, select

from games_helpers import PLUGIN, VENDORS, brand_plugins
from tessera.core.timeutil import utcnow
from tessera.games.catalog.models import Game
from tessera.games.catalog.services import find_game, sync_catalog
from tessera.tenancy.models import Tenant

LIST = "/wps/relay/GCSGAME_gameList"
NOTHING_NEW = {"added": 0, "updated": 0, "retired": 0, "unchanged": 30, "skipped": 0}


def rows(db, slug="demo-bd", **criteria) -> list[Game]:
    return db.scalars(
        select(Game)
        .join(Tenant, Tenant.id == Game.tenant_id)
        .where(Tenant.slug == slug, *(getattr(Game, k) == v for k, v in criteria.items()))
        .order_by(Game.id)
    ).all()


def snapshot(db, slug="demo-bd") -> list[tuple]:
    return [(g.id, g.vassalage, g.game_code, g.display_name, g.rank, g.active, g.synced_at) for g in rows(db, slug)]


def total(app, **form) -> int:
    return app.post_json(LIST, {"pageSize": 100, **form}).json["value"]["total"]


def test_every_vendors_games_are_in_the_catalog(game_catalog, db_session):
    assert [(v, len(rows(db_session, vassalage=v))) for v in (vendor["vassalage"] for vendor in VENDORS)] == [
        (vendor["vassalage"], 30) for vendor in VENDORS
    ]
    ph = {g.vassalage for g in rows(db_session, "demo-ph")}
    assert "JDB" in ph and "JDB" not in {g.vassalage for g in rows(db_session)}
    game = game_catalog.game("SABA", "saba-00009")
    assert (
        game.display_name,
        game.search_name,
        game.game_type,
        game.category,
        game.classify,
        game.min_bet_minor,
        game.lines,
        game.hot,
        game.icon,
        game.rank,
        game.active,
    ) == (
        "Neon Tiger",
        "neon tiger",
        "ESPORTS",
        "ESPORTS",
        None,
        50,
        None,
        False,
        "https://icons.test/SABA/saba-00009.svg",
        9,
        True,
    )
    imes, jili, pg = (
        game_catalog.game(*key) for key in (("IMES", "imes-00000"), ("JILI", "jili-00000"), ("PG", "pg-00004"))
    )
    assert (imes.game_type, imes.category) == ("SPORTS", "ESPORTS")
    assert (jili.rank, jili.hot, pg.classify, pg.lines) == (30, True, "JP", 25)


def test_syncing_again_changes_nothing(game_catalog, db_session):
    before = snapshot(db_session)
    report = game_catalog.sync()
    assert report == {"vendors": {v["vassalage"]: NOTHING_NEW for v in VENDORS}, "failed": {}}
    assert snapshot(db_session) == before


def test_a_changed_game_is_updated_in_place(game_catalog, db_session, monkeypatch):
    game = game_catalog.game("PG", "pg-00003")
    before = (game.id, game.synced_at)
    offered = game_catalog.games("PG")
    offered[3] = {**offered[3], "displayName": "Mighty Tiger Deluxe", "minBet": "2.5", "hot": True}
    monkeypatch.setattr(
        game_catalog.plugin,
        "games",
        lambda vassalage: (
            offered if vassalage == "PG" else type(game_catalog.plugin).games(game_catalog.plugin, vassalage)
        ),
    )
    report = game_catalog.sync()
    assert report["vendors"]["PG"] == {"added": 0, "updated": 1, "retired": 0, "unchanged": 29, "skipped": 0}
    game = game_catalog.game("PG", "pg-00003")
    assert (game.id, game.display_name, game.search_name, game.min_bet_minor, game.hot) == (
        before[0],
        "Mighty Tiger Deluxe",
        "mighty tiger deluxe",
        250,
        True,
    )
    assert game.synced_at != before[1]


def test_a_game_no_longer_offered_is_retired_then_comes_back(game_catalog, db_session, testapp):
    node = game_catalog.game("TY", "ty-00005").id
    game_catalog.plugin.withdraw("TY", "ty-00005", "ty-00006")
    # The 23 games after them move up two places in the vendor's order (their rank).
    assert game_catalog.sync()["vendors"]["TY"] == {
        "added": 0,
        "updated": 23,
        "retired": 2,
        "unchanged": 5,
        "skipped": 0,
    }
    assert game_catalog.game("TY", "ty-00007").rank == 5
    assert [g.active for g in rows(db_session, vassalage="TY", game_code="ty-00005")] == [False]
    assert find_game(db_session, game_catalog.game("TY", "ty-00005").tenant_id, "TY", "ty-00005") is None
    assert total(testapp, gameType="RNG", vassalage="TY") == 28
    game_catalog.plugin.withdrawn.clear()
    assert game_catalog.sync()["vendors"]["TY"] == {
        "added": 0,
        "updated": 25,
        "retired": 0,
        "unchanged": 5,
        "skipped": 0,
    }
    assert game_catalog.game("TY", "ty-00005").id == node and game_catalog.game("TY", "ty-00005").active
    assert total(testapp, gameType="RNG", vassalage="TY") == 30


def test_new_games_are_added_and_a_shorter_catalog_retires_the_rest(game_catalog, db_session):
    game_catalog.plugin.games_per_vendor = 35
    assert game_catalog.sync()["vendors"]["EVO"] == {
        "added": 5,
        "updated": 0,
        "retired": 0,
        "unchanged": 30,
        "skipped": 0,
    }
    game_catalog.plugin.games_per_vendor = 10
    assert game_catalog.sync()["vendors"]["EVO"]["retired"] == 25
    assert len([g for g in rows(db_session, vassalage="EVO") if g.active]) == 10
    assert len(rows(db_session, vassalage="EVO")) == 35


def test_a_vendor_that_cannot_answer_keeps_its_games(game_catalog, db_session, testapp):
    game_catalog.plugin.down.add("EVO")
    game_catalog.plugin.games_per_vendor = 20
    report = game_catalog.sync()
    assert report["failed"] == {"EVO": "vendor_unavailable"}
    assert "EVO" not in report["vendors"] and report["vendors"]["PG"]["retired"] == 10
    assert total(testapp, gameType="LIVE") == 30


def test_when_the_vendors_cannot_be_listed_nothing_is_retired(game_catalog, db_session):
    before = snapshot(db_session)
    game_catalog.plugin.listing_down = True
    assert game_catalog.sync() == {"vendors": {}, "failed": {PLUGIN: "vendors_unavailable"}}
    assert snapshot(db_session) == before


def test_a_vendor_the_brand_no_longer_has_is_retired(game_catalog, db_session):
    tenant = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
    tenant.config = {**tenant.config, "plugins": {**tenant.config["plugins"], PLUGIN: {"enabled": False}}}
    db_session.flush()
    report = game_catalog.sync()
    assert report["failed"] == {} and report["vendors"]["PG"] == {
        "added": 0,
        "updated": 0,
        "retired": 30,
        "unchanged": 0,
        "skipped": 0,
    }
    assert not any(g.active for g in rows(db_session))
    assert all(g.active for g in rows(db_session, "demo-ph"))


def test_games_that_cannot_be_listed_are_skipped(game_catalog, db_session, monkeypatch):
    good = game_catalog.games("V8")[:2]
    offered = good + [
        {"displayName": "No code"},
        {"gameCode": "v8-x1"},
        {"gameCode": "v8-x2", "displayName": "x" * 129},
        {"gameCode": "v8-x3", "displayName": "Bad bet", "minBet": "0.001"},
        {"gameCode": "v8-x4", "displayName": "Bad bet", "minBet": "-1"},
        {"gameCode": "v8-x5", "displayName": "Bad lines", "lines": "25"},
        {"gameCode": "v8-x6", "displayName": "Bad rank", "rank": 2**31},
        {"gameCode": "v8-x7", "displayName": "Bad class", "classify": "TOOLONGCLASS"},
        "not a game",
        {**good[0], "displayName": "The same code again"},
        {
            "gameCode": "v8-ok",
            "displayName": "  Trimmed  ",
            "icon": "https://icons.test/x.png",
            "icons": {"small": "https://icons.test/y.png"},
            "minBet": 3,
        },
    ]
    monkeypatch.setattr(
        game_catalog.plugin,
        "games",
        lambda vassalage: (
            offered if vassalage == "V8" else type(game_catalog.plugin).games(game_catalog.plugin, vassalage)
        ),
    )
    assert game_catalog.sync()["vendors"]["V8"] == {
        "added": 1,
        "updated": 0,
        "retired": 28,
        "unchanged": 2,
        "skipped": 9,
    }
    added = game_catalog.game("V8", "v8-ok")
    assert (added.display_name, added.icon, added.min_bet_minor, added.rank, added.game_type, added.category) == (
        "Trimmed",
        "https://icons.test/x.png",
        300,
        12,
        "PVP",
        "PVP",
    )
    assert game_catalog.game("V8", "v8-00000").display_name == good[0]["displayName"]


def test_each_brand_has_its_own_rows(game_catalog, db_session, app):
    bd, ph = rows(db_session), rows(db_session, "demo-ph")
    assert {g.id for g in bd}.isdisjoint(g.id for g in ph)
    game_catalog.plugin.withdraw("PG", "pg-00000")
    game_catalog.sync("demo-ph")
    assert game_catalog.game("PG", "pg-00000").active and not game_catalog.game("PG", "pg-00000", "demo-ph").active


def test_a_brand_scoped_session_syncs_only_its_own(game_catalog, db_session, app):
    """The sync as the CLI runs it: a session scoped to the brand."""
    tenant, plugins = brand_plugins(db_session, app.registry["plugin_manager"], "demo-ph")
    game_catalog.plugin.games_per_vendor = 31
    db_session.info["tenant_id"] = tenant.id
    report = sync_catalog(db_session, tenant, plugins, utcnow())
    assert report["vendors"]["JDB"]["added"] == 1
    db_session.info["tenant_id"] = "all"
    assert db_session.scalar(select(func.count()).select_from(Game).where(Game.game_code == "pg-00030")) == 1
