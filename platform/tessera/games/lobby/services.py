"""The lobby: the brand's games by lane, vendor and filters, one page at a time; a vendor's types,
classes and minimum bets; the vendors with their game counts; the hot games.

Only games of vendors the brand offers now are listed (a plugin switched off hides its games at
once, before any sync). Counting and paging are done by the database, on the lobby's indexes.
"""

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from sqlalchemy import bindparam, exists, false, func, select
from sqlalchemy.orm import Session, aliased

from tessera.core.envelope import ApiError
from tessera.core.money import Money
from tessera.games.catalog.models import DISABLED, Game
from tessera.games.lobby.models import GameFavourite
from tessera.games.vendors import CATEGORIES, SEAMLESS, category, lane_order
from tessera.plugins import Offer

PAGE_SIZE, FISH_PAGE_SIZE = 24, 18  # SPEC §9
HOT_TYPES = ("ELOTT", "LOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP")  # SPEC §9, in this order
HOT_PER_TYPE = 12
# SPEC §9's slot classes first, in its order; any other class after them.
CLASS_ORDER = ("SC", "VP", "TG", "AC", "JP", "BG")
GAME_ORDER = (Game.rank, Game.display_name, Game.id)
# What a game's card shows (game_json): read as columns, not as whole objects.
CARD_COLUMNS = (
    Game.id,
    Game.game_code,
    Game.display_name,
    Game.game_type,
    Game.category,
    Game.vassalage,
    Game.classify,
    Game.min_bet_minor,
    Game.lines,
    Game.hot,
    Game.icon,
)


def planned(value):
    """A value written into the statement rather than bound: PostgreSQL then plans a lobby query
    for its lane and vendors. Bound, once the driver prepares the statement, a plan made for any
    lane reads the thousands of games of the slots lane the way it would read a hundred."""
    return bindparam(None, value, expanding=isinstance(value, list), literal_execute=True, unique=True)


def catalog_vendors(db, tenant_id: int) -> frozenset[str]:
    """The vendors with games in the brand's catalog (they change with a sync)."""
    return frozenset(
        db.scalars(select(Game.vassalage).where(Game.tenant_id == tenant_id, Game.active.is_(True)).distinct())
    )


def game_json(game, vendor: dict, favourite: bool, money: Money) -> dict:
    """A game as every list answers it (lobby, hot, favourites, recent)."""
    return {
        "nodeId": game.id,
        "gameCode": game.game_code,
        "displayName": game.display_name,
        "gameType": game.game_type,
        "category": game.category,
        "vassalage": game.vassalage,
        "vendorName": vendor["displayName"],
        "classify": game.classify,
        "minBet": None if game.min_bet_minor is None else money.format(game.min_bet_minor),
        "lines": game.lines,
        "isHot": bool(game.hot),
        "icon": game.icon,
        "walletMode": vendor.get("walletMode", SEAMLESS),
        "isFavourite": favourite,
    }


@dataclass(frozen=True)
class Lobby:
    """What every lobby call reads with: the brand's session and vendors, and the member asking
    (None for a visitor, who favourites nothing). ``every_vendor_offered``: the catalog holds no
    game of a vendor the brand does not offer now, so no query needs to leave one out."""

    db: Session
    tenant_id: int
    offers: dict[str, Offer]
    member_id: int | None = None
    every_vendor_offered: bool = False
    money: Money = field(kw_only=True)  # the brand's: bets are shown and filtered in it
    vendor_places: dict[str, int] = field(default_factory=dict, kw_only=True)  # where staff placed vendors

    def vendor(self, vassalage: str) -> dict:
        offer = self.offers.get(vassalage)
        if offer is None:
            raise ApiError(404, "game_vendor_unknown", vassalage=vassalage)
        return offer.vendor

    def listed(self, *criteria):
        """Active games of the brand's vendors now that staff have not disabled, matching
        ``criteria`` (the vendor test only when some vendor of the catalog is not offered: it costs
        every row of a lane)."""
        offered = () if self.every_vendor_offered else (Game.vassalage.in_(planned(list(self.offers))),)
        shown = (Game.tenant_id == self.tenant_id, Game.active.is_(True), Game.state != planned(DISABLED))
        return (*shown, *offered, *criteria)

    def favourites_among(self, game_ids: list[int]) -> set[int]:
        if self.member_id is None or not game_ids:
            return set()
        return set(
            self.db.scalars(
                select(GameFavourite.game_id).where(
                    GameFavourite.tenant_id == self.tenant_id,
                    GameFavourite.member_id == self.member_id,
                    GameFavourite.game_id.in_(game_ids),
                )
            )
        )

    def favourite_column(self):
        """Whether the member favourites the row's game, as a column of the query reading it."""
        if self.member_id is None:
            return false().label("favourite")
        return (
            exists()
            .where(
                GameFavourite.tenant_id == self.tenant_id,
                GameFavourite.member_id == self.member_id,
                GameFavourite.game_id == Game.id,
            )
            .label("favourite")
        )

    def cards(self, games, favourites: bool | None = None) -> list[dict]:
        """The games as every list answers them; ``favourites`` True when they are known to be."""
        marked = set() if favourites is not None else self.favourites_among([game.id for game in games])
        return [
            game_json(game, self.offers[game.vassalage].vendor, favourites or game.id in marked, self.money)
            for game in games
        ]


