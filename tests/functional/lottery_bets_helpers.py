"""What the lottery bets' tests share: a fast game's day committed on a brand, the clock before a
draw's lock, the numbers a draw will draw (from its series' seed), and bets placed by the API."""

import itertools
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import select

from tessera.core.timeutil import utcnow
from tessera.lottery.draws.models import LotteryDraw, LotterySeries
from tessera.lottery.draws.services import open_series
from tessera.lottery.fair import draw_prizes
from tessera.lottery.prizes import NORTH, result_of
from tessera.lottery.schedule import OFFICIAL, VIETNAM

KEY = "test-secret-key-of-at-least-32-bytes"  # the suite's deployment key (conftest)
GAME = "ELOTT1M"
# Two days on (the betting record's days reach only so far), in Vietnam's calendar.
DAY = (utcnow() + timedelta(days=2)).astimezone(VIETNAM).date()
EVE = datetime.combine(DAY - timedelta(days=1), time(23), tzinfo=VIETNAM).astimezone(UTC)  # the evening before DAY
DAYS = {"startDate": f"{DAY - timedelta(days=1)}", "endDate": f"{DAY}"}  # a record's days, the brand's time zone
FIRST = f"{DAY:%Y%m%d}-0001"  # drawn at midnight, locked 10 seconds before
BETS = "/lotto/lgw/bets"
_requests = itertools.count(1)


def request_id() -> str:
    return f"lottery-{next(_requests):06d}"


def commit_day(db, tenant_id: int, day: date = DAY, at: datetime = EVE) -> None:
    """``day``'s series of the one-minute game, committed at ``at``."""
    game = next(game for game in OFFICIAL.fast_games if game.code == GAME)
    open_series(db, tenant_id, game, day, KEY, at)


def draw_row(db, tenant_id: int, numero: str = FIRST) -> LotteryDraw:
    return db.scalars(
        select(LotteryDraw)
        .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.game_code == GAME, LotteryDraw.numero == numero)
        .execution_options(populate_existing=True)
    ).one()


def coming_prizes(db, tenant_id: int, numero: str = FIRST) -> tuple[str, ...]:
    """The prizes the draw will draw: its seed is in the committed series (a test may look)."""
    draw = draw_row(db, tenant_id, numero)
    series = db.get(LotterySeries, draw.series_id)
    return draw_prizes(series.chain(KEY).seed_of(draw.rank), numero, NORTH)


def special_ending(db, tenant_id: int, numero: str = FIRST) -> str:
    """The two digits a đề on the draw wins with."""
    return result_of(NORTH, coming_prizes(db, tenant_id, numero)).special[-2:]


def losing_ending(db, tenant_id: int, numero: str = FIRST) -> str:
    """Two digits no prize of the draw ends with."""
    out = set(result_of(NORTH, coming_prizes(db, tenant_id, numero)).tails(2))
    return next(f"{n:02d}" for n in range(100) if f"{n:02d}" not in out)


def order(numbers, stake="10", bet_type="de", numero=FIRST, **fields) -> dict:
    return {
        "requestId": fields.pop("requestId", None) or request_id(),
        "gameCode": GAME,
        "numero": numero,
        "betType": bet_type,
        "numbers": list(numbers),
        "stake": stake,
        **fields,
    }


def before_lock(clock, seconds: int = 60) -> None:
    """The app's clock ``seconds`` before the first draw's lock."""
    clock.now = datetime.combine(DAY, time(), tzinfo=VIETNAM).astimezone(UTC) - timedelta(seconds=10 + seconds)
