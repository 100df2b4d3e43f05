"""Settling the bets of drawn and cancelled draws through the seamless wallet, each bet exactly once
per result version, however many workers run at once.

A drawn draw's bet settled below the draw's ``result_version`` is claimed by raising its
``settled_version`` from the value read (``UPDATE ... WHERE settled_version = :seen``: a second
worker's claim waits for the first's transaction, then matches nothing), settled by
``outcome.settle`` at the price it was sold at, and posted into its round: a first settlement
credits the payout (0 for a loss, which settles the round), a correction resettles the round to
the new payout (the wallet moves the difference). A cancelled draw's bet is claimed by turning it
void, and its round cancelled: the stake comes back, and a payout it had is taken back. The
wallet's transaction ids (``lottery:<bet>:v<version>``, ``lottery:<bet>:void``) are a second
guard: a settlement posted twice moves money once.
"""

import logging
from datetime import datetime

from sqlalchemy import exists, select, update
from sqlalchemy.orm import Session

from tessera.games.seamless.calls import CANCEL, CREDIT, RESETTLE, Call
from tessera.games.seamless.services import SeamlessWallet
from tessera.lottery.bet_types import bet_type
from tessera.lottery.bets.models import LOST, VOID, WON, LotteryBet
from tessera.lottery.bets.services import price_of
from tessera.lottery.draws.games import brand_schedule
from tessera.lottery.draws.models import CANCELLED, DRAWN, LotteryDraw
from tessera.lottery.outcome import Bet, settle
from tessera.lottery.prizes import result_of
from tessera.lottery.schedule import Schedule
from tessera.lottery.vendor import CATEGORY, VASSALAGE

log = logging.getLogger(__name__)


class SettlementRefused(RuntimeError):
    """The wallet refused a settlement's post: the draw's unit of work is undone, tried again next run."""


def due_draws(db: Session, tenant_id: int) -> list[int]:
    """The brand's draws with bets to settle: drawn with a bet behind its result version, or
    cancelled with a bet not void yet; oldest first."""
    behind = exists().where(
        LotteryBet.draw_id == LotteryDraw.id,
        LotteryBet.state != VOID,
        (LotteryBet.settled_version < LotteryDraw.result_version) | (LotteryDraw.state == CANCELLED),
    )
    return list(
        db.scalars(
            select(LotteryDraw.id)
            .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.state.in_((DRAWN, CANCELLED)), behind)
            .order_by(LotteryDraw.draw_at, LotteryDraw.id)
        )
    )


def settle_draw(db: Session, tenant, draw_id: int, at: datetime, schedule: Schedule | None = None) -> int:
    """Every bet of the draw still behind settled (or voided) now, against its game's format in the
    brand's ``schedule`` (its games, disabled ones too): how many this call settled."""
    draw = db.get(LotteryDraw, draw_id, populate_existing=True)
    if draw is None or draw.state not in (DRAWN, CANCELLED):
        return 0
    wallet = SeamlessWallet(db, tenant, VASSALAGE, CATEGORY, at)
    query = select(LotteryBet.id, LotteryBet.settled_version).where(
        LotteryBet.tenant_id == tenant.id, LotteryBet.draw_id == draw.id, LotteryBet.state != VOID
    )
    if draw.state == CANCELLED:
        return sum(_voided(db, wallet, bet_id, at) for bet_id, _ in db.execute(query).all())
    version, prizes = draw.result_version, draw.prizes
    assert prizes is not None and version > 0  # a drawn draw has its results
    schedule = schedule or brand_schedule(db, tenant, disabled=True)
    result = result_of(schedule.game(draw.game_code).draw_format, prizes)
    behind = db.execute(query.where(LotteryBet.settled_version < version)).all()
    return sum(_settled(db, wallet, bet_id, seen, version, result, at) for bet_id, seen in behind)


def _claimed(db: Session, bet_id: int, condition, values: dict) -> LotteryBet | None:
    moved = db.execute(
        update(LotteryBet)
        .where(LotteryBet.id == bet_id, condition)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        return None  # another worker's
    return db.get(LotteryBet, bet_id, populate_existing=True)


def _settled(db: Session, wallet: SeamlessWallet, bet_id: int, seen: int, version: int, result, at: datetime) -> int:
    bet = _claimed(
        db, bet_id, (LotteryBet.settled_version == seen) & (LotteryBet.state != VOID), {"settled_version": version}
    )
    if bet is None:
        return 0
    outcome = settle(Bet(bet_type(bet.bet_type), tuple(bet.numbers), bet.stake, price_of(bet)), result)
    operation = CREDIT if seen == 0 else RESETTLE
    _post(wallet, bet, operation, f"lottery:{bet.id}:v{version}", outcome.payout)
    bet.state, bet.payout_minor, bet.hits, bet.settled_at = (
        (WON if outcome.won else LOST),
        outcome.payout,
        outcome.hits,
        at,
    )
    db.flush()
    return 1


def _voided(db: Session, wallet: SeamlessWallet, bet_id: int, at: datetime) -> int:
    bet = _claimed(db, bet_id, LotteryBet.state != VOID, {"state": VOID})
    if bet is None:
        return 0
    _post(wallet, bet, CANCEL, f"lottery:{bet.id}:void", None)
    bet.payout_minor, bet.settled_at = 0, at
    db.flush()
    return 1


def _post(wallet: SeamlessWallet, bet: LotteryBet, operation: str, transaction_id: str, amount: int | None) -> None:
    call = Call(
        operation,
        member_id=bet.member_id,
        transaction_id=transaction_id,
        round_id=bet.round_id,
        game_code=bet.game_code,
        amount_minor=amount,
    )
    answer = wallet.answer(call)
    if not answer["ok"]:
        log.error("lottery settlement refused", extra={"bet": bet.id, "operation": operation, "code": answer["code"]})
        raise SettlementRefused(f"bet {bet.id}: {operation} refused {answer['code']}")
