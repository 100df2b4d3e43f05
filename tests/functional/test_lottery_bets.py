"""Placing lottery bets: the board, quick entry, the room on numbers, and every refusal of the one
path a bet takes (the draw's lock and state, stakes, the member's limits, the house's cap, funds,
replays), each bet a round of the seamless wallet, visible to its member only."""

from decimal import Decimal

import pytest
from sqlalchemy import select, update

from accounts import set_brand
from lottery_bets_helpers import BETS, DAY, EVE, FIRST, GAME, before_lock, commit_day, draw_row, order
from tessera.core.envelope import ApiError
from tessera.games.bets.models import OPEN, GameBet
from tessera.lottery.bets.models import LotteryBet
from tessera.lottery.bets.services import Order, place
from tessera.lottery.draws.models import CANCELLED, DRAWN
from tessera.lottery.vendor import CATEGORY, VASSALAGE
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from wallet_helpers import balance


@pytest.fixture
def bd_day(db_session, tenant_ids, clock):
    """demo-bd's one-minute game committed for DAY, the clock a minute before the first draw's lock."""
    commit_day(db_session, tenant_ids["demo-bd"])
    before_lock(clock)
    return tenant_ids["demo-bd"]


def book(db, slug="demo-bd", **changes):
    """The brand's [lottery] section with ``changes`` over it."""
    config = db.scalar(select(Tenant).where(Tenant.slug == slug)).config
    set_brand(db, slug, lottery={**config["lottery"], **changes})


def test_the_board_shows_the_brands_book(bd):
    board = bd.get("/lotto/lgw/games/board", {"gameCode": GAME}).json["value"]
    assert (board["gameId"], board["region"], board["currency"], board["perDrawLimit"]) == (
        GAME,
        "north",
        "BDT",
        "50000.00",
    )
    kinds = {kind["code"]: kind for kind in board["betTypes"]}
    assert kinds["lo_2"] | {} == {
        "code": "lo_2",
        "digits": 2,
        "count": 1,
        "exact": False,
        "costModel": "point",
        "price": "27.00",
        "payout": "99.00",
        "odds": None,
        "minStake": "1",
        "maxStake": "500",
        "maxPerNumber": "2000",
        "stakedPerNumber": True,
    }
    assert (kinds["de"]["odds"], kinds["de"]["minStake"], kinds["xien_2"]["stakedPerNumber"]) == ("99", "1.00", False)
    assert "bao_lo_2" not in kinds  # a southern and central bet type


def test_a_brand_sells_only_the_games_of_its_book(bd, ph, db_session):
    assert bd.get("/lotto/lgw/games/board", {"gameCode": "MB"}, status=404).json["code"] == "game_unknown"
    set_brand(db_session, "demo-ph", lottery={})
    assert ph.get("/lotto/lgw/games/board", {"gameCode": GAME}, status=404).json["code"] == "game_unknown"


def test_quick_entry_reads_the_numbers(bd):
    answer = bd.post_json("/lotto/lgw/numbers?lang=en", {"betType": "lo_2", "text": "7 12, 50-52 12"}).json
    assert answer["value"] == {"numbers": ["07", "12", "50", "51", "52"]}
    refused = bd.post_json("/lotto/lgw/numbers?lang=en", {"betType": "lo_2", "text": "12 5x"}, status=400).json
    assert (refused["code"], refused["message"]) == ("number_invalid", "5x is not a valid number.")


