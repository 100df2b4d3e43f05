"""When the lottery draws: the official Vietnamese schedule and the house's fast games, as seed data
the operator can change, and the draws, numeros and lock times read from it.

Times are Vietnam's (Asia/Ho_Chi_Minh, no daylight saving). Weekdays use the SPEC's numbering:
Sunday 1, Monday 2 … Saturday 7 (``drawDayOfWeek`` "1,2,…").

Numeros (a draw's number as shown): a Vietnamese game draws at most once a day, so its numero is
the day, ``yyyymmdd``. A fast game draws every ``interval`` seconds from midnight (Vietnam time;
the interval divides a day), and its numero is the day and the draw's rank in it from 0001:
``yyyymmdd-####`` (the 45-second game's last draw of a day is ``-1920`` at 23:59:15).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import FORMAT_OF_REGION, NORTH, DrawFormat, Region

VIETNAM = ZoneInfo("Asia/Ho_Chi_Minh")
DEFAULT_LOCK_MINUTES = 15
DAY_SECONDS = 24 * 60 * 60
SUNDAY, MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY = range(1, 8)

# --- Seed data: the official schedule and the house's fast games (a later step stores them). ---
DRAW_TIMES = {"north": "18:15", "central": "17:15", "south": "16:15"}
# Game code: (name, region). The north is one daily game whatever its host province.
PROVINCES = {
    "MB": ("Miền Bắc", "north"),
    "HCM": ("TP. Hồ Chí Minh", "south"),
    "DT": ("Đồng Tháp", "south"),
    "CM": ("Cà Mau", "south"),
    "BTR": ("Bến Tre", "south"),
    "VT": ("Vũng Tàu", "south"),
    "BL": ("Bạc Liêu", "south"),
    "DN": ("Đồng Nai", "south"),
    "CT": ("Cần Thơ", "south"),
    "ST": ("Sóc Trăng", "south"),
    "TN": ("Tây Ninh", "south"),
    "AG": ("An Giang", "south"),
    "BTH": ("Bình Thuận", "south"),
    "VL": ("Vĩnh Long", "south"),
    "BD": ("Bình Dương", "south"),
    "TV": ("Trà Vinh", "south"),
    "LA": ("Long An", "south"),
    "BP": ("Bình Phước", "south"),
    "HG": ("Hậu Giang", "south"),
    "TG": ("Tiền Giang", "south"),
    "KG": ("Kiên Giang", "south"),
    "DL": ("Đà Lạt", "south"),
    "TTH": ("Thừa Thiên Huế", "central"),
    "PY": ("Phú Yên", "central"),
    "DLK": ("Đắk Lắk", "central"),
    "QNM": ("Quảng Nam", "central"),
    "DNG": ("Đà Nẵng", "central"),
    "KH": ("Khánh Hòa", "central"),
    "BDI": ("Bình Định", "central"),
    "QT": ("Quảng Trị", "central"),
    "QB": ("Quảng Bình", "central"),
    "GL": ("Gia Lai", "central"),
    "NT": ("Ninh Thuận", "central"),
    "QNG": ("Quảng Ngãi", "central"),
    "DNO": ("Đắk Nông", "central"),
    "KT": ("Kon Tum", "central"),
}
# SPEC weekday: the games drawing that day, in the official table's order.
WEEKLY_DRAWS = {
    SUNDAY: ("MB", "TG", "KG", "DL", "KT", "KH", "TTH"),
    MONDAY: ("MB", "HCM", "DT", "CM", "TTH", "PY"),
    TUESDAY: ("MB", "BTR", "VT", "BL", "DLK", "QNM"),
    WEDNESDAY: ("MB", "DN", "CT", "ST", "DNG", "KH"),
    THURSDAY: ("MB", "TN", "AG", "BTH", "BDI", "QT", "QB"),
    FRIDAY: ("MB", "VL", "BD", "TV", "GL", "NT"),
    SATURDAY: ("MB", "HCM", "LA", "BP", "HG", "DNG", "QNG", "DNO"),
}
# Fast (ELOTT) game code: (name, seconds between draws, seconds before a draw its bets close),
# all in the northern 27-prize format. The lock seconds are demo defaults.
FAST_GAMES = {
    "ELOTT45S": ("Siêu tốc 45 giây", 45, 5),
    "ELOTT1M": ("Siêu tốc 1 phút", 60, 10),
    "ELOTT5M": ("Siêu tốc 5 phút", 300, 30),
}


def spec_weekday(day: date) -> int:
    """The SPEC's weekday number of ``day``: Sunday 1, Monday 2 … Saturday 7."""
    return day.isoweekday() % 7 + 1