def page_size(form: dict, lane: str | None) -> int:
    return form.get("pageSize") or (FISH_PAGE_SIZE if lane == "FISH" else PAGE_SIZE)


def given(form: dict, key: str):
    """A filter's value; an empty string, as the lobby sends for "all", is no filter."""
    value = form.get(key)
    return None if value is None or value == "" else value


def min_bet_minor(value, money: Money) -> int:
    """A minimum bet to filter by ("0.10", "0.1" or 0.1), in the brand's minor units."""
    try:
        amount = Decimal(str(value).strip())
        minor = money.to_minor(amount) if amount.is_finite() else 0
    except (InvalidOperation, ValueError):
        minor = 0
    if not 0 < minor <= money.largest:
        raise ApiError(400, "game_min_bet_invalid")
    return minor


def _filters(lobby: Lobby, form: dict) -> list:
    criteria = [Game.category == planned(form["gameType"])]
    vassalage = given(form, "vassalage")
    if vassalage is not None:
        lobby.vendor(vassalage)
        criteria.append(Game.vassalage == vassalage)
    if (classify := given(form, "gameClassify")) is not None:
        criteria.append(Game.classify == classify)
    if (name := given(form, "gameName")) is not None and name.strip():
        criteria.append(Game.search_name.contains(name.strip().casefold(), autoescape=True))
    if (min_bet := given(form, "minBet")) is not None:
        criteria.append(Game.min_bet_minor == min_bet_minor(min_bet, lobby.money))
    if (lines := form.get("minLineNum")) is not None:
        criteria.append(Game.lines >= lines)
    return criteria