def test_a_bet_is_placed_and_debited_as_a_round_of_the_house_lottery(bd_day, member_of, db_session):
    member, caller = member_of(funds=100_000)
    bet = caller.post(BETS, order(["12", "34"], stake="10"))["value"]
    assert bet["gameId"] == GAME and bet["numero"] == FIRST and bet["remark"] == "Siêu tốc 1 phút"
    assert (bet["stake"], bet["cost"], bet["potentialPayout"], bet["state"], bet["balance"]) == (
        "10.00",
        "20.00",
        "990.00",
        "placed",
        "980.00",
    )
    assert balance(db_session, member) == 98_000
    round_ = db_session.scalars(select(GameBet).where(GameBet.member_id == member.id)).one()
    assert (round_.vassalage, round_.category, round_.game_code, round_.round_id, round_.bet_minor, round_.status) == (
        VASSALAGE,
        CATEGORY,
        GAME,
        f"lottery-{bet['betId']}",
        2000,
        OPEN,
    )
    points = caller.post(BETS, order(["07"], stake="3", bet_type="lo_2"))["value"]
    assert (points["stake"], points["cost"], points["potentialPayout"]) == ("3", "81.00", "297.00")
    listed = caller.get(BETS)["value"]
    assert [b["betId"] for b in listed["content"]] == [points["betId"], bet["betId"]]
    assert (listed["totalElements"], listed["totalPages"]) == (2, 1)
    assert caller.get(BETS, betType="x", state="won")["value"]["content"] == []


def test_the_same_request_again_answers_the_first_bet(bd_day, member_of, db_session):
    member, caller = member_of(funds=100_000)
    sent = order(["12"], stake="10")
    first = caller.post(BETS, sent)["value"]
    assert caller.post(BETS, sent)["value"] == first
    assert balance(db_session, member) == 99_000  # debited once
    conflict = caller.post(BETS, {**sent, "stake": "11"}, status=409)
    assert conflict["code"] == "request_conflict"


def test_the_draw_must_be_open_and_before_its_lock(bd_day, member_of, clock, db_session):
    member, caller = member_of(funds=100_000)
    assert caller.post(BETS, order(["12"], numero=f"{DAY:%Y%m%d}-9999"), status=404)["code"] == "draw_unknown"
    clock.advance(seconds=60)  # the lock time itself
    assert caller.post(BETS, order(["12"]), status=409)["code"] == "draw_locked"
    before_lock(clock)
    draw = draw_row(db_session, bd_day)
    for state in (DRAWN, CANCELLED):
        db_session.execute(update(type(draw)).where(type(draw).id == draw.id).values(state=state))
        assert caller.post(BETS, order(["12"]), status=409)["code"] == "draw_closed"
    assert balance(db_session, member) == 100_000


def test_stakes_are_checked(bd_day, member_of):
    _, caller = member_of(funds=10_000_000)
    for stake, code in (("abc", "stake_invalid"), ("0", "stake_invalid"), ("0.001", "stake_invalid")):
        assert caller.post(BETS, order(["12"], stake=stake), status=400)["code"] == code
    assert caller.post(BETS, order(["12"], stake="1.5", bet_type="lo_2"), status=400)["code"] == "stake_invalid"
    below = caller.post(BETS, order(["12"], stake="0.50"), status=400)
    assert (below["code"], below["message"]) == ("stake_below_min", "The stake is below the minimum of 1.00.")
    assert caller.post(BETS, order(["12"], stake="5000.01"), status=400)["code"] == "stake_above_max"
    assert caller.post(BETS, order(["123"]), status=400)["code"] == "number_invalid"
    assert caller.post(BETS, order(["12", "12"]), status=400)["code"] == "number_repeated"
    assert caller.post(BETS, order(["12"], bet_type="xien_2"), status=400)["code"] == "wrong_count_for_bet_type"
    assert caller.post(BETS, order(["12"], bet_type="bao_lo_2"), status=400)["code"] == "bet_type_not_in_region"
    assert caller.post(BETS, order(["12"], bet_type="nope"), status=400)["code"] == "bet_type_unknown"


