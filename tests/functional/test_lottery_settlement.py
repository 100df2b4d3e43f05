"""Settling lottery bets: a drawn draw's bets won and lost, paid once however often the settlement
runs; a corrected result resettles them; a cancelled draw refunds them; and the betting record
and profit and loss show them like any game's rounds."""

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from lottery_bets_helpers import (
    BETS,
    DAYS,
    EVE,
    KEY,
    before_lock,
    commit_day,
    draw_row,
    losing_ending,
    order,
    special_ending,
)
from tessera.games.bets.models import CANCELLED as ROUND_CANCELLED
from tessera.games.bets.models import RESETTLED, SETTLED, GameBet
from tessera.lottery.bets.models import LotteryBet
from tessera.lottery.bets.settlement import due_draws, settle_draw
from tessera.lottery.draws.models import CANCELLED, LotteryDraw
from tessera.lottery.draws.services import run_due_draws
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from wallet_helpers import balance


@pytest.fixture
def bd_id(tenant_ids):
    return tenant_ids["demo-bd"]


@pytest.fixture
def placed(db_session, bd_id, clock, member_of):
    """A member's winning and losing đề on the first draw (10.00 each), the draw then drawn."""
    commit_day(db_session, bd_id)
    before_lock(clock)
    member, caller = member_of(funds=100_000)
    won = caller.post(BETS, order([special_ending(db_session, bd_id)], stake="10"))["value"]
    lost = caller.post(BETS, order([losing_ending(db_session, bd_id)], stake="10"))["value"]
    draw_at = draw_row(db_session, bd_id).draw_at
    run_due_draws(db_session, bd_id, draw_at + timedelta(seconds=1), KEY)
    return member, caller, won["betId"], lost["betId"]


def settle(db, tenant_id) -> int:
    tenant = TenantContext.from_row(db.get(Tenant, tenant_id))
    return sum(settle_draw(db, tenant, draw_id, EVE + timedelta(hours=2)) for draw_id in due_draws(db, tenant_id))


def bet(db, bet_id) -> LotteryBet:
    return db.get(LotteryBet, bet_id, populate_existing=True)


def round_of(db, bet_id) -> GameBet:
    return db.scalars(
        select(GameBet).where(GameBet.round_id == f"lottery-{bet_id}").execution_options(populate_existing=True)
    ).one()


def test_won_and_lost_are_paid_once(db_session, bd_id, placed):
    member, caller, won, lost = placed
    assert balance(db_session, member) == 98_000
    assert settle(db_session, bd_id) == 2
    assert balance(db_session, member) == 98_000 + 99_000  # 10.00 × 99
    assert settle(db_session, bd_id) == 0 and due_draws(db_session, bd_id) == []  # again: nothing
    assert balance(db_session, member) == 197_000
    assert (bet(db_session, won).state, bet(db_session, won).payout_minor, bet(db_session, won).hits) == (
        "won",
        99_000,
        1,
    )
    assert (bet(db_session, lost).state, bet(db_session, lost).payout_minor) == ("lost", 0)
    assert {round_of(db_session, b).status for b in (won, lost)} == {SETTLED}
    mine = {b["betId"]: b for b in caller.get(BETS)["value"]["content"]}
    assert (mine[won]["state"], mine[won]["payout"], mine[won]["resultVersion"]) == ("won", "990.00", 1)
    record = caller.get("/wps/games/bets", **DAYS)["value"]
    rounds = {r["roundId"]: r for r in record["list"]}
    assert (rounds[f"lottery-{won}"]["payout"], rounds[f"lottery-{won}"]["gameType"]) == ("990.00", "ELOTT")
    assert rounds[f"lottery-{won}"]["vendorName"] == "Lottery"
    assert rounds[f"lottery-{lost}"]["winLoss"] == "-10.00"
    assert record["summary"] == {"count": 2, "bet": "20.00", "payout": "990.00", "winLoss": "970.00"}


def test_a_corrected_result_resettles(db_session, bd_id, placed):
    member, _, won, lost = placed
    settle(db_session, bd_id)
    draw = draw_row(db_session, bd_id)
    prizes = list(draw.prizes)
    losing = bet(db_session, lost).numbers[0]
    prizes[0] = prizes[0][:-2] + losing  # the special corrected: the losing đề wins, the winner loses
    db_session.execute(update(LotteryDraw).where(LotteryDraw.id == draw.id).values(prizes=prizes, result_version=2))
    assert settle(db_session, bd_id) == 2
    assert (bet(db_session, won).state, bet(db_session, lost).state) == ("lost", "won")
    assert balance(db_session, member) == 98_000 + 99_000  # the win moved from one bet to the other
    assert {round_of(db_session, b).status for b in (won, lost)} == {RESETTLED}
    assert round_of(db_session, lost).payout_minor == 99_000 and round_of(db_session, won).payout_minor == 0
    assert settle(db_session, bd_id) == 0
    assert bet(db_session, won).settled_version == 2


def test_a_cancelled_draw_refunds_its_bets(db_session, bd_id, clock, member_of):
    commit_day(db_session, bd_id)
    before_lock(clock)
    member, caller = member_of(funds=100_000)
    placed = caller.post(BETS, order(["12"], stake="10"))["value"]
    draw = draw_row(db_session, bd_id)
    db_session.execute(update(LotteryDraw).where(LotteryDraw.id == draw.id).values(state=CANCELLED))
    assert settle(db_session, bd_id) == 1
    assert settle(db_session, bd_id) == 0
    assert balance(db_session, member) == 100_000
    assert bet(db_session, placed["betId"]).state == "void"
    assert round_of(db_session, placed["betId"]).status == ROUND_CANCELLED


def test_a_draw_cancelled_after_it_was_settled_takes_the_win_back(db_session, bd_id, placed):
    member, _, won, lost = placed
    settle(db_session, bd_id)
    draw = draw_row(db_session, bd_id)
    db_session.execute(update(LotteryDraw).where(LotteryDraw.id == draw.id).values(state=CANCELLED))
    assert settle(db_session, bd_id) == 2
    assert balance(db_session, member) == 100_000  # both stakes back, the win taken back
    assert {bet(db_session, b).state for b in (won, lost)} == {"void"}


def test_the_profit_and_loss_shows_the_bets(db_session, bd_id, placed):
    _, caller, _, _ = placed
    settle(db_session, bd_id)
    profit = caller.get("/wps/games/profit", **DAYS)["value"]
    assert profit["rows"] == [
        {
            "gameType": "ELOTT",
            "vassalage": "HOUSE_LOTTO",
            "vendorName": "Lottery",  # the house lottery, named like a vendor
            "count": 2,
            "bet": "20.00",
            "payout": "990.00",
            "winLoss": "970.00",
        }
    ]
