"""Placing a lottery bet, the one path every bet takes, and reading a member's bets.

A bet is checked in this order: the brand sells the game and the bet type in the draw's region;
the draw exists (locked for the rest of the transaction, so bets on one draw take turns and the
cap holds under concurrent bets; SQLite's transactions take turns already); a replay of the
member's ``requestId`` answers the first bet (other fields: ``request_conflict``); the member is
active (the seamless wallet's own rule); the draw is open and before its lock time (server time),
a fast draw's series committed before that lock; the numbers and the stake; the line's least and
largest stake; then the room on each number (the member's limits and the house's cap: see
``book.liability``). Then the stake is debited through the seamless wallet in-process, so the
ledger, idempotency, betting record and profit and loss are every game's.
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tessera.core.envelope import ApiError
from tessera.core.money import Money
from tessera.core.timeutil import as_utc, iso
from tessera.games.seamless.calls import DEBIT, INSUFFICIENT_FUNDS, Call
from tessera.games.seamless.models import SeamlessCall
from tessera.games.seamless.services import SeamlessWallet
from tessera.identity.accounts.models import Member
from tessera.lottery.bet_types import CostModel, Odds, PointPrice, Price, Rule, bet_type
from tessera.lottery.bets.models import PLACED, VOID, LotteryBet, LotteryBetNumber
from tessera.lottery.book import liability
from tessera.lottery.book.services import Book, Line, brand_book, game_sold
from tessera.lottery.draws.games import brand_schedule
from tessera.lottery.draws.models import OPEN, LotteryDraw, LotterySeries
from tessera.lottery.outcome import Bet, liability_by_number
from tessera.lottery.schedule import FastGame, VnGame
from tessera.lottery.vendor import CATEGORY, VASSALAGE


@dataclass(frozen=True)
class Order:
    """A member's bet as sent: amounts as text."""

    request_id: str
    game_code: str
    numero: str
    bet_type: str
    numbers: tuple[str, ...]
    stake: str

    @property
    def fingerprint(self) -> str:
        fields = [self.game_code, self.numero, self.bet_type, list(self.numbers), self.stake]
        return hashlib.sha256(json.dumps(fields, separators=(",", ":")).encode()).hexdigest()


@dataclass(frozen=True)
class Sale:
    """What a bet is placed against: the brand's book, the game, its line and the draw."""

    book: Book
    game: VnGame | FastGame
    line: Line
    draw: LotteryDraw


def transaction_id(member_id: int, request_id: str) -> str:
    """The seamless wallet's transaction id of a member's bet (at most 64 characters)."""
    return f"bet:{member_id}:{request_id}"


def price_of(bet: LotteryBet) -> Price:
    """The price a bet was sold at."""
    if "odds" in bet.price:
        return Odds(Decimal(bet.price["odds"]))
    return PointPrice(int(bet.price["price"]), int(bet.price["payout"]))


def kept_price(price: Price) -> dict:
    if isinstance(price, Odds):
        return {"odds": str(price.multiplier)}
    return {"price": price.price, "payout": price.payout}


def potential_payout(bet: Bet) -> int:
    """The most the bet pays with one hit on each number that can hit together: every number of a
    lô once, one number of a đề (the special has one ending), a xiên's or lô trượt's one payout."""
    if bet.bet_type.rule is Rule.EACH_APPEARANCE:
        return bet.payout_of_a_hit * len(bet.numbers)
    return bet.payout_of_a_hit


def stake_minor(line: Line, book: Book, text: str) -> int:
    """A stake sent as text: whole points for a point bet, an amount of the brand's money otherwise."""
    if line.bet_type.cost is CostModel.POINT:
        try:
            number = Decimal(text)
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite() or number <= 0 or number != number.to_integral_value():
            raise ApiError(400, "stake_invalid")
        return int(number)
    minor = book.money.minor_of(text)
    if minor is None or minor <= 0 or not book.money.on_step(minor) or minor > book.money.largest:
        raise ApiError(400, "stake_invalid")
    return minor


def stake_text(money: Money, kind_code: str, stake: int) -> str:
    """A stake as the API writes it: points as a whole number, money as the brand writes it."""
    return str(stake) if bet_type(kind_code).cost is CostModel.POINT else money.format(stake)


