"""The book as staff see and change it, each number's liability in a draw and a draw's settlement."""

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tessera.core.envelope import ApiError
from tessera.core.timeutil import utcnow
from tessera.lottery.bet_types import Odds, PointPrice, bet_type
from tessera.lottery.bets.models import STATES, LotteryBet, LotteryBetNumber
from tessera.lottery.bets.services import stake_text
from tessera.lottery.book.liability import family, stake_within
from tessera.lottery.book.models import LotteryBook
from tessera.lottery.book.services import Book, Line, book_of, game_sold, overrides_of
from tessera.lottery.draws.models import LotteryDraw
from tessera.lottery.errors import LotteryError

# The form's fields and the [lottery] section's keys they set.
LINE_FIELDS = {
    "price": "price",
    "payout": "payout",
    "odds": "odds",
    "minStake": "min_stake",
    "maxStake": "max_stake",
    "maxPerNumber": "max_per_number",
}


def book_value(book: Book | None, overrides: dict) -> dict:
    """The book in force, and what staff set over the folder."""
    if book is None:
        raise ApiError(404, "game_unknown", game="lottery")
    money = book.money
    lines = []
    for line in book.lines.values():
        kind, price = line.bet_type, line.price
        lines.append(
            {
                "region": str(line.region),
                "gameCode": line.game,
                "betType": kind.code,
                "costModel": str(kind.cost),
                "price": money.format(price.price) if isinstance(price, PointPrice) else None,
                "payout": money.format(price.payout) if isinstance(price, PointPrice) else None,
                "odds": str(price.multiplier) if isinstance(price, Odds) else None,
                "minStake": stake_text(money, kind.code, line.min_stake),
                "maxStake": stake_text(money, kind.code, line.max_stake),
                "maxPerNumber": stake_text(money, kind.code, line.max_per_number),
            }
        )
    return {
        "sells": sorted(book.sells),
        "memberDrawLimit": money.format(book.member_draw_limit),
        "numberCap": money.format(book.number_cap),
        "lines": lines,
        "overrides": overrides,
    }


def change(db: Session, tenant, form: dict) -> tuple[dict, dict]:
    """Staff's form laid over their earlier changes, checked as the book it makes:
    (overrides before, after)."""
    row = overrides_of(db, tenant.id)
    before = dict(row.overrides) if row else {}
    after = {key: value for key, value in before.items() if key != "lines"}
    lines = {region: {code: dict(f) for code, f in codes.items()} for region, codes in before.get("lines", {}).items()}
    for field, key in (("memberDrawLimit", "member_draw_limit"), ("numberCap", "number_cap")):
        if field in form:
            after[key] = form[field]
    for line in form.get("lines", []):
        code = bet_type(line["betType"]).code  # bet_type_unknown
        sold_by = line.get("gameCode") or line.get("region")  # a game priced apart, or a region
        if sold_by is None:
            raise ApiError(400, "book_invalid", field="lines: region or gameCode")
        if line.get("clear"):
            lines.get(sold_by, {}).pop(code, None)
            continue
        fields = lines.setdefault(sold_by, {}).setdefault(code, {})
        fields.update({key: line[name] for name, key in LINE_FIELDS.items() if name in line})
    lines = {sold_by: codes for sold_by, codes in lines.items() if codes}
    if lines:
        after["lines"] = lines
    else:
        after.pop("lines", None)
    book_of(tenant.money, tenant.section("lottery") or None, after)  # book_invalid
    if row is None:
        row = LotteryBook(tenant_id=tenant.id, overrides=after)
        db.add(row)
    row.overrides, row.updated_at = after, utcnow()
    db.flush()
    return before, after


def draw_of(db: Session, tenant_id: int, draw_id: str) -> LotteryDraw:
    draw = db.get(LotteryDraw, int(draw_id)) if draw_id.isdigit() and len(draw_id) < 19 else None
    if draw is None or draw.tenant_id != tenant_id:
        raise ApiError(404, "draw_unknown", draw=draw_id)
    return draw


def liability(db: Session, book: Book | None, draw: LotteryDraw, code: str | None) -> dict:
    """Each number's stakes and liability in the draw (one bet type's family, or all), its room
    under the cap; largest liability first."""
    if book is None:
        raise ApiError(404, "game_unknown", game=draw.game_code)
    numbers = LotteryBetNumber
    query = (
        select(numbers.family, numbers.number, func.sum(numbers.stake), func.sum(numbers.liability_minor))
        .join(LotteryBet, LotteryBet.id == numbers.bet_id)
        .where(numbers.tenant_id == draw.tenant_id, numbers.draw_id == draw.id, LotteryBet.state != "void")
        .group_by(numbers.family, numbers.number)
    )
    kind = bet_type(code) if code else None
    if kind is not None:
        query = query.where(numbers.family == family(kind))
    rows = sorted(db.execute(query).all(), key=lambda row: (-int(row[3]), row[0], row[1]))
    money = book.money
    items = []
    for fam, number, stakes, at_risk in rows:
        left = max(book.number_cap - int(at_risk), 0)
        item: dict[str, str | None] = {
            "family": fam,
            "number": number,
            "stakes": str(int(stakes)),
            "liability": money.format(int(at_risk)),
            "cap": money.format(book.number_cap),
            "room": money.format(left),
        }
        if kind is not None:
            line = _line_of(book, draw, kind.code)
            item["roomStake"] = None if line is None else stake_text(money, kind.code, stake_within(line.price, left))
        items.append(item)
    return {"drawId": draw.id, "gameCode": draw.game_code, "numero": draw.numero, "items": items}


def _line_of(book: Book, draw: LotteryDraw, code: str) -> Line | None:
    """The line a draw's bets of ``code`` are priced by (its game's own, or its region's), if sold."""
    try:
        return book.line_for(game_sold(book, draw.game_code), code)
    except LotteryError:
        return None


def settlement(db: Session, money, draw: LotteryDraw) -> dict:
    """The draw's bets by state: how many, what they cost and paid, the versions they were settled against."""
    rows = db.execute(
        select(
            LotteryBet.state,
            func.count(),
            func.coalesce(func.sum(LotteryBet.cost_minor), 0),
            func.coalesce(func.sum(LotteryBet.payout_minor), 0),
            func.min(LotteryBet.settled_version),
            func.max(LotteryBet.settled_version),
        )
        .where(LotteryBet.tenant_id == draw.tenant_id, LotteryBet.draw_id == draw.id)
        .group_by(LotteryBet.state)
    ).all()
    found = {row[0]: row for row in rows}
    states = {}
    for state in STATES:
        _, count, cost, paid, low, high = found.get(state, (state, 0, 0, 0, None, None))
        states[state] = {
            "count": count,
            "stakes": money.format(int(cost)),
            "payouts": money.format(int(paid)),
            "versions": [] if low is None or high is None else sorted({int(low), int(high)}),
        }
    return {
        "drawId": draw.id,
        "gameCode": draw.game_code,
        "numero": draw.numero,
        "state": draw.state,
        "resultVersion": draw.result_version,
        "bets": states,
    }
