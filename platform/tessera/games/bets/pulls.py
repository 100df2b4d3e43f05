"""The rounds of transfer-wallet vendors, brought in from their bet records.

A transfer-wallet vendor keeps its rounds itself, so ``tessera games pull-bets`` asks it for them,
page after page from the position in its list where the last pull stopped (kept in the
database): a round is known by its vendor and roundId, so pulling the same records again changes
nothing.
"""

import logging
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from tessera.core.timeutil import as_utc, utcnow
from tessera.games.bets.models import OPEN, SETTLED, BetCursor, GameBet
from tessera.games.catalog.models import Game
from tessera.games.vendors import TRANSFER, category, decimal_minor
from tessera.identity.accounts.models import Member
from tessera.plugins import AdapterError, Offer

log = logging.getLogger(__name__)

RECORDED, UPDATED, UNCHANGED, SKIPPED, INVALID = "recorded", "updated", "unchanged", "skipped", "invalid"
PAGES = 50  # pages one pull takes from a vendor; the next pull goes on from there


class BadRecord(ValueError):
    """A bet record the vendor sent that does not say what a round needs."""


def transfer_offers(plugins) -> tuple[list[Offer], list[str]]:
    """The brand's transfer-wallet vendors with the plugins offering them, and the plugins that
    could not say which vendors they offer."""
    brand_offers, failed = plugins.game_offers()
    return [offer for offer in brand_offers.values() if offer.vendor.get("walletMode") == TRANSFER], failed


UNLISTED, DATABASE = "unlisted", "database"  # why a plugin or vendor was not pulled, besides its own code


@dataclass
class BrandPull:
    """One pull of a brand's transfer-wallet vendors: each one's counts, and why those that were
    not pulled were not (a vassalage's AdapterError code, ``database``; a plugin's ``unlisted``)."""

    counts: dict[str, Counter] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)

    def totals(self) -> dict[str, int]:
        return {**sum(self.counts.values(), Counter()), "failed": len(self.failed)}


def pull_brand_bets(unit_of_work, tenant, plugins) -> BrandPull:
    """Pull each transfer-wallet vendor of the brand in turn (``pull_vendor_bets``), each in a
    unit of work of its own (``unit_of_work()`` gives a session on the brand's rows). A vendor or
    plugin that cannot answer, or a page the database refused, does not stop the others: the next
    pull goes on from the last page kept."""
    pulled = BrandPull()
    offers, unlisted = transfer_offers(plugins)
    pulled.failed.update((plugin, UNLISTED) for plugin in unlisted)
    for offer in offers:
        try:
            with unit_of_work() as db:
                pulled.counts[offer.vassalage] = pull_vendor_bets(db, tenant, plugins, offer)
        except AdapterError as error:
            pulled.failed[offer.vassalage] = error.code
        except Exception:  # the database refused, say
            log.exception("bet pull failed", extra={"brand": tenant.slug, "vassalage": offer.vassalage})
            pulled.failed[offer.vassalage] = DATABASE
    return pulled


def pull_vendor_bets(db, tenant, plugins, offer: Offer, pages: int = PAGES) -> Counter:
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
        position = db.scalar(
            select(BetCursor.position).where(BetCursor.tenant_id == tenant.id, BetCursor.vassalage == offer.vassalage)
        )
        db.commit()
        records, following = _page(plugins.game_bet_records(offer.vassalage, position), offer.vassalage)
        if not _move_cursor(db, tenant.id, offer.vassalage, position, following):
            db.rollback()  # another pull kept this page meanwhile
            continue
        book = _RoundBook(db, tenant.id, offer.vendor, tenant.money)
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
    return (
        db.execute(
            update(BetCursor)
            .where(
                BetCursor.tenant_id == tenant_id,
                BetCursor.vassalage == vassalage,
                BetCursor.position == position,
            )
            .values(position=following, pulled_at=utcnow())
            .execution_options(synchronize_session=False)
        ).rowcount
        == 1
    )


