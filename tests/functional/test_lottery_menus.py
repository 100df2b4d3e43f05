"""The lottery's member calls: the menu by region and prize mode, a game's draw open for bets and
its time left, the games a member last bet on, the most played, and a game's results grouped by
prize; every refusal with its translated code."""

from datetime import UTC, timedelta

import pytest

from accounts import bearer
from factories import Clock, GameBetFactory, building_in
from tessera.lottery.draws.games import brand_schedule, keep_games
from tessera.lottery.draws.models import CANCELLED, DRAWN, LotteryDraw
from tessera.lottery.draws.services import open_due_series
from tessera.lottery.draws.vietnamese import open_vn_draws
from tessera.lottery.vendor import CATEGORY, VASSALAGE
from test_lottery_draws import KEY, NOON, brand, vn_draws

MENU = "/lgw/vn/games/game_menu"
RECENT = "/lgw/vn/games/game_menu/recent"
POPULAR = "/lgw/games/popular"
RESULTS = "/lgw/vn/numeros/opened/game"
OPENED = "/lotto/lgw/games/opened/numero"
VN_IP = "203.0.113.9"


@pytest.fixture
def clock(app):
    clock = Clock()
    clock.now = NOON.astimezone(UTC)
    app.registry["clock"] = clock
    yield clock
    del app.registry["clock"]


@pytest.fixture
def vn_app(brand_app, db_session, clock):
    """demo-vn as its members see it at Wednesday noon, its coming draws stored."""
    tenant = brand(db_session, "demo-vn")
    keep_games(db_session, tenant)
    open_vn_draws(db_session, tenant.id, NOON, brand_schedule(db_session, tenant))
    db_session.flush()
    return brand_app("demo-vn.localhost", ip=VN_IP)


def value(app, path, params=None, status=200, **kwargs):
    answer = app.get(path, params or {}, status=status, **kwargs).json
    return answer["value"] if status == 200 else answer


def test_the_menu_lists_each_region_with_its_open_draw(vn_app):
    menus = value(vn_app, MENU, {"prizeMode": "LOTT", "device": "WEB"})
    assert [menu["tag"] for menu in menus] == ["NORTH", "CENTRAL", "SOUTH"]
    north = menus[0]["gameMenus"]
    assert [item["gameId"] for item in north] == ["MB"]
    assert north[0] == {
        "gameId": "MB",
        "gameMenuTag": "NORTH",
        "remark": "Miền Bắc",
        "region": "north",
        "prizeMode": "LOTT",
        "numero": "20260114",
        "remainTime": (6 * 60 + 0) * 60 * 1000,  # noon to the 18:00 lock
        "lockTime": "2026-01-14T11:00:00Z",
        "winningTime": "2026-01-14T11:15:00Z",
        "drawDayOfWeek": "1,2,3,4,5,6,7",
        "interval": None,
    }
    south = {item["gameId"]: item for item in menus[2]["gameMenus"]}
    assert south["DN"]["numero"] == "20260114" and south["DN"]["drawDayOfWeek"] == "4"
    assert south["TN"]["numero"] == "20260115"  # its next draw, Thursday
    assert south["HCM"]["numero"] == "20260117"  # Monday and Saturday: Saturday's is next
    assert south["TG"]["numero"] == "20260118"  # Sunday's: a week of draws is stored
    assert south["TG"]["lockTime"] == "2026-01-18T09:00:00Z" and south["TG"]["winningTime"] == "2026-01-18T09:15:00Z"


def test_prize_modes_are_read_case_insensitively(vn_app, db_session):
    assert [m["tag"] for m in value(vn_app, MENU, {"prizeMode": "lott"})] == ["NORTH", "CENTRAL", "SOUTH"]
    assert value(vn_app, MENU, {"prizeMode": "ZY"}) == [] == value(vn_app, MENU, {"prizeMode": "sea"})
    fast = value(vn_app, MENU, {"prizeMode": "Elott"})
    assert [m["tag"] for m in fast] == ["FAST"] and [i["numero"] for i in fast[0]["gameMenus"]] == [None] * 3
    open_due_series(db_session, brand(db_session, "demo-vn").id, NOON, KEY)
    [fast] = value(vn_app, MENU, {"prizeMode": "ELOTT"})
    one_minute = next(item for item in fast["gameMenus"] if item["gameId"] == "ELOTT1M")
    assert one_minute["numero"] == "20260114-0722" and one_minute["interval"] == 60  # the 12:01 draw
    assert one_minute["remainTime"] == 50_000 and one_minute["drawDayOfWeek"] == "1,2,3,4,5,6,7"
    assert [m["tag"] for m in value(vn_app, MENU)] == ["NORTH", "CENTRAL", "SOUTH", "FAST"]


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_an_unknown_prize_mode_is_refused(vn_app, lang):
    refused = value(vn_app, MENU, {"prizeMode": "JACKPOT", "lang": lang}, status=400)
    assert refused["code"] == "prize_mode_invalid" and "LOTT" in refused["message"]
    assert refused["message"] != "prize_mode_invalid"


def test_a_brand_selling_only_fast_draws_has_only_their_menu(brand_app, clock):
    bd = brand_app("demo-bd.localhost")
    assert value(bd, MENU, {"prizeMode": "LOTT"}) == []
    assert [m["tag"] for m in value(bd, MENU)] == ["FAST"]


