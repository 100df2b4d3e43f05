"""The draw schedule: the official weekday table written out by hand, next draws and numeros, lock
times, the fast games, and an operator's own schedule."""

from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from tessera.lottery import schedule
from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import CENTRAL, NORTH, SOUTH, Region
from tessera.lottery.schedule import (
    DRAW_TIMES,
    FAST_GAMES,
    MONDAY,
    OFFICIAL,
    PROVINCES,
    WEDNESDAY,
    WEEKLY_DRAWS,
    FastGame,
    VnGame,
    draw_of,
    draws_on,
    lock_time,
    next_draw,
    schedule_from,
    schedule_of,
    spec_weekday,
)

VN = ZoneInfo("Asia/Ho_Chi_Minh")
# 2026-11-29 is a Sunday: the week from it, day by day.
WEEK = {date(2026, 11, 29) + timedelta(days=n): n + 1 for n in range(7)}
# The official table (southern at 16:15, central at 17:15), by province name.
SOUTH_TABLE = {
    "Mon": ["TP. Hồ Chí Minh", "Đồng Tháp", "Cà Mau"],
    "Tue": ["Bến Tre", "Vũng Tàu", "Bạc Liêu"],
    "Wed": ["Đồng Nai", "Cần Thơ", "Sóc Trăng"],
    "Thu": ["Tây Ninh", "An Giang", "Bình Thuận"],
    "Fri": ["Vĩnh Long", "Bình Dương", "Trà Vinh"],
    "Sat": ["TP. Hồ Chí Minh", "Long An", "Bình Phước", "Hậu Giang"],
    "Sun": ["Tiền Giang", "Kiên Giang", "Đà Lạt"],
}
CENTRAL_TABLE = {
    "Mon": ["Thừa Thiên Huế", "Phú Yên"],
    "Tue": ["Đắk Lắk", "Quảng Nam"],
    "Wed": ["Đà Nẵng", "Khánh Hòa"],
    "Thu": ["Bình Định", "Quảng Trị", "Quảng Bình"],
    "Fri": ["Gia Lai", "Ninh Thuận"],
    "Sat": ["Đà Nẵng", "Quảng Ngãi", "Đắk Nông"],
    "Sun": ["Kon Tum", "Khánh Hòa", "Thừa Thiên Huế"],
}


def names(draws, hour: int) -> list[str]:
    return [PROVINCES[draw.game_code][0] for draw in draws if draw.at.hour == hour]


def test_weekdays_are_numbered_from_sunday_1_to_saturday_7():
    assert [spec_weekday(day) for day in WEEK] == [1, 2, 3, 4, 5, 6, 7]
    assert spec_weekday(date(2026, 11, 27)) == 6  # a Friday


@pytest.mark.parametrize("day", list(WEEK))
def test_each_day_draws_the_official_table_south_then_centre_then_north(day):
    weekday = f"{day:%a}"
    draws = draws_on(day)
    assert names(draws, 16) == SOUTH_TABLE[weekday]
    assert names(draws, 17) == CENTRAL_TABLE[weekday]
    assert names(draws, 18) == ["Miền Bắc"]
    assert [draw.at.hour for draw in draws] == sorted(draw.at.hour for draw in draws)
    assert {(draw.at.minute, draw.at.tzinfo) for draw in draws} == {(15, VN)}
    assert {draw.numero for draw in draws} == {f"{day:%Y%m%d}"}


def test_the_games_of_a_weekday_are_read_by_its_spec_number():
    assert OFFICIAL.codes_on(1) == ("MB", "TG", "KG", "DL", "KT", "KH", "TTH")
    assert OFFICIAL.codes_on(7)[:2] == ("MB", "HCM")
    for weekday in (0, 8):
        with pytest.raises(LotteryError) as refused:
            OFFICIAL.codes_on(weekday)
        assert refused.value.code == "weekday_invalid"
    assert hash(OFFICIAL) == hash(schedule_of(DRAW_TIMES, PROVINCES, WEEKLY_DRAWS, FAST_GAMES))


def test_every_game_has_a_short_unique_code_its_region_and_format():
    codes = [game.code for game in (*OFFICIAL.vn_games, *OFFICIAL.fast_games)]
    assert len(codes) == len(set(codes)) == 1 + 21 + 14 + 3
    assert all(code.isascii() and code.isupper() and len(code) <= 3 for code in PROVINCES)
    assert OFFICIAL.game("MB").draw_format is NORTH
    assert OFFICIAL.game("HCM").draw_format is SOUTH and OFFICIAL.game("HCM").region == Region.SOUTH
    assert OFFICIAL.game("DNG").draw_format is CENTRAL


@pytest.mark.parametrize(
    "code, days",
    [("MB", "1,2,3,4,5,6,7"), ("HCM", "2,7"), ("DNG", "4,7"), ("KH", "1,4"), ("TTH", "1,2"), ("DL", "1"), ("VL", "6")],
)
def test_draw_day_of_week_lists_the_spec_weekdays(code, days):
    assert OFFICIAL.game(code).draw_day_of_week == days


