"""The Vietnamese draws of a brand: today's and the next days' draws of its games stored as open
rows (numero ``yyyymmdd``, draw and lock times from its schedule), and each one's official result
stored once, whoever stores it first.

Draws are stored by inserts the unique (brand, game, numero) guards: two workers at once store each
draw once. A draw still open and not yet locked follows its game's draw time and lock minutes when
staff change them. A result is stored by an ``UPDATE ... WHERE state = 'open'``: two workers asking
the feed at once store it once.
"""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tessera.core.timeutil import as_utc
from tessera.lottery.draws.games import brand_schedule
from tessera.lottery.draws.models import DRAWN, OPEN, LotteryDraw
from tessera.lottery.draws.services import vietnam_day
from tessera.lottery.errors import LotteryError
from tessera.lottery.results import official_result
from tessera.lottery.schedule import Schedule, VnGame, draws_on
from tessera.plugins import AdapterError

log = logging.getLogger(__name__)

DAYS_AHEAD = 6  # a week of draws: every province's next draw is open, whichever weekday a member picks


def open_vn_draws(db: Session, tenant_id: int, at: datetime, schedule: Schedule) -> int:
    """Today's and the next days' draws (Vietnam's calendar) of the schedule's games stored where
    missing, and the open draws not locked yet moved to their game's times; how many were stored."""
    today = vietnam_day(at)
    wanted = [draw for offset in range(DAYS_AHEAD + 1) for draw in draws_on(today + timedelta(days=offset), schedule)]
    if not wanted:
        return 0
    stored = {
        (code, numero): (draw_id, draw_at, lock_at)
        for draw_id, code, numero, draw_at, lock_at in db.execute(
            select(LotteryDraw.id, LotteryDraw.game_code, LotteryDraw.numero, LotteryDraw.draw_at, LotteryDraw.lock_at)
            .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.series_id.is_(None))
            .where(LotteryDraw.numero.in_({draw.numero for draw in wanted}))
        )
    }
    made, moment = 0, as_utc(at)
    for draw in wanted:
        game = schedule.game(draw.game_code)
        assert isinstance(game, VnGame)
        draw_at = as_utc(draw.at)
        lock_at = game.lock_time(draw_at)
        found = stored.get((draw.game_code, draw.numero))
        if found is None:
            made += _store(db, tenant_id, draw.game_code, draw.numero, draw_at, lock_at)
        elif (as_utc(found[1]), as_utc(found[2])) != (draw_at, lock_at) and as_utc(found[2]) > moment:
            db.execute(
                update(LotteryDraw)
                .where(LotteryDraw.id == found[0], LotteryDraw.state == OPEN, LotteryDraw.lock_at > moment)
                .values(draw_at=draw_at, lock_at=max(lock_at, moment))
                .execution_options(synchronize_session=False)
            )
    return made


def _store(db: Session, tenant_id: int, game_code: str, numero: str, draw_at: datetime, lock_at: datetime) -> int:
    row = {
        "tenant_id": tenant_id,
        "game_code": game_code,
        "numero": numero,
        "draw_at": draw_at,
        "lock_at": lock_at,
        "state": OPEN,
        "result_version": 0,
    }
    try:
        with db.begin_nested():
            db.execute(insert(LotteryDraw), [row])
    except IntegrityError:  # another worker stored it first
        return 0
    return 1


@dataclass(frozen=True)
class DueDraw:
    """An open Vietnamese draw whose time has passed: it waits for its result."""

    id: int
    game_code: str
    numero: str


def due_vn_draws(db: Session, tenant_id: int, at: datetime) -> list[DueDraw]:
    """The brand's open Vietnamese draws whose time has passed (late ones too), oldest first."""
    rows = db.execute(
        select(LotteryDraw.id, LotteryDraw.game_code, LotteryDraw.numero)
        .where(
            LotteryDraw.tenant_id == tenant_id,
            LotteryDraw.state == OPEN,
            LotteryDraw.draw_at <= as_utc(at),
            LotteryDraw.series_id.is_(None),
        )
        .order_by(LotteryDraw.draw_at, LotteryDraw.id)
    )
    return [DueDraw(*row) for row in rows]


def store_result(db: Session, draw_id: int, prizes, at: datetime) -> bool:
    """The open draw's first result stored (prizes in published order, version 1); False when it
    was drawn or cancelled meanwhile (another worker, an operator)."""
    result = db.execute(
        update(LotteryDraw)
        .where(LotteryDraw.id == draw_id, LotteryDraw.state == OPEN)
        .values(state=DRAWN, prizes=list(prizes), drawn_at=as_utc(at), result_version=1)
        .execution_options(synchronize_session=False)
    )
    return result.rowcount == 1  # type: ignore[attr-defined]


class ResultsUnavailable(ConnectionError):
    """The brand's results feed could not answer for some due draws: a passing failure, so the
    job's run is tried again with growing delays (jobs.services.passing)."""


def store_official_results(unit_of_work, tenant, plugins, at: datetime) -> dict[str, int]:
    """Every due Vietnamese draw's result asked of the brand's results feed, checked against its
    format and stored, each in its own unit of work: how many were ``due``, ``stored`` (by this
    run), still ``waiting`` (not published, or no feed: an operator enters them) and ``refused``
    (an answer that is not the format's numbers, logged; asked again next run). Raises
    :class:`ResultsUnavailable` after the others when the feed could not be reached for some."""
    with unit_of_work() as db:
        schedule = brand_schedule(db, tenant, disabled=True)
        due = due_vn_draws(db, tenant.id, at)
    counts = {"due": len(due), "stored": 0, "waiting": 0, "refused": 0}
    if not due or not plugins.has_lottery_results:
        counts["waiting"] = len(due)
        return counts
    unavailable = []
    for draw in due:
        try:
            result = official_result(plugins, draw.game_code, draw.numero, schedule)
        except AdapterError as failed:
            unavailable.append(f"{draw.game_code} {draw.numero}: {failed.code}")
            continue
        except LotteryError as refused:
            log.warning(
                "lottery result refused",
                extra={"game": draw.game_code, "numero": draw.numero, "code": refused.code},
            )
            counts["refused"] += 1
            continue
        if result is None:
            counts["waiting"] += 1
            continue
        with unit_of_work() as db:
            counts["stored"] += store_result(db, draw.id, result.numbers, at)
    if unavailable:
        raise ResultsUnavailable(f"results feed unavailable for {len(unavailable)} draws: {'; '.join(unavailable[:5])}")
    return counts
