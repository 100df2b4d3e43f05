"""The brand's vendors and games with what staff set of them. A vendor's settings live in
``game_vendor_settings``; a game's in its catalog row's own columns (``state``, ``staff_*``), which
a sync never writes and applies over the vendor's hot mark, rank and lane."""

from datetime import datetime

from sqlalchemy import func, select

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc, iso
from tessera.games.catalog.models import Game, VendorSetting
from tessera.games.catalog.settings import NOT_SET, VendorState, vendor_states
from tessera.games.vendors import CATEGORIES, category, lane_order

# -- Vendors ------------------------------------------------------------------------------------


def vendor_value(vendor: dict, state: VendorState, game_count: int, at: datetime) -> dict:
    return {
        "vassalage": vendor["vassalage"],
        "displayName": vendor["displayName"],
        "lane": category(vendor),
        "state": state.state,
        "inMaintenance": state.in_maintenance(at),
        "maintenanceFrom": iso(state.maintenance_from),
        "maintenanceUntil": iso(state.maintenance_until),
        "maintenanceMessage": state.message,
        "position": state.position,
        "gameCount": game_count,
    }


def _game_counts(db, tenant_id: int) -> dict[str, int]:
    return dict(
        db.execute(
            select(Game.vassalage, func.count())
            .where(Game.tenant_id == tenant_id, Game.active.is_(True))
            .group_by(Game.vassalage)
        ).all()
    )


def vendors(db, tenant_id: int, offers: dict, at: datetime) -> list[dict]:
    """The brand's vendors (its plugins' offers) in the lobby's order, with staff's settings."""
    states, counts = vendor_states(db, tenant_id), _game_counts(db, tenant_id)
    places = {vassalage: state.place for vassalage, state in states.items()}
    offered = sorted(
        (offer.vendor for offer in offers.values() if category(offer.vendor) is not None),
        key=lambda vendor: lane_order(vendor, places),
    )
    return [
        vendor_value(vendor, states.get(vendor["vassalage"], NOT_SET), counts.get(vendor["vassalage"], 0), at)
        for vendor in offered
    ]


def offered_vendor(offers: dict, vassalage: str) -> dict:
    offer = offers.get(vassalage)
    if offer is None or category(offer.vendor) is None:
        raise ApiError(404, "game_vendor_not_found", vassalage=vassalage)
    return offer.vendor


def _window(form: dict) -> tuple[datetime | None, datetime | None]:
    starts, ends = (as_utc(datetime.fromisoformat(form[k])) if form.get(k) else None for k in ("from", "until"))
    if starts is not None and ends is not None and ends <= starts:
        raise ApiError(400, "maintenance_window_invalid")
    return starts, ends


def set_vendor(db, tenant_id: int, vassalage: str, form: dict, staff: str) -> None:
    """Make the vendor's settings what ``form`` says (a window only for maintenance)."""
    starts, ends = _window(form.get("maintenance") or {}) if form["state"] == "maintenance" else (None, None)
    setting = db.scalar(
        select(VendorSetting).where(VendorSetting.tenant_id == tenant_id, VendorSetting.vassalage == vassalage)
    )
    if setting is None:
        setting = VendorSetting(tenant_id=tenant_id, vassalage=vassalage)
        db.add(setting)
    setting.state = form["state"]
    setting.maintenance_from, setting.maintenance_until = starts, ends
    setting.maintenance_message = (
        (form.get("maintenance") or {}).get("message") if form["state"] == "maintenance" else None
    )
    setting.position = form.get("position")
    setting.updated_by = staff
    db.flush()


# -- Games --------------------------------------------------------------------------------------


def game_value(game: Game, vendor_name: str | None) -> dict:
    return {
        "id": game.id,
        "vassalage": game.vassalage,
        "vendorName": vendor_name,
        "gameCode": game.game_code,
        "displayName": game.display_name,
        "gameType": game.game_type,
        "lane": game.category,
        "active": game.active,
        "state": game.state,
        "hot": game.hot,
        "rank": game.rank,
        "staffSet": {"hot": game.staff_hot, "rank": game.staff_rank, "lane": game.staff_lane},
    }


def games(db, tenant_id: int, offers: dict, asked: dict) -> dict:
    """A page of the brand's games (those its vendors offer), filtered, in the lobby's order."""
    criteria = [Game.tenant_id == tenant_id, Game.active.is_(True)]
    if asked.get("vassalage"):
        criteria.append(Game.vassalage == asked["vassalage"])
    if asked.get("lane"):
        criteria.append(Game.category == asked["lane"])
    if asked.get("state"):
        criteria.append(Game.state == asked["state"])
    if asked.get("hot") is not None:
        criteria.append(Game.hot.is_(asked["hot"]))
    if name := (asked.get("name") or "").strip():
        criteria.append(Game.search_name.contains(name.casefold(), autoescape=True))
    page, size = asked.get("page", 1), asked.get("pageSize", 50)
    total = db.scalar(select(func.count()).select_from(Game).where(*criteria)) or 0
    found = db.scalars(
        select(Game)
        .where(*criteria)
        .order_by(Game.category, Game.vassalage, Game.rank, Game.display_name, Game.id)
        .offset((page - 1) * size)
        .limit(size)
    )
    names = {vassalage: offer.vendor["displayName"] for vassalage, offer in offers.items()}
    return {
        "items": [game_value(game, names.get(game.vassalage)) for game in found],
        "total": total,
        "page": page,
        "pageSize": size,
    }


def existing_game(db, tenant_id: int, game_id: str) -> Game:
    game = (
        db.scalar(select(Game).where(Game.tenant_id == tenant_id, Game.id == int(game_id)))
        if game_id.isdigit()
        else None
    )
    if game is None:
        raise ApiError(404, "game_not_found", id=game_id)
    return game


def set_game(game: Game, form: dict) -> None:
    """Apply what ``form`` says of the game; a key given as null drops staff's setting (the
    vendor's value comes back with the next sync)."""
    if "state" in form:
        game.state = form["state"]
    if "lane" in form and form["lane"] is not None and form["lane"] not in CATEGORIES:
        raise ApiError(400, "game_lane_unknown", lane=form["lane"])
    for key, column, effective in (
        ("hot", "staff_hot", "hot"),
        ("rank", "staff_rank", "rank"),
        ("lane", "staff_lane", "category"),
    ):
        if key in form:
            setattr(game, column, form[key])
            if form[key] is not None:
                setattr(game, effective, form[key])


# -- Vendor wallets -----------------------------------------------------------------------------


def reconciliation(found, money, page: int, size: int) -> dict:
    """A page of the mismatches a reconciliation found (differences, then members the vendor did not
    answer for), with how many members were compared and how many had a transfer under way."""
    mismatches = [
        {
            "memberId": d.member_id,
            "username": d.holding.username,
            "vassalage": d.vassalage,
            "answered": True,
            "vendorHolds": money.format(d.held),
            "expected": money.format(d.holding.expected),
            "wallet": money.format(d.holding.mirror),
            "playSinceTransfer": money.format(d.holding.play),
            "difference": money.format(d.amount),
        }
        for d in found.differences
    ] + [
        {"memberId": member_id, "vassalage": vassalage, "answered": False} for member_id, vassalage in found.unanswered
    ]
    return {
        "items": mismatches[(page - 1) * size : page * size],
        "total": len(mismatches),
        "page": page,
        "pageSize": size,
        "compared": found.compared,
        "underWay": found.under_way,
    }
