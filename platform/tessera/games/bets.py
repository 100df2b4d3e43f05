"""The betting record: a member's rounds, newest first, with the summary of every round the
filters select; and the rounds of transfer-wallet vendors, brought in from their bet records.

Seamless vendors' rounds are written as their wallet calls arrive. A transfer-wallet vendor keeps
its rounds itself, so ``tessera games pull-bets`` asks it for them, page after page from the
position in its list where the last pull stopped (kept in the database): a round is known by its
vendor and roundId, so pulling the same records again changes nothing.
"""
import logging
from collections import Counter
from datetime import datetime

from sqlalchemy import case, func, select, update
from sqlalchemy.exc import IntegrityError

from tessera.core.cache import memo
from tessera.identity.models import Member
from tessera.plugins import AdapterError
from tessera.core.timeutil import as_utc, utcnow
from tessera.wallet.history import period
from tessera.wallet.money import LARGEST, format_minor
from tessera.wallet.payment_common import page_of, stamp
from tessera.games import services
from tessera.games.catalog import decimal_minor
from tessera.games.models import OPEN, ROLLED_BACK, SETTLED, TRANSFER, BetCursor, Game, GameBet

log = logging.getLogger(__name__)

NEWEST_FIRST = (GameBet.placed_at.desc(), GameBet.id.desc())
PAGE_SIZE = 10


def vendor_names(request) -> dict[str, str]:
    """The brand's vendors' names by vassalage."""
    return memo(request.registry, "game_vendor_names").get(
        request.tenant.id, lambda: {v["vassalage"]: v["displayName"] for v in services.vendors(request.plugins)})


def total(column):
    """The sum of ``column`` (0 over no rows), as SQL."""
    return func.coalesce(func.sum(column), 0)


def win_loss(bet: GameBet) -> int:
    """What the round won (positive) or lost: only a settled round has an outcome."""
    return bet.payout_minor - bet.bet_minor if bet.status == SETTLED else 0


# -- The betting record ----------------------------------------------------------------------

def member_rounds(tenant, member_id: int, start_date: str | None, end_date: str | None):
    """The member's rounds placed within the days (the brand's), as a select of GameBet."""
    since, until = period(tenant, start_date, end_date)
    rounds = select(GameBet).where(GameBet.tenant_id == tenant.id, GameBet.member_id == member_id)
    if since is not None:
        rounds = rounds.where(GameBet.placed_at >= since)
    if until is not None:
        rounds = rounds.where(GameBet.placed_at < until)
    return rounds


def betting_record(db, tenant, member_id: int, query: dict, names: dict[str, str]) -> dict:
    rounds = member_rounds(tenant, member_id, query.get("startDate"), query.get("endDate"))
    for field, column in (("gameType", GameBet.category), ("vassalage", GameBet.vassalage), ("status", GameBet.status)):
        if query.get(field):
            rounds = rounds.where(column == query[field])
    page = page_of(db, rounds, NEWEST_FIRST, query.get("pageNo", 1), query.get("pageSize", PAGE_SIZE))
    games = _game_names(db, {bet.game_id for bet in page.rows if bet.game_id is not None})
    return {**page.value(lambda bet: _record(bet, names, games)), "summary": _summary(db, rounds)}


def _game_names(db, game_ids: set[int]) -> dict[int, str]:
    if not game_ids:
        return {}
    return dict(db.execute(select(Game.id, Game.display_name).where(Game.id.in_(game_ids))).all())


def _record(bet: GameBet, names: dict[str, str], games: dict[int, str]) -> dict:
    return {
        "id": bet.id,
        "roundId": bet.round_id,
        "vassalage": bet.vassalage,
        "vendorName": names.get(bet.vassalage, bet.vassalage),
        "gameCode": bet.game_code,
        "gameName": games.get(bet.game_id) or bet.game_code,
        "gameType": bet.category,
        "bet": format_minor(bet.bet_minor),
        "payout": format_minor(bet.payout_minor),
        "winLoss": format_minor(win_loss(bet)),
        "status": bet.status,
        "walletMode": bet.wallet_mode,
        "placedAt": stamp(bet.placed_at),
        "settledAt": stamp(bet.settled_at),
    }


