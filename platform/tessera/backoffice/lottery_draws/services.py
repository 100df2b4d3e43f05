"""The brand's draws as staff read them, a draw's results entered or corrected and a draw cancelled
(each asked by one staff member and done once a second approves), and its games' schedule kept.

Approved, results on an open draw past its time draw it (version 1), on a drawn draw correct it
(version raised by one); a cancellation makes it cancelled (its bets are void and refunded by the
bets' settlement). Each is done by an update guarded by the state and version the request was asked
against: an approval made stale by the feed or another decision is refused, never applied twice.
"""

from datetime import date, datetime

from sqlalchemy import func, select, update

from tessera.backoffice.acting import Acting
from tessera.backoffice.approvals import services as approvals
from tessera.backoffice.approvals.models import LOTTERY_CANCEL, LOTTERY_RESULTS, PENDING, Approval
from tessera.backoffice.permissions import Permission
from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc
from tessera.lottery.draws.games import changed_at, game_row_value, keep_games, weekdays_text
from tessera.lottery.draws.models import CANCELLED, DRAWN, FAST, OPEN, LotteryDraw, LotteryGame
from tessera.lottery.prizes import result_of
from tessera.lottery.schedule import DAY_SECONDS, Schedule, VnGame
from tessera.wallet.pages import stamp

VN_FIELDS = ("region", "weekdays", "drawTime", "lockMinutes")
FAST_FIELDS = ("lockSeconds",)


# -- Reading draws ---------------------------------------------------------------------------


def draw_value(draw: LotteryDraw, schedule: Schedule, pending: Approval | None = None) -> dict:
    names = {game.code: game.name for game in schedule.games}
    return {
        "id": draw.id,
        "gameCode": draw.game_code,
        "remark": names.get(draw.game_code, draw.game_code),
        "kind": "vietnamese" if draw.series_id is None else "fast",
        "numero": draw.numero,
        "state": draw.state,
        "drawAt": stamp(draw.draw_at),
        "lockAt": stamp(draw.lock_at),
        "drawnAt": stamp(draw.drawn_at),
        "prizes": list(draw.prizes) if draw.prizes is not None else None,
        "resultVersion": draw.result_version,
        "pendingApproval": None if pending is None else pending.id,
    }


def draws_page(db, tenant_id: int, schedule: Schedule, asked: dict) -> dict:
    """A page of the brand's draws, newest first, by game, state and day (Vietnam's calendar)."""
    criteria = [LotteryDraw.tenant_id == tenant_id]
    if asked.get("gameCode"):
        criteria.append(LotteryDraw.game_code == asked["gameCode"])
    if asked.get("state"):
        criteria.append(LotteryDraw.state == asked["state"])
    if asked.get("day"):
        try:
            day = date.fromisoformat(asked["day"])
        except ValueError:
            raise ApiError(400, "date_invalid", date=asked["day"]) from None
        criteria.append(LotteryDraw.numero.like(f"{day:%Y%m%d}%"))
    page, size = asked.get("page", 1), asked.get("pageSize", 50)
    total = db.scalar(select(func.count()).select_from(LotteryDraw).where(*criteria)) or 0
    found = db.scalars(
        select(LotteryDraw)
        .where(*criteria)
        .order_by(LotteryDraw.draw_at.desc(), LotteryDraw.id.desc())
        .offset((page - 1) * size)
        .limit(size)
    ).all()
    return {
        "items": [draw_value(draw, schedule) for draw in found],
        "total": total,
        "page": page,
        "pageSize": size,
    }


def brand_draw(db, tenant_id: int, draw_id: int, *, lock: bool = False) -> LotteryDraw:
    """The brand's draw (locked until the transaction ends with ``lock``); 404 draw_not_found."""
    query = select(LotteryDraw).where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.id == draw_id)
    draw = db.scalar(query.with_for_update() if lock else query)
    if draw is None:
        raise ApiError(404, "draw_not_found")
    return draw


def target_of(draw: LotteryDraw) -> str:
    return f"lottery_draw:{draw.id}"


def pending_approval(db, draw: LotteryDraw) -> Approval | None:
    return db.scalar(
        select(Approval).where(Approval.target == target_of(draw), Approval.status == PENDING).order_by(Approval.id)
    )


# -- Asking ----------------------------------------------------------------------------------


def _ask(db, acting: Acting, draw: LotteryDraw, action: str, form: dict, reason: str | None) -> Approval:
    """The pending approval of ``action`` with ``form`` for the draw (the same request again
    answers the same one); 409 draw_approval_pending when another waits for the draw."""
    waiting = pending_approval(db, draw)
    if waiting is not None and (waiting.action, waiting.form) != (action, form):
        raise ApiError(409, "draw_approval_pending", approval=waiting.id)
    return approvals.ask(
        db,
        acting,
        action=action,
        target=target_of(draw),
        amount_minor=0,
        form=form,
        permission=Permission.LotteryResults.value,
        reason=reason,
    )


