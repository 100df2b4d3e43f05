"""The brand's book: what each bet type costs and pays in each region, the stakes it takes, a
member's limit on one draw and the house's cap on one number of a draw.

The book is read from tenant.toml's ``[lottery]`` section, with what staff changed in the back
office over it (``models.LotteryBook``, the same shape). Amounts are written as the brand's money
writes them ("27000", "12.50"); stakes of point bets (lô, bao lô) are whole points::

    [lottery]
    sells = ["vietnam", "fast"]        # the Vietnamese draws, the fast games, or both
    member_draw_limit = "100000000"    # what one member's bets on one draw may cost, together
    number_cap = "5000000000"          # the most the house pays on one number of one draw
    [lottery.point_stakes]             # every point bet's stakes, in points, unless its line says
    min = "1"
    max = "1000"
    per_number = "5000"                # one member's points on one number of one draw
    [lottery.amount_stakes]            # every other bet's stakes, in money
    min = "1000"
    max = "10000000"
    per_number = "50000000"
    [lottery.lines.north.lo_2]         # one region's bet type: price and payout, or odds, and stakes
    price = "27000"
    payout = "99000"
    [lottery.lines.ELOTT1M.de]         # one game's bet type, over its region's line (a game priced apart)
    odds = "95"

A line's price falls back on the bet type's demo price (bet_types.py): its odds always (odds have
no currency), a point's price and payout only for a brand in the demo's currency (dong). A point
bet a brand in another money names no price for is not sold. A brand without ``[lottery]`` sells
no lottery at all.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from sqlalchemy import select
from sqlalchemy.orm import Session

from tessera.core.envelope import ApiError
from tessera.core.money import Money, decimal_of
from tessera.lottery.bet_types import BET_TYPES, DEMO_CURRENCY, BetType, CostModel, Odds, PointPrice, Price, bet_type
from tessera.lottery.book.models import LotteryBook
from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import Region
from tessera.lottery.schedule import OFFICIAL, FastGame, Schedule, VnGame
from tessera.lottery.vendor import FAST_GAMES, VIETNAM_GAMES, sold_kinds

POINT_STAKES, AMOUNT_STAKES = "point_stakes", "amount_stakes"


@dataclass(frozen=True)
class Line:
    """One bet type as sold in one region, or in one ``game`` of it priced apart: its ``price``, and
    the stakes a bet takes (points for a point bet, minor units otherwise): ``min_stake`` to
    ``max_stake`` a bet, ``max_per_number`` one member's on one number of one draw."""

    region: Region
    bet_type: BetType
    price: Price
    min_stake: int
    max_stake: int
    max_per_number: int
    game: str | None = None


@dataclass(frozen=True)
class Book:
    """A brand's book: its ``lines`` by (region, bet type code), in the catalogue's order, and the
    lines of games priced apart by (game code, bet type code); ``member_draw_limit`` and
    ``number_cap`` in minor units."""

    money: Money
    sells: frozenset[str]
    lines: Mapping[tuple[Region | str, str], Line]
    member_draw_limit: int
    number_cap: int

    def sells_game(self, game: VnGame | FastGame) -> bool:
        return (FAST_GAMES if isinstance(game, FastGame) else VIETNAM_GAMES) in self.sells

    def lines_of(self, region: Region) -> tuple[Line, ...]:
        return tuple(line for (sold_in, _), line in self.lines.items() if sold_in is region)

    def lines_for(self, game: VnGame | FastGame) -> tuple[Line, ...]:
        """The lines a game's draws are priced by: its region's, each replaced by the game's own
        where it is priced apart."""
        return tuple(self.lines.get((game.code, line.bet_type.code), line) for line in self.lines_of(region_of(game)))

    def line(self, region: Region, code: str) -> Line:
        """The line a bet of ``code`` on a draw of ``region`` is priced by; ``bet_type_unknown``, or
        ``bet_type_not_in_region`` when the brand does not sell it there."""
        found = self.lines.get((region, bet_type(code).code))
        if found is None:
            raise LotteryError("bet_type_not_in_region", bet_type=code, region=str(region))
        return found

    def line_for(self, game: VnGame | FastGame, code: str) -> Line:
        """The line a bet of ``code`` on one of ``game``'s draws is priced by: the game's own, or its
        region's (refused as :meth:`line` refuses)."""
        region_line = self.line(region_of(game), code)
        return self.lines.get((game.code, region_line.bet_type.code), region_line)


def region_of(game: VnGame | FastGame) -> Region:
    """The region whose bet types a game's draws take: a fast game draws in the northern format."""
    return game.region if isinstance(game, VnGame) else game.draw_format.region


def merged(section: Mapping, overrides: Mapping | None) -> dict:
    """tenant.toml's ``[lottery]`` with staff's overrides over it, key by key (lines field by field)."""
    result = {key: value for key, value in section.items() if key != "lines"}
    lines = {
        region: {code: dict(fields) for code, fields in codes.items()}
        for region, codes in section.get("lines", {}).items()
    }
    for key, value in (overrides or {}).items():
        if key == "lines":
            for region, codes in value.items():
                for code, fields in codes.items():
                    lines.setdefault(region, {}).setdefault(code, {}).update(fields)
        elif isinstance(value, Mapping):
            result[key] = {**result.get(key, {}), **value}
        else:
            result[key] = value
    result["lines"] = lines
    return result