def test_the_next_draw_is_strictly_after_the_moment_in_vietnam_time():
    # Friday 2026-11-27 10:00 UTC is 17:00 in Vietnam: the north draws at 18:15 today.
    friday = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
    assert next_draw("MB", friday).at == datetime(2026, 11, 27, 18, 15, tzinfo=VN)
    assert next_draw("MB", friday).numero == "20261127"
    at_the_draw = datetime(2026, 11, 27, 18, 15, tzinfo=VN)
    assert next_draw("MB", at_the_draw).at == datetime(2026, 11, 28, 18, 15, tzinfo=VN)
    assert next_draw("MB", at_the_draw - timedelta(microseconds=1)).at == at_the_draw
    # TP.HCM draws on Monday and Saturday: from Friday evening, Saturday; from Saturday's draw, Monday.
    assert next_draw("HCM", friday).at == datetime(2026, 11, 28, 16, 15, tzinfo=VN)
    assert next_draw("HCM", datetime(2026, 11, 28, 16, 15, tzinfo=VN)).numero == "20261130"
    # Đà Lạt draws on Sundays only: from just after one, a week later.
    assert next_draw("DL", datetime(2026, 11, 29, 16, 16, tzinfo=VN)).numero == "20261206"


def test_a_moment_late_in_the_utc_day_is_already_tomorrow_in_vietnam():
    # 2026-11-27 20:00 UTC is Saturday 03:00 in Vietnam.
    assert next_draw("LA", datetime(2026, 11, 27, 20, 0, tzinfo=UTC)).numero == "20261128"


def test_bets_lock_15_minutes_before_a_draw_unless_configured():
    at = datetime(2026, 11, 27, 18, 15, tzinfo=VN)
    assert lock_time(at) == datetime(2026, 11, 27, 18, 0, tzinfo=VN)
    assert lock_time(at, 30) == datetime(2026, 11, 27, 17, 45, tzinfo=VN)
    assert lock_time(at, 0) == at
    for minutes in (-1, 1.5, True):
        with pytest.raises(LotteryError) as refused:
            lock_time(at, minutes)
        assert refused.value.code == "lock_minutes_invalid"


def test_at_least_three_fast_games_every_45_seconds_1_and_5_minutes_in_the_northern_format():
    intervals = {game.code: game.interval for game in OFFICIAL.fast_games}
    assert intervals == {"ELOTT45S": 45, "ELOTT1M": 60, "ELOTT5M": 300}
    assert all(game.draw_format is NORTH for game in OFFICIAL.fast_games)
    assert [game.draws_a_day for game in OFFICIAL.fast_games] == [1920, 1440, 288]
    game = OFFICIAL.game("ELOTT1M")
    assert game.lock_time(datetime(2026, 11, 27, 12, 0, tzinfo=VN)) == datetime(2026, 11, 27, 11, 59, 50, tzinfo=VN)


def test_fast_numeros_count_the_draws_of_the_vietnamese_day_from_0001():
    midnight = datetime(2026, 11, 27, 0, 0, tzinfo=VN)
    just_before = midnight - timedelta(microseconds=1)
    assert next_draw("ELOTT45S", just_before) == schedule.Draw("ELOTT45S", "20261127-0001", midnight)
    assert next_draw("ELOTT45S", midnight).numero == "20261127-0002"
    assert next_draw("ELOTT45S", midnight).at == midnight + timedelta(seconds=45)
    assert next_draw("ELOTT45S", midnight + timedelta(seconds=44)).numero == "20261127-0002"
    assert next_draw("ELOTT5M", datetime(2026, 11, 27, 12, 1, tzinfo=VN)).numero == "20261127-0146"
    last = datetime(2026, 11, 27, 23, 59, 15, tzinfo=VN)
    assert next_draw("ELOTT45S", last - timedelta(seconds=1)).numero == "20261127-1920"
    assert next_draw("ELOTT45S", last).numero == "20261128-0001"
    assert next_draw("ELOTT1M", datetime(2026, 11, 27, 16, 59, 30, tzinfo=UTC)).numero == "20261128-0001"


def test_a_numero_names_its_draw():
    assert draw_of("ELOTT45S", "20261127-1920").at == datetime(2026, 11, 27, 23, 59, 15, tzinfo=VN)
    assert draw_of("ELOTT5M", "20261127-0001").at == datetime(2026, 11, 27, 0, 0, tzinfo=VN)
    assert draw_of("HCM", "20261130") == schedule.Draw("HCM", "20261130", datetime(2026, 11, 30, 16, 15, tzinfo=VN))
    for moment in (datetime(2026, 11, 27, 9, 13, 7, tzinfo=UTC), datetime(2026, 11, 28, 23, 0, tzinfo=VN)):
        for code in ("ELOTT45S", "ELOTT5M", "MB", "KG"):
            draw = next_draw(code, moment)
            assert draw_of(code, draw.numero) == draw


