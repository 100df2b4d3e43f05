"""The lottery's menus as members read them: a game item (its draw open for bets now, when that
draw locks and draws), the menu by region, the games a member last bet on, the most played, and a
game's drawn draws with their prizes grouped by prize.

A game's "open" draw is its first stored draw still open whose lock time is ahead: the one a bet
placed now goes to. Bets are rounds of the seamless wallet under the house's lottery vendor
(``game_bets`` with vassalage ``HOUSE_LOTTO``, the game's code as game code).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc, iso
from tessera.games.bets.models import GameBet
from tessera.lottery.draws.models import DRAWN, OPEN, LotteryDraw
from tessera.lottery.prizes import FORMATS, Prize, Region
from tessera.lottery.schedule import FastGame, Schedule, VnGame
from tessera.lottery.vendor import VASSALAGE

LOTT, ELOTT = "LOTT", "ELOTT"  # the official draws, the house's fast draws
EMPTY_MODES = ("ZY", "SEA")  # prize modes of the SPEC this brand's lottery does not sell: empty menus
TAGS = {Region.NORTH: "NORTH", Region.CENTRAL: "CENTRAL", Region.SOUTH: "SOUTH"}
FAST_TAG = "FAST"
MENU_TAGS = {LOTT: ("NORTH", "CENTRAL", "SOUTH"), ELOTT: (FAST_TAG,)}
PRIZE_NAMES = {
    Prize.SPECIAL: "special",
    Prize.FIRST: "first",
    Prize.SECOND: "second",
    Prize.THIRD: "third",
    Prize.FOURTH: "fourth",
    Prize.FIFTH: "fifth",
    Prize.SIXTH: "sixth",
    Prize.SEVENTH: "seventh",
    Prize.EIGHTH: "eighth",
}
EVERY_DAY = "1,2,3,4,5,6,7"
POPULAR_DAYS = 7

Game = VnGame | FastGame


@dataclass(frozen=True)
class OpenDraw:
    numero: str
    lock_at: datetime
    draw_at: datetime


def prize_modes(asked: str | None) -> tuple[str, ...]:
    """The prize modes a menu call asks for, read case-insensitively: both without one, none for
    ZY and SEA; ``prize_mode_invalid`` for anything else."""
    if asked is None or asked == "":
        return (LOTT, ELOTT)
    mode = asked.strip().upper()
    if mode in MENU_TAGS:
        return (mode,)
    if mode in EMPTY_MODES:
        return ()
    raise ApiError(400, "prize_mode_invalid", prizeMode=asked)


def prize_mode(game: Game) -> str:
    return ELOTT if isinstance(game, FastGame) else LOTT


def menu_tag(game: Game) -> str:
    return TAGS[game.region] if isinstance(game, VnGame) else FAST_TAG


def open_draws(db: Session, tenant_id: int, codes, at: datetime) -> dict[str, OpenDraw]:
    """Each game's draw open for bets at ``at``: its first open draw whose lock time is ahead."""
    moment = as_utc(at)
    taking = (
        LotteryDraw.tenant_id == tenant_id,
        LotteryDraw.state == OPEN,
        LotteryDraw.lock_at > moment,
        LotteryDraw.game_code.in_(list(codes)),
    )
    firsts = db.execute(
        select(LotteryDraw.game_code, func.min(LotteryDraw.draw_at)).where(*taking).group_by(LotteryDraw.game_code)
    ).all()
    if not firsts:
        return {}
    rows = db.execute(
        select(LotteryDraw.game_code, LotteryDraw.numero, LotteryDraw.lock_at, LotteryDraw.draw_at)
        .where(*taking)
        .where(or_(*(and_(LotteryDraw.game_code == code, LotteryDraw.draw_at == first) for code, first in firsts)))
        .order_by(LotteryDraw.game_code, LotteryDraw.id)
    ).all()
    found: dict[str, OpenDraw] = {}
    for code, numero, lock_at, draw_at in rows:
        found.setdefault(code, OpenDraw(numero, as_utc(lock_at), as_utc(draw_at)))
    return found


def game_item(game: Game, draw: OpenDraw | None, at: datetime) -> dict:
    """A game as the menus answer it, with its draw open for bets now (or none)."""
    remain = 0 if draw is None else max(0, int((draw.lock_at - as_utc(at)) / timedelta(milliseconds=1)))
    return {
        "gameId": game.code,
        "gameMenuTag": menu_tag(game),
        "remark": game.name,
        "region": game.region.value if isinstance(game, VnGame) else Region.NORTH.value,
        "prizeMode": prize_mode(game),
        "numero": None if draw is None else draw.numero,
        "remainTime": remain,
        "lockTime": None if draw is None else iso(draw.lock_at),
        "winningTime": None if draw is None else iso(draw.draw_at),
        "drawDayOfWeek": EVERY_DAY if isinstance(game, FastGame) else game.draw_day_of_week,
        "interval": game.interval if isinstance(game, FastGame) else None,
    }


