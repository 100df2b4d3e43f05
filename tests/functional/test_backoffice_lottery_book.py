"""The lottery's back-office calls: staff read the brand's book and change it (audited, members see
it at once on the board and in their bets' limits); they read each number's liability in a draw
and a draw's settlement."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from lottery_bets_helpers import BETS, FIRST, GAME, KEY, before_lock, commit_day, draw_row, order
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.lottery.bets.settlement import settle_draw
from tessera.lottery.draws.services import run_due_draws
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

BOOK = "/bo/api/brands/demo-bd/lottery/book"


@pytest.fixture
def manager(staff_member):
    member = staff_member({"demo-bd": [Permission.LotteryRead, Permission.LotteryManage]})
    member.login()
    return member


@pytest.fixture
def day(db_session, tenant_ids, clock):
    commit_day(db_session, tenant_ids["demo-bd"])
    before_lock(clock)
    return tenant_ids["demo-bd"]


def test_staff_read_and_change_the_book_and_members_see_it(manager, bd, db_session):
    book = manager.browser.get(BOOK).json["value"]
    lines = {(line["region"], line["betType"]): line for line in book["lines"]}
    assert (book["numberCap"], book["memberDrawLimit"], book["sells"]) == ("2000000.00", "50000.00", ["fast"])
    assert lines["north", "lo_2"]["price"] == "27.00" and book["overrides"] == {}
    form = {"numberCap": "1500000", "lines": [{"region": "north", "betType": "de", "odds": "95", "maxStake": "3000"}]}
    changed = manager.browser.put_json(BOOK, form, headers=manager.headers()).json["value"]
    de = next(line for line in changed["lines"] if (line["region"], line["betType"]) == ("north", "de"))
    assert (de["odds"], de["maxStake"], changed["numberCap"]) == ("95", "3000.00", "1500000.00")
    board = bd.get("/lotto/lgw/games/board", {"gameCode": GAME}).json["value"]
    assert next(k for k in board["betTypes"] if k["code"] == "de")["odds"] == "95"
    entry = db_session.scalars(select(AuditEntry).where(AuditEntry.target == "lottery_book")).one()
    assert (entry.action, entry.before, entry.after["number_cap"]) == ("lottery_book_changed", {}, "1500000")
    again = {"lines": [{"region": "north", "betType": "de", "minStake": "10"}]}
    kept = manager.browser.put_json(BOOK, again, headers=manager.headers()).json["value"]["overrides"]
    assert kept["lines"]["north"]["de"] == {"odds": "95", "max_stake": "3000", "min_stake": "10"}


def test_a_game_priced_apart_from_its_region(day, manager, bd, member_of):
    """The 1-minute game's đề at its own odds and largest stake; the other northern games keep the
    region's. A member's bet on it is priced by the game's line, and staff can drop the game's line."""
    form = {"lines": [{"gameCode": GAME, "betType": "de", "odds": "95", "maxStake": "3000"}]}
    changed = manager.browser.put_json(BOOK, form, headers=manager.headers()).json["value"]
    own = next(line for line in changed["lines"] if line["gameCode"] == GAME)
    assert (own["region"], own["betType"], own["odds"], own["maxStake"]) == ("north", "de", "95", "3000.00")
    assert changed["overrides"]["lines"] == {GAME: {"de": {"odds": "95", "max_stake": "3000"}}}

    def odds(game):
        board = bd.get("/lotto/lgw/games/board", {"gameCode": game}).json["value"]
        return next(kind["odds"] for kind in board["betTypes"] if kind["code"] == "de")

    assert (odds(GAME), odds("ELOTT5M")) == ("95", "99")
    _, caller = member_of(funds=1_000_000)
    bet = caller.post(BETS, order(["12"], stake="10"))["value"]
    assert bet["potentialPayout"] == "950.00"  # 10 at 95
    assert caller.post(BETS, order(["13"], stake="4000"), status=400)["code"] == "stake_above_max"
    dropped = {"lines": [{"gameCode": GAME, "betType": "de", "clear": True}]}
    after = manager.browser.put_json(BOOK, dropped, headers=manager.headers()).json["value"]
    assert after["overrides"] == {} and odds(GAME) == "99"
    unknown = {"lines": [{"gameCode": "NOPE1", "betType": "de", "odds": "90"}]}
    assert manager.browser.put_json(BOOK, unknown, headers=manager.headers(), status=400).json["code"] == "book_invalid"


def test_a_book_that_does_not_hold_is_refused(manager):
    bad = {"lines": [{"region": "north", "betType": "de", "minStake": "9000"}]}  # above its largest stake
    refused = manager.browser.put_json(BOOK, bad, headers=manager.headers(), status=400).json
    assert refused["code"] == "book_invalid"
    unknown = {"lines": [{"region": "north", "betType": "lo_9", "odds": "2"}]}
    assert (
        manager.browser.put_json(BOOK, unknown, headers=manager.headers(), status=400).json["code"]
        == "bet_type_unknown"
    )
    assert manager.browser.get(BOOK).json["value"]["overrides"] == {}


def test_liability_and_settlement_of_a_draw(day, manager, member_of, db_session):  # logged in at the clock's time
    _, caller = member_of(funds=1_000_000)
    caller.post(BETS, order(["12"], stake="10"))  # đề pays 990.00
    caller.post(BETS, order(["12"], stake="2", bet_type="lo_2"))  # lô pays 198.00 a hit
    caller.post(BETS, order(["34"], stake="1"))
    draw = draw_row(db_session, day)
    where = f"/bo/api/brands/demo-bd/lottery/draws/{draw.id}"
    items = manager.browser.get(f"{where}/liability").json["value"]["items"]
    assert [(i["number"], i["liability"], i["room"]) for i in items] == [
        ("12", "1188.00", "1998812.00"),
        ("34", "99.00", "1999901.00"),
    ]
    de = manager.browser.get(f"{where}/liability", {"betType": "de"}).json["value"]["items"]
    assert de[0]["roomStake"] == "20190.02"  # 1998812.00 / 99
    assert manager.browser.get(f"{where}/liability", {"betType": "dau"}).json["value"]["items"] == []
    run_due_draws(db_session, day, draw.draw_at + timedelta(seconds=1), KEY)
    tenant = TenantContext.from_row(db_session.get(Tenant, day))
    settle_draw(db_session, tenant, draw.id, draw.draw_at + timedelta(seconds=2))
    settled = manager.browser.get(f"{where}/settlement").json["value"]
    assert (settled["numero"], settled["state"], settled["resultVersion"]) == (FIRST, "drawn", 1)
    bets = settled["bets"]
    assert bets["placed"]["count"] == 0 and bets["won"]["count"] + bets["lost"]["count"] == 3
    assert {v for s in ("won", "lost") for v in bets[s]["versions"]} == {1}
    assert (
        manager.browser.get("/bo/api/brands/demo-bd/lottery/draws/999999999/settlement", status=404).json["code"]
        == "draw_unknown"
    )


def test_another_brands_draw_is_not_found(manager, db_session, tenant_ids):
    commit_day(db_session, tenant_ids["demo-ph"])
    theirs = draw_row(db_session, tenant_ids["demo-ph"])
    where = f"/bo/api/brands/demo-bd/lottery/draws/{theirs.id}"
    assert manager.browser.get(f"{where}/liability", status=404).json["code"] == "draw_unknown"
