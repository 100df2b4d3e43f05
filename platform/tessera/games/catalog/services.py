"""The catalog: every vendor's games, synced from the brand's game-vendor plugins
(``tessera_game_catalog``) into ``games``.

A sync writes in bulk, a few statements per vendor whatever the size of its catalog, and only the
rows that changed: running it again when nothing changed at the vendors writes nothing. A game a
vendor no longer offers is retired (``active`` false), never deleted, so favourites, recent games
and bets keep it; it comes back as it was if the vendor offers it again.
"""

import logging
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Literal, overload

from sqlalchemy import insert, select, text, update

from tessera.games.catalog.models import Game
from tessera.games.vendors import category, decimal_minor
from tessera.plugins import AdapterError, Offer

log = logging.getLogger(__name__)

# A game of one of these types is shown in that lane, whatever its vendor's type (a sports vendor's
# virtual esports, say).
OWN_LANES = frozenset({"ESPORTS", "COCKFIGHT"})
# What a vendor's answer sets: compared with the row to tell a changed game from an unchanged one.
FIELDS = (
    "display_name",
    "search_name",
    "game_type",
    "category",
    "classify",
    "min_bet_minor",
    "lines",
    "hot",
    "icon",
    "rank",
)
IDS_PER_STATEMENT = 500
LARGEST_WHOLE = 2**31  # lines and rank are 32-bit columns
VACUUM_AFTER = 1000  # changed rows after which a sync vacuums and analyses the table
SYNC_LOCK = 0x67616D65  # "game": PostgreSQL's advisory lock class of catalog syncs, one lock a brand


# What staff set over a vendor's own values (a sync keeps them): the column of each field.
STAFF_FIELDS = {"hot": Game.staff_hot, "rank": Game.staff_rank, "category": Game.staff_lane}


def with_staff_settings(fields: dict, row) -> dict:
    """A game's columns as the vendor gives them, with what staff set over them."""
    staff = {field: getattr(row, column.key) for field, column in STAFF_FIELDS.items()}
    return {**fields, **{field: value for field, value in staff.items() if value is not None}}


class GameRefused(ValueError):
    """A game in a vendor's answer that cannot be listed (it is skipped, the others are synced)."""


@dataclass
class VendorCounts:
    added: int = 0
    updated: int = 0
    retired: int = 0
    unchanged: int = 0
    skipped: int = 0


@overload
def _text(game: dict, key: str, limit: int, required: Literal[True] = True) -> str: ...


@overload
def _text(game: dict, key: str, limit: int, required: bool) -> str | None: ...


def _text(game: dict, key: str, limit: int, required: bool = True) -> str | None:
    value = game.get(key)
    if not required and (value is None or value == ""):
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise GameRefused(f"{key} must be text of 1 to {limit} characters")
    return value.strip()


def _icon(game: dict) -> str | None:
    """``icon`` (a URL), or the first of ``icons`` (a dict of URLs by size); one that does not fit is left out."""
    icon = game.get("icon")
    if icon is None and isinstance(game.get("icons"), dict):
        icon = next((url for url in game["icons"].values() if isinstance(url, str)), None)
    return icon if isinstance(icon, str) and 0 < len(icon) <= 255 else None


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < LARGEST_WHOLE


def game_fields(game: dict, vendor: dict, position: int, money) -> dict:
    """The columns of one game of ``vendor``'s answer, at ``position`` in it."""
    game_type = _text(game, "gameType", 16, required=False) or vendor["gameType"]
    name = _text(game, "displayName", 128)
    lines, rank = game.get("lines"), game.get("rank")
    rank = position if rank is None else rank
    if lines is not None and not _whole(lines):
        raise GameRefused("lines must be a whole number")
    if not _whole(rank):
        raise GameRefused("rank must be a whole number")
    try:
        min_bet = decimal_minor(game.get("minBet"), money)
    except ValueError as exc:
        raise GameRefused(f"minBet: {exc}") from None
    return {
        "display_name": name,
        "search_name": name.casefold()[:128],
        "game_type": game_type,
        "category": game_type if game_type in OWN_LANES else category(vendor),
        "classify": _text(game, "classify", 8, required=False),
        "min_bet_minor": min_bet,
        "lines": lines,
        "hot": bool(game.get("hot", False)),
        "icon": _icon(game),
        "rank": rank,
    }


def _offered_games(games, vendor: dict, counts: VendorCounts, money) -> dict[str, dict]:
    """The vendor's games by code (the first of a code repeated); a game that cannot be listed is counted, not kept."""
    found: dict[str, dict] = {}
    for position, game in enumerate(games):
        try:
            if not isinstance(game, dict):
                raise GameRefused("not an object")
            code = _text(game, "gameCode", 64)
            if code not in found:
                found[code] = game_fields(game, vendor, position, money)
        except GameRefused as exc:
            counts.skipped += 1
            log.warning(
                "game skipped", extra={"vassalage": vendor["vassalage"], "position": position, "problem": str(exc)}
            )
    return found


def _chunks(items: list, size: int = IDS_PER_STATEMENT):
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _retire(db, ids: list[int], at: datetime) -> None:
    for chunk in _chunks(ids):
        db.execute(
            update(Game)
            .where(Game.id.in_(chunk))
            .values(active=False, synced_at=at)
            .execution_options(synchronize_session=False)
        )