def games_in(schedule: Schedule, modes) -> list[Game]:
    """The schedule's games of these prize modes, in its order (the Vietnamese, then the fast)."""
    return [game for game in schedule.games if prize_mode(game) in modes]


def items(db: Session, tenant_id: int, games: list[Game], at: datetime) -> list[dict]:
    draws = open_draws(db, tenant_id, [game.code for game in games], at)
    return [game_item(game, draws.get(game.code), at) for game in games]


def game_menu(db: Session, tenant_id: int, schedule: Schedule, asked_mode: str | None, at: datetime) -> list[dict]:
    """The menu: a tag per region (LOTT) and the fast games' (ELOTT), each with its games; tags
    without games are left out."""
    modes = prize_modes(asked_mode)
    listed = items(db, tenant_id, games_in(schedule, modes), at)
    tags = [tag for mode in modes for tag in MENU_TAGS[mode]]
    menus = [{"tag": tag, "gameMenus": [item for item in listed if item["gameMenuTag"] == tag]} for tag in tags]
    return [menu for menu in menus if menu["gameMenus"]]


def recent(
    db: Session, tenant_id: int, member_id: int, schedule: Schedule, asked_mode: str | None, count: int, at: datetime
) -> list[dict]:
    """The games the member last bet on, most recent first (games the brand no longer sells left out)."""
    games = {game.code: game for game in games_in(schedule, prize_modes(asked_mode))}
    if not games:
        return []
    last = func.max(GameBet.placed_at)
    codes = db.scalars(
        select(GameBet.game_code)
        .where(
            GameBet.tenant_id == tenant_id,
            GameBet.member_id == member_id,
            GameBet.vassalage == VASSALAGE,
            GameBet.game_code.in_(list(games)),
        )
        .group_by(GameBet.game_code)
        .order_by(last.desc(), GameBet.game_code)
        .limit(count)
    ).all()
    return items(db, tenant_id, [games[code] for code in codes], at)


def popular(
    db: Session, tenant_id: int, schedule: Schedule, asked_mode: str | None, count: int, at: datetime
) -> list[dict]:
    """The games with the most bets in the last seven days first, then the schedule's order."""
    games = games_in(schedule, prize_modes(asked_mode))
    if not games:
        return []
    bets = dict(
        db.execute(
            select(GameBet.game_code, func.count(GameBet.id))
            .where(
                GameBet.tenant_id == tenant_id,
                GameBet.vassalage == VASSALAGE,
                GameBet.placed_at >= as_utc(at) - timedelta(days=POPULAR_DAYS),
                GameBet.game_code.in_([game.code for game in games]),
            )
            .group_by(GameBet.game_code)
        ).all()
    )
    order = {game.code: position for position, game in enumerate(games)}
    ranked = sorted(games, key=lambda game: (-bets.get(game.code, 0), order[game.code]))
    return items(db, tenant_id, ranked[:count], at)


def sold_game(schedule: Schedule, game_code: str | None) -> Game:
    """The brand's game of that code; ``404 game_unknown`` otherwise."""
    for game in schedule.games:
        if game.code == game_code:
            return game
    raise ApiError(404, "game_unknown", game=game_code)


def opened_numero(db: Session, tenant_id: int, schedule: Schedule, game_code: str, at: datetime) -> dict:
    """The game's item: its draw open for bets now."""
    game = sold_game(schedule, game_code)
    return items(db, tenant_id, [game], at)[0]


def grouped_prizes(game: Game, prizes: list[str]) -> list[dict]:
    """A result's numbers grouped by prize, in the format's published order."""
    draw_format = game.draw_format
    if len(prizes) != len(draw_format):  # drawn before staff moved the game to another region
        draw_format = next((known for known in FORMATS.values() if len(known) == len(prizes)), draw_format)
    groups: dict[Prize, list[str]] = {}
    for slot, number in zip(draw_format.slots, prizes, strict=False):
        groups.setdefault(slot.prize, []).append(number)
    return [{"prize": PRIZE_NAMES[prize], "numbers": numbers} for prize, numbers in groups.items()]


def drawn_draws(db: Session, tenant_id: int, schedule: Schedule, game_code: str, count: int) -> list[dict]:
    """The game's drawn draws, newest first, with their prizes (cancelled draws left out)."""
    game = sold_game(schedule, game_code)
    rows = db.execute(
        select(LotteryDraw.numero, LotteryDraw.draw_at, LotteryDraw.result_version, LotteryDraw.prizes)
        .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.game_code == game.code, LotteryDraw.state == DRAWN)
        .order_by(LotteryDraw.draw_at.desc(), LotteryDraw.id.desc())
        .limit(count)
    ).all()
    return [
        {
            "gameId": game.code,
            "numero": numero,
            "winningTime": iso(draw_at),
            "resultVersion": version,
            "prizes": grouped_prizes(game, prizes or []),
        }
        for numero, draw_at, version, prizes in rows
    ]