def test_the_members_own_limits_leave_room(bd_day, member_of, db_session):
    book(db_session, amount_stakes={"min": "1", "max": "5000", "per_number": "6000"}, member_draw_limit="9000")
    _, caller = member_of(funds=10_000_000)
    caller.post(BETS, order(["12"], stake="5000"))
    room = caller.get("/lotto/lgw/draws/room", gameCode=GAME, numero=FIRST, betType="de", numbers="12,34")["value"]
    assert room == {
        "room": {"12": "1000.00", "34": "2000.00"}
    }  # 6000 a number less 5000; 9000 a draw less 5000, for two
    refused = caller.post(BETS, order(["34", "56"], stake="2000.01"), status=409)
    assert (refused["code"], refused["value"]) == ("number_limit_reached", {"room": {"34": "2000.00", "56": "2000.00"}})
    caller.post(BETS, order(["34", "56"], stake="2000"))


def test_the_cap_on_a_number_counts_every_members_bets_of_its_ending(bd_day, member_of, db_session):
    book(db_session, number_cap="2000")  # 2000.00 a number
    _, first = member_of(funds=10_000_000)
    _, second = member_of(funds=10_000_000)
    first.post(BETS, order(["12"], stake="10"))  # đề pays 990.00 on 12
    first.post(BETS, order(["12"], stake="5", bet_type="lo_2"))  # lô 2 số on 12 pays 495.00 a hit
    room = second.get("/lotto/lgw/draws/room", gameCode=GAME, numero=FIRST, betType="de", numbers="12,13")["value"]
    assert room["room"]["12"] == "5.20"  # 515.00 of the cap left: 5.20 pays 514.80 at ×99
    refused = second.post(BETS, order(["12", "13"], stake="5.21"), status=409)
    assert refused["code"] == "number_limit_reached"
    assert refused["value"]["room"]["12"] == "5.20" and Decimal(refused["value"]["room"]["13"]) > 5
    second.post(BETS, order(["12"], stake="5.20"))
    assert second.post(BETS, order(["12"], stake="1"), status=409)["value"]["room"] == {"12": "0.00"}
    second.post(BETS, order(["3"], stake="10", bet_type="dau"))  # the tens digit: another family


def test_a_bet_needs_the_money(bd_day, member_of, db_session):
    member, caller = member_of(funds=1_000)
    assert caller.post(BETS, order(["12"], stake="10.01"), status=409)["code"] == "insufficient_funds"
    assert db_session.scalars(select(LotteryBet).where(LotteryBet.member_id == member.id)).all() == []
    assert balance(db_session, member) == 1_000


def test_a_frozen_member_bets_nothing(bd_day, member_of, db_session, tenant_ids):
    """The seamless wallet's rule: only an active account bets (a frozen one's session ends too)."""
    member, _ = member_of(funds=100_000, status="frozen")
    tenant = TenantContext.from_row(db_session.get(Tenant, tenant_ids["demo-bd"]))
    sent = order(["12"])
    placing = Order(sent["requestId"], GAME, FIRST, "de", ("12",), "10")
    with pytest.raises(ApiError) as refused:
        place(db_session, tenant, member.id, placing, EVE)
    assert (refused.value.status, refused.value.code) == (403, "account_frozen")


def test_a_member_sees_only_their_own_bets_and_their_brands_draws(bd_day, member_of, db_session):
    _, caller = member_of(funds=100_000)
    _, other = member_of(funds=100_000)
    caller.post(BETS, order(["12"]))
    assert other.get(BETS)["value"] == {"content": [], "totalPages": 0, "totalElements": 0}
    _, ph_member = member_of("demo-ph", funds=100_000)
    assert ph_member.post(BETS, order(["12"]), status=404)["code"] == "draw_unknown"  # demo-bd's draw
    assert (
        ph_member.get("/lotto/lgw/draws/room", expect=404, gameCode=GAME, numero=FIRST, betType="de", numbers="12")[
            "code"
        ]
        == "draw_unknown"
    )


def test_free_play_and_visitors_place_no_bet(bd_day, member_of, bd):
    _, free = member_of(member_type=0, password=None)
    assert free.post(BETS, order(["12"]), status=403)["code"] == "in_need_true_account"
    assert bd.post_json(f"{BETS}?lang=en", order(["12"]), status=401).json["code"] == "not_logged_in"
