"""The lottery in the back office: the brand's draws read (lottery.read); results entered,
corrected and draws cancelled by one staff member and done only once a second approves
(lottery.results), each audited; the schedule changed (lottery.manage), audited, and followed by
the draws and menus; every refusal with its code."""

import pytest
from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.lottery.draws.games import brand_schedule, keep_games
from tessera.lottery.draws.models import CANCELLED, DRAWN, OPEN, LotteryDraw
from tessera.lottery.draws.services import open_due_series
from tessera.lottery.draws.vietnamese import open_vn_draws
from test_backoffice_payments import call
from test_lottery_draws import EVENING, KEY, NOON, brand, vn_draws
from test_lottery_menus import clock  # noqa: F401 -- the app's clock, a fixture

BRAND = "/bo/api/brands/demo-vn"
SOUTH = ["00", "123"] + ["1234"] * 4 + ["12345"] * 11 + ["123456"]
CORRECTED = ["99"] + SOUTH[1:]


@pytest.fixture
def staff(staff_member):
    def make(*permissions, slug="demo-vn"):
        member = staff_member({slug: list(permissions)})
        member.login()
        return member

    return make


@pytest.fixture
def maker(staff):
    return staff(Permission.LotteryResults, Permission.LotteryRead)


@pytest.fixture
def checker(staff):
    return staff(Permission.LotteryResults)


@pytest.fixture
def draws(db_session):
    """demo-vn's Wednesday draws stored, by game code."""
    tenant = brand(db_session, "demo-vn")
    keep_games(db_session, tenant)
    open_vn_draws(db_session, tenant.id, NOON, brand_schedule(db_session, tenant))
    db_session.flush()
    return {row.game_code: row for row in vn_draws(db_session, tenant.id)}


@pytest.fixture
def evening(clock):  # noqa: F811 -- the fixture imported above
    clock.now = EVENING
    return clock


def ask_results(staff, draw, prizes, status=202):
    return call(
        staff, "post", f"{BRAND}/lottery/draws/{draw.id}/results", {"prizes": prizes, "reason": "official"}, status
    )


def approve(staff, approval, status=200):
    return call(staff, "post", f"{BRAND}/approvals/{approval['id']}/approve", status=status)


def audit_of(db, target: str) -> list[str]:
    return [e.action for e in db.scalars(select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id))]


def test_the_draws_are_listed_newest_first(staff, draws, db_session):
    reader = staff(Permission.LotteryRead)
    page = call(reader, "get", f"{BRAND}/lottery/draws?day=2026-01-14&pageSize=4")
    assert page["total"] == 6 and page["pageSize"] == 4
    assert [d["gameCode"] for d in page["items"]] == ["MB", "KH", "DNG", "ST"]
    mb = page["items"][0]
    assert mb["remark"] == "Miền Bắc" and mb["kind"] == "vietnamese" and mb["state"] == OPEN
    assert (mb["drawAt"], mb["lockAt"], mb["prizes"], mb["resultVersion"]) == (
        "2026-01-14T11:15:00Z",
        "2026-01-14T11:00:00Z",
        None,
        0,
    )
    only = call(reader, "get", f"{BRAND}/lottery/draws?gameCode=DN&state=open")
    assert [d["numero"] for d in only["items"]] == ["20260114"]
    assert call(reader, "get", f"{BRAND}/lottery/draws/{draws['DN'].id}")["pendingApproval"] is None
    assert call(reader, "get", f"{BRAND}/lottery/draws/999999", status=404)["code"] == "draw_not_found"
    assert call(reader, "get", f"{BRAND}/lottery/draws?day=2026-02-30", status=400)["code"] == "date_invalid"