def book_of(money: Money, section: Mapping | None, overrides: Mapping | None = None) -> Book | None:
    """The book the brand's ``[lottery]`` section (``None``: the brand sells no lottery) and staff's
    overrides describe; ``book_invalid`` when a figure does not hold."""
    if not section:
        return None
    config = merged(section, overrides)
    lines: dict[tuple[Region | str, str], Line] = {}
    for kind in BET_TYPES:
        for region in Region:
            if region not in kind.regions:
                continue
            fields = config["lines"].get(str(region), {}).get(kind.code, {})
            price = _price(money, kind, region, fields)
            if price is not None:
                lines[region, kind.code] = _line(money, config, kind, region, price, fields)
    for key, codes in config["lines"].items():
        if key not in REGIONS:
            lines.update(_game_lines(money, config, key, codes, lines))
    return Book(
        money,
        sold_kinds(config),
        lines,
        _amount(money, config.get("member_draw_limit"), "member_draw_limit"),
        _amount(money, config.get("number_cap"), "number_cap"),
    )


REGIONS = frozenset(str(region) for region in Region)


def _game_lines(money: Money, config: Mapping, code: str, kinds: Mapping, region_lines: Mapping) -> dict:
    """The lines of the game ``code`` priced apart: each bet type's fields over its region's line
    (``book_invalid`` for a game the official schedule has not, or a bet type its region does not sell)."""
    try:
        game = OFFICIAL.game(code)
    except LotteryError:
        raise ApiError(400, "book_invalid", field=f"lines.{code}") from None
    region = region_of(game)
    lines = {}
    for kind_code, own in kinds.items():
        try:
            kind = bet_type(kind_code)
        except LotteryError:
            kind = None
        if kind is None or (region, kind.code) not in region_lines:
            raise ApiError(400, "book_invalid", field=f"lines.{code}.{kind_code}")
        fields = {**config["lines"].get(str(region), {}).get(kind.code, {}), **own}
        price = _price(money, kind, region, fields, where=f"{code}.{kind.code}")
        if price is None:
            raise ApiError(400, "book_invalid", field=f"lines.{code}.{kind_code}")
        line = _line(money, config, kind, region, price, fields, where=f"{code}.{kind.code}")
        lines[code, kind.code] = replace(line, game=code)
    return lines


def _price(money: Money, kind: BetType, region: Region, fields: Mapping, where: str | None = None) -> Price | None:
    where = where or f"{region}.{kind.code}"
    if kind.cost is CostModel.POINT:
        if "price" in fields or "payout" in fields:
            return PointPrice(
                _amount(money, fields.get("price"), f"{where}.price"),
                _amount(money, fields.get("payout"), f"{where}.payout"),
            )
        return kind.demo_price(region) if money.code == DEMO_CURRENCY else None
    if "odds" in fields:
        odds = decimal_of(fields["odds"])
        if odds is None or odds <= 0 or odds > 1_000_000:
            raise ApiError(400, "book_invalid", field=f"{where}.odds")
        return Odds(odds)
    return kind.demo_price(region)


def _line(
    money: Money,
    config: Mapping,
    kind: BetType,
    region: Region,
    price: Price,
    fields: Mapping,
    where: str | None = None,
) -> Line:
    points = kind.cost is CostModel.POINT
    defaults = config.get(POINT_STAKES if points else AMOUNT_STAKES, {})
    where = where or f"{region}.{kind.code}"

    def stake(field: str, default_field: str) -> int:
        value = fields.get(field, defaults.get(default_field))
        return _points(value, f"{where}.{field}") if points else _amount(money, value, f"{where}.{field}")

    line = Line(
        region,
        kind,
        price,
        stake("min_stake", "min"),
        stake("max_stake", "max"),
        stake("max_per_number", "per_number"),
    )
    if not line.min_stake <= line.max_stake <= line.max_per_number:
        raise ApiError(400, "book_invalid", field=f"{where}: min_stake <= max_stake <= max_per_number")
    return line


def _amount(money: Money, value, field: str) -> int:
    minor = None if value is None else money.minor_of(value)
    if minor is None or minor <= 0 or minor > money.largest:
        raise ApiError(400, "book_invalid", field=field)
    return minor


def _points(value, field: str) -> int:
    try:
        number = Decimal(str(value)) if value is not None else None
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite() or number != number.to_integral_value() or not 0 < number < 10**12:
        raise ApiError(400, "book_invalid", field=field)
    return int(number)


def overrides_of(db: Session, tenant_id: int) -> LotteryBook | None:
    """The brand's row of staff's changes to its book, if any."""
    return db.scalars(select(LotteryBook).where(LotteryBook.tenant_id == tenant_id)).one_or_none()


def brand_book(db: Session, tenant) -> Book | None:
    """The brand's book now (None: it sells no lottery)."""
    row = overrides_of(db, tenant.id)
    return book_of(tenant.money, tenant.section("lottery"), row.overrides if row else None)


def game_sold(book: Book | None, code: str, schedule: Schedule = OFFICIAL) -> VnGame | FastGame:
    """The game of ``code`` if the brand sells it; ``404 game_unknown`` otherwise."""
    try:
        game = schedule.game(code)
    except LotteryError:
        game = None
    if book is None or game is None or not book.sells_game(game):
        raise ApiError(404, "game_unknown", game=code)
    return game