def _summary(db, rounds) -> dict:
    """Over every round selected: a rolled-back round staked nothing (its bet came back)."""
    selected = rounds.subquery()
    staked = case((selected.c.status != ROLLED_BACK, selected.c.bet_minor), else_=0)
    outcome = case((selected.c.status == SETTLED, selected.c.payout_minor - selected.c.bet_minor), else_=0)
    count, bet, payout, won = db.execute(
        select(func.count(), total(staked), total(selected.c.payout_minor), total(outcome))).one()
    return {"count": count, "bet": format_minor(int(bet)), "payout": format_minor(int(payout)),
            "winLoss": format_minor(int(won))}


# -- Transfer-wallet vendors' bet records ----------------------------------------------------

RECORDED, UPDATED, UNCHANGED, SKIPPED, INVALID = "recorded", "updated", "unchanged", "skipped", "invalid"
PAGES = 50  # pages one pull takes from a vendor; the next pull goes on from there


class BadRecord(ValueError):
    """A bet record the vendor sent that does not say what a round needs."""


def transfer_vendors(plugins) -> tuple[list[services.Offer], list[str]]:
    """The brand's transfer-wallet vendors with the plugins offering them, and the plugins that
    could not say which vendors they offer."""
    offers, failed = services.offers(plugins)
    return [offer for offer in offers.values() if offer.vendor.get("walletMode") == TRANSFER], failed


def pull_vendor_bets(db, tenant, plugins, offer: services.Offer, pages: int = PAGES) -> Counter:
    """Bring the vendor's new rounds into the betting records, a page at a time from where the
    brand's last pull stopped, until nothing is new (at most ``pages`` pages). Each page is kept
    together with the position after it, in one transaction the function commits; none is held
    while the vendor answers. So a round is kept once, and a pull stopped anywhere (a crash, a
    restart) goes on from the last page kept. Safe to run on several machines at once: a page
    another pull kept first is left to it. How many records were recorded, updated, unchanged,
    skipped (a member not of the brand, or a round id the brand knows for another member or wallet
    mode) and invalid. Raises the plugin's AdapterError when the vendor cannot answer."""
    counts = Counter({outcome: 0 for outcome in (RECORDED, UPDATED, UNCHANGED, SKIPPED, INVALID)})
    for _ in range(pages):
        position = db.scalar(select(BetCursor.position).where(
            BetCursor.tenant_id == tenant.id, BetCursor.vassalage == offer.vassalage))
        db.commit()
        records, following = _page(plugins.game_bet_records(offer.vassalage, position), offer.vassalage)
        if not _move_cursor(db, tenant.id, offer.vassalage, position, following):
            db.rollback()  # another pull kept this page meanwhile
            continue
        book = _RoundBook(db, tenant.id, offer.vendor)
        for record in records:
            counts[book.keep(record)] += 1
        db.commit()
        if not records or following == position:
            break
    return counts


def _page(answer, vassalage: str) -> tuple[list, str]:
    """The records and the next position of a plugin's answer, or the vendor is taken as unable to answer."""
    records = answer.get("records") if isinstance(answer, dict) else None
    following = answer.get("cursor") if isinstance(answer, dict) else None
    if not isinstance(records, (list, tuple)) or not isinstance(following, str) or not 0 < len(following) <= 255:
        log.warning("bet records answer unreadable", extra={"vassalage": vassalage})
        raise AdapterError("vendor_unavailable", vassalage=vassalage)
    return list(records), following


def _move_cursor(db, tenant_id: int, vassalage: str, position: str | None, following: str) -> bool:
    """Move the brand's position in the vendor's rounds from ``position`` to ``following``; False
    when it is not at ``position`` any more."""
    if position is None:
        try:
            with db.begin_nested():
                db.add(BetCursor(tenant_id=tenant_id, vassalage=vassalage, position=following, pulled_at=utcnow()))
            return True
        except IntegrityError:
            return False
    return db.execute(update(BetCursor).where(
        BetCursor.tenant_id == tenant_id, BetCursor.vassalage == vassalage, BetCursor.position == position,
    ).values(position=following, pulled_at=utcnow()).execution_options(synchronize_session=False)).rowcount == 1