def sale_of(db: Session, tenant, game_code: str, numero: str, kind: str, lock: bool = False) -> Sale:
    """The book, game, line and draw a bet of ``kind`` on ``game_code``'s ``numero`` is sold by;
    ``lock``: the draw row locked until the transaction ends (PostgreSQL)."""
    book = brand_book(db, tenant)
    game = game_sold(book, game_code, brand_schedule(db, tenant))  # a game staff disabled sells nothing
    assert book is not None  # game_sold refuses a brand without a book
    line = book.line_for(game, kind)
    query = select(LotteryDraw).where(
        LotteryDraw.tenant_id == tenant.id, LotteryDraw.game_code == game.code, LotteryDraw.numero == numero
    )
    draw = db.scalars(query.with_for_update() if lock else query).one_or_none()
    if draw is None:
        raise ApiError(404, "draw_unknown", game=game.code, numero=numero)
    return Sale(book, game, line, draw)


def room(db: Session, sale: Sale, member_id: int, numbers: tuple[str, ...]) -> dict[str, int]:
    """The most stake a bet of the sale's line may still put on each of ``numbers``."""
    draw_id, kind = sale.draw.id, sale.line.bet_type
    numbers_of = LotteryBetNumber
    liabilities = db.execute(
        select(numbers_of.number, func.sum(numbers_of.liability_minor))
        .where(
            numbers_of.tenant_id == sale.draw.tenant_id,
            numbers_of.draw_id == draw_id,
            numbers_of.family == liability.family(kind),
            numbers_of.number.in_(numbers),
        )
        .group_by(numbers_of.number)
    ).all()
    staked = db.execute(
        select(numbers_of.number, func.sum(numbers_of.stake))
        .where(
            numbers_of.tenant_id == sale.draw.tenant_id,
            numbers_of.draw_id == draw_id,
            numbers_of.member_id == member_id,
            numbers_of.bet_type == kind.code,
            numbers_of.number.in_(numbers),
        )
        .group_by(numbers_of.number)
    ).all()
    draw_cost = db.scalar(
        select(func.coalesce(func.sum(LotteryBet.cost_minor), 0)).where(
            LotteryBet.tenant_id == sale.draw.tenant_id,
            LotteryBet.draw_id == draw_id,
            LotteryBet.member_id == member_id,
            LotteryBet.state != VOID,
        )
    )
    return liability.room(
        sale.line,
        numbers,
        cap=sale.book.number_cap,
        liability={number: int(total) for number, total in liabilities},
        member_staked={number: int(total) for number, total in staked},
        member_draw_limit=sale.book.member_draw_limit,
        member_draw_cost=int(draw_cost or 0),
    )


def checked_numbers(line: Line, numbers) -> tuple[str, ...]:
    """The numbers of a bet of ``line``, checked as a bet checks them (a stake of 1 stands in)."""
    return Bet(line.bet_type, tuple(numbers), 1, line.price).numbers


def place(db: Session, tenant, member_id: int, order: Order, at: datetime) -> tuple[LotteryBet, str]:
    """The member's bet placed and its stake debited: (bet, the balance after it, as the brand's
    money writes it). A replay of the request id answers the first bet and balance."""
    sale = sale_of(db, tenant, order.game_code, order.numero, order.bet_type, lock=True)
    first = db.scalars(
        select(LotteryBet).where(
            LotteryBet.tenant_id == tenant.id,
            LotteryBet.member_id == member_id,
            LotteryBet.request_id == order.request_id,
        )
    ).one_or_none()
    if first is not None:
        if first.fingerprint != order.fingerprint:
            raise ApiError(409, "request_conflict")
        return first, _first_balance(db, tenant, first)
    member = db.get(Member, member_id)
    if member is None or not SeamlessWallet._may_bet(member):
        raise ApiError(403, "account_frozen")
    _refuse_unless_open(db, sale.draw, at)
    line = sale.line
    stake = stake_minor(line, sale.book, order.stake)
    bet = Bet(line.bet_type, tuple(order.numbers), stake, line.price)
    if stake < line.min_stake:
        raise ApiError(400, "stake_below_min", min=stake_text(sale.book.money, line.bet_type.code, line.min_stake))
    if stake > line.max_stake:
        raise ApiError(400, "stake_above_max", max=stake_text(sale.book.money, line.bet_type.code, line.max_stake))
    rooms = room(db, sale, member_id, bet.numbers)
    if any(stake > rooms[number] for number in bet.numbers):
        shown = {number: stake_text(sale.book.money, line.bet_type.code, most) for number, most in rooms.items()}
        raise ApiError(409, "number_limit_reached", value={"room": shown})
    row = _kept(db, tenant, member_id, sale, order, bet, at)
    return row, _debited(db, tenant, member_id, sale, order, row, at)