def test_results_are_entered_by_one_and_approved_by_another(maker, checker, draws, evening, db_session):
    dn = draws["DN"]
    approval = ask_results(maker, dn, SOUTH)["approval"]
    assert (approval["action"], approval["target"], approval["status"]) == (
        "lottery.results",
        f"lottery_draw:{dn.id}",
        "pending",
    )
    assert approval["prizes"] == SOUTH  # the checker reads the numbers proposed
    waiting = call(checker, "get", f"{BRAND}/approvals?status=pending")["items"]
    assert [(item["id"], item["prizes"]) for item in waiting] == [(approval["id"], SOUTH)]
    assert ask_results(maker, dn, SOUTH)["approval"]["id"] == approval["id"]  # the same request again
    assert ask_results(maker, dn, CORRECTED, status=409)["code"] == "draw_approval_pending"
    db_session.refresh(dn)
    assert dn.state == OPEN  # nothing happens before the approval
    assert approve(maker, approval, status=403)["code"] == "approval_own_request"
    done = approve(checker, approval)
    assert done["approval"]["status"] == "approved"
    assert (done["result"]["state"], done["result"]["resultVersion"], done["result"]["prizes"]) == (DRAWN, 1, SOUTH)
    db_session.refresh(dn)
    assert (dn.state, dn.prizes, dn.result_version) == (DRAWN, SOUTH, 1)
    # A correction: the new prizes, the version raised.
    assert ask_results(maker, dn, SOUTH, status=409)["code"] == "result_unchanged"
    correction = ask_results(maker, dn, CORRECTED)["approval"]
    assert approve(checker, correction)["result"]["resultVersion"] == 2
    db_session.refresh(dn)
    assert (dn.prizes, dn.result_version) == (CORRECTED, 2)
    assert audit_of(db_session, f"lottery_draw:{dn.id}") == ["lottery_results_entered", "lottery_results_corrected"]
    assert audit_of(db_session, f"approval:{approval['id']}") == ["approval_requested", "approval_approved"]


def test_an_approval_made_stale_by_the_feed_is_refused(maker, checker, draws, evening, db_session):
    mb = draws["MB"]
    north = ["12345"] * 10 + ["1234"] * 10 + ["123"] * 3 + ["12"] * 4
    approval = ask_results(maker, mb, north)["approval"]
    mb.state, mb.prizes, mb.result_version = DRAWN, ["54321"] + north[1:], 1  # the feed came first
    db_session.flush()
    assert approve(checker, approval, status=409)["code"] == "draw_changed"
    db_session.refresh(mb)
    assert mb.prizes[0] == "54321"


def test_a_draw_is_cancelled_by_two(maker, checker, draws, clock, db_session):  # noqa: F811
    ct = draws["CT"]
    approval = call(maker, "post", f"{BRAND}/lottery/draws/{ct.id}/cancel", {"reason": "no official draw"}, 202)
    assert approval["approval"]["action"] == "lottery.cancel"
    assert approve(checker, approval["approval"])["result"]["state"] == CANCELLED
    db_session.refresh(ct)
    assert ct.state == CANCELLED
    assert call(maker, "post", f"{BRAND}/lottery/draws/{ct.id}/cancel", {}, 409)["code"] == "draw_cancelled"
    assert ask_results(maker, ct, SOUTH, status=409)["code"] == "draw_cancelled"
    assert audit_of(db_session, f"lottery_draw:{ct.id}") == ["lottery_draw_cancelled"]


@pytest.mark.parametrize(
    ("prizes", "code"),
    [
        (SOUTH[:-1], "prize_count_invalid"),
        (["0a"] + SOUTH[1:], "prize_not_digits"),
        (["000"] + SOUTH[1:], "prize_digits_invalid"),
    ],
)
def test_results_not_of_the_draw_s_format_are_refused(maker, draws, evening, prizes, code):
    refused = ask_results(maker, draws["DN"], prizes, status=400)
    assert refused["code"] == code and refused["message"] != code


def test_results_before_the_draw_or_for_a_fast_draw_are_refused(maker, draws, clock, db_session):  # noqa: F811
    assert ask_results(maker, draws["DN"], SOUTH, status=409)["code"] == "draw_not_due"  # at noon
    tenant = brand(db_session, "demo-vn")
    open_due_series(db_session, tenant.id, NOON, KEY)
    fast = db_session.scalars(select(LotteryDraw).where(LotteryDraw.series_id.is_not(None)).limit(1)).one()
    assert ask_results(maker, fast, SOUTH, status=409)["code"] == "draw_fast"