def _write(db, tenant_id: int, vassalage: str, offered: dict[str, dict], at: datetime, counts: VendorCounts) -> None:
    existing = db.execute(
        select(Game.id, Game.game_code, Game.active, *STAFF_FIELDS.values(), *(getattr(Game, f) for f in FIELDS)).where(
            Game.tenant_id == tenant_id, Game.vassalage == vassalage
        )
    ).all()
    known = {row.game_code: row for row in existing}
    changed = []
    for code, offered_fields in offered.items():
        row = known.get(code)
        if row is None:
            continue
        fields = with_staff_settings(offered_fields, row)
        if row.active and all(getattr(row, f) == fields[f] for f in FIELDS):
            counts.unchanged += 1
        else:
            changed.append({"id": row.id, **fields, "active": True, "synced_at": at})
    added = [
        {"tenant_id": tenant_id, "vassalage": vassalage, "game_code": code, **fields, "active": True, "synced_at": at}
        for code, fields in offered.items()
        if code not in known
    ]
    gone = [row.id for row in existing if row.active and row.game_code not in offered]
    if added:
        db.execute(insert(Game), added)
    if changed:
        db.execute(update(Game), changed)
    _retire(db, gone, at)
    counts.added, counts.updated, counts.retired = len(added), len(changed), len(gone)


def _sync_vendor(db, tenant, plugins, offer: Offer, at: datetime) -> VendorCounts:
    if category(offer.vendor) is None:
        raise AdapterError("game_type_unknown")
    counts = VendorCounts()
    games = plugins.game_catalog(offer.vassalage)
    if games is None:
        raise AdapterError("catalog_missing")
    offered = _offered_games(games, offer.vendor, counts, tenant.money)  # read whole before anything is written
    _write(db, tenant.id, offer.vassalage, offered, at, counts)
    return counts


def _retire_vendors_gone(db, tenant_id: int, offered: set[str], at: datetime) -> dict[str, dict]:
    """Retire the games of vendors the brand no longer offers at all (a plugin disabled)."""
    rows = db.execute(
        select(Game.vassalage, Game.id).where(
            Game.tenant_id == tenant_id, Game.active.is_(True), Game.vassalage.not_in(offered)
        )
    ).all()
    gone: dict[str, list[int]] = {}
    for vassalage, game_id in rows:
        gone.setdefault(vassalage, []).append(game_id)
    for ids in gone.values():
        _retire(db, ids, at)
    return {vassalage: asdict(VendorCounts(retired=len(ids))) for vassalage, ids in gone.items()}


def _one_sync_at_a_time(db, tenant_id: int) -> None:
    """Two syncs of one brand (the command run on two machines at once) take turns, the second
    finding the first's rows; SQLite transactions take turns already (each begins IMMEDIATE)."""
    if db.get_bind().dialect.name == "postgresql":
        db.execute(text("SELECT pg_advisory_xact_lock(:kind, :brand)"), {"kind": SYNC_LOCK, "brand": tenant_id})


def sync_catalog(db, tenant, plugins, at: datetime) -> dict:
    """Bring the brand's ``games`` in line with what its vendors offer now.

    Answers ``{"vendors": {vassalage: {added, updated, retired, unchanged, skipped}}, "failed":
    {vassalage or plugin: code}}``. A vendor that cannot answer (its plugin raised AdapterError)
    keeps its games as they were and is named in ``failed`` (so is a vendor of a type no lane
    shows: ``game_type_unknown``), the others are synced; when a plugin cannot even list its
    vendors, no vendor's games are retired for being missing. The caller commits, then calls
    :func:`vacuum_after_sync`.
    """
    brand_offers, failed_plugins = plugins.game_offers()
    _one_sync_at_a_time(db, tenant.id)
    report: dict[str, dict] = {"vendors": {}, "failed": {name: "vendors_unavailable" for name in failed_plugins}}
    for offer in brand_offers.values():
        try:
            counts = _sync_vendor(db, tenant, plugins, offer, at)
        except AdapterError as exc:
            log.warning("game catalog unavailable", extra={"vassalage": offer.vassalage, "code": exc.code})
            report["failed"][offer.vassalage] = exc.code
            continue
        report["vendors"][offer.vassalage] = asdict(counts)
    if not failed_plugins:
        report["vendors"].update(_retire_vendors_gone(db, tenant.id, set(brand_offers), at))
    return report


def vacuum_after_sync(bind, report: dict) -> None:
    """After a committed sync that changed many games, leave the table at once as autovacuum
    would in a while: the planner's statistics up to date (else a lobby query planned for a
    handful of rows reads thousands the slow way) and, on PostgreSQL, the pages marked
    all-visible, so the lobby's counts read the index alone."""
    changed = sum(c["added"] + c["updated"] + c["retired"] for c in report["vendors"].values())
    if changed < VACUUM_AFTER:
        return
    if bind.dialect.name == "postgresql":
        with bind.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("VACUUM (ANALYZE) games"))
    else:
        with bind.begin() as connection:
            connection.execute(text("ANALYZE games"))


def find_game(db, tenant_id: int, vassalage: str, game_code: str) -> Game | None:
    """The brand's game of that vendor and code, while the vendor offers it."""
    return db.scalar(
        select(Game).where(
            Game.tenant_id == tenant_id, Game.vassalage == vassalage, Game.game_code == game_code, Game.active.is_(True)
        )
    )