def ask_results(db, acting: Acting, schedule: Schedule, draw: LotteryDraw, prizes, reason: str | None) -> Approval:
    """Ask for the draw's results (``prizes`` in its format's published order): entered on an open
    Vietnamese draw past its time, or correcting a drawn one. 409 draw_cancelled, draw_not_due (an
    open draw before its time), draw_fast (a fast draw's prizes come from its seed),
    result_unchanged (the prizes it has); the format's codes (prize_count_invalid...)."""
    if draw.state == CANCELLED:
        raise ApiError(409, "draw_cancelled")
    if draw.series_id is not None:
        raise ApiError(409, "draw_fast")
    if draw.state == OPEN and as_utc(draw.draw_at) > as_utc(acting.at):
        raise ApiError(409, "draw_not_due", drawAt=stamp(draw.draw_at))
    game = schedule.game(draw.game_code)
    assert isinstance(game, VnGame)
    numbers = list(result_of(game.draw_format, prizes).numbers)
    if draw.state == DRAWN and draw.prizes == numbers:
        raise ApiError(409, "result_unchanged")
    form = {"drawId": draw.id, "prizes": numbers, "state": draw.state, "resultVersion": draw.result_version}
    return _ask(db, acting, draw, LOTTERY_RESULTS, form, reason)


def ask_cancel(db, acting: Acting, draw: LotteryDraw, reason: str | None) -> Approval:
    """Ask for the draw's cancellation (open or drawn); 409 draw_cancelled when it is already."""
    if draw.state == CANCELLED:
        raise ApiError(409, "draw_cancelled")
    form = {"drawId": draw.id, "state": draw.state, "resultVersion": draw.result_version}
    return _ask(db, acting, draw, LOTTERY_CANCEL, form, reason)


# -- Doing, once approved --------------------------------------------------------------------


def apply_approved(db, tenant_id: int, acting: Acting, schedule: Schedule, approval: Approval) -> dict:
    """What an approved results or cancellation request does; 409 draw_changed when the draw is no
    longer as it was asked against (the feed drew it, another correction or cancellation came first)."""
    form = approval.form
    draw = brand_draw(db, tenant_id, form["drawId"], lock=True)
    before = draw_value(draw, schedule)
    guard = (
        LotteryDraw.id == draw.id,
        LotteryDraw.state == form["state"],
        LotteryDraw.result_version == form["resultVersion"],
    )
    if approval.action == LOTTERY_RESULTS:
        values = {"state": DRAWN, "prizes": form["prizes"], "result_version": form["resultVersion"] + 1}
        if form["state"] == OPEN:
            values["drawn_at"] = as_utc(acting.at)
        action = "lottery_results_entered" if form["state"] == OPEN else "lottery_results_corrected"
    else:
        values, action = {"state": CANCELLED}, "lottery_draw_cancelled"
    changed = db.execute(
        update(LotteryDraw).where(*guard).values(**values).execution_options(synchronize_session=False)
    )
    if changed.rowcount != 1:
        raise ApiError(409, "draw_changed", state=draw.state, resultVersion=draw.result_version)
    db.refresh(draw)
    after = draw_value(draw, schedule)
    acting.record(db, action, target_of(draw), before, {**after, "approval": approval.id})
    return after


# -- The schedule ----------------------------------------------------------------------------


def games_page(db, tenant) -> dict:
    rows = keep_games(db, tenant)
    found = [game_row_value(row) for row in rows]
    return {"items": found, "total": len(found), "page": 1, "pageSize": max(len(found), 1)}


def brand_game(db, tenant, game_code: str) -> LotteryGame:
    """The brand's game (its games stored first when they are only seeded); 404 game_unknown."""
    for row in keep_games(db, tenant):
        if row.code == game_code:
            return row
    raise ApiError(404, "game_unknown", game=game_code)


def set_game(db, row: LotteryGame, form: dict, staff: str, at: datetime) -> None:
    """Change the game as ``form`` says (only the keys given); 400 game_field_not_applicable for a
    fast game's Vietnamese keys or the reverse, lock_seconds_invalid for a lock not shorter than
    the interval, weekdays_invalid for no weekday."""
    fast = row.kind == FAST
    foreign = [key for key in (VN_FIELDS if fast else FAST_FIELDS) if key in form]
    if foreign:
        raise ApiError(400, "game_field_not_applicable", field=foreign[0])
    if "name" in form:
        row.name = form["name"].strip() or row.name
    if "enabled" in form:
        row.enabled = form["enabled"]
    if fast and "lockSeconds" in form:
        interval = row.interval or DAY_SECONDS
        if form["lockSeconds"] >= interval:
            raise ApiError(400, "lock_seconds_invalid", interval=interval)
        row.lock_seconds = form["lockSeconds"]
    if not fast:
        if "weekdays" in form:
            if not form["weekdays"]:
                raise ApiError(400, "weekdays_invalid")
            row.weekdays = weekdays_text(form["weekdays"])
        for key, column in (("region", "region"), ("drawTime", "draw_time"), ("lockMinutes", "lock_minutes")):
            if key in form:
                setattr(row, column, form[key])
    changed_at(row, staff, at)
    db.flush()