def test_only_holders_of_lottery_results_ask_or_approve(staff, maker, draws, evening):
    reader = staff(Permission.LotteryRead)
    refused = ask_results(reader, draws["DN"], SOUTH, status=403)
    assert refused["code"] == "permission_denied"
    approval = ask_results(maker, draws["DN"], SOUTH)["approval"]
    assert approve(staff(Permission.MemberCredit), approval, status=403)["code"] == "permission_denied"
    other_brand = staff(Permission.LotteryResults, slug="demo-bd")
    assert approve(other_brand, approval, status=403)["code"] == "permission_denied"


# -- The schedule ----------------------------------------------------------------------------


def test_the_schedule_is_read_and_changed_with_an_audit(staff, db_session, clock, brand_app):  # noqa: F811
    manager = staff(Permission.LotteryManage, Permission.LotteryRead)
    games = call(manager, "get", f"{BRAND}/lottery/games")
    assert games["total"] == 39
    mb = games["items"][0]
    assert (mb["gameCode"], mb["kind"], mb["weekdays"], mb["drawTime"], mb["lockMinutes"], mb["interval"]) == (
        "MB",
        "vietnamese",
        [1, 2, 3, 4, 5, 6, 7],
        "18:15",
        15,
        None,
    )
    changed = call(
        manager,
        "put",
        f"{BRAND}/lottery/games/DN",
        {"name": "Đồng Nai (XSDN)", "weekdays": [4, 7], "drawTime": "16:30", "lockMinutes": 20},
    )
    assert (changed["name"], changed["weekdays"], changed["drawTime"], changed["updatedBy"]) == (
        "Đồng Nai (XSDN)",
        [4, 7],
        "16:30",
        manager.username,
    )
    [entry] = db_session.scalars(select(AuditEntry).where(AuditEntry.target == "lottery_game:DN")).all()
    assert entry.action == "lottery_game_changed" and entry.before["drawTime"] == "16:15"
    tenant = brand(db_session, "demo-vn")
    schedule = brand_schedule(db_session, tenant)
    assert "DN" in schedule.codes_on(7) and schedule.game("DN").lock_minutes == 20
    menu = brand_app("demo-vn.localhost").get("/lgw/vn/games/game_menu", {"prizeMode": "LOTT"}).json["value"]
    south = {item["gameId"]: item for item in menu[2]["gameMenus"]}
    assert south["DN"]["remark"] == "Đồng Nai (XSDN)" and south["DN"]["drawDayOfWeek"] == "4,7"
    fast = call(manager, "put", f"{BRAND}/lottery/games/ELOTT1M", {"lockSeconds": 20, "enabled": False})
    assert (fast["lockSeconds"], fast["enabled"]) == (20, False)
    assert "ELOTT1M" not in {game.code for game in brand_schedule(db_session, tenant).fast_games}


@pytest.mark.parametrize(
    ("game", "form", "status", "code"),
    [
        ("ELOTT1M", {"lockSeconds": 60}, 400, "lock_seconds_invalid"),
        ("ELOTT1M", {"drawTime": "18:00"}, 400, "game_field_not_applicable"),
        ("MB", {"lockSeconds": 5}, 400, "game_field_not_applicable"),
        ("MB", {"weekdays": []}, 400, "weekdays_invalid"),
        ("MB", {"drawTime": "25:00"}, 400, "invalid_request"),
        ("NOPE", {"enabled": False}, 404, "game_unknown"),
    ],
)
def test_schedule_changes_that_do_not_hold_are_refused(staff, game, form, status, code):
    manager = staff(Permission.LotteryManage)
    assert call(manager, "put", f"{BRAND}/lottery/games/{game}", form, status)["code"] == code


def test_the_schedule_needs_lottery_manage_to_change(staff):
    reader = staff(Permission.LotteryRead)
    assert call(reader, "get", f"{BRAND}/lottery/games")["total"] == 39
    assert call(reader, "put", f"{BRAND}/lottery/games/MB", {"enabled": False}, 403)["code"] == "permission_denied"