def game_list(lobby: Lobby, form: dict) -> dict:
    """GCSGAME_gameList: one page of a lane's games, in the vendors' order, then by name.

    One statement answers the page, the member's favourites on it and the count of every match:
    the page's ids are chosen first and its rows read after, so the database sorts a lane of
    thousands of games by narrow keys, not whole rows. Only a page past the last needs the count
    on its own."""
    size, page_no = page_size(form, form["gameType"]), form.get("pageNo", 1)
    matching = lobby.listed(*_filters(lobby, form))
    count = select(func.count()).select_from(Game).where(*matching)
    page = select(Game.id).where(*matching).order_by(*GAME_ORDER).offset((page_no - 1) * size).limit(size)
    games = lobby.db.execute(
        select(*CARD_COLUMNS, lobby.favourite_column(), count.scalar_subquery().label("total"))
        .where(Game.id.in_(page.scalar_subquery()))
        .order_by(*GAME_ORDER)
    ).all()
    total = games[0].total if games else (lobby.db.scalar(count) or 0) if page_no > 1 else 0
    cards = [game_json(game, lobby.offers[game.vassalage].vendor, bool(game.favourite), lobby.money) for game in games]
    return {"games": cards, "totalPages": -(-total // size), "total": total, "pageNo": page_no, "pageSize": size}


def _type_key(row) -> tuple[int, str]:
    """Types by lane, in the bottom navigation's order."""
    game_type, lane = row[0], row[1]
    return (CATEGORIES.index(lane) if lane in CATEGORIES else len(CATEGORIES)), game_type


def _class_key(classify: str | None) -> tuple[int, str | None]:
    return (CLASS_ORDER.index(classify) if classify in CLASS_ORDER else len(CLASS_ORDER)), classify


def vendor_game_types(lobby: Lobby, vassalage: str) -> dict:
    """GCSGAME_getVassGameType: what a vendor's games can be filtered by, with how many each has."""
    vendor = lobby.vendor(vassalage)
    mine = lobby.listed(Game.vassalage == vassalage)
    types = lobby.db.execute(
        select(Game.game_type, Game.category, func.count()).where(*mine).group_by(Game.game_type, Game.category)
    ).all()
    classes = lobby.db.execute(
        select(Game.classify, func.count()).where(*mine, Game.classify.is_not(None)).group_by(Game.classify)
    ).all()
    bets = lobby.db.scalars(
        select(Game.min_bet_minor).where(*mine, Game.min_bet_minor.is_not(None)).distinct().order_by(Game.min_bet_minor)
    ).all()
    return {
        "vassalage": vassalage,
        "displayName": vendor["displayName"],
        "walletMode": vendor.get("walletMode", SEAMLESS),
        "gameTypes": [
            {"gameType": game_type, "category": lane, "total": total}
            for game_type, lane, total in sorted(types, key=_type_key)
        ],
        "classifies": [
            {"classify": classify, "total": total}
            for classify, total in sorted(classes, key=lambda row: _class_key(row[0]))
        ],
        "minBets": [lobby.money.format(minor) for minor in bets if minor is not None],
    }


def vendor_json(vendor: dict, game_count: int) -> dict:
    return {
        "vassalage": vendor["vassalage"],
        "displayName": vendor["displayName"],
        "gameType": vendor["gameType"],
        "category": category(vendor),
        "accountTypeId": vendor.get("accountTypeId"),
        "smallIcon": vendor.get("smallIcon"),
        "isHot": bool(vendor.get("isHot", False)),
        "walletMode": vendor.get("walletMode", SEAMLESS),
        "gameCount": game_count,
    }


def new_game_vendors(lobby: Lobby, form: dict) -> dict:
    """GCSGAME_newGameVendor: the brand's vendors by lane (RCB last in its own), with their game counts."""
    lane = given(form, "gameType")
    chosen = [
        offer.vendor
        for offer in lobby.offers.values()
        if category(offer.vendor) is not None and lane in (None, category(offer.vendor))
    ]
    chosen = sorted(chosen, key=lambda vendor: lane_order(vendor, lobby.vendor_places))[: form.get("pageSize", 30)]
    counts = dict(
        lobby.db.execute(
            select(Game.vassalage, func.count())
            .where(*lobby.listed(Game.vassalage.in_([vendor["vassalage"] for vendor in chosen])))
            .group_by(Game.vassalage)
        ).all()
    )
    return {"vendors": [vendor_json(vendor, counts.get(vendor["vassalage"], 0)) for vendor in chosen]}


def hot_games(lobby: Lobby, form: dict) -> list[dict]:
    """GCSGAME_hotGamesV2: up to 12 hot games a lane, for the hot lanes that have any, in SPEC §9's order."""
    criteria = [Game.hot.is_(True), Game.category.in_(HOT_TYPES)]
    if (vassalage := given(form, "vassalage")) is not None:
        lobby.vendor(vassalage)
        criteria.append(Game.vassalage == vassalage)
    place = func.row_number().over(partition_by=Game.category, order_by=GAME_ORDER).label("place")
    ranked = select(Game, place).where(*lobby.listed(*criteria)).subquery()
    hot = aliased(Game, ranked)
    games = lobby.db.scalars(
        select(hot).where(ranked.c.place <= HOT_PER_TYPE).order_by(hot.category, ranked.c.place)
    ).all()
    cards = lobby.cards(games)
    return [
        {"gameType": lane, "list": [card for card in cards if card["category"] == lane], "footer": None}
        for lane in HOT_TYPES
        if any(card["category"] == lane for card in cards)
    ]