class _RoundBook:
    """Keeps one vendor's records as rounds of one brand, remembering members and games it looked up."""

    def __init__(self, db, tenant_id: int, vendor: dict, money):
        self.db, self.tenant_id, self.money = db, tenant_id, money
        self.vassalage = vendor["vassalage"]
        self.category = category(vendor) or vendor.get("gameType", "")
        self.members: dict[int, bool] = {}
        self.games: dict[str, tuple[int | None, str]] = {}

    def keep(self, record) -> str:
        try:
            fields = round_fields(record, self.money)
        except BadRecord as bad:
            log.warning("bet record unreadable", extra={"vassalage": self.vassalage, "problem": str(bad)})
            return INVALID
        if not self._is_member(fields["member_id"]):
            log.warning(
                "bet record of a member not of the brand",
                extra={"vassalage": self.vassalage, "round": fields["round_id"]},
            )
            return SKIPPED
        fields["game_id"], fields["category"] = self._game(fields["game_code"])
        existing = self._round(fields["round_id"])
        if existing is None:
            try:
                with self.db.begin_nested():
                    self.db.add(
                        GameBet(tenant_id=self.tenant_id, vassalage=self.vassalage, wallet_mode=TRANSFER, **fields)
                    )
                return RECORDED
            except IntegrityError:  # the same round kept by another pull at the same moment
                existing = self._round(fields["round_id"])
                assert existing is not None, "the other pull's round is there"
        return self._update(existing, fields)

    def _update(self, existing: GameBet, fields: dict) -> str:
        if existing.wallet_mode != TRANSFER or existing.member_id != fields["member_id"]:
            log.warning(
                "bet record of a round the brand knows otherwise",
                extra={"vassalage": self.vassalage, "round": fields["round_id"]},
            )
            return SKIPPED
        changed = {name: value for name, value in fields.items() if _stored(getattr(existing, name)) != value}
        for name, value in changed.items():
            setattr(existing, name, value)
        self.db.flush()
        return UPDATED if changed else UNCHANGED

    def _round(self, round_id: str) -> GameBet | None:
        found = select(GameBet).where(
            GameBet.tenant_id == self.tenant_id, GameBet.vassalage == self.vassalage, GameBet.round_id == round_id
        )
        return self.db.scalars(found.execution_options(populate_existing=True)).one_or_none()

    def _is_member(self, member_id: int) -> bool:
        if member_id not in self.members:
            self.members[member_id] = (
                self.db.scalar(select(Member.id).where(Member.id == member_id, Member.tenant_id == self.tenant_id))
                is not None
            )
        return self.members[member_id]

    def _game(self, game_code: str) -> tuple[int | None, str]:
        """The catalog's game (retired ones too: a round keeps its game) and its lane."""
        if game_code not in self.games:
            game = self.db.execute(
                select(Game.id, Game.category).where(
                    Game.tenant_id == self.tenant_id, Game.vassalage == self.vassalage, Game.game_code == game_code
                )
            ).first()
            self.games[game_code] = (game.id, game.category) if game else (None, self.category)
        return self.games[game_code]


def _stored(value):
    return as_utc(value) if isinstance(value, datetime) else value


def round_fields(record, money) -> dict:
    """A normalised bet record ({roundId, memberId, gameCode, bet, payout, placedAt, settledAt})
    as GameBet's columns; a record without settledAt is a round still open."""
    if not isinstance(record, dict):
        raise BadRecord("not an object")
    settled_at = _moment(record, "settledAt", optional=True)
    return {
        "round_id": _code(record, "roundId"),
        "member_id": _member_id(record.get("memberId")),
        "game_code": _code(record, "gameCode"),
        "bet_minor": _minor(record, "bet", money),
        "payout_minor": _minor(record, "payout", money),
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


def _minor(record: dict, field: str, money) -> int:
    try:
        minor = decimal_minor(record.get(field), money)
    except ValueError:
        minor = None
    if minor is None or minor > money.largest:
        raise BadRecord(f"{field} must be an amount of at most {money.places} decimals, not negative")
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