@dataclass(frozen=True)
class VnGame:
    """A Vietnamese game: the north's daily draw or a province's, on its weekdays."""

    code: str
    name: str
    region: Region
    weekdays: tuple[int, ...]
    draw_time: time
    lock_minutes: int = DEFAULT_LOCK_MINUTES

    @property
    def draw_format(self) -> DrawFormat:
        return FORMAT_OF_REGION[self.region]

    def lock_time(self, draw_at: datetime) -> datetime:
        """When the bets of its draw at ``draw_at`` close: its lock minutes before."""
        return lock_time(draw_at, self.lock_minutes)

    @property
    def draw_day_of_week(self) -> str:
        """The SPEC's ``drawDayOfWeek``: the weekdays it draws, "1,2,…"."""
        return ",".join(str(day) for day in self.weekdays)


@dataclass(frozen=True)
class FastGame:
    """An in-house fast game: a draw every ``interval`` seconds in the northern format."""

    code: str
    name: str
    interval: int
    lock_seconds: int
    draw_format: DrawFormat = NORTH

    @property
    def draws_a_day(self) -> int:
        """How many draws a day: a day's numeros run from 0001 to this (a natural series length)."""
        return DAY_SECONDS // self.interval

    def lock_time(self, draw_at: datetime) -> datetime:
        """When the bets of the draw at ``draw_at`` close."""
        return draw_at - timedelta(seconds=self.lock_seconds)


@dataclass(frozen=True)
class Draw:
    """One draw of a game: its numero and its time (aware, in Vietnam's zone)."""

    game_code: str
    numero: str
    at: datetime


@dataclass(frozen=True)
class Schedule:
    """Every game, and the Vietnamese games drawing on each weekday (Sunday first)."""

    vn_games: tuple[VnGame, ...]
    fast_games: tuple[FastGame, ...]
    weekly: tuple[tuple[str, ...], ...]

    def codes_on(self, weekday: int) -> tuple[str, ...]:
        """The codes of the games drawing on a SPEC weekday, in the table's order."""
        if not isinstance(weekday, int) or not SUNDAY <= weekday <= SATURDAY:
            raise LotteryError("weekday_invalid", weekday=weekday)
        return self.weekly[weekday - 1]

    @property
    def games(self) -> tuple["VnGame | FastGame", ...]:
        """Every game: the Vietnamese games, then the fast games."""
        return (*self.vn_games, *self.fast_games)

    def game(self, code: str) -> VnGame | FastGame:
        for game in self.games:
            if game.code == code:
                return game
        raise LotteryError("game_unknown", game=code)


def schedule_of(draw_times: dict, provinces: dict, weekly_draws: dict, fast_games: dict) -> Schedule:
    """The schedule the seed data (shaped as this module's constants) describes, checked."""
    try:
        times = {Region(region): time.fromisoformat(text) for region, text in draw_times.items()}
        regions = {code: Region(region) for code, (_, region) in provinces.items()}
    except (ValueError, TypeError):
        raise LotteryError("schedule_invalid", problem="draw time or region") from None
    if set(times) != set(Region):
        raise LotteryError("schedule_invalid", problem="a draw time per region")
    if set(weekly_draws) - set(range(1, 8)):
        raise LotteryError("schedule_invalid", problem="weekdays are 1 (Sunday) to 7 (Saturday)")
    unknown = {code for codes in weekly_draws.values() for code in codes} - set(provinces)
    repeated = any(len(set(codes)) != len(codes) for codes in weekly_draws.values())
    if unknown or repeated or set(provinces) & set(fast_games):
        raise LotteryError("schedule_invalid", problem=f"unknown or repeated codes {sorted(unknown)}")
    for _, interval, lock_seconds in fast_games.values():
        if not 0 < interval <= DAY_SECONDS or DAY_SECONDS % interval or not 0 <= lock_seconds < interval:
            raise LotteryError("schedule_invalid", problem="a fast game's interval divides a day, its lock is shorter")
    vn_games = tuple(
        VnGame(
            code,
            name,
            regions[code],
            tuple(day for day in sorted(weekly_draws) if code in weekly_draws[day]),
            times[regions[code]],
        )
        for code, (name, _) in provinces.items()
    )
    fast = tuple(FastGame(code, name, interval, lock) for code, (name, interval, lock) in fast_games.items())
    return Schedule(vn_games, fast, tuple(tuple(weekly_draws.get(day, ())) for day in range(1, 8)))