def test_the_results_are_grouped_by_prize_newest_first(vn_app, db_session):
    tenant = brand(db_session, "demo-vn")
    rows = {row.game_code: row for row in vn_draws(db_session, tenant.id)}
    numbers = ["00", "123"] + ["1234"] * 4 + ["12345"] * 11 + ["123456"]
    rows["DN"].state, rows["DN"].prizes, rows["DN"].result_version = DRAWN, numbers, 2
    rows["CT"].state = CANCELLED
    db_session.flush()
    [draw] = value(vn_app, RESULTS, {"gameCode": "DN", "count": 100})
    assert (draw["gameId"], draw["numero"], draw["winningTime"], draw["resultVersion"]) == (
        "DN",
        "20260114",
        "2026-01-14T09:15:00Z",
        2,
    )
    assert [group["prize"] for group in draw["prizes"]] == [
        "eighth",
        "seventh",
        "sixth",
        "fifth",
        "fourth",
        "third",
        "second",
        "first",
        "special",
    ]
    assert draw["prizes"][2]["numbers"] == ["1234"] * 3 and draw["prizes"][-1]["numbers"] == ["123456"]
    assert value(vn_app, RESULTS, {"gameCode": "CT"}) == []  # cancelled draws are left out
    refused = value(vn_app, RESULTS, {"gameCode": "NOPE", "lang": "vi"}, status=404)
    assert refused["code"] == "game_unknown" and refused["message"] != "game_unknown"


def test_a_game_s_open_draw_needs_a_login(vn_app, members, token_of):
    assert value(vn_app, OPENED, {"gameCode": "MB"}, status=401)["code"] == "not_logged_in"
    member = members("demo-vn")
    headers = bearer(token_of(member))
    item = value(vn_app, OPENED, {"gameCode": "MB"}, headers=headers)
    assert (item["gameId"], item["numero"], item["remainTime"]) == ("MB", "20260114", 6 * 3600 * 1000)
    assert value(vn_app, OPENED, {"gameCode": "ELOTT9"}, status=404, headers=headers)["code"] == "game_unknown"


def bet(db_session, member, game_code, placed_at, vassalage=VASSALAGE):
    with building_in(db_session):
        return GameBetFactory(
            member=member, vassalage=vassalage, game_code=game_code, category=CATEGORY, placed_at=placed_at
        )


def test_recent_games_are_the_member_s_last_bets(vn_app, db_session, members, token_of):
    member, other = members("demo-vn"), members("demo-vn")
    at = NOON.astimezone(UTC)
    bet(db_session, member, "HCM", at - timedelta(days=3))
    bet(db_session, member, "MB", at - timedelta(days=2))
    bet(db_session, member, "HCM", at - timedelta(hours=1))  # HCM again, last
    bet(db_session, member, "ELOTT1M", at - timedelta(days=1))
    bet(db_session, member, "SLOT1", at, vassalage="OTHER")  # another vendor's game
    bet(db_session, other, "DN", at)
    headers = bearer(token_of(member))
    assert [i["gameId"] for i in value(vn_app, RECENT, {"prizeMode": "LOTT", "device": "WEB"}, headers=headers)] == [
        "HCM",
        "MB",
    ]
    assert [i["gameId"] for i in value(vn_app, RECENT, {"recentCount": 2}, headers=headers)] == ["HCM", "ELOTT1M"]
    assert value(vn_app, RECENT, status=401)["code"] == "not_logged_in"


def test_popular_games_are_the_week_s_most_played_then_the_schedule_s_order(vn_app, db_session, members):
    member = members("demo-vn")
    at = NOON.astimezone(UTC)
    for _ in range(3):
        bet(db_session, member, "DN", at - timedelta(days=1))
    for _ in range(2):
        bet(db_session, member, "HCM", at - timedelta(days=6))
    for _ in range(5):
        bet(db_session, member, "CT", at - timedelta(days=8))  # more than a week ago
    popular = value(vn_app, POPULAR, {"count": 4, "prizeMode": "LOTT", "device": "WEB", "language": "vi"})
    assert [item["gameId"] for item in popular] == ["DN", "HCM", "MB", "DT"]
    assert [item["gameId"] for item in value(vn_app, POPULAR, {"prizeMode": "ELOTT"})] == [
        "ELOTT45S",
        "ELOTT1M",
        "ELOTT5M",
    ]
    assert len(value(vn_app, POPULAR)) == 20


def test_a_disabled_game_leaves_the_menus_but_keeps_its_results(vn_app, db_session):
    tenant = brand(db_session, "demo-vn")
    for row in keep_games(db_session, tenant):
        if row.code == "DN":
            row.enabled = False
    draw = next(row for row in vn_draws(db_session, tenant.id) if row.game_code == "DN")
    draw.state, draw.result_version, draw.prizes = DRAWN, 1, ["00", "123"] + ["1234"] * 4 + ["12345"] * 11 + ["123456"]
    db_session.flush()
    south = value(vn_app, MENU, {"prizeMode": "LOTT"})[2]["gameMenus"]
    assert "DN" not in {item["gameId"] for item in south}
    assert len(value(vn_app, RESULTS, {"gameCode": "DN"})) == 1


def test_brands_see_their_own_draws_only(vn_app, brand_app, db_session):
    assert value(brand_app("demo-bd.localhost"), RESULTS, {"gameCode": "MB"}, status=404)["code"] == "game_unknown"
    assert db_session.query(LotteryDraw).filter(LotteryDraw.numero == "20260114").count() == 6
