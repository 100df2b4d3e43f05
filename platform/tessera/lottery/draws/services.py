"""The fast games' draws of a brand: each day's series opened ahead (its commitment published
before its first draw opens), every due draw run exactly once, and what anyone may check of them.

A series covers one fast game's day, Vietnam's calendar: draw k (1 to N, N the game's draws a day)
at midnight + (k - 1) intervals, numero ``yyyymmdd-####``, seed h_k of the day's hash chain. Today's
and tomorrow's series are opened whenever the work runs, so a day's commitment is out a day ahead.
A draw is run by an ``UPDATE ... WHERE state = 'open'``: two workers at once draw it once, and a
draw missed while no worker ran is drawn late, never twice.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc
from tessera.lottery.draws.models import DRAWN, OPEN, LotteryDraw, LotterySeries
from tessera.lottery.errors import LotteryError
from tessera.lottery.fair import Series, draw_prizes, new_series, previous_hash
from tessera.lottery.schedule import OFFICIAL, VIETNAM, FastGame, Schedule, draw_of, fast_draw

DAYS_AHEAD = 1  # tomorrow's series is opened today


def fast_game(game_code: str, schedule: Schedule = OFFICIAL) -> FastGame:
    """The fast game of that code, refused as ``game_unknown`` otherwise (a Vietnamese game too)."""
    try:
        game = schedule.game(game_code)
    except LotteryError:
        game = None
    if not isinstance(game, FastGame):
        raise ApiError(404, "game_unknown", game=game_code)
    return game


def vietnam_day(at: datetime) -> date:
    """The day in Vietnam at the moment ``at`` (aware)."""
    return as_utc(at).astimezone(VIETNAM).date()


def open_series(
    db: Session, tenant_id: int, game: FastGame, day: date, secret_key: str, at: datetime
) -> tuple[LotterySeries, bool]:
    """The series of ``game``'s ``day``, made with its draws when missing: (series, made now),
    committed at ``at``. A second call, or another worker's at once, finds the existing one. Its
    secret is sealed with ``secret_key`` (the deployment's)."""
    found = _series(db, tenant_id, game.code, day)
    if found is not None:
        return found, False
    series = LotterySeries(tenant_id=tenant_id, game_code=game.code, day=day, created_at=as_utc(at))
    series.keep(secret_key, new_series(game.draws_a_day))
    try:
        with db.begin_nested():
            db.add(series)
            db.flush()
            db.execute(insert(LotteryDraw), list(_draw_rows(tenant_id, game, day, series.id)))
    except IntegrityError:  # another worker made it first
        found = _series(db, tenant_id, game.code, day)
        if found is None:
            raise
        return found, False
    return series, True


def _series(db: Session, tenant_id: int, game_code: str, day: date) -> LotterySeries | None:
    return db.scalars(
        select(LotterySeries).where(
            LotterySeries.tenant_id == tenant_id, LotterySeries.game_code == game_code, LotterySeries.day == day
        )
    ).one_or_none()


def _draw_rows(tenant_id: int, game: FastGame, day: date, series_id: int) -> Iterable[dict]:
    for rank in range(1, game.draws_a_day + 1):
        draw = fast_draw(game, day, rank)
        draw_at = as_utc(draw.at)
        yield {
            "tenant_id": tenant_id,
            "game_code": game.code,
            "numero": draw.numero,
            "series_id": series_id,
            "rank": rank,
            "draw_at": draw_at,
            "lock_at": game.lock_time(draw_at),
            "state": OPEN,
        }


def open_due_series(db: Session, tenant_id: int, at: datetime, secret_key: str, schedule: Schedule = OFFICIAL) -> int:
    """Today's and tomorrow's series (Vietnam's calendar) of every fast game opened: how many were made."""
    today = vietnam_day(at)
    made = 0
    for game in schedule.fast_games:
        for offset in range(DAYS_AHEAD + 1):
            made += open_series(db, tenant_id, game, today + timedelta(days=offset), secret_key, at)[1]
    return made


def run_due_draws(db: Session, tenant_id: int, at: datetime, secret_key: str, schedule: Schedule = OFFICIAL) -> int:
    """Every open draw whose time has come (late ones too) drawn: prizes from its seed, the seed
    revealed. How many this call drew (one another worker drew first is not counted)."""
    moment = as_utc(at)
    due = db.execute(
        select(LotteryDraw.id, LotteryDraw.game_code, LotteryDraw.numero, LotteryDraw.rank, LotteryDraw.series_id)
        .where(
            LotteryDraw.tenant_id == tenant_id,
            LotteryDraw.state == OPEN,
            LotteryDraw.draw_at <= moment,
            LotteryDraw.series_id.is_not(None),  # a Vietnamese draw waits for its official results
        )
        .order_by(LotteryDraw.draw_at, LotteryDraw.id)
    ).all()
    ranks: dict[int, set[int]] = {}
    for _, _, _, rank, series_id in due:
        assert rank is not None and series_id is not None
        ranks.setdefault(series_id, set()).add(rank)
    seeds: dict[tuple[int, int], str] = {}
    for series_id, wanted in ranks.items():
        row = db.get(LotterySeries, series_id)
        assert row is not None
        seeds.update(((series_id, k), seed) for k, seed in _seeds(row.chain(secret_key), wanted).items())
    drawn = 0
    for draw_id, game_code, numero, rank, series_id in due:
        seed = seeds[series_id, rank]  # type: ignore[index]
        prizes = list(draw_prizes(seed, numero, fast_game(game_code, schedule).draw_format))
        result = db.execute(
            update(LotteryDraw)
            .where(LotteryDraw.id == draw_id, LotteryDraw.state == OPEN)
            .values(state=DRAWN, prizes=prizes, seed=seed, drawn_at=moment, result_version=1)
            .execution_options(synchronize_session=False)
        )
        drawn += result.rowcount  # type: ignore[attr-defined]
    return drawn


def _seeds(chain: Series, ranks: set[int]) -> dict[int, str]:
    """The seeds h_k of the draws ``ranks`` in one walk down the chain (a late day's catch-up
    draws hundreds at once), the lowest checked against the chain's own derivation."""
    lowest = min(ranks)
    value, seeds = bytes.fromhex(chain.secret), {}
    for rank in range(chain.length, lowest - 1, -1):
        if rank in ranks:
            seeds[rank] = value.hex()
        value = hashlib.sha256(value).digest()
    assert seeds[lowest] == chain.seed_of(lowest)
    return seeds


@dataclass(frozen=True)
class PublishedDraw:
    """A drawn draw as anyone may check it: its seed h_k, the previous hash h_(k-1), the series'
    commitment h_0 and the prizes in published order."""

    game_code: str
    numero: str
    seed: str
    previous_hash: str
    commitment: str
    committed_at: datetime
    lock_at: datetime
    prizes: tuple[str, ...]
    drawn_at: datetime


@dataclass(frozen=True)
class PublishedSeries:
    """A series' commitment, published before its first draw opens."""

    game_code: str
    day: date
    length: int
    commitment: str
    committed_at: datetime
    first_draw_at: datetime


def published_draw(db: Session, tenant_id: int, game_code: str, numero: str) -> PublishedDraw:
    """A drawn draw's proof; ``draw_not_drawn`` (never the seed) while it is open, ``draw_unknown``
    when the brand has no such draw, ``numero_invalid`` when the game has no such numero."""
    game = fast_game(game_code)
    draw_of(game.code, numero)  # numero_invalid
    row = db.execute(
        select(LotteryDraw, LotterySeries.commitment, LotterySeries.created_at)
        .join(LotterySeries, LotterySeries.id == LotteryDraw.series_id)
        .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.game_code == game.code, LotteryDraw.numero == numero)
    ).one_or_none()
    if row is None:
        raise ApiError(404, "draw_unknown", game=game.code, numero=numero)
    draw, commitment, committed_at = row
    if draw.state != DRAWN or draw.seed is None or draw.prizes is None or draw.drawn_at is None:
        raise ApiError(409, "draw_not_drawn", game=game.code, numero=numero)
    return PublishedDraw(
        game.code,
        numero,
        draw.seed,
        previous_hash(draw.seed),
        commitment,
        as_utc(committed_at),
        as_utc(draw.lock_at),
        tuple(draw.prizes),
        as_utc(draw.drawn_at),
    )


def published_series(db: Session, tenant_id: int, game_code: str, day_text: str) -> PublishedSeries:
    """A day's series commitment; ``day_invalid`` for a day not written yyyy-mm-dd, ``series_unknown``
    when it is not opened yet."""
    game = fast_game(game_code)
    try:
        day = date.fromisoformat(day_text)
    except (TypeError, ValueError):
        raise ApiError(400, "day_invalid", day=day_text) from None
    series = _series(db, tenant_id, game.code, day)
    if series is None:
        raise ApiError(404, "series_unknown", game=game.code, day=day_text)
    first = fast_draw(game, day, 1).at
    return PublishedSeries(game.code, day, series.length, series.commitment, as_utc(series.created_at), as_utc(first))
