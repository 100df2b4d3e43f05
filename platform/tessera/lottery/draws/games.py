"""A brand's lottery games: stored per brand, seeded from the official schedule when the brand sells
the lottery (tenant.toml ``[lottery]``: ``vietnamese`` for every province's draw, ``fast`` for the
house's fast games), kept by its operator; and the brand's :class:`Schedule` read from them.

Until a brand's games are first stored (by the draws' job or a staff change) its schedule is read
from the seed itself, so reading never writes. A disabled game is left out of the selling schedule:
it opens no new draws and is not in the menus; its draws already open keep waiting for results.
"""

from datetime import datetime, time

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tessera.core.timeutil import iso
from tessera.lottery.draws.models import FAST, VIETNAMESE, LotteryGame
from tessera.lottery.prizes import Region
from tessera.lottery.schedule import OFFICIAL, FastGame, Schedule, VnGame, schedule_from
from tessera.lottery.vendor import FAST_GAMES, VIETNAM_GAMES, sold_kinds

ALL_WEEKDAYS = tuple(range(1, 8))


def weekdays_text(weekdays) -> str:
    return ",".join(str(day) for day in sorted(set(weekdays)))


def seed_games(tenant) -> list[LotteryGame]:
    """The brand's games as the official schedule seeds them (unsaved), by its ``[lottery]`` section:
    none when it has no such section."""
    if "lottery" not in tenant.config:
        return []
    sells = sold_kinds(tenant.section("lottery"))
    games = []
    if VIETNAM_GAMES in sells:
        games += [
            LotteryGame(
                code=game.code,
                kind=VIETNAMESE,
                name=game.name,
                enabled=True,
                region=game.region.value,
                weekdays=weekdays_text(game.weekdays),
                draw_time=f"{game.draw_time:%H:%M}",
                lock_minutes=game.lock_minutes,
            )
            for game in OFFICIAL.vn_games
        ]
    if FAST_GAMES in sells:
        games += [
            LotteryGame(
                code=game.code,
                kind=FAST,
                name=game.name,
                enabled=True,
                interval=game.interval,
                lock_seconds=game.lock_seconds,
            )
            for game in OFFICIAL.fast_games
        ]
    for position, game in enumerate(games):
        game.tenant_id, game.position = tenant.id, position
    return games


def stored_games(db: Session, tenant_id: int) -> list[LotteryGame]:
    return list(
        db.scalars(select(LotteryGame).where(LotteryGame.tenant_id == tenant_id).order_by(LotteryGame.position))
    )


def brand_games(db: Session, tenant) -> list[LotteryGame]:
    """The brand's games in the schedule's order: those stored, else the seed (unsaved)."""
    return stored_games(db, tenant.id) or seed_games(tenant)


def keep_games(db: Session, tenant) -> list[LotteryGame]:
    """The brand's games stored (seeded now when none are; another worker seeding at once is
    found instead), in the schedule's order."""
    found = stored_games(db, tenant.id)
    if found:
        return found
    seeded = seed_games(tenant)
    if not seeded:
        return []
    try:
        with db.begin_nested():
            db.add_all(seeded)
    except IntegrityError:  # seeded at the same moment by another worker or staff change
        return stored_games(db, tenant.id)
    return seeded


def game_of(row: LotteryGame) -> VnGame | FastGame:
    """The schedule's game a row describes."""
    if row.kind == FAST:
        assert row.interval is not None and row.lock_seconds is not None
        return FastGame(row.code, row.name, row.interval, row.lock_seconds)
    assert row.region is not None and row.draw_time is not None and row.lock_minutes is not None
    weekdays = tuple(int(day) for day in (row.weekdays or "").split(",") if day)
    return VnGame(row.code, row.name, Region(row.region), weekdays, time.fromisoformat(row.draw_time), row.lock_minutes)


def schedule_of_games(rows, *, disabled: bool = False) -> Schedule:
    """The schedule of these rows: the enabled games only, unless ``disabled``."""
    games = [game_of(row) for row in rows if disabled or row.enabled]
    return schedule_from(
        (game for game in games if isinstance(game, VnGame)), (game for game in games if isinstance(game, FastGame))
    )


def brand_schedule(db: Session, tenant, *, disabled: bool = False) -> Schedule:
    """The brand's schedule: its enabled games (every game it keeps with ``disabled``: the draws
    already open of a game since disabled still take their results)."""
    return schedule_of_games(brand_games(db, tenant), disabled=disabled)


def game_row_value(row: LotteryGame) -> dict:
    """A game as staff read and change it."""
    fast = row.kind == FAST
    return {
        "gameCode": row.code,
        "kind": row.kind,
        "name": row.name,
        "enabled": row.enabled,
        "region": "north" if fast else row.region,
        "weekdays": list(ALL_WEEKDAYS) if fast else [int(d) for d in (row.weekdays or "").split(",") if d],
        "drawTime": None if fast else row.draw_time,
        "lockMinutes": None if fast else row.lock_minutes,
        "interval": row.interval if fast else None,
        "lockSeconds": row.lock_seconds if fast else None,
        "updatedBy": row.updated_by,
        "updatedAt": iso(row.updated_at.replace(microsecond=0)) if row.updated_at else None,
    }


def changed_at(row: LotteryGame, staff: str, at: datetime) -> None:
    row.updated_by, row.updated_at = staff, at