def _refuse_unless_open(db: Session, draw: LotteryDraw, at: datetime) -> None:
    if draw.state != OPEN:
        raise ApiError(409, "draw_closed", numero=draw.numero)
    lock_at = as_utc(draw.lock_at)
    if as_utc(at) >= lock_at:
        raise ApiError(409, "draw_locked", numero=draw.numero)
    if draw.series_id is not None:  # a fast draw: its outcome must be committed before it takes a bet
        series = db.get(LotterySeries, draw.series_id)
        if series is None or as_utc(series.created_at) >= lock_at:
            raise ApiError(409, "draw_closed", numero=draw.numero)


def _kept(db: Session, tenant, member_id: int, sale: Sale, order: Order, bet: Bet, at: datetime) -> LotteryBet:
    row = LotteryBet(
        tenant_id=tenant.id,
        member_id=member_id,
        draw_id=sale.draw.id,
        game_code=sale.game.code,
        numero=sale.draw.numero,
        bet_type=bet.bet_type.code,
        numbers=list(bet.numbers),
        stake=bet.stake,
        price=kept_price(bet.price),
        cost_minor=bet.cost,
        potential_payout_minor=potential_payout(bet),
        state=PLACED,
        payout_minor=0,
        hits=0,
        settled_version=0,
        request_id=order.request_id,
        fingerprint=order.fingerprint,
        placed_at=at,
    )
    db.add(row)
    db.flush()
    family = liability.family(bet.bet_type)
    at_risk = liability_by_number(bet)
    db.add_all(
        LotteryBetNumber(
            tenant_id=tenant.id,
            bet_id=row.id,
            draw_id=sale.draw.id,
            member_id=member_id,
            bet_type=bet.bet_type.code,
            family=family,
            number=number,
            stake=bet.stake,
            liability_minor=at_risk.get(number, 0),
        )
        for number in bet.numbers
    )
    db.flush()
    return row


def _debited(db: Session, tenant, member_id: int, sale: Sale, order: Order, row: LotteryBet, at: datetime) -> str:
    wallet = SeamlessWallet(db, tenant, VASSALAGE, CATEGORY, at)
    call = Call(
        DEBIT,
        member_id=member_id,
        transaction_id=transaction_id(member_id, order.request_id),
        round_id=row.round_id,
        game_code=sale.game.code,
        amount_minor=row.cost_minor,
    )
    answer = wallet.answer(call)
    if not answer["ok"]:
        if answer["code"] == INSUFFICIENT_FUNDS:
            raise ApiError(409, "insufficient_funds")
        raise ApiError(409, "request_conflict", reason=answer["code"])
    return answer["balance"]


def _first_balance(db: Session, tenant, bet: LotteryBet) -> str:
    answer = db.scalar(
        select(SeamlessCall.answer).where(
            SeamlessCall.tenant_id == tenant.id,
            SeamlessCall.vassalage == VASSALAGE,
            SeamlessCall.transaction_id == transaction_id(bet.member_id, bet.request_id),
        )
    )
    return json.loads(answer)["balance"] if answer else tenant.money.format(0)


def bet_value(bet: LotteryBet, money: Money, name: str) -> dict:
    """A bet as the member calls answer it."""
    return {
        "betId": bet.id,
        "gameId": bet.game_code,
        "remark": name,
        "numero": bet.numero,
        "betType": bet.bet_type,
        "numbers": list(bet.numbers),
        "stake": stake_text(money, bet.bet_type, bet.stake),
        "cost": money.format(bet.cost_minor),
        "potentialPayout": money.format(bet.potential_payout_minor),
        "payout": money.format(bet.payout_minor),
        "hits": bet.hits,
        "state": bet.state,
        "placedAt": iso(as_utc(bet.placed_at)),
        "settledAt": iso(as_utc(bet.settled_at)),
        "resultVersion": bet.settled_version,
    }


def member_bets(
    db: Session, tenant_id: int, member_id: int, game_code: str | None, state: str | None, page: int, size: int
) -> tuple[list[LotteryBet], int]:
    """A page of the member's bets, newest first, and how many there are."""
    query = select(LotteryBet).where(LotteryBet.tenant_id == tenant_id, LotteryBet.member_id == member_id)
    if game_code:
        query = query.where(LotteryBet.game_code == game_code)
    if state:
        query = query.where(LotteryBet.state == state)
    total = db.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = db.scalars(
        query.order_by(LotteryBet.placed_at.desc(), LotteryBet.id.desc()).offset((page - 1) * size).limit(size)
    ).all()
    return list(rows), total