class _RoundBook:
    """Keeps one vendor's records as rounds of one brand, remembering members and games it looked up."""

    def __init__(self, db, tenant_id: int, vendor: dict):
        self.db, self.tenant_id = db, tenant_id
        self.vassalage = vendor["vassalage"]
        self.category = services.category(vendor) or vendor.get("gameType", "")
        self.members: dict[int, bool] = {}
        self.games: dict[str, tuple[int | None, str]] = {}

    def keep(self, record) -> str:
        try:
            fields = round_fields(record)
        except BadRecord as bad:
            log.warning("bet record unreadable", extra={"vassalage": self.vassalage, "problem": str(bad)})
            return INVALID
        if not self._is_member(fields["member_id"]):
            log.warning("bet record of a member not of the brand",
                        extra={"vassalage": self.vassalage, "round": fields["round_id"]})
            return SKIPPED
        fields["game_id"], fields["category"] = self._game(fields["game_code"])
        existing = self._round(fields["round_id"])
        if existing is None:
            try:
                with self.db.begin_nested():
                    self.db.add(GameBet(tenant_id=self.tenant_id, vassalage=self.vassalage, wallet_mode=TRANSFER,
                                        **fields))
                return RECORDED
            except IntegrityError:  # the same round kept by another pull at the same moment
                existing = self._round(fields["round_id"])
        return self._update(existing, fields)

    def _update(self, existing: GameBet, fields: dict) -> str:
        if existing.wallet_mode != TRANSFER or existing.member_id != fields["member_id"]:
            log.warning("bet record of a round the brand knows otherwise",
                        extra={"vassalage": self.vassalage, "round": fields["round_id"]})
            return SKIPPED
        changed = {name: value for name, value in fields.items() if _stored(getattr(existing, name)) != value}
        for name, value in changed.items():
            setattr(existing, name, value)
        self.db.flush()
        return UPDATED if changed else UNCHANGED

    def _round(self, round_id: str) -> GameBet | None:
        found = select(GameBet).where(GameBet.tenant_id == self.tenant_id, GameBet.vassalage == self.vassalage,
                                      GameBet.round_id == round_id)
        return self.db.scalars(found.execution_options(populate_existing=True)).one_or_none()

    def _is_member(self, member_id: int) -> bool:
        if member_id not in self.members:
            self.members[member_id] = self.db.scalar(
                select(Member.id).where(Member.id == member_id, Member.tenant_id == self.tenant_id)) is not None
        return self.members[member_id]

    def _game(self, game_code: str) -> tuple[int | None, str]:
        """The catalog's game (retired ones too: a round keeps its game) and its lane."""
        if game_code not in self.games:
            game = self.db.execute(select(Game.id, Game.category).where(
                Game.tenant_id == self.tenant_id, Game.vassalage == self.vassalage, Game.game_code == game_code)).first()
            self.games[game_code] = (game.id, game.category) if game else (None, self.category)
        return self.games[game_code]


def _stored(value):
    return as_utc(value) if isinstance(value, datetime) else value


def round_fields(record) -> dict:
    """A normalised bet record ({roundId, memberId, gameCode, bet, payout, placedAt, settledAt})
    as GameBet's columns; a record without settledAt is a round still open."""
    if not isinstance(record, dict):
        raise BadRecord("not an object")
    settled_at = _moment(record, "settledAt", optional=True)
    return {
        "round_id": _code(record, "roundId"),
        "member_id": _member_id(record.get("memberId")),
        "game_code": _code(record, "gameCode"),
        "bet_minor": _minor(record, "bet"),
        "payout_minor": _minor(record, "payout"),
        "placed_at": _moment(record, "placedAt"),
        "settled_at": settled_at,
        "status": SETTLED if settled_at is not None else OPEN,
    }


def _code(record: dict, field: str) -> str:
    value = record.get(field)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not 0 < len(value.strip()) <= 64:
        raise BadRecord(f"{field} must be a text of 1 to 64 characters")
    return value.strip()


def _member_id(value) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise BadRecord("memberId must be a member's id")
    return value


def _minor(record: dict, field: str) -> int:
    try:
        minor = decimal_minor(record.get(field))
    except ValueError:
        minor = None
    if minor is None or minor > LARGEST:
        raise BadRecord(f"{field} must be an amount of at most 2 decimals, not negative")
    return minor


def _moment(record: dict, field: str, optional: bool = False) -> datetime | None:
    value = record.get(field)
    if value is None and optional:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise BadRecord(f"{field} must be an ISO 8601 moment") from None
    if not isinstance(value, datetime):
        raise BadRecord(f"{field} must be an ISO 8601 moment")
    return as_utc(value)  # a moment without its offset is taken as UTC