OFFICIAL = schedule_of(DRAW_TIMES, PROVINCES, WEEKLY_DRAWS, FAST_GAMES)


def schedule_from(vn_games: Iterable[VnGame], fast_games: Iterable[FastGame]) -> Schedule:
    """The schedule of these games (a brand's, as its operator keeps them): each weekday's draws
    are the Vietnamese games drawing that day, in the order given. Codes are unique across both."""
    vn, fast = tuple(vn_games), tuple(fast_games)
    codes = [game.code for game in vn] + [game.code for game in fast]
    if len(set(codes)) != len(codes):
        raise LotteryError("schedule_invalid", problem="repeated codes")
    weekly = tuple(tuple(game.code for game in vn if day in game.weekdays) for day in range(SUNDAY, SATURDAY + 1))
    return Schedule(vn, fast, weekly)


def _local(moment: datetime) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise LotteryError("moment_not_aware")
    return moment.astimezone(VIETNAM)


def _vn_draw(game: VnGame, day: date) -> Draw:
    return Draw(game.code, f"{day:%Y%m%d}", datetime.combine(day, game.draw_time, tzinfo=VIETNAM))


def draws_on(day: date, schedule: Schedule = OFFICIAL) -> tuple[Draw, ...]:
    """The Vietnamese draws of a day (Vietnam's calendar) by time, then in the table's order."""
    codes = schedule.codes_on(spec_weekday(day))
    games = [game for code in codes if isinstance(game := schedule.game(code), VnGame)]
    return tuple(sorted((_vn_draw(game, day) for game in games), key=lambda draw: draw.at))


def fast_draw(game: FastGame, day: date, rank: int) -> Draw:
    """Draw ``rank`` (from 1) of a fast game's ``day`` (Vietnam's calendar): its numero and time."""
    midnight = datetime.combine(day, time(), tzinfo=VIETNAM)
    return Draw(game.code, f"{day:%Y%m%d}-{rank:04d}", midnight + timedelta(seconds=(rank - 1) * game.interval))


def next_draw(game_code: str, after: datetime, schedule: Schedule = OFFICIAL) -> Draw:
    """The game's first draw strictly after ``after`` (an aware datetime)."""
    game = schedule.game(game_code)
    local = _local(after)
    if isinstance(game, FastGame):
        elapsed = local - local.replace(hour=0, minute=0, second=0, microsecond=0)
        rank = elapsed // timedelta(seconds=game.interval) + 2
        if (rank - 1) * game.interval >= DAY_SECONDS:
            return fast_draw(game, local.date() + timedelta(days=1), 1)
        return fast_draw(game, local.date(), rank)
    for offset in range(8):
        day = local.date() + timedelta(days=offset)
        if spec_weekday(day) in game.weekdays and (draw := _vn_draw(game, day)).at > local:
            return draw
    raise LotteryError("game_never_draws", game=game_code)


def draw_of(game_code: str, numero: str, schedule: Schedule = OFFICIAL) -> Draw:
    """The draw a game's numero names, refused when the game has no such draw."""
    game = schedule.game(game_code)
    fast = isinstance(game, FastGame)
    day_text, _, rank_text = numero.partition("-") if isinstance(numero, str) else ("", "", "")
    try:
        day = datetime.strptime(day_text, "%Y%m%d").date()
        rank = int(rank_text) if fast else 0
    except ValueError:
        raise LotteryError("numero_invalid", game=game_code, numero=numero) from None
    if day_text != f"{day:%Y%m%d}":
        raise LotteryError("numero_invalid", game=game_code, numero=numero)
    if isinstance(game, FastGame):
        if rank_text != f"{rank:04d}" or not 1 <= rank <= game.draws_a_day:
            raise LotteryError("numero_invalid", game=game_code, numero=numero)
        return fast_draw(game, day, rank)
    if rank_text or "-" in numero or spec_weekday(day) not in game.weekdays:
        raise LotteryError("numero_invalid", game=game_code, numero=numero)
    return _vn_draw(game, day)


def lock_time(draw_at: datetime, minutes: int = DEFAULT_LOCK_MINUTES) -> datetime:
    """When the bets of a Vietnamese draw at ``draw_at`` close: ``minutes`` before it."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 0:
        raise LotteryError("lock_minutes_invalid", minutes=minutes)
    return draw_at - timedelta(minutes=minutes)