@pytest.mark.parametrize(
    "code, numero",
    [
        ("ELOTT45S", "20261127-0000"),
        ("ELOTT45S", "20261127-1921"),
        ("ELOTT5M", "20261127-0289"),
        ("ELOTT45S", "20261127-1"),
        ("ELOTT45S", "20261127-+001"),
        ("ELOTT45S", "20261127-00001"),
        ("ELOTT45S", "20261127"),
        ("ELOTT45S", "2026112-0001"),
        ("HCM", "20261127"),  # a Friday: TP.HCM does not draw
        ("MB", "20261127-0001"),
        ("MB", "20261332"),
        ("MB", ""),
    ],
)
def test_a_numero_without_a_draw_is_refused(code, numero):
    with pytest.raises(LotteryError) as refused:
        draw_of(code, numero)
    assert refused.value.code == "numero_invalid"


def test_an_unknown_game_and_a_naive_moment_are_refused():
    with pytest.raises(LotteryError) as refused:
        next_draw("XX", datetime(2026, 11, 27, tzinfo=UTC))
    assert refused.value.code == "game_unknown"
    with pytest.raises(LotteryError) as refused:
        next_draw("MB", datetime(2026, 11, 27))
    assert refused.value.code == "moment_not_aware"


def test_an_operator_changes_the_schedule_as_data():
    times = {**DRAW_TIMES, "north": "18:30"}
    weekly = {**WEEKLY_DRAWS, 3: (*WEEKLY_DRAWS[3], "HCM")}  # TP.HCM on Tuesdays too
    own = schedule_of(times, PROVINCES, weekly, {"ELOTT30M": ("Siêu tốc 30 phút", 1800, 60)})
    assert own.game("HCM").draw_day_of_week == "2,3,7"
    assert next_draw("MB", datetime(2026, 11, 27, 18, 20, tzinfo=VN), own).at == datetime(
        2026, 11, 27, 18, 30, tzinfo=VN
    )
    assert names(draws_on(date(2026, 12, 1), own), 16) == ["Bến Tre", "Vũng Tàu", "Bạc Liêu", "TP. Hồ Chí Minh"]
    assert [game.code for game in own.fast_games] == ["ELOTT30M"]
    with pytest.raises(LotteryError):
        own.game("ELOTT45S")


@pytest.mark.parametrize(
    "times, provinces, weekly, fast",
    [
        ({**DRAW_TIMES, "north": "25:00"}, PROVINCES, WEEKLY_DRAWS, FAST_GAMES),
        ({"north": "18:15"}, PROVINCES, WEEKLY_DRAWS, FAST_GAMES),
        (DRAW_TIMES, {**PROVINCES, "XX": ("Nowhere", "west")}, WEEKLY_DRAWS, FAST_GAMES),
        (DRAW_TIMES, PROVINCES, {**WEEKLY_DRAWS, 8: ("MB",)}, FAST_GAMES),
        (DRAW_TIMES, PROVINCES, {**WEEKLY_DRAWS, 1: ("MB", "XX")}, FAST_GAMES),
        (DRAW_TIMES, PROVINCES, {**WEEKLY_DRAWS, 1: ("MB", "KG", "MB")}, FAST_GAMES),
        (DRAW_TIMES, PROVINCES, WEEKLY_DRAWS, {"MB": ("Clash", 60, 10)}),
        (DRAW_TIMES, PROVINCES, WEEKLY_DRAWS, {"ELOTT7S": ("Uneven", 7, 1)}),
        (DRAW_TIMES, PROVINCES, WEEKLY_DRAWS, {"ELOTT1M": ("Locked", 60, 60)}),
    ],
)
def test_a_schedule_that_cannot_run_is_refused(times, provinces, weekly, fast):
    with pytest.raises(LotteryError) as refused:
        schedule_of(times, provinces, weekly, fast)
    assert refused.value.code == "schedule_invalid"


def test_a_brand_s_schedule_is_built_from_its_games():
    mb, dn = OFFICIAL.game("MB"), OFFICIAL.game("DN")
    fast = OFFICIAL.game("ELOTT1M")
    assert isinstance(mb, VnGame) and isinstance(dn, VnGame) and isinstance(fast, FastGame)
    late_dn = replace(dn, draw_time=time(16, 30), lock_minutes=20)
    schedule = schedule_from([mb, late_dn], [fast])
    assert schedule.codes_on(WEDNESDAY) == ("MB", "DN") and schedule.codes_on(MONDAY) == ("MB",)
    [south, north] = draws_on(date(2030, 1, 16), schedule)  # a Wednesday: by time
    assert (south.game_code, south.at.time()) == ("DN", time(16, 30))
    assert late_dn.lock_time(south.at) == south.at - timedelta(minutes=20)
    assert next_draw("ELOTT1M", north.at, schedule).numero == "20300116-1097"
    with pytest.raises(LotteryError) as refused:
        schedule_from([mb, mb], [])
    assert refused.value.code == "schedule_invalid"
    with pytest.raises(LotteryError):
        schedule.game("HCM")
